// A clip ready for the viewer: the loaded Clip plus what the view needs to know about it (position
// mode, up axis, the figure's robust upright bounds, floor, size and unit guess, root path, every
// joint's baked positions, how much of it is drawn, the joints' labels and tree shape), computed off
// the UI thread (a million joints take seconds to list).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

#include "anim/baked_positions.hpp"
#include "anim/clip.hpp"
#include "anim/clip_analysis.hpp"
#include "anim/measure.hpp"
#include "anim/position_mode.hpp"
#include "anim/up_axis.hpp"
#include "anim/up_axis_detection.hpp"
#include "model/draw_detail.hpp"
#include "model/joint_tree_rows.hpp"

namespace bvhscope {

// The up axis, the rotation to the upright frame and the figure's measures there (robust bounds,
// floor, size, unit guess, each with its reason), plus the per-frame data below.
struct ClipMeasures : FigureAnalysis {
  std::vector<glm::vec3> root_path;  // file coordinates
  BakedPositions baked;              // every joint at every frame, file coordinates: trails, speed curves
  DrawDetail detail;                 // how much of it is drawn, stood upright (less for huge skeletons)
};

// What the joint tree and labels show of each joint, built once per clip.
struct JointListing {
  std::vector<std::string> labels;          // "Name #index" for duplicates
  std::vector<std::string> channel_orders;  // "XYZ ZXY": position then rotation order
  JointTreeShape tree_shape;
};
JointListing list_joints(const Skeleton& skeleton);

struct PreparedClip {
  Clip clip;
  PositionModeRequest mode_request = PositionModeRequest::Auto;
  UpAxisRequest up_request;
  PositionModeDecision decision;
  ClipMeasures measures;
  JointListing listing;  // moved into the viewer's slot (empty after)
};

// A second handle on a prepared clip: its motion table shared (not copied, share_clip), the rest
// copied.
PreparedClip share_prepared_clip(const PreparedClip& original);

// `on_worker_start` runs first on each thread of the bake (see bake_positions).
ClipMeasures measure_clip(const Clip& clip, PositionMode mode, UpAxisRequest up,
                          const std::function<void()>& on_worker_start = {});
PreparedClip prepare_clip(Clip clip, PositionModeRequest request, UpAxisRequest up = {});
// Re-decides the position mode and the up axis on a loaded clip (the user switched one) and
// measures again.
void change_position_mode(PreparedClip& prepared, PositionModeRequest request);
void change_up_axis(PreparedClip& prepared, UpAxisRequest request);

}  // namespace bvhscope
