// Lets a load stand aside while the viewer draws a frame. On a software renderer (llvmpipe draws
// on every core) a loader writing rows into fresh memory beside it, where the kernel clears each
// page as it is first touched, makes the frame late; the same work done between frames costs the
// frame nothing. The frame loop says when a frame's work starts and when it is on screen; the
// loader waits for the end of a frame before each burst of writes, never longer than it is told (a
// frame that takes long on a busy machine does not hold the load up for more). GL-free.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace bvhscope {

class FrameGate {
 public:
  // The frame loop: a frame's work starts (after its wait), then the frame is on screen.
  void frame_started() noexcept;
  void frame_shown() noexcept;
  // A background thread: returns once no frame is being drawn, or after `longest`. True when it
  // waited for a frame.
  bool wait_for_gap(std::chrono::milliseconds longest) const;

 private:
  mutable std::mutex mutex_;
  mutable std::condition_variable shown_;
  bool drawing_ = false;
};

}  // namespace bvhscope
