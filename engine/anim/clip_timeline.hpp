// Several clips on one clock: each clip's time offset maps the shared time to its own frames.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "anim/motion.hpp"

namespace bvhscope {

struct ClipTiming {
  const Motion* motion = nullptr;
  double time_offset = 0.0;  // seconds on the shared clock at which the clip's frame 0 plays
};

// The clip's fractional frame at shared time `seconds`, clamped to its frames (it holds its first
// frame before it starts and its last after it ends).
double clip_frame_position(const Motion& motion, double time_offset, double seconds) noexcept;

// What a clip shows outside its frames on a longer shared timeline. Every frame of a clip shows for
// one frame time: frame k from (k × frame time) after its start until frame k + 1, its last frame
// (n - 1) until n × frame time. Its end is there, n frame times after its start.
enum class ClipEnd {
  Hold,  // its first frame before its start, its last frame after its end (shown throughout)
  Loop,  // its first frame before its start; after its end it plays again from frame 0, every n
         // frame times (the last frame keeps its slot before frame 0 returns, as the clock loops)
  Hide,  // not shown before its start nor after its end
};

// "hold", "loop", "hide" (settings and the state report), and back (nullopt for anything else).
std::string_view clip_end_name(ClipEnd end) noexcept;
std::optional<ClipEnd> parse_clip_end(std::string_view name) noexcept;

// A clip at one shared time: the fractional frame to pose it at, and whether it is shown.
struct ClipSample {
  double frame = 0.0;  // in [0, last frame]; where it is hidden, the clamped frame (as Hold)
  bool shown = true;
};

// The clip starting at `time_offset` at shared time `seconds`, for `end`. With n frames of frame
// time t, p = (seconds - time_offset) / t:
//   Hold  frame = clamp(p, 0, n - 1), shown;
//   Loop  frame = 0 for p < 0, else min(p mod n, n - 1), shown;
//   Hide  frame = clamp(p, 0, n - 1), shown for 0 <= p < n.
// Boundaries are taken within 1e-6 frames (p = n - 1e-9 is already the end, p = -1e-9 the start),
// so shared times computed in another frame rate land on the frame they name. A clip without
// frames or frame time, or a non-finite p, gives frame 0, shown.
ClipSample clip_sample(const Motion& motion, double time_offset, double seconds, ClipEnd end) noexcept;

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
