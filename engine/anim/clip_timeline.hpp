// Several clips on one clock: each clip's time offset maps the shared time to its own frames.
#pragma once

#include <cstddef>
#include <span>

#include "anim/motion.hpp"

namespace bvhscope {

struct ClipTiming {
  const Motion* motion = nullptr;
  double time_offset = 0.0;  // seconds on the shared clock at which the clip's frame 0 plays
};

// The clip's fractional frame at shared time `seconds`, clamped to its frames (it holds its first
// frame before it starts and its last after it ends).
double clip_frame_position(const Motion& motion, double time_offset, double seconds) noexcept;

// The shared timeline's span: from the earliest start to the latest end of any clip.
struct TimelineSpan {
  double start = 0.0;
  double end = 0.0;
};
TimelineSpan timeline_span(std::span<const ClipTiming> clips) noexcept;

// Most frames a shared timeline counts (2^53: every frame number is exact as a double).
inline constexpr double kMaxTimelineFrames = 9007199254740992.0;

// Frames of a timeline `seconds` long at `frame_time` seconds per frame (its first and last frame
// included): 1 for an empty, negative or non-finite span, at most kMaxTimelineFrames.
std::size_t timeline_frames(double seconds, double frame_time) noexcept;

}  // namespace bvhscope
