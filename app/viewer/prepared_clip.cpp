#include "viewer/prepared_clip.hpp"

#include "anim/scene_scale.hpp"

namespace bvhscope::viewer {

ClipMeasures measure_clip(const Clip& clip, PositionMode mode) {
  ClipMeasures measures;
  measures.baked = bake_positions(clip, mode);
  measures.bounds = measures.baked.frame_count > 0 ? baked_bounds(measures.baked) : motion_bounds(clip, mode);
  measures.height = skeleton_height(clip, mode);
  measures.units = guess_units(measures.height);
  measures.root_path = root_trajectory(clip, mode);
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
