// Several clips in one scene: each clip is scaled into the scene's length unit (the first clip's)
// and shifted so that clips stand side by side instead of on top of each other.
#pragma once

#include <span>
#include <vector>

#include <glm/vec3.hpp>

namespace bvhscope {

// Clip units to scene units: p * scale + offset.
struct Placement {
  float scale = 1.0f;
  glm::vec3 offset{0.0f};
  [[nodiscard]] glm::vec3 apply(const glm::vec3& p) const noexcept { return p * scale + offset; }
  // Applies to every point in place. Allocates nothing.
  void apply_in_place(std::span<glm::vec3> points) const noexcept;
};

// What side_by_side_offsets needs of a clip, in scene units.
struct ClipFootprint {
  glm::vec3 start{0.0f};  // the first root at frame 0
  float size = 1.0f;      // the skeleton's height
};

// Offsets (scene units, y = 0) that put every clip's start on the first clip's start, then step
// the clips along +X by the largest skeleton size, so they stand in a row one body apart.
std::vector<glm::vec3> side_by_side_offsets(std::span<const ClipFootprint> clips);

}  // namespace bvhscope
