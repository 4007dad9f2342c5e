#include "formats/animation_output.hpp"

#include <string>

namespace bvhscope {

std::optional<Diagnostic> unwritable_as_animation(const Clip& clip, std::string_view what) {
  if (clip.motion.holds_positions())
    return Diagnostic{clip.source, 0, 0,
                      "joint positions without rotations cannot be written as " + std::string(what) +
                          " (convert fits rotations to them first)"};
  if (clip.motion.frame_count == 0) return Diagnostic{clip.source, 0, 0, "the motion has no frames to write"};
  return std::nullopt;
}

}  // namespace bvhscope
