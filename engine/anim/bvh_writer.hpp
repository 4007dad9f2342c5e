// Writing a clip as canonical BVH text: HIERARCHY with tab indentation (one tab a level, at most
// 24: a deep chain's file grows linearly), one block per joint written without recursion, End
// Sites, then MOTION with Frames and Frame Time and one line of values per frame. What Blender,
// three.js and BVHView read, and what bvhscope reads back to the same floats.
#pragma once

#include <optional>
#include <ostream>

#include "anim/clip.hpp"

namespace bvhscope {

struct BvhWriteOptions {
  // Digits after the decimal point (trailing zeros dropped); nullopt: the shortest decimal that
  // reads back as the same float (std::to_chars).
  std::optional<int> precision;
  unsigned threads = 0;  // threads formatting the frame rows (0: available_threads())
};

inline constexpr int kMaxBvhPrecision = 9;

// Writes the same characters as std::to_chars(out, end, value) (the shortest decimal that reads
// back as `value`), faster for the values BVH files hold (a few decimals); returns the end.
char* write_shortest_float(char* out, char* end, float value);

// Writes the clip as it is: its OFFSETs, channels and values (positions as stored: convert a
// replace-mode clip first, convert_clip). The frame time is clip.motion.frame_time, written in the
// shortest form that reads back as the same double. ROOTs are written as ROOT, End Sites as
// "End Site", joints without channels with "CHANNELS 0".
void write_bvh(const Clip& clip, std::ostream& out, const BvhWriteOptions& options = {});

}  // namespace bvhscope
