// Measuring clips: bounds of poses and of the whole motion, skeleton height, and a unit guess.
#pragma once

#include <limits>
#include <string_view>

#include <glm/vec3.hpp>

#include "anim/clip.hpp"
#include "anim/pose.hpp"
#include "anim/position_mode.hpp"

namespace bvhscope {

struct Bounds {
  glm::vec3 min{std::numeric_limits<float>::max()};
  glm::vec3 max{std::numeric_limits<float>::lowest()};

  [[nodiscard]] bool empty() const noexcept { return min.x > max.x; }
  void add(const glm::vec3& point) noexcept;
  void add(const Bounds& other) noexcept;
  [[nodiscard]] glm::vec3 center() const noexcept { return (min + max) * 0.5f; }
  [[nodiscard]] glm::vec3 size() const noexcept { return empty() ? glm::vec3(0.0f) : max - min; }
  [[nodiscard]] float largest_extent() const noexcept;
};

Bounds pose_bounds(const Pose& pose);
// Bounds of every joint over every frame (exact frames).
Bounds motion_bounds(const Clip& clip, PositionMode mode);

// The skeleton's size: the largest extent of frame 1's pose (the rest pose for clips without frames).
float skeleton_height(const Clip& clip, PositionMode mode);

struct UnitGuess {
  std::string_view unit;       // "centimetres", "metres", "inches", "decimetres", "millimetres", "CMU units"
  double metres_per_unit = 0;  // 0.01 for centimetres
};

// Guesses the length unit from a human-sized skeleton's height (about 1.7 m tall).
UnitGuess guess_units(float height) noexcept;

}  // namespace bvhscope
