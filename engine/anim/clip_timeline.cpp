#include "anim/clip_timeline.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope {

double clip_frame_position(const Motion& motion, double time_offset, double seconds) noexcept {
  if (motion.frame_count == 0 || !(motion.frame_time > 0.0)) return 0.0;
  const double position = (seconds - time_offset) / motion.frame_time;
  if (!std::isfinite(position)) return 0.0;
  return std::clamp(position, 0.0, static_cast<double>(motion.frame_count - 1));
}

std::string_view clip_end_name(ClipEnd end) noexcept {
  switch (end) {
    case ClipEnd::Loop:
      return "loop";
    case ClipEnd::Hide:
      return "hide";
    case ClipEnd::Hold:
      break;
  }
  return "hold";
}

std::optional<ClipEnd> parse_clip_end(std::string_view name) noexcept {
  for (const ClipEnd end : {ClipEnd::Hold, ClipEnd::Loop, ClipEnd::Hide}) {
    if (name == clip_end_name(end)) return end;
  }
  return std::nullopt;
}

ClipSample clip_sample(const Motion& motion, double time_offset, double seconds, ClipEnd end) noexcept {
  constexpr double kEpsilon = 1e-6;  // frames
  if (motion.frame_count == 0 || !(motion.frame_time > 0.0)) return {};
  const double position = (seconds - time_offset) / motion.frame_time;
  if (!std::isfinite(position)) return {};
  const double last = static_cast<double>(motion.frame_count - 1);
  const double frames = static_cast<double>(motion.frame_count);
  const double held = std::clamp(position, 0.0, last);
  switch (end) {
    case ClipEnd::Hold:
      return {held, true};
    case ClipEnd::Hide:
      return {held, position > -kEpsilon && position < frames - kEpsilon};
    case ClipEnd::Loop: {
      if (position < frames - kEpsilon) return {held, true};  // before its start, or its first pass
      const double repeat = std::floor((position + kEpsilon) / frames);
      const double within = std::max(position - repeat * frames, 0.0);
      return {std::min(within, last), true};
    }
  }
  return {held, true};
}

TimelineSpan timeline_span(std::span<const ClipTiming> clips) noexcept {
  TimelineSpan span;
  bool first = true;
  for (const ClipTiming& clip : clips) {
    if (clip.motion == nullptr) continue;
    const double start = clip.time_offset;
    const double end = clip.time_offset + clip.motion->duration();
    span.start = first ? start : std::min(span.start, start);
    span.end = first ? end : std::max(span.end, end);
    first = false;
  }
  return span;
}

std::size_t timeline_frames(double seconds, double frame_time) noexcept {
  const double frames = std::floor(seconds / frame_time + 1e-6) + 1.0;
  if (!(frames >= 1.0)) return 1;  // also NaN (0/0, inf/inf)
  return static_cast<std::size_t>(std::min(frames, kMaxTimelineFrames));
}

}  // namespace bvhscope
