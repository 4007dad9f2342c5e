#include "anim/convert_timing.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/euler.hpp"
#include "anim/frame_range.hpp"
#include "anim/pose.hpp"
#include "anim/video_timing.hpp"

namespace bvhscope {

Result<Clip> trim_frames(Clip clip, std::size_t first, std::size_t last) {
  Motion& motion = clip.motion;
  if (std::optional<std::string> problem = frame_range_problem(first, last, motion.frame_count))
    return Diagnostic{clip.source, 0, 0, *problem};
  const auto columns = static_cast<std::size_t>(motion.channel_count);
  FrameValues values(motion.values.begin() + static_cast<std::ptrdiff_t>(first * columns),
                     motion.values.begin() + static_cast<std::ptrdiff_t>((last + 1) * columns));
  motion.values = std::move(values);
  motion.frame_count = last - first + 1;
  return clip;
}

Result<Clip> resample(const Clip& clip, double fps) {
  const Skeleton& skeleton = clip.skeleton;
  const Motion& motion = clip.motion;
  Clip result = clip;
  result.motion.frame_time = 1.0 / fps;
  result.declared_frame_time = result.motion.frame_time;
  if (motion.frame_count == 0) return result;
  std::string error;
  const std::optional<VideoTiming> timing =
      plan_video_timing(motion.frame_count, motion.frame_time, std::nullopt, fps, error);
  if (!timing) return Diagnostic{clip.source, 0, 0, "--fps: " + error};
  const double last = static_cast<double>(motion.frame_count - 1);
  const std::size_t count = timing->frame_count;
  const auto columns = static_cast<std::size_t>(motion.channel_count);
  result.motion.frame_count = count;
  result.motion.values = FrameValues(count * columns);

  // The joints whose rotations are slerped: three rotation channels, their columns and order.
  struct Slerped {
    int joint;
    std::array<int, 3> columns;
    RotationOrder order;
  };
  std::vector<Slerped> slerped;
  std::vector<char> interpolated_linearly(columns, 1);
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    Slerped entry{joint, {}, {}};
    int found = 0;
    const int first = skeleton.first_channels[joint];
    for (int c = first; c < first + skeleton.channel_counts[joint]; ++c) {
      if (!is_rotation(skeleton.channel_kinds[c])) continue;
      if (found < 3) {
        entry.columns[static_cast<std::size_t>(found)] = c;
        entry.order[static_cast<std::size_t>(found)] = channel_axis(skeleton.channel_kinds[c]);
      }
      ++found;
    }
    if (found != 3) continue;
    slerped.push_back(entry);
    for (const int c : entry.columns) interpolated_linearly[static_cast<std::size_t>(c)] = 0;
  }

  std::vector<std::optional<EulerAngles>> previous(slerped.size());
  for (std::size_t k = 0; k < count; ++k) {
    const double position = timing->position(k);  // whole on a frame, at most `last`
    float* out = result.motion.values.data() + k * columns;
    const double nearest = std::round(position);
    if (position == nearest) {
      const std::span<const float> row = motion.frame(static_cast<std::size_t>(nearest));
      std::copy(row.begin(), row.end(), out);
      for (std::size_t s = 0; s < slerped.size(); ++s) {
        EulerAngles angles{};
        for (int i = 0; i < 3; ++i) angles[i] = static_cast<double>(out[slerped[s].columns[i]]);
        previous[s] = angles;
      }
      continue;
    }
    const auto before = static_cast<std::size_t>(std::min(std::floor(position), last - 1.0));
    const double fraction = position - static_cast<double>(before);
    const std::span<const float> a = motion.frame(before);
    const std::span<const float> b = motion.frame(before + 1);
    for (std::size_t c = 0; c < columns; ++c) {
      if (!interpolated_linearly[c]) continue;
      if (is_position(skeleton.channel_kinds[c])) {
        out[c] = static_cast<float>(static_cast<double>(a[c]) +
                                    (static_cast<double>(b[c]) - static_cast<double>(a[c])) * fraction);
      } else {  // the shorter way round
        const auto from = static_cast<double>(a[c]);
        const double to = nearest_turn(static_cast<double>(b[c]), from);
        out[c] = static_cast<float>(from + (to - from) * fraction);
      }
    }
    for (std::size_t s = 0; s < slerped.size(); ++s) {
      // As sample_pose does (quaternions of the frames' rotations, glm::slerp: the shorter arc), in
      // double precision: a rotation in gimbal lock stays in it to rounding, so euler_angles splits
      // it continuously with the frame before instead of reading its two turns from noise.
      const glm::dquat qa = glm::quat_cast(joint_rotation_exact(skeleton, slerped[s].joint, a));
      const glm::dquat qb = glm::quat_cast(joint_rotation_exact(skeleton, slerped[s].joint, b));
      const glm::dmat3 rotation = glm::mat3_cast(glm::slerp(qa, qb, fraction));
      const EulerAngles angles = euler_angles(rotation, slerped[s].order, previous[s]);
      for (int i = 0; i < 3; ++i) out[slerped[s].columns[i]] = static_cast<float>(angles[i]);
      previous[s] = angles;
    }
  }
  return result;
}

Clip pick_frames(const Clip& clip, const std::vector<std::size_t>& frames, double frame_time) {
  Clip copy;
  copy.source = clip.source;
  copy.name = clip.name;
  copy.skeleton = clip.skeleton;
  copy.meshes = clip.meshes;
  copy.declared_frame_time = frame_time;
  const Motion& motion = clip.motion;
  Motion& picked = copy.motion;
  picked.frame_count = frames.size();
  picked.channel_count = motion.channel_count;
  picked.frame_time = frame_time;
  picked.position_joints = motion.position_joints;
  picked.array_joints = motion.array_joints;
  const auto copy_rows = [&](const FrameValues& from, FrameValues& to, std::size_t row) {
    if (row == 0) return;
    to = FrameValues(frames.size() * row);
    for (std::size_t f = 0; f < frames.size(); ++f)
      std::copy_n(from.data() + frames[f] * row, row, to.data() + f * row);
  };
  copy_rows(motion.values, picked.values, static_cast<std::size_t>(motion.channel_count));
  copy_rows(motion.positions, picked.positions, static_cast<std::size_t>(motion.position_joints) * 3);
  return copy;
}

}  // namespace bvhscope
