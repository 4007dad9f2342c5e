#include "model/picking.hpp"

#include <algorithm>
#include <limits>

#include "model/orbit_camera.hpp"

namespace bvhscope {
namespace {

bool in_depth_range(const glm::vec3& projected) noexcept { return projected.z >= 0.0f && projected.z <= 1.0f; }

}  // namespace

PickResult pick_joint(const Skeleton& skeleton, std::span<const glm::vec3> world_positions,
                      const glm::mat4& view_projection, glm::vec2 viewport_size, glm::vec2 cursor_pixels,
                      float radius_pixels) {
  std::vector<glm::vec3> scratch;
  return pick_joint(skeleton, world_positions, view_projection, viewport_size, cursor_pixels, radius_pixels, scratch);
}

PickResult pick_joint(const Skeleton& skeleton, std::span<const glm::vec3> world_positions,
                      const glm::mat4& view_projection, glm::vec2 viewport_size, glm::vec2 cursor_pixels,
                      float radius_pixels, std::vector<glm::vec3>& projected) {
  PickResult best;
  float best_depth = std::numeric_limits<float>::max();
  const auto count = std::min(world_positions.size(), static_cast<std::size_t>(skeleton.joint_count()));
  projected.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    projected[i] = project_to_pixels(view_projection, world_positions[i], viewport_size);
  }
  constexpr float kSameDepth = 1e-6f;
  for (std::size_t i = 0; i < count; ++i) {
    if (!in_depth_range(projected[i])) continue;
    const float distance = glm::length(glm::vec2(projected[i]) - cursor_pixels);
    if (distance > radius_pixels) continue;
    const bool in_front = projected[i].z < best_depth - kSameDepth;
    const bool tie_but_closer = std::abs(projected[i].z - best_depth) <= kSameDepth && distance < best.distance_pixels;
    if (in_front || tie_but_closer) {
      best = {static_cast<int>(i), false, distance};
      best_depth = projected[i].z;
    }
  }
  if (best.joint >= 0) return best;

  for (std::size_t i = 0; i < count; ++i) {
    const int parent = skeleton.parents[i];
    if (parent == kNoParent) continue;
    const glm::vec3& a = projected[static_cast<std::size_t>(parent)];
    const glm::vec3& b = projected[i];
    if (!in_depth_range(a) || !in_depth_range(b)) continue;
    const glm::vec2 segment = glm::vec2(b) - glm::vec2(a);
    const float length_squared = glm::dot(segment, segment);
    const float t = length_squared > 0.0f
                        ? std::clamp(glm::dot(cursor_pixels - glm::vec2(a), segment) / length_squared, 0.0f, 1.0f)
                        : 0.0f;
    const float distance = glm::length(glm::vec2(a) + t * segment - cursor_pixels);
    if (distance > radius_pixels) continue;
    const float depth = a.z + t * (b.z - a.z);
    if (depth < best_depth) {
      best = {static_cast<int>(i), true, distance};
      best_depth = depth;
    }
  }
  return best;
}

}  // namespace bvhscope
