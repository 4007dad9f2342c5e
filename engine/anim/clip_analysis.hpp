// Everything decided about a clip before it is shown or reported: the position mode, the up axis,
// and the figure's size, unit, floor and bounds in its upright frame, each with its reason.
#pragma once

#include "anim/clip.hpp"
#include "anim/figure_measures.hpp"
#include "anim/position_mode.hpp"
#include "anim/up_axis.hpp"
#include "anim/up_axis_detection.hpp"

namespace bvhscope {

// The figure under a decided position mode: its up axis, and its measures in the upright frame.
struct FigureAnalysis {
  UpAxisDecision up;
  glm::mat3 to_upright{1.0f};  // rotation_to_y_up(up.axis)
  FigureMeasures figure;
  int detached_joints = 0;  // joints left out of the body (far from it)
};

struct ClipAnalysis : FigureAnalysis {
  PositionModeDecision position;
};

FigureAnalysis analyse_figure(const Clip& clip, PositionMode mode, UpAxisRequest up);
ClipAnalysis analyse_clip(const Clip& clip, PositionModeRequest position, UpAxisRequest up);

}  // namespace bvhscope
