// Checking a --frames A:B range (0-based, inclusive) against a clip's frame count: the one message
// `convert` and `render` (videos, filmstrips) both give for a range outside the clip.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace bvhscope {

// Nothing when frames first..last all exist in a clip of `clip_frames` frames; else the problem,
// e.g. "--frames 0:100 is outside the clip's frames 0:2".
std::optional<std::string> frame_range_problem(std::size_t first, std::size_t last, std::size_t clip_frames);

}  // namespace bvhscope
