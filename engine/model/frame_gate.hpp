// Where the viewer's frame loop and its loads meet. A load stands aside while a frame is drawn: on
// a software renderer (llvmpipe draws on every core) a loader writing rows into fresh memory
// beside it, where the kernel clears each page as it is first touched, makes the frame late; the
// same work done between frames costs the frame nothing. The frame loop says when a frame's work
// starts and when it is on screen; the loader waits for the end of a frame before each burst of
// writes, never longer than it is told (a frame that takes long on a busy machine does not hold the
// load up for more). The other way, a load that has something new to show (a new clip, a finished
// one) ends the loop's wait between paced frames, so that the frame showing it, which draws the
// whole view, starts at once rather than after a frame's wait. GL-free.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>

namespace bvhscope {

class FrameGate {
 public:
  // A loop that has started no frame for `frames_stopped_after` draws none (a paced loop draws at
  // 60 Hz, or slower when busy, but more than ten a second).
  explicit FrameGate(std::chrono::steady_clock::duration frames_stopped_after = std::chrono::milliseconds(100))
      : frames_stopped_after_(frames_stopped_after) {}

  // The frame loop: a frame's work starts (after its wait), then the frame is on screen.
  void frame_started() noexcept;
  void frame_shown() noexcept;
  // The frame loop, between two paced frames: waits until `deadline` or until news() (since the
  // last wait), whichever comes first. True when news ended it.
  bool wait_between_frames(std::chrono::steady_clock::time_point deadline);

  // A background thread: returns once no frame is being drawn, or after `longest`. True when it
  // waited for a frame.
  bool wait_for_gap(std::chrono::steady_clock::duration longest) const;
  // A background thread with something new to show (a whole view to draw): returns once the next
  // frame is on screen, so that the frame showing the news, started at once by news(), follows a
  // frame just shown rather than part of a wait; at once when the loop draws none (no frame started
  // for frames_stopped_after), and after `longest` at most. True when it saw a frame shown.
  bool wait_for_next_shown(std::chrono::steady_clock::duration longest) const;
  // A background thread: something new to show is ready for the next frame. Ends a
  // wait_between_frames, and calls the waker (under the gate's lock) for a loop waiting elsewhere.
  void news();
  // What ends the frame loop's wait for window events (glfwPostEmptyEvent); set it to nothing
  // before what it calls goes away.
  void set_waker(std::function<void()> waker);

 private:
  const std::chrono::steady_clock::duration frames_stopped_after_;
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  bool drawing_ = false;
  unsigned long shown_ = 0;  // frames shown: a wait ends at the end of the frame it saw, even if the next began
  std::optional<std::chrono::steady_clock::time_point> last_started_;  // none before the first frame
  bool news_ = false;
  std::function<void()> waker_;
};

}  // namespace bvhscope
