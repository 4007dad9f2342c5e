#include "anim/joint_details_refresh.hpp"

#include <algorithm>

namespace bvhscope {

void refresh_joint_details(const Clip& clip, const Pose& pose, std::size_t frame, PositionMode mode,
                           JointDetails& details) noexcept {
  const int joint = details.index;
  if (joint < 0 || joint >= clip.skeleton.joint_count() || clip.motion.frame_count == 0) return;
  const std::span<const float> row = clip.motion.frame(std::min(frame, clip.motion.frame_count - 1));
  for (ChannelReading& channel : details.channels) channel.value = row[static_cast<std::size_t>(channel.column)];
  details.local_translation = joint_translation(clip.skeleton, joint, row, mode);
  details.local_rotation = glm::normalize(glm::quat_cast(joint_rotation(clip.skeleton, joint, row)));
  if (clip.motion.holds_positions()) {  // no channels: the step from its parent
    details.local_translation = glm::vec3(pose.local[static_cast<std::size_t>(joint)][3]);
  }
  const glm::mat4& world = pose.world[static_cast<std::size_t>(joint)];
  details.world_position = glm::vec3(world[3]);
  details.world_rotation = glm::normalize(glm::quat_cast(glm::mat3(world)));
}

}  // namespace bvhscope
