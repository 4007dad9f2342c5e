#include "model/clip_placement.hpp"

#include <algorithm>

namespace bvhscope {

void Placement::apply_in_place(std::span<glm::vec3> points) const noexcept {
  for (glm::vec3& p : points) p = rotation * p * scale + offset;
}

std::vector<glm::vec3> side_by_side_offsets(std::span<const ClipFootprint> clips, bool on_floor) {
  std::vector<glm::vec3> offsets;
  if (clips.empty()) return offsets;
  float largest = 0.0f;
  for (const ClipFootprint& clip : clips) largest = std::max(largest, clip.size);
  const float gap = 0.5f * largest;
  // An unknown footprint is one body wide around the clip's start.
  std::vector<glm::vec3> lows;
  std::vector<glm::vec3> highs;
  float travel_x = 0.0f;
  float travel_z = 0.0f;
  for (const ClipFootprint& clip : clips) {
    const bool known = clip.min.x <= clip.max.x && clip.min.z <= clip.max.z;
    glm::vec3 low = known ? glm::min(clip.min, clip.start) : clip.start;
    glm::vec3 high = known ? glm::max(clip.max, clip.start) : clip.start;
    travel_x += high.x - low.x;
    travel_z += high.z - low.z;
    if (!known) {
      const float half = 0.5f * clip.size;
      low -= glm::vec3(half, 0.0f, half);
      high += glm::vec3(half, 0.0f, half);
    }
    lows.push_back(low);
    highs.push_back(high);
  }
  const int along = travel_x > travel_z ? 2 : 0;  // the row's axis: z when they walk along x
  const int across = 2 - along;
  const float centre = 0.5f * (lows[0][across] + highs[0][across]);
  float cursor = highs[0][along] + gap;
  offsets.reserve(clips.size());
  for (std::size_t i = 0; i < clips.size(); ++i) {
    glm::vec3 offset(0.0f);
    if (i > 0) {
      offset[along] = cursor - lows[i][along];
      offset[across] = centre - 0.5f * (lows[i][across] + highs[i][across]);
      cursor += highs[i][along] - lows[i][along] + gap;
    }
    offset.y = on_floor ? -clips[i].floor : 0.0f;
    offsets.push_back(offset);
  }
  return offsets;
}

}  // namespace bvhscope
