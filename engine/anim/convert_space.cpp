#include "anim/convert_space.hpp"

#include <cmath>
#include <cstddef>
#include <limits>

#include "anim/pose.hpp"

namespace bvhscope {
namespace {

ChannelKind with_axis(ChannelKind kind, int axis) {
  const int base =
      is_position(kind) ? static_cast<int>(ChannelKind::Xposition) : static_cast<int>(ChannelKind::Xrotation);
  return static_cast<ChannelKind>(base + axis);
}

// The up axis's index (0 X, 1 Y, 2 Z) and sign.
int up_index(UpAxis up) {
  const glm::vec3 v = up_axis_vector(up);
  return v.x != 0.0f ? 0 : v.y != 0.0f ? 1 : 2;
}

}  // namespace

Clip scale_lengths(Clip clip, double factor) {
  for (glm::vec3& offset : clip.skeleton.offsets) {
    for (int axis = 0; axis < 3; ++axis) offset[axis] = static_cast<float>(static_cast<double>(offset[axis]) * factor);
  }
  for (int c = 0; c < clip.skeleton.channel_count(); ++c) {
    if (!is_position(clip.skeleton.channel_kinds[c])) continue;
    for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) {
      float& value = clip.motion.value(frame, c);
      value = static_cast<float>(static_cast<double>(value) * factor);
    }
  }
  clip.meshes = scaled_meshes(clip.meshes, factor);
  return clip;
}

Clip turn_axes(Clip clip, const glm::mat3& turn) {
  // Where each axis goes: turn * e_axis = sign * e_target.
  int target[3] = {0, 0, 0};
  float sign[3] = {1.0f, 1.0f, 1.0f};
  for (int axis = 0; axis < 3; ++axis) {
    for (int row = 0; row < 3; ++row) {
      if (turn[axis][row] != 0.0f) {
        target[axis] = row;
        sign[axis] = turn[axis][row] > 0.0f ? 1.0f : -1.0f;
      }
    }
  }
  for (glm::vec3& offset : clip.skeleton.offsets) offset = turn * offset;
  clip.meshes = turned_meshes(clip.meshes, turn);
  Skeleton& skeleton = clip.skeleton;
  for (int c = 0; c < skeleton.channel_count(); ++c) {
    const ChannelKind kind = skeleton.channel_kinds[c];
    const int axis = channel_axis(kind);
    skeleton.channel_kinds[c] = with_axis(kind, target[axis]);
    if (sign[axis] < 0.0f) {
      for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) {
        float& value = clip.motion.value(frame, c);
        value = -value;
      }
    }
  }
  return clip;
}

Clip reflect(Clip clip, int axis) {
  for (glm::vec3& offset : clip.skeleton.offsets) offset[axis] = -offset[axis];
  clip.meshes = reflected_meshes(clip.meshes, axis);
  const Skeleton& skeleton = clip.skeleton;
  for (int c = 0; c < skeleton.channel_count(); ++c) {
    const ChannelKind kind = skeleton.channel_kinds[c];
    const bool negated = is_position(kind) ? channel_axis(kind) == axis : channel_axis(kind) != axis;
    if (!negated) continue;
    for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) {
      float& value = clip.motion.value(frame, c);
      value = -value;
    }
  }
  return clip;
}

Clip put_in_place(Clip clip, UpAxis up) {
  const Skeleton& skeleton = clip.skeleton;
  if (skeleton.roots.empty()) return clip;
  const int vertical = up_index(up);
  const int first_root = skeleton.roots.front();
  for (int axis = 0; axis < 3; ++axis) {
    if (axis == vertical) continue;
    // The first root's channel on this axis: without one it does not travel along it.
    int travel_column = -1;
    const int begin = skeleton.first_channels[first_root];
    for (int c = begin; c < begin + skeleton.channel_counts[first_root]; ++c) {
      if (is_position(skeleton.channel_kinds[c]) && channel_axis(skeleton.channel_kinds[c]) == axis) travel_column = c;
    }
    if (travel_column < 0) continue;
    const float base = skeleton.offsets[first_root][axis];
    for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) {
      const float travel = clip.motion.value(frame, travel_column) + base;
      for (const int root : skeleton.roots) {
        const int root_begin = skeleton.first_channels[root];
        for (int c = root_begin; c < root_begin + skeleton.channel_counts[root]; ++c) {
          if (c == travel_column || !is_position(skeleton.channel_kinds[c]) ||
              channel_axis(skeleton.channel_kinds[c]) != axis)
            continue;
          clip.motion.value(frame, c) -= travel;
        }
      }
      clip.motion.value(frame, travel_column) = -base;
    }
  }
  return clip;
}

Clip put_on_ground(Clip clip, UpAxis up) {
  const glm::vec3 direction = up_axis_vector(up);
  const int vertical = up_index(up);
  float lowest = std::numeric_limits<float>::infinity();
  Pose pose;
  const std::size_t frames = std::max<std::size_t>(clip.motion.frame_count, 1);
  for (std::size_t frame = 0; frame < frames; ++frame) {
    pose_frame(clip, frame, PositionMode::Add, pose);
    for (int joint = 0; joint < clip.skeleton.joint_count(); ++joint)
      lowest = std::min(lowest, glm::dot(pose.position(joint), direction));
  }
  if (!std::isfinite(lowest) || lowest == 0.0f) return clip;
  const float shift = -lowest * direction[vertical];  // along the file axis
  Skeleton& skeleton = clip.skeleton;
  for (const int root : skeleton.roots) {
    int column = -1;
    const int begin = skeleton.first_channels[root];
    for (int c = begin; c < begin + skeleton.channel_counts[root]; ++c) {
      if (is_position(skeleton.channel_kinds[c]) && channel_axis(skeleton.channel_kinds[c]) == vertical) column = c;
    }
    if (column < 0) {
      skeleton.offsets[root][vertical] += shift;
      continue;
    }
    for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) clip.motion.value(frame, column) += shift;
  }
  return clip;
}

}  // namespace bvhscope
