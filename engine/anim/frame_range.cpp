#include "anim/frame_range.hpp"

namespace bvhscope {

std::optional<std::string> frame_range_problem(std::size_t first, std::size_t last, std::size_t clip_frames) {
  if (first <= last && last < clip_frames) return std::nullopt;
  const std::string range = "--frames " + std::to_string(first) + ":" + std::to_string(last);
  if (clip_frames == 0) return range + " is outside the clip: it has no frames";
  return range + " is outside the clip's frames 0:" + std::to_string(clip_frames - 1);
}

}  // namespace bvhscope
