// When the window loop draws its next frame: at the display's rate while something moves (playback,
// a clip streaming in, a drag), a few times a second while work on other threads shows progress,
// at the next timed check (the file watcher), and otherwise not at all until an event comes. Pure
// arithmetic on seconds of a steady clock, so that the loop's sleeping can be tested without a window.
#pragma once

#include <limits>

namespace bvhscope::viewer {

// What the viewer is doing, as the loop sees it before it waits.
struct LoopActivity {
  bool playing = false;     // the clock runs
  bool streaming = false;   // a clip is loading: its rows show as they arrive
  bool engaged = false;     // a widget is held or a mouse button is down
  int settle_frames = 0;    // frames still owed to the UI after an event
  bool background = false;  // other work under way whose progress the UI shows (comparison, export, ...)
  // The steady-clock second of the next timed check (the file watcher), infinity when none.
  double next_timer = std::numeric_limits<double>::infinity();
};

// Why the loop wakes at `until` if no event comes first.
enum class WakeReason { Frame, Progress, Timer, Signals };

struct LoopWait {
  double until = 0.0;  // steady-clock seconds; at or before `now`: do not wait (poll)
  WakeReason reason = WakeReason::Frame;
};

// A progress bar or a finished job shows within this (10 frames per second).
inline constexpr double kProgressInterval = 0.1;
// The longest wait without a frame: the loop looks at interrupt signals this often (a signal
// delivered to another thread does not wake the one waiting for window events).
inline constexpr double kLongestWait = 0.5;

[[nodiscard]] LoopWait plan_wait(const LoopActivity& activity, double now) noexcept;

// Frames per second the loop keeps to while it draws: the monitor's refresh rate when it reports
// a plausible one (24 to 240 Hz), else 60 (virtual displays report none and have no vsync).
[[nodiscard]] double frame_rate_cap(int monitor_refresh_hz) noexcept;

// When the frame that started at `frame_start` should be followed by the next at `rate` frames
// per second: one period after its start, or at once when it ran late.
[[nodiscard]] double next_frame_start(double frame_start, double rate, double now) noexcept;

}  // namespace bvhscope::viewer
