// Scene scale from a clip: the ground grid under the motion in the clip's own units, and the root's
// path over the clip (drawn on the ground).
#pragma once

#include <vector>

#include <glm/vec3.hpp>

#include "anim/clip.hpp"
#include "anim/measure.hpp"
#include "anim/position_mode.hpp"

namespace bvhscope {

struct GroundGrid {
  glm::vec3 center{0.0f};      // on the ground plane (y = the lowest joint over the motion)
  float minor_spacing = 0.1f;  // 10 cm in the clip's units
  float major_spacing = 1.0f;  // 1 m in the clip's units
  float extent = 5.0f;         // half the side of the drawn square, in the clip's units
};

// A grid of 10 cm cells with 1 m lines, at the lowest point of the motion, covering the motion's
// footprint with a margin (at least 3 m each way). `metres_per_unit` > 0 (0.01 for centimetres).
GroundGrid ground_grid(const Bounds& motion, double metres_per_unit) noexcept;

// The first root's world position at every frame (one point for a clip without frames).
std::vector<glm::vec3> root_trajectory(const Clip& clip, PositionMode mode);

}  // namespace bvhscope
