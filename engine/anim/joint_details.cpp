#include "anim/joint_details.hpp"

#include <algorithm>

#include "anim/joint_filter.hpp"

namespace bvhscope {

JointDetails describe_joint(const Clip& clip, const Pose& pose, std::size_t frame, PositionMode mode, int joint) {
  const Skeleton& skeleton = clip.skeleton;
  JointDetails details;
  details.index = joint;
  details.parent = skeleton.parents[joint];
  for (int p = details.parent; p != kNoParent; p = skeleton.parents[p]) ++details.depth;
  details.end_site = skeleton.is_end_site(joint);
  details.children = joint_children(skeleton, joint);
  details.offset = skeleton.offsets[joint];
  details.bone_length = glm::length(details.offset);
  details.rotation_order = skeleton.rotation_order(joint);

  std::vector<float> rest_row;
  std::span<const float> row;
  if (clip.motion.frame_count > 0) {
    row = clip.motion.frame(std::min(frame, clip.motion.frame_count - 1));
  } else {
    rest_row.assign(static_cast<std::size_t>(skeleton.channel_count()), 0.0f);
    row = rest_row;
  }
  const int first = skeleton.first_channels[joint];
  for (int c = first; c < first + skeleton.channel_counts[joint]; ++c) {
    details.channels.push_back({skeleton.channel_kinds[c], c, row[static_cast<std::size_t>(c)]});
  }
  details.local_translation = joint_translation(skeleton, joint, row, mode);
  details.local_rotation = glm::normalize(glm::quat_cast(joint_rotation(skeleton, joint, row)));
  if (clip.motion.holds_positions() && clip.motion.frame_count > 0) {  // no channels: the step from its parent
    details.local_translation = glm::vec3(pose.local[static_cast<std::size_t>(joint)][3]);
  }
  const glm::mat4& world = pose.world[static_cast<std::size_t>(joint)];
  details.world_position = glm::vec3(world[3]);
  details.world_rotation = glm::normalize(glm::quat_cast(glm::mat3(world)));
  return details;
}

}  // namespace bvhscope
