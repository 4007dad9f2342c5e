#include "anim/bone_geometry.hpp"

#include <algorithm>
#include <cassert>

namespace bvhscope {

std::size_t bone_count(const Skeleton& skeleton) noexcept {
  std::size_t count = 0;
  for (const int parent : skeleton.parents) count += parent != kNoParent ? 1u : 0u;
  return count;
}

std::vector<int> bone_child_joints(const Skeleton& skeleton) {
  std::vector<int> children;
  children.reserve(bone_count(skeleton));
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.parents[static_cast<std::size_t>(joint)] != kNoParent) children.push_back(joint);
  }
  return children;
}

std::size_t write_bone_vertices(const Skeleton& skeleton, const Pose& pose, std::span<glm::vec3> out) noexcept {
  assert(pose.world.size() == skeleton.parents.size());
  std::size_t written = 0;
  for (std::size_t joint = 0; joint < skeleton.parents.size() && written + 2 <= out.size(); ++joint) {
    const int parent = skeleton.parents[joint];
    if (parent == kNoParent) continue;
    out[written++] = glm::vec3(pose.world[static_cast<std::size_t>(parent)][3]);
    out[written++] = glm::vec3(pose.world[joint][3]);
  }
  return written;
}

std::size_t write_joint_positions(const Pose& pose, std::span<glm::vec3> out) noexcept {
  const std::size_t count = std::min(pose.world.size(), out.size());
  for (std::size_t joint = 0; joint < count; ++joint) out[joint] = glm::vec3(pose.world[joint][3]);
  return count;
}

}  // namespace bvhscope
