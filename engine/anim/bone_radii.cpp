#include "anim/bone_radii.hpp"

#include <algorithm>
#include <cstddef>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

namespace bvhscope {
namespace {

float size_or_one(float figure_size) noexcept { return figure_size > 0.0f ? figure_size : 1.0f; }

// The joint's OFFSET, or zero when the skeleton has none for it.
glm::vec3 offset_of(const Skeleton& skeleton, std::size_t joint) noexcept {
  return joint < skeleton.offsets.size() ? skeleton.offsets[joint] : glm::vec3(0.0f);
}

}  // namespace

float rest_pose_size(const Skeleton& skeleton) {
  std::vector<glm::vec3> position(skeleton.parents.size());
  glm::vec3 low(0.0f);
  glm::vec3 high(0.0f);
  bool any = false;
  for (std::size_t joint = 0; joint < skeleton.parents.size(); ++joint) {
    const int parent = skeleton.parents[joint];  // parents come before their children
    position[joint] = offset_of(skeleton, joint);
    if (parent == kNoParent) continue;
    position[joint] += position[static_cast<std::size_t>(parent)];
    low = any ? glm::min(low, position[joint]) : position[joint];
    high = any ? glm::max(high, position[joint]) : position[joint];
    any = true;
  }
  const glm::vec3 extent = high - low;
  return std::max({extent.x, extent.y, extent.z});
}

std::vector<float> bone_radii(const Skeleton& skeleton, float figure_size) {
  const float size = size_or_one(figure_size);
  const float rest_size = rest_pose_size(skeleton);
  const float to_figure = rest_size > 0.0f ? size / rest_size : 1.0f;
  const float low = kMinRadiusPerSize * size;
  const float high = kMaxRadiusPerSize * size;
  std::vector<float> radii;
  for (std::size_t joint = 0; joint < skeleton.parents.size(); ++joint) {
    if (skeleton.parents[joint] == kNoParent) continue;
    const float radius = glm::length(offset_of(skeleton, joint)) * to_figure * kRadiusPerLength;
    // Written so that a NaN or infinite length (which the parser never makes) stays bounded.
    radii.push_back(radius < high ? std::max(radius, low) : high);
  }
  return radii;
}

std::vector<float> joint_radii(const Skeleton& skeleton, std::span<const float> bone_radii, float figure_size) {
  std::vector<float> thickest(skeleton.parents.size(), kMinRadiusPerSize * size_or_one(figure_size));
  std::size_t bone = 0;
  for (std::size_t joint = 0; joint < skeleton.parents.size() && bone < bone_radii.size(); ++joint) {
    const int parent = skeleton.parents[joint];
    if (parent == kNoParent) continue;
    const float radius = bone_radii[bone++];
    thickest[joint] = std::max(thickest[joint], radius);
    thickest[static_cast<std::size_t>(parent)] = std::max(thickest[static_cast<std::size_t>(parent)], radius);
  }
  for (float& radius : thickest) radius *= kJointPerBoneRadius;
  return thickest;
}

}  // namespace bvhscope
