#include "model/scene_scale.hpp"

#include <algorithm>
#include <cmath>

#include "anim/pose.hpp"

namespace bvhscope {

GroundGrid ground_grid(const Bounds& motion, double metres_per_unit) noexcept {
  GroundGrid grid;
  const double unit = std::isfinite(metres_per_unit) && metres_per_unit > 0.0 ? metres_per_unit : 0.01;
  grid.major_spacing = static_cast<float>(1.0 / unit);
  grid.minor_spacing = grid.major_spacing * 0.1f;
  if (motion.empty()) {
    grid.extent = 3.0f * grid.major_spacing;
    return grid;
  }
  const glm::vec3 size = motion.size();
  const float footprint = std::max(size.x, size.z) * 0.5f;
  const float extent = std::max(footprint + 2.0f * grid.major_spacing, 3.0f * grid.major_spacing);
  grid.extent = std::ceil(extent / grid.major_spacing) * grid.major_spacing;
  const glm::vec3 center = motion.center();
  grid.center = {std::round(center.x / grid.major_spacing) * grid.major_spacing, motion.min.y,
                 std::round(center.z / grid.major_spacing) * grid.major_spacing};
  return grid;
}

std::vector<glm::vec3> root_trajectory(const Clip& clip, PositionMode mode) {
  std::vector<glm::vec3> points;
  if (clip.skeleton.roots.empty()) return points;
  const int root = clip.skeleton.roots.front();
  if (clip.motion.frame_count == 0) {
    points.push_back(clip.skeleton.offsets[static_cast<std::size_t>(root)]);
    return points;
  }
  // A root's world position is its own translation: no other joint is posed (a huge skeleton's
  // path costs its frames, not frames x joints).
  points.reserve(clip.motion.frame_count);
  if (clip.motion.holds_positions()) {  // the root's own positions
    for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) {
      const std::span<const float> positions = clip.motion.joint_positions(frame);
      const auto at = static_cast<std::size_t>(root) * 3;
      points.emplace_back(positions[at], positions[at + 1], positions[at + 2]);
    }
    return points;
  }
  for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) {
    points.push_back(joint_translation(clip.skeleton, root, clip.motion.frame(frame), mode));
  }
  return points;
}

}  // namespace bvhscope
