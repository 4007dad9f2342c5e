// Several clips on one clock: each clip's time offset maps the shared time to its own frames.
#pragma once

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

}  // namespace bvhscope
