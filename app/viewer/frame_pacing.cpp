#include "viewer/frame_pacing.hpp"

#include <algorithm>

namespace bvhscope::viewer {

LoopWait plan_wait(const LoopActivity& activity, double now) noexcept {
  if (activity.playing || activity.streaming || activity.engaged || activity.settle_frames > 0)
    return {now, WakeReason::Frame};
  LoopWait wait{now + kLongestWait, WakeReason::Signals};
  if (activity.background && now + kProgressInterval <= wait.until)
    wait = {now + kProgressInterval, WakeReason::Progress};
  if (activity.next_timer < wait.until) wait = {std::max(activity.next_timer, now), WakeReason::Timer};
  return wait;
}

double frame_rate_cap(int monitor_refresh_hz) noexcept {
  return monitor_refresh_hz >= 24 && monitor_refresh_hz <= 240 ? static_cast<double>(monitor_refresh_hz) : 60.0;
}

double next_frame_start(double frame_start, double rate, double now) noexcept {
  return std::max(frame_start + 1.0 / rate, now);
}

}  // namespace bvhscope::viewer
