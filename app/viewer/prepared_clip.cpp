#include "viewer/prepared_clip.hpp"

#include "anim/scene_scale.hpp"

namespace bvhscope::viewer {

ClipMeasures measure_clip(const Clip& clip, PositionMode mode, UpAxisRequest up,
                          const std::function<void()>& on_worker_start) {
  ClipMeasures measures;
  measures.baked = bake_positions(clip, mode, 0, on_worker_start);
  static_cast<FigureAnalysis&>(measures) = analyse_figure(clip, mode, up);
  const bool baked = measures.baked.frame_count > 0;
  const bool has_root = !clip.skeleton.roots.empty();
  measures.root_path =
      baked && has_root ? joint_path(measures.baked, clip.skeleton.roots.front()) : root_trajectory(clip, mode);
  return measures;
}

PreparedClip prepare_clip(Clip clip, PositionModeRequest request, UpAxisRequest up) {
  PreparedClip prepared;
  prepared.clip = std::move(clip);
  prepared.up_request = up;
  change_position_mode(prepared, request);
  return prepared;
}

void change_position_mode(PreparedClip& prepared, PositionModeRequest request) {
  prepared.mode_request = request;
  prepared.decision = decide_position_mode(prepared.clip, request);
  prepared.measures = measure_clip(prepared.clip, prepared.decision.mode, prepared.up_request);
}

void change_up_axis(PreparedClip& prepared, UpAxisRequest request) {
  prepared.up_request = request;
  prepared.measures = measure_clip(prepared.clip, prepared.decision.mode, request);
}

}  // namespace bvhscope::viewer
