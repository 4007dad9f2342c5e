#include "viewer/state_report.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <sstream>

#include <imgui.h>

#include "gfx/gl_debug.hpp"
#include "model/orbit_camera.hpp"
#include "viewer/ui/dialog_keys.hpp"
#include "viewer/ui/readout_fit.hpp"

namespace bvhscope::viewer {
namespace {

// The selected joint and what the inspector shows for it, at full float precision.
// "x,y,w,h" in whole pixels.
std::string rect_text(const Rect& r) {
  return std::to_string(static_cast<int>(r.x)) + ',' + std::to_string(static_cast<int>(r.y)) + ',' +
         std::to_string(static_cast<int>(r.width)) + ',' + std::to_string(static_cast<int>(r.height));
}

void describe_selection(const ViewerState& state, std::ostream& out) {
  const ClipSlot* slot = state.active_slot();
  out << "selected=" << state.selected_joint() << '\n';
  out << "selected_name="
      << (slot != nullptr && slot->selected >= 0 ? slot->labels[static_cast<std::size_t>(slot->selected)] : "") << '\n';
  out << "labels=" << static_cast<int>(state.inspection.labels) << '\n';
  out << "trail=" << state.inspection.trail << '\n';
  const ViewerState::ViewHover& hover = state.view_hover;
  out << "hovered_clip=" << hover.clip << '\n';
  out << "hovered_joint=" << hover.joint << '\n';
  out << "hovered_name="
      << (hover.clip >= 0
              ? state.clips[static_cast<std::size_t>(hover.clip)].labels[static_cast<std::size_t>(hover.joint)]
              : std::string())
      << '\n';
  if (!state.inspected) {
    out << "inspected=none\n";
    return;
  }
  const JointDetails& d = *state.inspected;
  out << std::setprecision(9);
  out << "inspected=" << d.index << '\n';
  out << "inspected_parent=" << d.parent << '\n';
  out << "inspected_depth=" << d.depth << '\n';
  out << "inspected_channels=";
  for (std::size_t i = 0; i < d.channels.size(); ++i)
    out << (i == 0 ? "" : ";") << d.channels[i].column << ':' << d.channels[i].value;
  out << '\n';
  const auto vec = [&](const char* key, const glm::vec3& v) {
    out << key << '=' << v.x << ',' << v.y << ',' << v.z << '\n';
  };
  const auto quat = [&](const char* key, const glm::quat& q) {
    out << key << '=' << q.w << ',' << q.x << ',' << q.y << ',' << q.z << '\n';
  };
  vec("inspected_offset", d.offset);
  vec("inspected_local_translation", d.local_translation);
  quat("inspected_local_rotation", d.local_rotation);
  vec("inspected_world_position", d.world_position);
  quat("inspected_world_rotation", d.world_rotation);
  out << std::setprecision(6);
}

}  // namespace

std::string describe_state(const Viewer& viewer, const LoadFrameTimes* load_times, const PresentCounts* presents) {
  const ViewerState& state = viewer.state();
  const Viewer::Parts parts = viewer.parts();
  std::ostringstream out;
  out << "title=" << viewer.title() << '\n';
  out << "gl_errors=" << gfx::gl_error_count() << '\n';  // recorded in debug and test builds (gfx/gl_debug.hpp)
  out << "ground_redraws=" << viewer.ground_redraws() << '\n';
  if (presents != nullptr) {
    out << "partial_frames=" << (presents->partial ? 1 : 0) << '\n';
    out << "frames_by_rectangles=" << presents->rectangles << '\n';
    out << "frames_whole=" << presents->whole << '\n';
    out << "frames_unchanged=" << presents->unchanged << '\n';
  }
  const ClipSlot* slot = state.active_slot();
  out << "clip=" << (slot != nullptr ? slot->clip().source : std::string()) << '\n';
  out << "file_name=" << (slot != nullptr ? slot->file_name : std::string()) << '\n';
  out << "clips=" << state.clips.size() << '\n';
  out << "active=" << state.active() << '\n';
  out << "clip_frame=" << (slot != nullptr ? slot->frame() : 0) << '\n';
  out << "frames=" << state.clock().frame_count() << '\n';
  out << "frame=" << state.clock().frame() << '\n';
  out << "playing=" << state.clock().playing() << '\n';
  out << "loop=" << state.clock().looping() << '\n';
  out << "reversed=" << state.clock().reversed() << '\n';
  out << "range=";
  if (state.clock().has_range()) out << state.clock().range_start() << ',' << state.clock().range_end();
  out << '\n';
  out << "speed=" << state.clock().speed() << '\n';
  out << "interpolate=" << state.interpolate << '\n';
  out << "clip_end=" << clip_end_name(state.clip_end) << '\n';
  out << "style=" << (state.display.solid ? "solid" : "lines") << '\n';
  out << "trajectory=" << state.display.trajectory << '\n';
  out << "follow=" << state.follow << '\n';
  out << "loading=" << state.loading.busy() << '\n';
  std::size_t streaming_frames = 0;
  std::size_t streaming_expected = 0;
  for (const ClipSlot& s : state.clips) {
    if (!s.loading) continue;
    streaming_frames = s.clip().motion.frame_count;
    streaming_expected = s.expected_frames;
  }
  out << "streaming_frames=" << streaming_frames << '\n';
  out << "streaming_expected_frames=" << streaming_expected << '\n';
  out << "timeline_expected_frames=" << state.clips.timeline_expected_frames() << '\n';
  out << "first_streamed_frame_ms=" << parts.load.first_streamed_frame_seconds * 1000.0 << '\n';
  if (load_times != nullptr) {
    const LoadFrameSummary& last = load_times->last_load();
    out << "frames_drawn=" << load_times->frames_drawn() << '\n';
    out << "loads_ended=" << load_times->loads() << '\n';
    out << "load_frames=" << last.frames << '\n';
    out << "load_frame_p95_ms=" << last.p95_ms << '\n';
    out << "load_frame_max_ms=" << last.max_ms << '\n';
    out << "load_seconds=" << last.seconds << '\n';
    const LoadFrameSummary idle = load_times->idle();
    out << "idle_frames=" << idle.frames << '\n';
    out << "idle_frame_p95_ms=" << idle.p95_ms << '\n';
  }
  out << "message_kind="
      << (!state.message                                ? "none"
          : state.message->kind == Message::Kind::Error ? "error"
                                                        : "info")
      << '\n';
  std::string message = state.message ? state.message->text : std::string();
  for (char& c : message) c = c == '\n' ? '|' : c;
  out << "message=" << message << '\n';
  out << "message_seconds=" << parts.messages.seconds_shown() << '\n';
  out << "export_dialog=" << parts.dialogs.export_open << '\n';
  out << "export_path=" << parts.dialogs.export_path.data() << '\n';
  const HierarchyPanelState& tree = parts.panels.hierarchy;
  out << "joint_filter=" << tree.filter_text.data() << '\n';
  out << "tree_scroll=" << tree.scroll_y << '\n';
  out << "tree_cut=";
  for (std::size_t i = 0; i < tree.cut_count; ++i) out << (i > 0 ? "|" : "") << tree.cut_labels[i];
  out << '\n';
  const Rect& filter_box = parts.panels.hierarchy.filter_box;
  out << "joint_filter_box=" << filter_box.x << ',' << filter_box.y << ',' << filter_box.width << ','
      << filter_box.height << '\n';
  out << "popups=" << open_popup_count() << '\n';
  out << "video_export_dialog=" << parts.dialogs.video.open << '\n';
  out << "video_export=" << job_phase_name(parts.outputs.video_export().job.phase()) << '\n';
  out << "video_export_done=" << parts.outputs.video_export().job.done() << '\n';
  out << "video_export_total=" << parts.outputs.video_export().job.total() << '\n';
  const SaveBvhDialog& save_dialog = parts.dialogs.save_bvh;
  out << "save_bvh_dialog=" << save_dialog.open << '\n';
  out << "save_bvh_path=" << save_dialog.path.data() << '\n';
  out << "save_bvh_options=" << (save_dialog.open ? convert_arguments(chosen_save_bvh(save_dialog)) : std::string())
      << '\n';
  for (const auto& [key, box] : {std::pair{"save_bvh_unwrap_box=", save_dialog.unwrap_box},
                                 std::pair{"save_bvh_replace_box=", save_dialog.replace_box},
                                 std::pair{"save_bvh_browse_box=", save_dialog.browse_box},
                                 std::pair{"save_bvh_beside_box=", save_dialog.beside_box}}) {
    out << key << box[0] << ',' << box[1] << ',' << box[2] << ',' << box[3] << '\n';
  }
  out << "save_bvh=" << parts.outputs.save_bvh().report() << '\n';
  const RetargetDialog& retarget_dialog = parts.dialogs.retarget;
  out << "retarget_dialog=" << retarget_dialog.open << '\n';
  out << "retarget_target="
      << (retarget_dialog.target >= 0 && retarget_dialog.target < static_cast<int>(retarget_dialog.targets.size())
              ? retarget_dialog.targets[static_cast<std::size_t>(retarget_dialog.target)].name
              : std::string())
      << '\n';
  out << "retarget_rows=" << retarget_dialog.rows.size() << '\n';
  out << "retarget_path=" << retarget_dialog.path.data() << '\n';
  const auto& go = retarget_dialog.retarget_box;
  out << "retarget_box=" << go[0] << ',' << go[1] << ',' << go[2] << ',' << go[3] << '\n';
  out << "retarget_outcome=" << retarget_dialog.outcome << '\n';
  out << "retarget=" << parts.outputs.retarget().report() << '\n';
  out << "problems=" << state.problems.size() << '\n';
  for (std::size_t i = 0; i < state.problems.size(); ++i) {
    std::string text = state.problems[i].text;
    for (char& c : text) c = c == '\n' ? '|' : c;
    out << "problem_" << i + 1 << '=' << text << '\n';
  }
  if (slot != nullptr) out << "position_mode=" << position_mode_name(slot->prepared.decision.mode) << '\n';
  if (slot != nullptr) out << "up_axis=" << up_axis_name(slot->prepared.measures.up.axis) << '\n';
  describe_selection(state, out);
  out << "detail=" << (slot != nullptr ? draw_detail_notice(slot->detail) : std::string()) << '\n';
  out << "labels_shown=" << parts.labels.shown << '\n';
  // A widget held by the mouse (a drag under way, the timeline's pan too), so tests can wait for a
  // press to register.
  out << "ui_active="
      << ((ImGui::GetCurrentContext() != nullptr && ImGui::IsAnyItemActive()) || parts.panels.timeline.panning) << '\n';
  // A text field taking typed input (a drag field double-clicked to type, the joint filter).
  out << "text_input=" << (ImGui::GetCurrentContext() != nullptr && ImGui::GetIO().WantTextInput) << '\n';
  out << "speed_field=" << rect_text(parts.panels.timeline.speed_field) << '\n';
  // The button of a drag that began in the view (-1: none): a press the view has taken.
  out << "view_drag=" << parts.pointer.drag_button << '\n';
  out << "camera_glide=" << viewer.camera_gliding() << '\n';
  out << "labels_hidden=" << parts.labels.hidden << '\n';
  // The loop would sleep: paused, nothing loading, no work in the background.
  out << "idle=" << (!state.clock().playing() && !state.loading.busy() && !viewer.background_busy()) << '\n';
  // The curves strip's plots as last drawn: rectangle; shown range; frames off-scale; the
  // read-out under the mouse ("frame=F,name=value,..."); its legend entries ("name:x,y,w,h;...");
  // hidden channels.
  const CurvesCache& curves = parts.panels.curves;
  for (int p = 0; p < 3; ++p) {
    if (!curves.drawn[p]) continue;
    const CurvePlotState& plot = curves.plots[p];
    out << "curves_" << kCurvePlotNames[p] << '=' << plot.area.x << ',' << plot.area.y << ',' << plot.area.width << ','
        << plot.area.height << ';' << plot.range.low << ',' << plot.range.high << ';'
        << (plot.value.manual() ? 0 : plot.automatic.off_scale) << ';' << plot.hover << '\n';
    out << "curves_" << kCurvePlotNames[p] << "_legend=";
    for (const auto& [name, rect] : plot.legend)
      out << name << ':' << rect.x << ',' << rect.y << ',' << rect.width << ',' << rect.height << ';';
    out << '\n';
  }
  std::string hidden;
  for (int t = 0; t < 7; ++t) {
    if (!curves.toggles.hidden[t]) continue;
    if (!hidden.empty()) hidden += ',';
    hidden += t == kSpeedToggle ? std::string("world") : std::string(channel_name(static_cast<ChannelKind>(t)));
  }
  out << "curves_hidden=" << hidden << '\n';
  // The strip's series (clip id:joint:legend label:colour as 0xBBGGRR, in order; "!" before a
  // hidden one; the colour is the curves' when there are several), the pinned
  // joints (clip id:joint), "every clip", and its two buttons.
  out << "curves_series=";
  for (std::size_t i = 0; i < curves.series.size(); ++i) {
    const SeriesCurves& series = curves.series[i];
    out << (i > 0 ? ";" : "") << (i < kMaxCurveSeries && curves.toggles.hidden_series[i] ? "!" : "")
        << series.key.clip_id << ':' << series.key.joint << ':' << series.label << ':' << std::hex << std::setw(6)
        << std::setfill('0') << (series.colour & 0xFFFFFFu) << std::dec << std::setfill(' ');
  }
  out << '\n';
  out << "curve_pins=";
  for (std::size_t i = 0; i < state.curve_pins.size(); ++i)
    out << (i > 0 ? ";" : "") << state.curve_pins[i].clip_id << ':' << state.curve_pins[i].joint;
  out << '\n';
  out << "curves_every_clip=" << state.inspection.curves_every_clip << '\n';
  out << "curves_legend=";  // with several series, the legend over the plots: "name:x,y,w,h;..."
  for (const auto& [name, rect] : curves.legend)
    out << name << ':' << rect.x << ',' << rect.y << ',' << rect.width << ',' << rect.height << ';';
  out << '\n';
  out << "curves_pin_button=" << rect_text(curves.pin_button) << '\n';
  out << "curves_clips_button=" << rect_text(curves.clips_button) << '\n';
  const OrbitCamera& camera = state.camera;
  out << "camera=" << camera.target.x << ',' << camera.target.y << ',' << camera.target.z << ',' << camera.distance
      << ',' << camera.yaw << ',' << camera.pitch << '\n';
  out << "camera_view=" << camera_view_name(camera.view_name()) << '\n';
  out << "projection=" << (camera.orthographic ? "orthographic" : "perspective") << '\n';
  const GroundGrid& ground = viewer.scene().ground;  // the floor as last staged: its centre and half-width
  out << "ground=" << ground.center.x << ',' << ground.center.y << ',' << ground.center.z << ',' << ground.extent
      << '\n';
  const Rect& view = viewer.layout().view;
  const Rect& timeline = viewer.layout().timeline;
  out << "timeline=" << timeline.x << ',' << timeline.y << ',' << timeline.width << ',' << timeline.height << '\n';
  out << "view=" << view.x << ',' << view.y << ',' << view.width << ',' << view.height << '\n';
  // The layout: the side panels (their strips when collapsed), the curves strip over the view's
  // bottom, the view's part it leaves, the panels' arrows; the readouts of the last frame: how many
  // were measured, shortened (wrapped or "..."), drawn wider than their space, the most by how much.
  const UiLayout& layout = viewer.layout();
  const auto rect_line = [&](const char* key, const Rect& r) {
    out << key << '=' << r.x << ',' << r.y << ',' << r.width << ',' << r.height << '\n';
  };
  rect_line("visible_view", layout.visible_view);
  rect_line("left_panel", layout.left);
  rect_line("right_panel", layout.panel);
  rect_line("left_strip", layout.left_strip);
  rect_line("right_strip", layout.right_strip);
  rect_line("curves", layout.curves);
  rect_line("tree_rows", parts.panels.hierarchy.rows_area);
  out << "left_collapsed=" << layout.left_collapsed << '\n';
  out << "right_collapsed=" << layout.right_collapsed << '\n';
  const PanelControls& controls = parts.panels.controls;
  rect_line("left_collapse_button", controls.left_collapse);
  rect_line("right_collapse_button", controls.right_collapse);
  rect_line("left_reopen_button", controls.left_reopen);
  rect_line("right_reopen_button", controls.right_reopen);
  if (ImGui::GetCurrentContext() != nullptr) {
    const ImVec2 size = ImGui::GetIO().DisplaySize;
    out << "window_size=" << size.x << ',' << size.y << '\n';
  }
  const ReadoutTally& readouts = readout_tally();
  out << "readouts=" << readouts.drawn << ';' << readouts.shortened << ';' << readouts.overflowing << ';'
      << readouts.worst_overflow << '\n';
  // The clock frames the timeline shows (zoom and pan), at full precision.
  out << std::setprecision(17) << "timeline_view=" << state.timeline_view.first() << ',' << state.timeline_view.last()
      << std::setprecision(6) << '\n';
  // Every clip: file, load state, frames, frames per second, time offset (s), visibility, id, shown
  // at this frame's time (1; 0 outside its frames with clip_end=hide); its timeline lane (mapped
  // through the view: it may reach past the track).
  for (std::size_t i = 0; i < state.clips.size(); ++i) {
    const ClipSlot& c = state.clips[i];
    out << "clip_" << i + 1 << '=' << c.clip().source << ';' << (c.loading ? "streaming" : "ready") << ';'
        << c.clip().motion.frame_count << ';' << 1.0 / c.clip().motion.frame_time << ';' << c.time_offset << ';'
        << (c.visible ? "visible" : "hidden") << ';' << c.id << ';' << c.shown << '\n';
  }
  // The loads of the last batch (a drop of many files): how many ended, and each one's state.
  const LoadCount count = state.clips.load_count();
  out << "loads=" << count.finished << '/' << count.total << '\n';
  for (std::size_t i = 0; i < state.clips.loads().size(); ++i) {
    const ClipLoad& load = state.clips.loads()[i];
    out << "load_" << i + 1 << '=' << load.path << ';' << load_state_name(load.state) << ';' << load.clip_id << '\n';
  }
  // The comparison: the reference's clip id (0: none), alignment, error colours, ghost, the colour
  // scale's top (reference units); then each compared clip: id, status, MPJPE, max error (reference
  // units), worst reference frame, frames compared, offset (reference frames).
  const Comparison& comparison = state.comparison;
  const ClipSlot* reference = state.clips.with_id(comparison.settings().reference_id);
  const double reference_mpu = reference != nullptr ? metres_per_unit(*reference) : 0.0;
  out << "compare=" << comparison.settings().reference_id << ';' << alignment_name(comparison.settings().alignment)
      << ';' << comparison.settings().error_colours << ';' << comparison.settings().ghost << ';'
      << comparison.colour_max(reference_mpu) << '\n';
  for (std::size_t i = 0; i < comparison.clips().size(); ++i) {
    const ClipComparison& c = comparison.clips()[i];
    out << "compared_" << i + 1 << '=' << c.clip_id << ';' << compare_status_name(c.status);
    if (c.result) {
      out << std::setprecision(17) << ';' << c.result->mpjpe << ';' << c.result->max_error << ';'
          << c.result->worst_frame << ';' << c.result->frames_compared << ';' << c.options.offset
          << std::setprecision(6);
    }
    out << '\n';
  }
  // Find offset of each compared clip: none, searching, found;OFFSET;MPJPE or failed;MESSAGE.
  for (std::size_t i = 0; i < comparison.clips().size(); ++i) {
    const ClipComparison& c = comparison.clips()[i];
    out << "offset_search_" << i + 1 << '=';
    switch (c.offset_search) {
      case ClipComparison::OffsetSearch::None:
        out << "none";
        break;
      case ClipComparison::OffsetSearch::Searching:
        out << "searching";
        break;
      case ClipComparison::OffsetSearch::Found:
        out << std::setprecision(17) << "found;" << c.found_offset << ';' << c.found_mpjpe << std::setprecision(6);
        break;
      case ClipComparison::OffsetSearch::Failed:
        out << "failed;" << c.offset_error;
        break;
    }
    out << '\n';
  }
  // The Problems tab: the active clip's id, its errors, warnings and infos, the check's status; the
  // tab header's rectangle; each finding: code, severity, frame, joint, line, and where its row is
  // drawn (an empty rectangle when filtered out or the tab is closed).
  const ClipProblems& lint = state.lint;
  const LintReport* lint_report = lint.report();
  out << "lint=" << lint.clip_id() << ';' << (lint_report ? lint_report->count(LintSeverity::Error) : 0) << ';'
      << (lint_report ? lint_report->count(LintSeverity::Warning) : 0) << ';'
      << (lint_report ? lint_report->count(LintSeverity::Info) : 0) << ';' << problems_status_name(lint.status())
      << '\n';
  const ProblemsPanelState& problems_panel = parts.panels.problems;
  out << "problems_tab=" << rect_text(problems_panel.tab) << '\n';
  out << "fix_button=" << rect_text(problems_panel.fix_button) << '\n';
  out << "save_bvh_box=" << rect_text(save_dialog.box) << '\n';
  // The Compare tab, and its per-joint table's unit and columns as last drawn (empty, 0: not drawn).
  out << "compare_tab=" << rect_text(parts.panels.compare.tab) << '\n';
  out << "find_offset_button=" << rect_text(parts.panels.compare.find_offset) << '\n';
  const RemoveAllPrompt& remove_all = parts.panels.clip_list.remove_all;
  out << "remove_all=" << remove_all.asking << ';' << rect_text(remove_all.button) << '\n';
  const std::vector<std::string>& names = parts.panels.clip_list.names;
  for (std::size_t i = 0; i < names.size(); ++i) out << "clip_name_" << i + 1 << '=' << names[i] << '\n';
  // Each clip's weak guesses: the badge's text, its rectangle on the list row and on the name tag.
  const std::vector<Rect>& row_badges = parts.panels.clip_list.badges;
  for (std::size_t i = 0; i < state.clips.size(); ++i) {
    const ClipSlot& clip = state.clips[i];
    Rect tag;
    for (const TagBadge& badge : parts.labels.tag_badges) {
      if (badge.clip_id == clip.id)
        tag = {badge.box.min.x, badge.box.min.y, badge.box.max.x - badge.box.min.x, badge.box.max.y - badge.box.min.y};
    }
    out << "weak_guess_" << i + 1 << '=' << clip.weak_guess.badge << ';'
        << rect_text(i < row_badges.size() ? row_badges[i] : Rect{}) << ';' << rect_text(tag) << '\n';
  }
  // A badge's open menu: each choice and where it is drawn ("label@x,y,w,h;...").
  const WeakGuessMenu& menu = parts.panels.clip_list.weak_guess_menu;
  out << "weak_guess_menu=";
  for (std::size_t i = 0; i < menu.items.size(); ++i)
    out << (i > 0 ? ";" : "") << menu.labels[i] << '@' << rect_text(menu.items[i]);
  out << '\n';
  // The view's corner buttons: Front, Right, Top, Persp/Ortho.
  const ViewButtonsState& buttons = parts.panels.view_buttons;
  out << "view_buttons=" << rect_text(buttons.front) << ';' << rect_text(buttons.right) << ';' << rect_text(buttons.top)
      << ';' << rect_text(buttons.projection) << '\n';
  out << "compare_table=" << parts.panels.compare.table_unit << ';' << parts.panels.compare.table_columns << '\n';
  if (lint_report != nullptr) {
    for (std::size_t i = 0; i < lint_report->findings.size(); ++i) {
      const LintFinding& f = lint_report->findings[i];
      out << "lint_" << i + 1 << '=' << f.code << ';' << lint_severity_name(f.severity) << ';' << f.place.frame << ';'
          << f.place.joint << ';' << f.place.line << ';'
          << rect_text(i < problems_panel.rows.size() ? problems_panel.rows[i] : Rect{}) << '\n';
    }
  }
  const std::vector<Rect>& lanes = parts.panels.timeline.lanes;
  for (std::size_t i = 0; i < lanes.size(); ++i) {
    out << "lane_" << i + 1 << '=' << lanes[i].x << ',' << lanes[i].y << ',' << lanes[i].width << ',' << lanes[i].height
        << '\n';
  }
  // Window pixels of every joint (of a huge skeleton, the first kJointBudget): of the active clip,
  // then of each clip by index, where the last drawn Scene put it (a ghost over the reference, not
  // where its placement puts it) with the camera it was drawn with.
  const render::Scene& scene = viewer.scene();
  const glm::mat4 view_projection = scene.view.projection * scene.view.view;
  // The clip as the last drawn Scene holds it, when its pose there has `joints` joints.
  const auto drawn_with = [&](const ClipSlot& clip, std::size_t joints) -> const render::SceneClip* {
    const int index = state.clips.index_of(clip.id);
    if (index < 0 || static_cast<std::size_t>(index) >= scene.clips.size()) return nullptr;
    const render::SceneClip& drawn = scene.clips[static_cast<std::size_t>(index)];
    return drawn.pose != nullptr && drawn.pose->world.size() >= joints ? &drawn : nullptr;
  };
  const auto placed = [](const ClipSlot& clip, const render::SceneClip* drawn, int joint) {
    return drawn != nullptr ? drawn->placement.apply(drawn->pose->position(joint))
                            : clip.placement.apply(clip.pose.position(joint));
  };
  const auto pixels = [&](const ClipSlot& clip) {
    const std::size_t listed = std::min(clip.pose.world.size(), static_cast<std::size_t>(kJointBudget));
    const render::SceneClip* drawn = drawn_with(clip, listed);
    for (std::size_t joint = 0; joint < listed; ++joint) {
      const glm::vec3 p = project_to_pixels(view_projection, placed(clip, drawn, static_cast<int>(joint)),
                                            glm::vec2(view.width, view.height));
      out << (joint == 0 ? "" : ";") << static_cast<int>(p.x + view.x) << ',' << static_cast<int>(p.y + view.y);
    }
    out << '\n';
  };
  out << "joint_pixels=";
  if (slot != nullptr) {
    pixels(*slot);
  } else {
    out << '\n';
  }
  // Where the active clip's (first) root stands in the scene, as last drawn (a ghost over the reference).
  out << "root_position=";
  if (slot != nullptr && !slot->clip().skeleton.roots.empty()) {
    const int root = slot->clip().skeleton.roots.front();
    const glm::vec3 at = placed(*slot, drawn_with(*slot, static_cast<std::size_t>(root) + 1), root);
    out << at.x << ',' << at.y << ',' << at.z;
  }
  out << '\n';
  for (std::size_t i = 0; i < state.clips.size(); ++i) {
    out << "clip" << i << "_joint_pixels=";
    pixels(state.clips[i]);
  }
  return out.str();
}

void write_state_file(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
  }
  std::rename(temporary.c_str(), path.c_str());
}

}  // namespace bvhscope::viewer
