// Viewer: applying what the panels and shortcuts asked for this frame, in one place.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "viewer/viewer.hpp"

namespace bvhscope::viewer {

void Viewer::select_joint(int slot_index, int joint) {
  if (slot_index < 0 || static_cast<std::size_t>(slot_index) >= state_.clips.size()) return;
  state_.clips.select(slot_index, joint);
  if (joint >= 0) framing_.reveal = ViewFraming::Reveal{state_.clips[static_cast<std::size_t>(slot_index)].id, joint};
  sync_clip_set();
  inspect_key_ = {};
  update_inspection();
}

// A finding of the Problems tab: the playhead paused where the clip shows its frame, its joint
// selected (the joint tree reveals it, the inspector and curves show it).
void Viewer::go_to_problem(const Actions::ProblemPlace& place) {
  const int index = state_.clips.index_of(place.clip_id);
  if (index < 0) return;
  const ClipSlot& slot = state_.clips[static_cast<std::size_t>(index)];
  if (place.frame >= 0 && static_cast<std::size_t>(place.frame) < slot.clip().motion.frame_count) {
    PlaybackClock& clock = state_.clock();
    clock.pause();
    clock.seek(state_.clips.clock_position_for(slot, static_cast<double>(place.frame)));
  }
  if (place.joint >= 0 && place.joint < slot.clip().skeleton.joint_count()) select_joint(index, place.joint);
}

// Shift+F: the camera keeps its direction and frames every visible clip's joints as drawn now.
void Viewer::frame_current_pose() {
  Bounds bounds;
  for (std::size_t i = 0; i < state_.clips.size(); ++i) {
    if (!state_.clips[i].drawn()) continue;
    for (const glm::vec3& joint : scene_.renderer().skeleton_pass().joint_positions(i)) bounds.add(joint);
  }
  if (bounds.empty()) return;
  frame_in_visible_view(bounds, false);
  state_.follow_height = state_.camera.target.y;
  remember_framing(bounds);
}

// Where the joint is drawn (a ghost stands over the reference, not where its placement puts it).
glm::vec3 Viewer::placed_joint(const ClipSlot& slot, int joint) const {
  return scene_.placed_joint(state_.clips, slot, joint);
}

void Viewer::apply_clip_actions(const Actions& a) {
  ClipSet& clips = state_.clips;
  if (a.activate_clip) clips.set_active(*a.activate_clip);
  if (a.clip_visible) clips.set_visible(a.clip_visible->first, a.clip_visible->second);
  if (a.solo_clip) clips.solo(*a.solo_clip);
  if (a.show_all_clips) clips.show_all();
  if (a.clip_time_offset) clips.set_time_offset(a.clip_time_offset->first, a.clip_time_offset->second);
  if (a.clip_side_offset) clips.set_side_offset(a.clip_side_offset->first, a.clip_side_offset->second);
  if (a.auto_space) clips.auto_space();
  if (a.align_starts) clips.align_starts();
  if (a.overlay_at_origin) clips.overlay_at_origin();
  if (a.move_clip) clips.move_clip(a.move_clip->first, a.move_clip->second);
  if (a.remove_clip) clips.remove(*a.remove_clip);
  if (a.remove_all_clips) clips.remove_all();
  sync_clip_set();
}

void Viewer::apply_joint_actions(const Actions& a) {
  state_.hovered_joint = a.hover_joint.value_or(-1);
  if (a.select_joint) select_joint(state_.active(), *a.select_joint);
  if (a.go_to_problem) go_to_problem(*a.go_to_problem);
  if (a.centre_on_joint) {
    const ClipSlot* slot = state_.active_slot();
    if (slot != nullptr && *a.centre_on_joint >= 0 && *a.centre_on_joint < slot->clip().skeleton.joint_count()) {
      select_joint(state_.active(), *a.centre_on_joint);
      state_.camera.target = placed_joint(*slot, *a.centre_on_joint);
      state_.follow_height = state_.camera.target.y;
    }
  }
  if (a.inspection) state_.inspection = *a.inspection;  // the trail follows in update_trail
  if (a.clear_curve_pins) state_.curve_pins.clear();
  if (a.toggle_curve_pin) toggle_curve_pin(state_.curve_pins, *a.toggle_curve_pin);
}

void Viewer::apply_export_actions(const Actions& a) {
  if (a.export_png_path) export_.png_path = *a.export_png_path;
  if (a.export_sequence && !export_.active) {
    const ClipSlot* slot = state_.active_slot();
    std::error_code ec;
    std::filesystem::create_directories(a.export_sequence->directory, ec);
    if (slot == nullptr || ec) {
      state_.message = Message{Message::Kind::Error, "cannot create the folder " + a.export_sequence->directory +
                                                         (ec ? ": " + ec.message() : std::string())};
    } else {
      const std::size_t frames = slot->clip().motion.frame_count;
      export_.active = frames > 0;
      export_.directory = a.export_sequence->directory;
      export_.last = std::min(a.export_sequence->last, frames > 0 ? frames - 1 : 0);
      export_.first = std::min(a.export_sequence->first, export_.last);
      export_.next = export_.first;
      export_.clip_id = slot->id;
      export_.resume_position = state_.clock().position();
      export_.resume_playing = state_.clock().playing();
      state_.clock().pause();
    }
  }
  outputs_.apply(
      a, state_, dialogs_,
      ViewPixels{static_cast<int>(layout_.view.width * ui_scale_), static_cast<int>(layout_.view.height * ui_scale_)});
  if (a.browse_output) files_.browse_output(*a.browse_output, dialogs_);
  if (a.cancel_export && export_.active) {
    export_.active = false;
    state_.clock().seek(export_.resume_position);
    if (export_.resume_playing) state_.clock().play();
    state_.message =
        Message{Message::Kind::Info, "PNG sequence cancelled after " + std::to_string(export_.done()) + " frames"};
  }
}

void Viewer::follow_outputs(const OutputFollowUps& follow_ups) {
  // The watcher, which would notice the save too, is told the file as it is now, so that the clip
  // does not reload a second time.
  if (const ClipSlot* replaced = state_.clips.with_id(follow_ups.reload_clip)) {
    state_.loading.written(replaced->clip().source);
    reload_clip(*replaced);
  }
  if (!follow_ups.open.empty()) open_paths(follow_ups.open);
}

void Viewer::apply(const Actions& a) {
  PlaybackClock& clock = state_.clock();
  if (a.toggle_play) clock.toggle();
  // Keys pressed in one frame apply in order: Home or End drops the steps before it (handle_input),
  // so the jump comes first and the steps after it count from there.
  if (a.jump_first) clock.jump_to_first();
  if (a.jump_last) clock.jump_to_last();
  if (a.step != 0) clock.step(a.step);
  if (a.shuttle) clock.shuttle(*a.shuttle);
  if (a.set_in_point) clock.set_in_point(static_cast<double>(clock.frame()));
  if (a.set_out_point) clock.set_out_point(static_cast<double>(clock.frame()));
  if (a.clear_range) clock.clear_range();
  if (a.seek) clock.seek(*a.seek);
  if (a.scrub_begin) clock.begin_scrub();
  if (a.scrub) clock.scrub(*a.scrub);
  if (a.scrub_end) clock.end_scrub();
  if (a.speed) clock.set_speed(*a.speed);
  if (a.loop) clock.set_loop(*a.loop);
  if (a.interpolate) state_.interpolate = *a.interpolate;
  if (a.clip_end) state_.clip_end = *a.clip_end;
  if (a.timeline_view) state_.timeline_view = *a.timeline_view;
  ClipSlot* active = state_.active_slot();
  const int interpreted = a.interpretation_clip.value_or(state_.active());
  if ((a.position_mode || a.up_axis) && interpreted >= 0 &&
      static_cast<std::size_t>(interpreted) < state_.clips.size()) {
    // Prepared again in the background; the clip stays on screen as it is until then.
    ClipSlot& slot = state_.clips[static_cast<std::size_t>(interpreted)];
    const int asked =
        state_.clips.change_interpretation(interpreted, a.position_mode.value_or(slot.prepared.mode_request),
                                           a.up_axis.value_or(slot.prepared.up_request));
    if (a.up_axis && asked != 0) framing_.reframe_clip_id = slot.id;  // a figure turned upright is somewhere else
  }
  if (a.units_choice && active != nullptr) state_.clips.set_units(state_.active(), *a.units_choice);
  if (a.frame_rate && active != nullptr)
    state_.clips.set_frame_time(state_.active(),
                                *a.frame_rate > 0.0 ? std::optional(1.0 / *a.frame_rate) : std::nullopt);
  if (a.display) {
    const bool floor_changed = a.display->floor_at_origin != state_.display.floor_at_origin;
    state_.display = *a.display;
    if (floor_changed) rebuild_scene();
  }
  if (a.panel_width) settings_.panel_width = std::clamp(*a.panel_width / ui_scale_, 200.0f, 1200.0f);
  if (a.left_panel_width) settings_.left_panel_width = std::clamp(*a.left_panel_width / ui_scale_, 160.0f, 1200.0f);
  apply_clip_actions(a);
  apply_joint_actions(a);
  if (a.frame_all || a.frame_pose || a.reset_camera || a.camera_view || a.follow) framing_.glide.active = false;
  if (a.frame_all && !scene_.bounds().empty()) {
    frame_in_visible_view(scene_.bounds(), false);
    remember_framing(scene_.bounds());
  }
  if (a.frame_pose) frame_current_pose();
  if (a.camera_view) state_.camera.look_from(*a.camera_view);  // the target and distance kept
  if (a.toggle_projection) state_.camera.orthographic = !state_.camera.orthographic;
  if (a.reset_camera && !scene_.bounds().empty()) {
    const Bounds bounds = first_view_bounds();
    frame_in_visible_view(bounds, true);
    state_.follow = false;
    remember_framing(bounds);
  }
  if (a.follow) {
    state_.follow = *a.follow;
    state_.follow_height = state_.camera.target.y;
    update_follow();
  }
  if (a.open_dialog || a.open_dialog_replacing) {
    files_.open_replaces = a.open_dialog_replacing;
    dialogs_.open_replaces = files_.open_replaces;
    start_open_dialog();
  }
  if (a.open_path) open_paths({*a.open_path}, a.open_path_replacing);
  if (a.open_sample) open_sample();
  // The clip actions above may have removed or moved the active clip: looked up again.
  if (a.reload && state_.active_slot() != nullptr) reload_clip(*state_.active_slot());
  if (a.watch_files) {
    state_.watch_files = *a.watch_files;
    state_.loading.watch_afresh(state_.active_slot());
  }
  apply_export_actions(a);
  apply_compare_actions(a);
  sync_ghosts();
  if (a.cancel_load) {
    state_.clips.cancel_loads();
    sync_clip_set();
  }
  if (a.clear_recent) settings_.recent_files.clear();
  if (a.dismiss_message) {
    state_.message.reset();
    state_.problems.clear();
  }
  if (a.show_shortcuts) dialogs_.shortcuts_requested = true;
  if (a.quit) quit_ = true;
}

}  // namespace bvhscope::viewer
