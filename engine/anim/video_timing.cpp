#include "anim/video_timing.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope {
namespace {

// A value within `tolerance` (relative) of a whole number is that number.
double snap_to_whole(double value, double tolerance) noexcept {
  const double whole = std::round(value);
  return whole > 0.0 && std::abs(value - whole) <= tolerance * whole ? whole : value;
}

}  // namespace

double VideoTiming::position(std::size_t k) const noexcept {
  double p = static_cast<double>(first) + static_cast<double>(k) * step;
  p = std::min(p, static_cast<double>(last));
  const double whole = std::round(p);
  return std::abs(p - whole) < 1e-6 ? whole : p;
}

double default_video_fps(double frame_time) noexcept {
  if (!(frame_time > 0.0) || !std::isfinite(frame_time)) return 30.0;
  return std::min(60.0, snap_to_whole(1.0 / frame_time, 1e-4));
}

std::optional<VideoTiming> plan_video_timing(std::size_t clip_frames, double frame_time,
                                             std::optional<ClipFrameRange> range, std::optional<double> fps,
                                             std::string& error) {
  if (clip_frames == 0) {
    error = "the clip has no frames";
    return std::nullopt;
  }
  if (!(frame_time > 0.0) || !std::isfinite(frame_time)) {
    error = "the clip's frame time is not a positive number";
    return std::nullopt;
  }
  if (fps && (!(*fps > 0.0) || !std::isfinite(*fps))) {
    error = "the frame rate must be a positive number";
    return std::nullopt;
  }
  const ClipFrameRange frames = range.value_or(ClipFrameRange{0, clip_frames - 1});
  if (frames.first > frames.last || frames.last >= clip_frames) {
    error = "frames " + std::to_string(frames.first) + ":" + std::to_string(frames.last) +
            " are not within the clip's 0:" + std::to_string(clip_frames - 1);
    return std::nullopt;
  }
  VideoTiming timing;
  timing.fps = fps.value_or(default_video_fps(frame_time));
  timing.first = frames.first;
  timing.last = frames.last;
  const double clip_rate = snap_to_whole(1.0 / frame_time, 1e-4);
  timing.step = clip_rate / timing.fps;
  // Output frames k / fps < (last - first + 1) / clip_rate; a product within 1e-9 of a whole
  // number is that number (no extra frame from rounding).
  const double span = static_cast<double>(frames.last - frames.first + 1) * timing.fps / clip_rate;
  const double count = std::ceil(span - 1e-9 * std::max(1.0, span));
  timing.frame_count = std::max<std::size_t>(1, static_cast<std::size_t>(count));
  timing.duration = static_cast<double>(timing.frame_count) / timing.fps;
  return timing;
}

}  // namespace bvhscope
