// The direction a bone points in a T-pose, read from the name of the joint it ends at: the rest
// pose a fitted skeleton is given (rotation_fit.hpp), so that a BVH made from joint positions opens
// as a figure standing up along +Y, facing +Z, arms out to the sides, its left on +X (SMPL's and
// HumanML3D's canonical frame). Knows the naming of the joint layouts bvhscope reads (SMPL,
// SMPL-H, HumanML3D, KIT-ML: "left_knee", "spine2", "right_index1") and the common BVH ones
// ("LeftUpLeg", "RightForeArm", "mixamorig:Spine1", "L_Elbow").
#pragma once

#include <optional>
#include <string_view>

#include <glm/vec3.hpp>

namespace bvhscope {

// The unit direction from the joint's parent to the joint in a T-pose, or nullopt when the name
// says nothing (an unknown joint keeps the direction it has in the motion's first frame). The
// parent's name tells a foot after an ankle (SMPL: the bone runs forward) from a foot after a leg
// (BVH's LeftFoot is the ankle: the bone runs down).
std::optional<glm::dvec3> tpose_direction(std::string_view joint_name, std::string_view parent_name);

}  // namespace bvhscope
