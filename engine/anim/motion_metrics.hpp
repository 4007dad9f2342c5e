// Motion-quality numbers of one clip, as motion-generation papers report them, from world positions
// in metres in the clip's upright frame: foot contacts and skating, jitter, floating and ground
// penetration, bone-length drift, root speed and distance. Each number's definition is in README
// (`bvhscope metrics`).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "anim/clip.hpp"
#include "anim/clip_analysis.hpp"
#include "anim/position_mode.hpp"

namespace bvhscope {

struct MetricThresholds {
  double contact_height_m = 0.05;  // a foot this close to the floor (or below) is in contact
  double skate_speed_mps = 0.25;   // a foot in contact moving faster than this (horizontally) skates
  double float_height_m = 0.05;    // a frame whose lowest point is higher than this floats
  double penetration_m = 0.01;     // a frame whose lowest point is deeper than this penetrates
};

struct FootMetrics {
  int joint = -1;  // an End Site (or a joint) of the clip's skeleton
  std::string name;
  std::size_t contact_frames = 0;
  double mean_skate_speed_mps = 0.0;  // horizontal speed while in contact, mean over its contact frames
  std::size_t skating_frames = 0;     // contact frames above MetricThresholds::skate_speed_mps
};

struct MotionMetrics {
  std::size_t frames = 0;
  double frame_time = 0.0;
  double metres_per_unit = 0.0;
  std::vector<FootMetrics> feet;
  std::string feet_reason;  // how the feet were found
  // Over every foot's contact frames (frames 1..n-1: a speed needs the frame before).
  double skating_speed_mps = 0.0;   // mean horizontal foot speed in contact
  double skating_share = 0.0;       // share of contact frames skating
  double contact_share = 0.0;       // share of frames with at least one foot in contact
  double jitter_mps3 = 0.0;         // mean jerk magnitude over every joint and frame 3..n-1
  double mean_lowest_m = 0.0;       // mean over frames of the lowest joint's height above the floor
  double floating_share = 0.0;      // frames whose lowest point is above float_height_m
  double penetration_share = 0.0;   // frames whose lowest point is below -penetration_m
  double mean_penetration_m = 0.0;  // mean depth below the floor over every frame (0 when above)
  double max_penetration_m = 0.0;
  double max_bone_drift =
      0.0;                  // (longest - shortest) / the figure's size, of the bone that changes most (0 below 1e-4)
  std::string drift_joint;  // that bone's child joint ("" when no bone has a length)
  double root_distance_m = 0.0;  // horizontal path length of the first root
  double root_speed_mps = 0.0;   // root_distance_m over the clip's duration
};

// `analysis` gives the upright frame, the floor and the unit (analyse_figure of the same clip and
// mode); `metres_per_unit` overrides its unit guess when > 0.
MotionMetrics measure_motion(const Clip& clip, PositionMode mode, const FigureAnalysis& analysis,
                             const MetricThresholds& thresholds = {}, double metres_per_unit = 0.0);

}  // namespace bvhscope
