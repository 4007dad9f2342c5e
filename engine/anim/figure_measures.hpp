// What the view needs to know of a figure, in its upright (Y-up) frame and robust to glitch frames
// and detached joints: its size and length unit, the floor it stands on, and the bounds to frame.
#pragma once

#include <cstddef>
#include <string>

#include <glm/mat3x3.hpp>

#include "anim/clip.hpp"
#include "anim/figure_sample.hpp"
#include "anim/measure.hpp"
#include "anim/up_axis.hpp"

namespace bvhscope {

struct FigureMeasures {
  // Standing height along the up axis, head to feet, in file units: the rest pose's when it stands
  // upright, else the tallest upright pose over the motion. What "tall" means to people.
  float height = 0.0f;
  std::string height_reason;
  // The body's size in file units: its largest extent (rest pose, or its tallest pose; a T-pose's
  // arm span). Drawing budgets, bone radii, framing and thresholds scale with it.
  float extent = 0.0f;
  std::string extent_reason;
  UnitGuess units;  // unit "unknown" for partial rigs (metres_per_unit then only scales the grid)
  std::string unit_reason;
  // A figure guessed human-sized whose standing height is outside 0.5-2.5 m in the guessed unit
  // (a scaled file, an unusual unit): unit_reason says so.
  bool implausible_height = false;
  float floor = 0.0f;  // the contact level: Y of the floor in the upright frame, file units
  std::string floor_reason;
  Bounds bounds;                   // the body over the motion, upright, without outlier frames
  std::size_t outlier_frames = 0;  // sampled frames left out of the bounds and the floor
  std::size_t sampled_frames = 0;
};

// `up` turns file coordinates into the upright frame (rotation_to_y_up of the clip's up axis).
FigureMeasures measure_figure(const Clip& clip, const FigureSample& sample, const glm::mat3& up);

}  // namespace bvhscope
