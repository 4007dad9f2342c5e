#include "anim/pose.hpp"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/sin_cos_degrees.hpp"

namespace bvhscope {
namespace {

// rotation = rotation * R(axis, degrees), touching only the two columns the axis turns.
inline void rotate_about_axis(glm::mat3& rotation, int axis, float degrees) {
  if (degrees == 0.0f) return;
  float s = 0.0f;
  float c = 1.0f;
  sin_cos_degrees(degrees, s, c);
  const int a = axis == 0 ? 1 : axis == 1 ? 2 : 0;  // the columns turned: X (1,2), Y (2,0), Z (0,1)
  const int b = axis == 0 ? 2 : axis == 1 ? 0 : 1;
  const glm::vec3 first = rotation[a];
  const glm::vec3 second = rotation[b];
  rotation[a] = c * first + s * second;
  rotation[b] = c * second - s * first;
}

glm::mat4 compose(const glm::vec3& translation, const glm::mat3& rotation) {
  glm::mat4 m(rotation);
  m[3] = glm::vec4(translation, 1.0f);
  return m;
}

// A positions motion's frame (Motion::joint_positions): every world transform is its joint's
// position with no rotation, taken as it is (not summed along the chain, so the file's values come
// back exactly); the locals are the steps from the parent.
void pose_positions(const Skeleton& skeleton, std::span<const float> positions, Pose& pose) {
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    const std::size_t at = static_cast<std::size_t>(joint) * 3;
    const glm::vec3 position(positions[at], positions[at + 1], positions[at + 2]);
    const int parent = skeleton.parents[joint];
    const glm::vec3 from = parent == kNoParent ? glm::vec3(0.0f) : pose.position(parent);
    pose.local[static_cast<std::size_t>(joint)] = compose(position - from, glm::mat3(1.0f));
    pose.world[static_cast<std::size_t>(joint)] = compose(position, glm::mat3(1.0f));
  }
}

}  // namespace

glm::mat3 joint_rotation(const Skeleton& skeleton, int joint, std::span<const float> frame) {
  glm::mat3 rotation(1.0f);
  const int first = skeleton.first_channels[joint];
  for (int c = first; c < first + skeleton.channel_counts[joint]; ++c) {
    const ChannelKind kind = skeleton.channel_kinds[c];
    if (is_rotation(kind)) rotate_about_axis(rotation, channel_axis(kind), frame[static_cast<std::size_t>(c)]);
  }
  return rotation;
}

glm::vec3 joint_translation(const Skeleton& skeleton, int joint, std::span<const float> frame, PositionMode mode) {
  glm::vec3 translation = skeleton.offsets[joint];
  const int first = skeleton.first_channels[joint];
  for (int c = first; c < first + skeleton.channel_counts[joint]; ++c) {
    const ChannelKind kind = skeleton.channel_kinds[c];
    if (!is_position(kind)) continue;
    const float value = frame[static_cast<std::size_t>(c)];
    float& component = translation[channel_axis(kind)];
    component = mode == PositionMode::Add ? component + value : value;
  }
  return translation;
}

void compute_local_transforms(const Skeleton& skeleton, std::span<const float> frame, PositionMode mode,
                              std::span<glm::mat4> local) {
  const bool add = mode == PositionMode::Add;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    // One pass over the joint's channels builds both parts.
    glm::vec3 translation = skeleton.offsets[joint];
    glm::mat3 rotation(1.0f);
    const int first = skeleton.first_channels[joint];
    for (int c = first; c < first + skeleton.channel_counts[joint]; ++c) {
      const ChannelKind kind = skeleton.channel_kinds[c];
      const float value = frame[static_cast<std::size_t>(c)];
      const int axis = channel_axis(kind);
      if (is_rotation(kind)) {
        rotate_about_axis(rotation, axis, value);
      } else {
        translation[axis] = add ? translation[axis] + value : value;
      }
    }
    local[static_cast<std::size_t>(joint)] = compose(translation, rotation);
  }
}

void forward_kinematics(std::span<const int> parents, std::span<const glm::mat4> local, std::span<glm::mat4> world) {
  for (std::size_t i = 0; i < parents.size(); ++i) {
    const int parent = parents[i];
    world[i] = parent == kNoParent ? local[i] : world[static_cast<std::size_t>(parent)] * local[i];
  }
}

void pose_frame(const Clip& clip, std::size_t frame, PositionMode mode, Pose& pose) {
  pose.resize(clip.skeleton.joint_count());
  if (clip.motion.frame_count == 0 || clip.motion.holds_positions()) [[unlikely]] {
    if (clip.motion.frame_count == 0) {
      pose_rest(clip, pose);
    } else {
      pose_positions(clip.skeleton, clip.motion.joint_positions(std::min(frame, clip.motion.frame_count - 1)), pose);
    }
    return;
  }
  frame = std::min(frame, clip.motion.frame_count - 1);
  compute_local_transforms(clip.skeleton, clip.motion.frame(frame), mode, pose.local);
  forward_kinematics(clip.skeleton.parents, pose.local, pose.world);
}

void frame_positions(const Clip& clip, std::size_t frame, PositionMode mode, const glm::mat3* turn, Pose& pose,
                     float* out) {
  pose_frame(clip, frame, mode, pose);
  const auto joints = static_cast<std::size_t>(clip.skeleton.joint_count());
  for (std::size_t joint = 0; joint < joints; ++joint) {
    const glm::vec3 at(pose.world[joint][3]);
    const glm::vec3 position = turn != nullptr ? *turn * at : at;
    out[3 * joint] = position.x;
    out[3 * joint + 1] = position.y;
    out[3 * joint + 2] = position.z;
  }
}

void pose_rest(const Clip& clip, Pose& pose) {
  pose.resize(clip.skeleton.joint_count());
  for (int joint = 0; joint < clip.skeleton.joint_count(); ++joint) {
    pose.local[static_cast<std::size_t>(joint)] = compose(clip.skeleton.offsets[joint], glm::mat3(1.0f));
  }
  forward_kinematics(clip.skeleton.parents, pose.local, pose.world);
}

void sample_pose(const Clip& clip, double frame_position, Sampling sampling, PositionMode mode, Pose& pose) {
  const std::size_t frames = clip.motion.frame_count;
  if (frames == 0) {
    pose_rest(clip, pose);
    return;
  }
  const double last = static_cast<double>(frames - 1);
  const double position = std::clamp(std::isfinite(frame_position) ? frame_position : 0.0, 0.0, last);
  if (sampling == Sampling::Nearest) {
    pose_frame(clip, static_cast<std::size_t>(std::floor(position + 0.5)), mode, pose);
    return;
  }
  const auto before = static_cast<std::size_t>(std::floor(position));
  const auto fraction = static_cast<float>(position - static_cast<double>(before));
  if (fraction == 0.0f || before + 1 >= frames) {
    pose_frame(clip, before, mode, pose);
    return;
  }
  pose.resize(clip.skeleton.joint_count());
  const Skeleton& skeleton = clip.skeleton;
  if (clip.motion.holds_positions()) [[unlikely]] {  // positions between two frames, linearly
    const std::span<const float> from = clip.motion.joint_positions(before);
    const std::span<const float> to = clip.motion.joint_positions(before + 1);
    std::vector<float> between(from.size());
    for (std::size_t i = 0; i < between.size(); ++i) between[i] = from[i] + (to[i] - from[i]) * fraction;
    pose_positions(skeleton, between, pose);
    return;
  }
  const std::span<const float> a = clip.motion.frame(before);
  const std::span<const float> b = clip.motion.frame(before + 1);
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.channel_counts[joint] == 0) {  // the same in both frames (End Sites, fixed joints)
      pose.local[static_cast<std::size_t>(joint)] = compose(skeleton.offsets[joint], glm::mat3(1.0f));
      continue;
    }
    const glm::quat qa = glm::quat_cast(joint_rotation(skeleton, joint, a));
    const glm::quat qb = glm::quat_cast(joint_rotation(skeleton, joint, b));
    const glm::vec3 ta = joint_translation(skeleton, joint, a, mode);
    const glm::vec3 tb = joint_translation(skeleton, joint, b, mode);
    // glm::slerp takes the shorter arc, so a sign flip between the two quaternions cannot spin the joint.
    const glm::quat q = glm::slerp(qa, qb, fraction);
    pose.local[static_cast<std::size_t>(joint)] = compose(glm::mix(ta, tb, fraction), glm::mat3_cast(q));
  }
  forward_kinematics(skeleton.parents, pose.local, pose.world);
}

}  // namespace bvhscope
