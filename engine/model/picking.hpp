// Picking joints in the 3D view: the joint (or bone) under the cursor, front-most first.
#pragma once

#include <span>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "anim/skeleton.hpp"

namespace bvhscope {

struct PickResult {
  int joint = -1;        // -1 when nothing is under the cursor
  bool on_bone = false;  // picked through the bone ending at `joint`, not the joint's dot
  float distance_pixels = 0;
};

// Joints whose projection lies within `radius_pixels` of `cursor_pixels` (origin top-left) are
// candidates; the front-most wins (nearest the camera), ties going to the one nearer the cursor.
// Without a joint in reach, the front-most bone (parent -> child segment) in reach picks its child.
PickResult pick_joint(const Skeleton& skeleton, std::span<const glm::vec3> world_positions,
                      const glm::mat4& view_projection, glm::vec2 viewport_size, glm::vec2 cursor_pixels,
                      float radius_pixels);
// The same, projecting into `scratch` (resized): a caller that keeps it from call to call (hover,
// every frame) allocates only when a larger skeleton comes.
PickResult pick_joint(const Skeleton& skeleton, std::span<const glm::vec3> world_positions,
                      const glm::mat4& view_projection, glm::vec2 viewport_size, glm::vec2 cursor_pixels,
                      float radius_pixels, std::vector<glm::vec3>& scratch);

}  // namespace bvhscope
