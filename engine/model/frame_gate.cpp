#include "model/frame_gate.hpp"

namespace bvhscope {

void FrameGate::frame_started() noexcept {
  const std::lock_guard lock(mutex_);
  drawing_ = true;
}

void FrameGate::frame_shown() noexcept {
  {
    const std::lock_guard lock(mutex_);
    drawing_ = false;
  }
  shown_.notify_all();
}

bool FrameGate::wait_for_gap(std::chrono::milliseconds longest) const {
  std::unique_lock lock(mutex_);
  if (!drawing_) return false;
  shown_.wait_for(lock, longest, [this] { return !drawing_; });
  return true;
}

}  // namespace bvhscope
