#include "anim/clip_analysis.hpp"

#include "anim/figure_sample.hpp"

namespace bvhscope {

FigureAnalysis analyse_figure(const Clip& clip, PositionMode mode, UpAxisRequest up) {
  FigureAnalysis analysis;
  const FigureSample sample = sample_figure(clip, mode);
  analysis.up = decide_up_axis(clip, sample, up);
  analysis.to_upright = rotation_to_y_up(analysis.up.axis);
  analysis.figure = measure_figure(clip, sample, analysis.to_upright);
  analysis.detached_joints = sample.joint_count - sample.body_joints;
  return analysis;
}

ClipAnalysis analyse_clip(const Clip& clip, PositionModeRequest position, UpAxisRequest up) {
  ClipAnalysis analysis;
  analysis.position = decide_position_mode(clip, position);
  static_cast<FigureAnalysis&>(analysis) = analyse_figure(clip, analysis.position.mode, up);
  return analysis;
}

}  // namespace bvhscope
