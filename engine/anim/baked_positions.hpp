// World positions of every joint at every frame (or, for clips beyond a memory budget, at every
// n-th frame), computed once on all cores: the data behind trails, speed curves and motion bounds.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/clip.hpp"
#include "anim/measure.hpp"
#include "anim/position_mode.hpp"

namespace bvhscope {

// Most joint positions baked for one clip (16 Mi positions, 192 MiB; the viewer passes a smaller
// budget for motions with few values, see measure_clip). A clip with more joints ×
// frames is baked at every n-th frame (plus its last), so no file makes this grow past the budget.
inline constexpr std::size_t kBakedPositionBudget = std::size_t{16} << 20;

struct BakedPositions {
  std::size_t frame_count = 0;       // baked frames
  std::size_t clip_frame_count = 0;  // frames of the clip
  std::size_t frame_step = 1;        // baked frame i is clip frame min(i * frame_step, clip_frame_count - 1)
  int joint_count = 0;
  // Frame-major: [baked frame * joint_count + joint]; never changed once baked, so a copy of a
  // BakedPositions (a filmstrip's poses of one clip, a shared clip) shares the table, not copies it.
  // Null when nothing was baked (no frames). frame_count * joint_count positions.
  std::shared_ptr<const glm::vec3[]> table;

  [[nodiscard]] std::span<const glm::vec3> positions() const noexcept {
    return table ? std::span<const glm::vec3>(table.get(), frame_count * static_cast<std::size_t>(joint_count))
                 : std::span<const glm::vec3>();
  }

  [[nodiscard]] bool every_frame() const noexcept { return frame_step == 1; }
  // The clip frame a baked frame holds.
  [[nodiscard]] std::size_t clip_frame(std::size_t index) const noexcept {
    return std::min(index * frame_step, clip_frame_count > 0 ? clip_frame_count - 1 : 0);
  }
  // The baked frame holding a clip frame exactly, if one does.
  [[nodiscard]] std::optional<std::size_t> index_of(std::size_t clip_frame_index) const noexcept {
    if (clip_frame_index >= clip_frame_count || frame_count == 0) return std::nullopt;
    if (clip_frame_index % frame_step == 0) return clip_frame_index / frame_step;
    if (clip_frame_index + 1 == clip_frame_count) return frame_count - 1;
    return std::nullopt;
  }

  [[nodiscard]] std::span<const glm::vec3> frame(std::size_t index) const noexcept {
    return {table.get() + index * static_cast<std::size_t>(joint_count), static_cast<std::size_t>(joint_count)};
  }
  [[nodiscard]] const glm::vec3& at(std::size_t frame_index, int joint) const noexcept {
    return table[frame_index * static_cast<std::size_t>(joint_count) + static_cast<std::size_t>(joint)];
  }
};

// Poses every frame (exact frames; every n-th beyond kBakedPositionBudget, `budget` in tests) split over `threads`
// workers (0: available_threads()). Results are identical whatever the thread count. `on_worker_start` runs first
// on each worker thread (the viewer puts them in the background there); if the workers finish no frames for 200 ms
// (starved by busier threads), the calling thread bakes the frames left itself.
BakedPositions bake_positions(const Clip& clip, PositionMode mode, unsigned threads = 0,
                              const std::function<void()>& on_worker_start = {},
                              std::size_t budget = kBakedPositionBudget);

// One joint's baked position at every frame (its path; the root's is the clip's trajectory).
std::vector<glm::vec3> joint_path(const BakedPositions& baked, int joint);

// Bounds of every joint over every baked frame.
Bounds baked_bounds(const BakedPositions& baked);

// World-space speed of a joint at each baked frame in units per second (central differences;
// one-sided at the ends; 0 for a single frame).
std::vector<float> joint_speed(const BakedPositions& baked, int joint, double frame_time);

// The joint's baked positions over clip frames [first, last] (clamped to the clip), for drawing a trail.
std::vector<glm::vec3> joint_trail(const BakedPositions& baked, int joint, std::ptrdiff_t first, std::ptrdiff_t last);

}  // namespace bvhscope
