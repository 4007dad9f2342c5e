#include "viewer/prepared_clip.hpp"

#include "anim/scene_scale.hpp"

namespace bvhscope::viewer {

ClipMeasures measure_clip(const Clip& clip, PositionMode mode, const std::function<void()>& on_worker_start) {
  ClipMeasures measures;
  measures.baked = bake_positions(clip, mode, 0, on_worker_start);
  const bool baked = measures.baked.frame_count > 0;
  measures.bounds = baked ? baked_bounds(measures.baked) : motion_bounds(clip, mode);
  measures.height = skeleton_height(clip, mode);
  measures.units = guess_units(measures.height);
  const bool has_root = !clip.skeleton.roots.empty();
  measures.root_path = baked && has_root ? joint_path(measures.baked, clip.skeleton.roots.front()) : root_trajectory(clip, mode);
  return measures;
}

PreparedClip prepare_clip(Clip clip, PositionModeRequest request) {
  PreparedClip prepared;
  prepared.clip = std::move(clip);
  change_position_mode(prepared, request);
  return prepared;
}

void change_position_mode(PreparedClip& prepared, PositionModeRequest request) {
  prepared.mode_request = request;
  prepared.decision = decide_position_mode(prepared.clip, request);
  prepared.measures = measure_clip(prepared.clip, prepared.decision.mode);
}

}  // namespace bvhscope::viewer
