#include "model/frame_gate.hpp"

#include <utility>

namespace bvhscope {

void FrameGate::frame_started() noexcept {
  const std::lock_guard lock(mutex_);
  drawing_ = true;
  news_ = false;  // this frame takes what there is
  last_started_ = std::chrono::steady_clock::now();
}

void FrameGate::frame_shown() noexcept {
  {
    const std::lock_guard lock(mutex_);
    drawing_ = false;
    ++shown_;
  }
  changed_.notify_all();
}

bool FrameGate::wait_between_frames(std::chrono::steady_clock::time_point deadline) {
  std::unique_lock lock(mutex_);
  const bool woken = changed_.wait_until(lock, deadline, [this] { return news_; });
  news_ = false;
  return woken;
}

bool FrameGate::wait_for_gap(std::chrono::steady_clock::duration longest) const {
  std::unique_lock lock(mutex_);
  if (!drawing_) return false;
  const unsigned long seen = shown_;
  changed_.wait_for(lock, longest, [&] { return shown_ != seen; });
  return true;
}

bool FrameGate::wait_for_next_shown(std::chrono::steady_clock::duration longest) const {
  std::unique_lock lock(mutex_);
  if (!drawing_ && (!last_started_ || std::chrono::steady_clock::now() - *last_started_ > frames_stopped_after_))
    return false;
  const unsigned long seen = shown_;
  return changed_.wait_for(lock, longest, [&] { return shown_ != seen; });
}

void FrameGate::news() {
  {
    const std::lock_guard lock(mutex_);
    news_ = true;
    if (waker_) waker_();
  }
  changed_.notify_all();
}

void FrameGate::set_waker(std::function<void()> waker) {
  const std::lock_guard lock(mutex_);
  waker_ = std::move(waker);
}

}  // namespace bvhscope
