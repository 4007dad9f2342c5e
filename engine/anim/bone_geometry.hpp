// Bone geometry of a posed skeleton for drawing: one segment per parent→child pair (End Sites
// included) and one point per joint, written into arrays the caller sized once at load time.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/pose.hpp"
#include "anim/skeleton.hpp"

namespace bvhscope {

// Number of bones: joints with a parent.
std::size_t bone_count(const Skeleton& skeleton) noexcept;

// The child joint of every bone, in the order write_bone_segments writes them (joint order).
std::vector<int> bone_child_joints(const Skeleton& skeleton);

// Writes two world positions per bone, parent joint then child joint, in joint order (so the array
// is a GL_LINES vertex list, and with a 2-vertex stride an instance list of segments). Returns the
// number of vertices written; `out` should hold 2 × bone_count(skeleton). Allocates nothing.
std::size_t write_bone_vertices(const Skeleton& skeleton, const Pose& pose, std::span<glm::vec3> out) noexcept;

// Writes every joint's world position (End Sites included) in joint order; returns the count.
std::size_t write_joint_positions(const Pose& pose, std::span<glm::vec3> out) noexcept;

}  // namespace bvhscope
