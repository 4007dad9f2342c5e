// World positions of every joint at every frame, computed once on all cores: the data behind
// trails, speed curves, motion bounds and exports.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/clip.hpp"
#include "anim/measure.hpp"
#include "anim/position_mode.hpp"

namespace bvhscope {

struct BakedPositions {
  std::size_t frame_count = 0;
  int joint_count = 0;
  std::vector<glm::vec3> positions;  // frame-major: positions[frame * joint_count + joint]

  [[nodiscard]] std::span<const glm::vec3> frame(std::size_t index) const noexcept {
    return {positions.data() + index * static_cast<std::size_t>(joint_count), static_cast<std::size_t>(joint_count)};
  }
  [[nodiscard]] const glm::vec3& at(std::size_t frame_index, int joint) const noexcept {
    return positions[frame_index * static_cast<std::size_t>(joint_count) + static_cast<std::size_t>(joint)];
  }
};

// Poses every frame (exact frames) split over `threads` workers (0: one per hardware thread).
// Results are identical whatever the thread count. `on_worker_start` runs first on each worker
// thread (the viewer puts them in the background there); if the workers finish no frames for
// 200 ms (starved by busier threads), the calling thread bakes the frames left itself.
BakedPositions bake_positions(const Clip& clip, PositionMode mode, unsigned threads = 0,
                              const std::function<void()>& on_worker_start = {});

// One joint's baked position at every frame (its path; the root's is the clip's trajectory).
std::vector<glm::vec3> joint_path(const BakedPositions& baked, int joint);

// Bounds of every joint over every baked frame.
Bounds baked_bounds(const BakedPositions& baked);

// World-space speed of a joint at each frame in units per second (central differences; one-sided
// at the ends; 0 for a single frame).
std::vector<float> joint_speed(const BakedPositions& baked, int joint, double frame_time);

// The joint's positions over frames [first, last] (clamped to the clip), for drawing a trail.
std::vector<glm::vec3> joint_trail(const BakedPositions& baked, int joint, std::ptrdiff_t first, std::ptrdiff_t last);

}  // namespace bvhscope
