#include "anim/measure.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace bvhscope {

void Bounds::add(const glm::vec3& point) noexcept {
  min = glm::min(min, point);
  max = glm::max(max, point);
}

void Bounds::add(const Bounds& other) noexcept {
  if (other.empty()) return;
  add(other.min);
  add(other.max);
}

float Bounds::largest_extent() const noexcept {
  const glm::vec3 s = size();
  return std::max({s.x, s.y, s.z});
}

Bounds pose_bounds(const Pose& pose) {
  Bounds bounds;
  for (const glm::mat4& world : pose.world) bounds.add(glm::vec3(world[3]));
  return bounds;
}

Bounds motion_bounds(const Clip& clip, PositionMode mode) {
  Pose pose;
  if (clip.motion.frame_count == 0) {
    pose_rest(clip, pose);
    return pose_bounds(pose);
  }
  Bounds bounds;
  for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) {
    pose_frame(clip, frame, mode, pose);
    bounds.add(pose_bounds(pose));
  }
  return bounds;
}

float skeleton_height(const Clip& clip, PositionMode mode) {
  Pose pose;
  pose_frame(clip, 0, mode, pose);
  return pose_bounds(pose).largest_extent();
}

UnitGuess guess_units(float height) noexcept {
  struct Candidate {
    std::string_view unit;
    double metres_per_unit;
  };
  // CMU units: the cgspeed BVH conversions of the CMU database use 1/0.45 inch per unit.
  static constexpr std::array<Candidate, 6> kCandidates = {{{"metres", 1.0},
                                                            {"decimetres", 0.1},
                                                            {"CMU units", 0.0254 / 0.45},
                                                            {"inches", 0.0254},
                                                            {"centimetres", 0.01},
                                                            {"millimetres", 0.001}}};
  constexpr double kHumanHeightMetres = 1.7;
  if (!(height > 0.0f)) return {"centimetres", 0.01};
  const Candidate* best = kCandidates.data();
  double best_distance = std::numeric_limits<double>::max();
  for (const Candidate& candidate : kCandidates) {
    const double distance =
        std::abs(std::log(static_cast<double>(height) * candidate.metres_per_unit / kHumanHeightMetres));
    if (distance < best_distance) {
      best_distance = distance;
      best = &candidate;
    }
  }
  return {best->unit, best->metres_per_unit};
}

}  // namespace bvhscope
