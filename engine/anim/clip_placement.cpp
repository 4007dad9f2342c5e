#include "anim/clip_placement.hpp"

#include <algorithm>

namespace bvhscope {

void Placement::apply_in_place(std::span<glm::vec3> points) const noexcept {
  for (glm::vec3& p : points) p = rotation * p * scale + offset;
}

std::vector<glm::vec3> side_by_side_offsets(std::span<const ClipFootprint> clips, bool on_floor) {
  std::vector<glm::vec3> offsets;
  if (clips.empty()) return offsets;
  float spacing = 0.0f;
  for (const ClipFootprint& clip : clips) spacing = std::max(spacing, clip.size);
  const glm::vec3 anchor = clips.front().start;
  offsets.reserve(clips.size());
  for (std::size_t i = 0; i < clips.size(); ++i) {
    const glm::vec3 to_anchor = anchor - clips[i].start;
    offsets.emplace_back(to_anchor.x + spacing * static_cast<float>(i), on_floor ? -clips[i].floor : 0.0f, to_anchor.z);
  }
  return offsets;
}

}  // namespace bvhscope
