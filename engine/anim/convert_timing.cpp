#include "anim/convert_timing.hpp"

#include <cmath>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "anim/euler.hpp"
#include "anim/frame_range.hpp"
#include "anim/pose.hpp"

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

Clip resample(const Clip& clip, double fps) {
  const Skeleton& skeleton = clip.skeleton;
  const Motion& motion = clip.motion;
  Clip result = clip;
  const double frame_time = 1.0 / fps;
  result.motion.frame_time = frame_time;
  result.declared_frame_time = frame_time;
  if (motion.frame_count < 2) return result;
  const double step = frame_time / motion.frame_time;  // old frames per new frame
  const double last = static_cast<double>(motion.frame_count - 1);
  const auto count = static_cast<std::size_t>(std::floor(last / step + 1e-6)) + 1;
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
    const double position = std::min(static_cast<double>(k) * step, last);
    float* out = result.motion.values.data() + k * columns;
    const double nearest = std::round(position);
    if (std::abs(position - nearest) <= 1e-6) {
      const std::span<const float> row = motion.frame(static_cast<std::size_t>(nearest));
      std::copy(row.begin(), row.end(), out);
      for (std::size_t s = 0; s < slerped.size(); ++s) {
        EulerAngles angles{};
        for (int i = 0; i < 3; ++i) angles[i] = static_cast<double>(out[slerped[s].columns[i]]);
        previous[s] = angles;
      }
      continue;
    }
    const auto before = static_cast<std::size_t>(std::floor(position));
    const auto fraction = static_cast<float>(position - static_cast<double>(before));
    const std::span<const float> a = motion.frame(before);
    const std::span<const float> b = motion.frame(before + 1);
    for (std::size_t c = 0; c < columns; ++c) {
      if (!interpolated_linearly[c]) continue;
      if (is_position(skeleton.channel_kinds[c])) {
        out[c] = a[c] + (b[c] - a[c]) * fraction;
      } else {  // the shorter way round
        const auto from = static_cast<double>(a[c]);
        const double to = nearest_turn(static_cast<double>(b[c]), from);
        out[c] = static_cast<float>(from + (to - from) * static_cast<double>(fraction));
      }
    }
    for (std::size_t s = 0; s < slerped.size(); ++s) {
      // As sample_pose does: quaternions of the frames' rotations, glm::slerp (the shorter arc).
      const glm::quat qa = glm::quat_cast(joint_rotation(skeleton, slerped[s].joint, a));
      const glm::quat qb = glm::quat_cast(joint_rotation(skeleton, slerped[s].joint, b));
      const glm::dmat3 rotation(glm::mat3_cast(glm::slerp(qa, qb, fraction)));
      const EulerAngles angles = euler_angles(rotation, slerped[s].order, previous[s]);
      for (int i = 0; i < 3; ++i) out[slerped[s].columns[i]] = static_cast<float>(angles[i]);
      previous[s] = angles;
    }
  }
  return result;
}

}  // namespace bvhscope
