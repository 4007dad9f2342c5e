#include "anim/convert_channels.hpp"

#include <algorithm>
#include <cstddef>
#include <string>

namespace bvhscope {
namespace {

// The channel's value when it is the same in every frame (0 for a clip without frames).
std::optional<float> constant_value(const Motion& motion, int channel) {
  if (motion.frame_count == 0) return 0.0f;
  const float first = motion.value(0, channel);
  for (std::size_t frame = 1; frame < motion.frame_count; ++frame) {
    if (motion.value(frame, channel) != first) return std::nullopt;
  }
  return first;
}

// The joint's rotation channels (columns) in file order.
std::vector<int> rotation_columns(const Skeleton& skeleton, int joint) {
  std::vector<int> columns;
  const int first = skeleton.first_channels[joint];
  for (int c = first; c < first + skeleton.channel_counts[joint]; ++c) {
    if (is_rotation(skeleton.channel_kinds[c])) columns.push_back(c);
  }
  return columns;
}

ChannelKind rotation_kind(int axis) {
  return static_cast<ChannelKind>(static_cast<int>(ChannelKind::Xrotation) + axis);
}

}  // namespace

JointChannels joint_channels(const Skeleton& skeleton) {
  JointChannels channels(static_cast<std::size_t>(skeleton.joint_count()));
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    const int first = skeleton.first_channels[joint];
    channels[static_cast<std::size_t>(joint)].assign(
        skeleton.channel_kinds.begin() + first,
        skeleton.channel_kinds.begin() + first + skeleton.channel_counts[joint]);
  }
  return channels;
}

Clip with_channels(const Clip& clip, const JointChannels& channels) {
  const Skeleton& old = clip.skeleton;
  Clip result;
  result.source = clip.source;
  result.declared_frame_time = clip.declared_frame_time;
  result.warnings = clip.warnings;
  result.meshes = clip.meshes;  // joints keep their indices
  result.skeleton = old;
  Skeleton& skeleton = result.skeleton;
  skeleton.channel_kinds.clear();
  skeleton.channel_joints.clear();
  std::vector<int> source_columns;  // per new channel, the old column or -1
  for (int joint = 0; joint < old.joint_count(); ++joint) {
    skeleton.first_channels[joint] = static_cast<int>(skeleton.channel_kinds.size());
    const auto& kinds = channels[static_cast<std::size_t>(joint)];
    skeleton.channel_counts[joint] = static_cast<int>(kinds.size());
    for (const ChannelKind kind : kinds) {
      skeleton.channel_kinds.push_back(kind);
      skeleton.channel_joints.push_back(joint);
      int source = -1;
      const int first = old.first_channels[joint];
      for (int c = first; c < first + old.channel_counts[joint]; ++c) {
        if (old.channel_kinds[c] == kind) source = c;
      }
      source_columns.push_back(source);
    }
  }
  Motion& motion = result.motion;
  motion.frame_count = clip.motion.frame_count;
  motion.frame_time = clip.motion.frame_time;
  motion.channel_count = skeleton.channel_count();
  const auto columns = static_cast<std::size_t>(motion.channel_count);
  motion.values = FrameValues(motion.frame_count * columns, 0.0f);
  for (std::size_t frame = 0; frame < motion.frame_count; ++frame) {
    const std::span<const float> row = clip.motion.frame(frame);
    float* out = motion.values.data() + frame * columns;
    for (std::size_t c = 0; c < columns; ++c) {
      if (source_columns[c] >= 0) out[c] = row[static_cast<std::size_t>(source_columns[c])];
    }
  }
  return result;
}

Clip to_add_rule(Clip clip, PositionMode mode) {
  if (mode == PositionMode::Add) return clip;
  Skeleton& skeleton = clip.skeleton;
  for (int c = 0; c < skeleton.channel_count(); ++c) {
    const ChannelKind kind = skeleton.channel_kinds[c];
    if (!is_position(kind)) continue;
    const int joint = skeleton.channel_joints[c];
    float& offset = skeleton.offsets[joint][channel_axis(kind)];
    if (skeleton.parents[joint] == kNoParent) {
      offset = 0.0f;  // the channel is the translation, under either rule
      continue;
    }
    if (const std::optional<float> constant = constant_value(clip.motion, c)) {
      offset = *constant;
      for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) clip.motion.value(frame, c) = 0.0f;
    } else {
      for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) clip.motion.value(frame, c) -= offset;
    }
  }
  return clip;
}

double still_position_tolerance(double figure_extent) {
  return kStillPositionShareOfExtent * std::max(figure_extent, 1e-6);
}

Result<Clip> fold_position_channels(Clip clip, double tolerance) {
  const Skeleton& skeleton = clip.skeleton;
  JointChannels channels = joint_channels(skeleton);
  for (int c = 0; c < skeleton.channel_count(); ++c) {
    const ChannelKind kind = skeleton.channel_kinds[c];
    const int joint = skeleton.channel_joints[c];
    if (!is_position(kind) || skeleton.parents[joint] == kNoParent) continue;
    float lowest = 0.0f;
    float highest = 0.0f;
    double sum = 0.0;
    for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) {
      const float value = clip.motion.value(frame, c);
      lowest = frame == 0 ? value : std::min(lowest, value);
      highest = frame == 0 ? value : std::max(highest, value);
      sum += static_cast<double>(value);
    }
    if (static_cast<double>(highest) - static_cast<double>(lowest) > tolerance) {
      return Diagnostic{clip.source, skeleton.source_lines[joint], 1,
                        "--channels 3: joint '" + skeleton.names[joint] + "' has a moving " +
                            std::string(channel_name(kind)) + " channel (from " + std::to_string(lowest) + " to " +
                            std::to_string(highest) + "): it cannot be folded into OFFSET"};
    }
    const double mean = clip.motion.frame_count > 0 ? sum / static_cast<double>(clip.motion.frame_count) : 0.0;
    float& offset = clip.skeleton.offsets[joint][channel_axis(kind)];
    offset = static_cast<float>(static_cast<double>(offset) + mean);
    auto& kinds = channels[static_cast<std::size_t>(joint)];
    kinds.erase(std::find(kinds.begin(), kinds.end(), kind));
  }
  return with_channels(clip, channels);
}

Clip with_rotation_order(Clip clip, const RotationOrder& order) {
  const Skeleton& skeleton = clip.skeleton;
  JointChannels channels = joint_channels(skeleton);
  std::vector<int> changed;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    const std::vector<int> columns = rotation_columns(skeleton, joint);
    if (columns.empty()) continue;
    bool same = columns.size() == 3;
    for (std::size_t i = 0; same && i < 3; ++i) same = channel_axis(skeleton.channel_kinds[columns[i]]) == order[i];
    if (same) continue;
    changed.push_back(joint);
    auto& kinds = channels[static_cast<std::size_t>(joint)];
    const auto first_rotation = static_cast<std::size_t>(columns.front() - skeleton.first_channels[joint]);
    std::vector<ChannelKind> rebuilt;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
      if (i == first_rotation) {
        for (const int axis : order) rebuilt.push_back(rotation_kind(axis));
      }
      if (!is_rotation(kinds[i])) rebuilt.push_back(kinds[i]);
    }
    kinds = std::move(rebuilt);
  }
  if (changed.empty()) return clip;
  Clip result = with_channels(clip, channels);
  for (const int joint : changed) {
    const int first = result.skeleton.first_channels[joint];
    int column = first;
    while (!is_rotation(result.skeleton.channel_kinds[column])) ++column;
    std::optional<EulerAngles> previous;
    for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) {
      const EulerAngles angles =
          euler_angles(joint_rotation_exact(skeleton, joint, clip.motion.frame(frame)), order, previous);
      for (int i = 0; i < 3; ++i) result.motion.value(frame, column + i) = static_cast<float>(angles[i]);
      previous = angles;
    }
  }
  return result;
}

Clip unwrap_rotations(Clip clip) {
  const Skeleton& skeleton = clip.skeleton;
  Motion& motion = clip.motion;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    const std::vector<int> columns = rotation_columns(skeleton, joint);
    if (columns.empty() || motion.frame_count < 2) continue;
    if (columns.size() == 3) {
      EulerAngles previous{};
      for (int i = 0; i < 3; ++i) previous[i] = static_cast<double>(motion.value(0, columns[i]));
      for (std::size_t frame = 1; frame < motion.frame_count; ++frame) {
        EulerAngles angles{};
        for (int i = 0; i < 3; ++i) angles[i] = static_cast<double>(motion.value(frame, columns[i]));
        const EulerAngles nearest = nearest_equivalent(angles, previous);
        if (nearest != angles) {
          for (int i = 0; i < 3; ++i) motion.value(frame, columns[i]) = static_cast<float>(nearest[i]);
        }
        for (int i = 0; i < 3; ++i) previous[i] = static_cast<double>(motion.value(frame, columns[i]));
      }
      continue;
    }
    for (const int column : columns) {
      for (std::size_t frame = 1; frame < motion.frame_count; ++frame) {
        const float before = motion.value(frame - 1, column);
        float& value = motion.value(frame, column);
        const double nearest = nearest_turn(static_cast<double>(value), static_cast<double>(before));
        if (nearest != static_cast<double>(value)) value = static_cast<float>(nearest);
      }
    }
  }
  return clip;
}

}  // namespace bvhscope
