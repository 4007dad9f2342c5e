// What each joint of a humanoid rig is: the hips, the spine up to the chest the arms leave from,
// the neck and head, and each side's collar, upper arm, forearm, hand, thigh, shin, foot and toes.
// Found by the tree's shape in an upright pose (the legs are the two branches of the hips that reach
// down, the spine the one that reaches up, the arms the two longest branches off the spine) and,
// inside each limb, by names where they say ("UpLeg", "Thigh", "Knee", "calf_l", "lShldr") and by
// lengths and heights where they do not, so that an unknown naming still maps.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/result.hpp"
#include "anim/skeleton.hpp"

namespace bvhscope {

struct HumanoidArm {
  int collar = -1;  // the clavicle, when the rig has one between the chest and the upper arm
  int upper = -1;   // the shoulder joint: the upper arm's bone starts here
  int fore = -1;    // the elbow
  int hand = -1;    // the wrist
};

struct HumanoidLeg {
  int upper = -1;  // the hip joint: the thigh starts here
  int lower = -1;  // the knee
  int foot = -1;   // the ankle
  int toe = -1;    // the ball of the foot, when the rig has one
};

struct HumanoidRig {
  int hips = -1;
  std::vector<int> spine;  // from the hips (left out) up to the chest (included), in chain order
  std::vector<int> neck;   // from the chest (left out) up to the head (left out)
  int head = -1;
  std::array<HumanoidArm, 2> arms;  // [0] left, [1] right
  std::array<HumanoidLeg, 2> legs;
  [[nodiscard]] int chest() const noexcept { return spine.empty() ? hips : spine.back(); }
  [[nodiscard]] bool has_arms() const noexcept { return arms[0].hand >= 0 && arms[1].hand >= 0; }
};

// The rig of `skeleton` posed at `upright` (every joint's position, +Y up: the rest pose turned
// upright). An error naming `source` when no legs, spine or head can be found (not a humanoid), or
// when left cannot be told from right (neither names nor toes say).
Result<HumanoidRig> find_humanoid_rig(const Skeleton& skeleton, std::span<const glm::vec3> upright,
                                      const std::string& source);

}  // namespace bvhscope
