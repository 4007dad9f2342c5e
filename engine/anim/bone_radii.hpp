// How thick the solid style draws each bone and joint: a bone's radius follows its rest length
// (fingers thin, limbs thick), bounded by shares of the figure's size; a joint's sphere follows the
// bones meeting at it. Computed once per skeleton, without GL.
#pragma once

#include <span>
#include <vector>

#include "anim/skeleton.hpp"

namespace bvhscope {

// A bone's radius is kRadiusPerLength × its rest length (its child's OFFSET), clamped to
// [kMinRadiusPerSize, kMaxRadiusPerSize] × the figure's size. A bone with a zero OFFSET (a CMU hip
// or thumb joint, whatever its position channels do) gets the minimum.
inline constexpr float kRadiusPerLength = 0.25f;
inline constexpr float kMinRadiusPerSize = 0.003f;
inline constexpr float kMaxRadiusPerSize = 0.03f;
// A joint's sphere is this much wider than the thickest bone ending or starting at it.
inline constexpr float kJointPerBoneRadius = 1.06f;

// The largest extent (x, y or z) of the rest pose, every joint placed by its OFFSETs alone, over
// the joints that have a parent: a root's position only places the figure (Bandai Namco's files
// have a root on the floor 4 m from the hips it carries). 0 without such joints.
float rest_pose_size(const Skeleton& skeleton);

// The radius of every bone (joints with a parent, in joint order, as write_bone_vertices writes
// them) in the units of `figure_size`, the figure's size where it is drawn (<= 0: 1). Bone lengths
// are taken in those units by scaling the rest pose to that size (rest_pose_size), so the figure
// may be drawn in other units than its file's.
std::vector<float> bone_radii(const Skeleton& skeleton, float figure_size);

// The sphere radius of every joint: kJointPerBoneRadius × the largest of `bone_radii` among the
// bones ending or starting there (a joint without bones: × the minimum bone radius).
std::vector<float> joint_radii(const Skeleton& skeleton, std::span<const float> bone_radii, float figure_size);

}  // namespace bvhscope
