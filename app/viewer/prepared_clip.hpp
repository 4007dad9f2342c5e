// A clip ready for the viewer: the loaded Clip plus what the view needs to know about it (position
// mode, bounds over the whole motion, height, unit guess, root path), computed off the UI thread.
#pragma once

#include <functional>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/baked_positions.hpp"
#include "anim/clip.hpp"
#include "anim/measure.hpp"
#include "anim/position_mode.hpp"

namespace bvhscope::viewer {

struct ClipMeasures {
  Bounds bounds;         // every joint over every frame
  float height = 0.0f;   // the skeleton's size at frame 0, in the file's units
  UnitGuess units;
  std::vector<glm::vec3> root_path;
  BakedPositions baked;  // every joint at every frame: trails, speed curves, the bounds above
};

struct PreparedClip {
  Clip clip;
  PositionModeRequest mode_request = PositionModeRequest::Auto;
  PositionModeDecision decision;
  ClipMeasures measures;
};

// `on_worker_start` runs first on each thread of the bake (see bake_positions).
ClipMeasures measure_clip(const Clip& clip, PositionMode mode, const std::function<void()>& on_worker_start = {});
PreparedClip prepare_clip(Clip clip, PositionModeRequest request);
// Re-decides the position mode on a loaded clip (the user switched it) and measures again.
void change_position_mode(PreparedClip& prepared, PositionModeRequest request);

}  // namespace bvhscope::viewer
