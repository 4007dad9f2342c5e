// Several clips in one scene: each clip is turned upright (its up axis to +Y), scaled into the
// scene's length unit (the first clip's) and shifted so that clips stand on one floor side by side
// instead of on top of each other.
#pragma once

#include <span>
#include <vector>

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

namespace bvhscope {

// Clip coordinates to scene coordinates: rotation * p * scale + offset (`rotation` stands the clip
// upright: rotation_to_y_up of its up axis).
struct Placement {
  float scale = 1.0f;
  glm::vec3 offset{0.0f};
  glm::mat3 rotation{1.0f};
  [[nodiscard]] glm::vec3 apply(const glm::vec3& p) const noexcept { return rotation * p * scale + offset; }
  [[nodiscard]] bool is_identity() const noexcept {
    return scale == 1.0f && offset == glm::vec3(0.0f) && rotation == glm::mat3(1.0f);
  }
  // Applies to every point in place. Allocates nothing.
  void apply_in_place(std::span<glm::vec3> points) const noexcept;
};

// What side_by_side_offsets needs of a clip, in scene units, upright.
struct ClipFootprint {
  glm::vec3 start{0.0f};  // the first root at frame 0
  float size = 1.0f;      // the skeleton's height
  float floor = 0.0f;     // the clip's contact level (y)
  // Where the body goes over the whole motion (x and z; y unused). Empty (min > max): the start.
  glm::vec3 min{1.0f};
  glm::vec3 max{-1.0f};
};

// Offsets (scene units) that stand the clips in a row whose whole-motion footprints never overlap,
// so no two figures ever cross: the first clip stays where it is; each next one follows along the
// row with a gap of half the largest body size, centred on the first across the row. The row runs
// along X, or along Z when the motions travel more along X than along Z. With `on_floor` each clip
// is raised or lowered so that its floor is at y = 0 (else y is 0).
std::vector<glm::vec3> side_by_side_offsets(std::span<const ClipFootprint> clips, bool on_floor = false);

}  // namespace bvhscope
