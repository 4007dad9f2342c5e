// Two-bone reach (analytic IK) for a leg: the turns of the thigh and the shin that bring the ankle
// to a wanted point, the knee staying in the plane it bends in. What keeps a planted source foot
// planted on a target whose legs have other proportions.
#pragma once

#include <optional>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace bvhscope {

struct LimbTurns {
  glm::dquat upper{1.0, 0.0, 0.0, 0.0};  // world turn about the hip joint: the thigh and everything below
  glm::dquat lower{1.0, 0.0, 0.0, 0.0};  // then a world turn about the knee: the shin and everything below
};

// For a limb at `root`, `middle`, `end` (the hip, knee and ankle), the turns putting `end` at
// `wanted`, or as near as the limb reaches (straight towards it, or folded to the bones' difference).
// Nothing for a limb without two bones of length, or one already straight with no plane to bend in
// when it must bend.
std::optional<LimbTurns> reach_with_limb(const glm::dvec3& root, const glm::dvec3& middle, const glm::dvec3& end,
                                         const glm::dvec3& wanted);

}  // namespace bvhscope
