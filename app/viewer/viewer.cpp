#include "viewer/viewer.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <variant>

#include "anim/clip_timeline.hpp"
#include "anim/joint_filter.hpp"
#include "bvhscope_assets.hpp"
#include "model/bvh_paths.hpp"
#include "model/scene_scale.hpp"
#include "render/clip_look.hpp"
#include "viewer/ui/curves_panel.hpp"

namespace bvhscope::viewer {
namespace {

std::string base_name(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  return name.empty() ? path : name;
}

}  // namespace

Viewer::Viewer(gfx::SceneRenderer renderer, Settings settings, float ui_scale)
    : scene_(std::move(renderer)), settings_(std::move(settings)), ui_scale_(ui_scale) {
  state_.display.solid = settings_.solid_style;
  state_.display.grid = settings_.show_grid;
  state_.display.axes = settings_.show_axes;
  state_.display.trajectory = settings_.show_trajectory;
  state_.display.shadow = settings_.show_shadow;
  state_.display.joints = settings_.show_joints;
  state_.display.show_panel = settings_.show_panel;
  state_.display.left_panel = settings_.left_panel_open;
  state_.display.right_panel = settings_.right_panel_open;
  state_.display.name_tags = settings_.name_tags;
  state_.interpolate = settings_.interpolate;
  state_.clip_end = settings_.clip_end;
  state_.clock().set_loop(settings_.loop);
  state_.clock().set_speed(settings_.speed);
  state_.watch_files = settings_.watch_files;
}

void Viewer::open_file(const std::string& path, bool replace_all) {
  state_.clips.open_file(path, replace_all, opening_.default_up);
  sync_clip_set();
}

void Viewer::open_sample() {
  state_.clips.open_sample(kSampleName, std::string(bvhscope_assets("sample.bvh")));
  sync_clip_set();
}

void Viewer::open_paths(const std::vector<std::string>& paths, bool replace_all) {
  const BvhPaths expanded = expand_bvh_paths(paths);
  for (const std::string& line : expanded.refused) report_problem({}, line);
  for (std::size_t i = 0; i < expanded.files.size(); ++i) open_file(expanded.files[i], replace_all && i == 0);
}

void Viewer::queue_drop(std::vector<std::string> paths) {
  opening_.drops.insert(opening_.drops.end(), std::make_move_iterator(paths.begin()),
                        std::make_move_iterator(paths.end()));
}

void Viewer::set_clip(PreparedClip clip) {
  state_.clips.add_ready(std::move(clip), true);
  sync_clip_set();
}

void Viewer::add_clip(PreparedClip clip) {
  state_.clips.add_ready(std::move(clip), false);
  sync_clip_set();
}

void Viewer::reload_clip(const ClipSlot& slot) {
  if (slot.is_sample) {
    state_.clips.reload_sample(slot.id, std::string(bvhscope_assets("sample.bvh")));
  } else {
    state_.clips.reload(slot.id);
  }
  sync_clip_set();
}

bool Viewer::select_joint_named(const std::string& name, std::string& error) {
  const ClipSlot* slot = state_.active_slot();
  if (slot == nullptr) {
    error = "no clip to select a joint in";
    return false;
  }
  const std::optional<int> joint = find_joint_named(*slot, name, error);
  if (joint) select_joint(state_.active(), *joint);
  return joint.has_value();
}

void Viewer::poll_background(double now_seconds) {
  messages_.now_seconds = now_seconds;
  if (messages_.expiry.expired(state_.message, now_seconds)) state_.message.reset();
  if (!opening_.drops.empty()) {
    std::vector<std::string> dropped;
    dropped.swap(opening_.drops);
    open_paths(dropped);
  }
  state_.loading.receive(state_.clips);
  if (const std::optional<std::string> chosen = files_.open.poll(); chosen && !chosen->empty())
    open_paths(chosen_paths(*chosen), files_.open_replaces);
  if (const std::optional<std::string> map = files_.map.poll(); map && !map->empty()) load_joint_map(*map);
  if (const std::optional<std::string> chosen = files_.save.poll(); chosen && !chosen->empty())
    files_.fill_output_field(*chosen, dialogs_);
  files_.show_browse(dialogs_);
  follow_outputs(outputs_.finish(state_, dialogs_));
  run_timers(now_seconds);
  sync_clip_set();
  state_.comparison.update(state_.clips);
  for (const auto& [clip_id, offset] : state_.comparison.take_found_offsets()) set_compare_offset(clip_id, offset);
  note_colour_scale();
  state_.lint.update(state_.clips);
  sync_ghosts();
  const bool loading = state_.loading.busy();
  if (loading != load_.was_loading) {
    load_.was_loading = loading;
    update_title();
  }
}

bool Viewer::background_busy() const {
  return !opening_.drops.empty() || state_.comparison.busy() || state_.lint.busy() || outputs_.busy() ||
         export_.active || export_.png_path.has_value() || files_.open.is_open() || files_.map.is_open();
}

double Viewer::next_timer() const {
  const double message_end = messages_.expiry.deadline();
  const ClipSlot* slot = state_.active_slot();
  if (!state_.watch_files || slot == nullptr || slot->is_sample) return message_end;
  return std::min(message_end, state_.loading.next_check());
}

bool Viewer::run_timers(double now_seconds) {
  // An information message whose time is up: a frame removes it (poll_background).
  if (now_seconds >= messages_.expiry.deadline()) return true;
  if (!state_.watch_files || !state_.loading.reload_if_changed(state_.clips, now_seconds)) return false;
  sync_clip_set();
  return true;
}

// A streaming clip went (its load failed or was cancelled): the view comes back to where it was
// before that clip was framed.
void Viewer::restore_stream_camera() {
  if (!framing_.stream_view || state_.clips.with_id(framing_.stream_view->clip_id) != nullptr) return;
  state_.camera = framing_.stream_view->camera_before;
  framing_.frame_on_next_render = false;
  framing_.framing.reset();
  framing_.stream_view.reset();
}

// Hands the clip set's requests and cancels to the loader, reacts to what happened in the set
// (framing, messages, the watched file) and rebuilds the scene when the clips changed.
void Viewer::sync_clip_set() {
  ClipSet& clips = state_.clips;
  const bool requested = state_.loading.send(clips);
  bool load_ended = false;  // the title's "(loading x…)" goes with it, whether or not a clip came
  for (ClipSetNotice& notice : clips.take_notices()) {
    using Kind = ClipSetNotice::Kind;
    load_ended =
        load_ended || notice.kind == Kind::Loaded || notice.kind == Kind::Failed || notice.kind == Kind::Cancelled;
    switch (notice.kind) {
      case Kind::ClipAdded:
        framing_.frame_on_next_render = true;
        break;
      case Kind::StreamStarted:
        load_.first_streamed_frame_seconds = state_.loading.loader().seconds_busy();
        framing_.stream_view = ViewFraming::StreamView{notice.clip_id, state_.camera, std::nullopt, true};
        framing_.frame_on_next_render = true;
        break;
      case Kind::StreamFinished:
        // Framed again on the whole motion, as a small file gets, unless the user moved the view.
        if (framing_.stream_view && framing_.stream_view->clip_id == notice.clip_id && framing_.stream_view->framed &&
            same_view(*framing_.stream_view->framed, state_.camera))
          framing_.frame_on_next_render = true;
        framing_.stream_view.reset();
        break;
      case Kind::ClipReplaced:
        if (notice.clip_id == framing_.reframe_clip_id) {
          framing_.frame_on_next_render = true;
          framing_.reframe_clip_id = 0;
        }
        break;
      case Kind::ClipsRestored:
        restore_stream_camera();
        break;
      case Kind::Loaded:
        if (opening_.pending_comparison && !notice.is_sample && state_.clips.with_id(notice.clip_id) != nullptr) {
          state_.comparison.start(notice.clip_id, *opening_.pending_comparison);
          opening_.pending_comparison.reset();
        }
        if (state_.message && state_.message->load_failure) state_.message.reset();
        std::erase_if(state_.problems, [&](const Problem& problem) { return problem.path == notice.path; });
        if (!notice.is_sample) add_recent_file(settings_, notice.path);
        break;
      case Kind::Failed:
        report_problem(notice.path, notice.text);
        restore_stream_camera();
        break;
      case Kind::Cancelled:
        state_.message = Message{Message::Kind::Info, "Loading " + base_name(notice.path) + " was cancelled"};
        restore_stream_camera();
        break;
    }
  }
  if (clips.revision() != scene_revision_) {
    scene_revision_ = clips.revision();
    rebuild_scene();
    const ClipSlot* active = state_.active_slot();
    if (active != nullptr) {
      announce_detail(*active);
    } else {
      state_.inspected.reset();
    }
    state_.loading.follow(active);
    update_title();
  } else if (requested || load_ended) {
    update_title();
  }
}

void Viewer::rebuild_scene() {
  pointer_.hover_mouse = glm::vec2(-1.0f);  // the next hover picks again
  if (!state_.curve_pins.empty()) drop_stale_curve_pins(state_.curve_pins, curve_series_clips(state_.clips));
  if (state_.clips.empty()) return;
  scene_.rebuild(state_.clips, state_.comparison, state_.display);
  inspect_key_ = {};
  sample_current_pose();
}

void Viewer::report_problem(const std::string& path, const std::string& text) {
  std::fprintf(stderr, "%s\n", text.c_str());
  std::erase_if(state_.problems,
                [&](const Problem& problem) { return !path.empty() ? problem.path == path : problem.text == text; });
  if (state_.problems.size() >= kMaxProblems) state_.problems.erase(state_.problems.begin());
  state_.problems.push_back(Problem{path, text});
  // A load's failure gives way to the next clip that loads; a refused path stays until dismissed.
  state_.message = Message{Message::Kind::Error, text, !path.empty()};
}

// A clip drawn with less than full detail (a huge skeleton) says so once, unless an error is shown.
void Viewer::announce_detail(const ClipSlot& slot) {
  if (slot.detail.full() || slot.id == detail_announced_clip_) return;
  detail_announced_clip_ = slot.id;
  if (state_.message && state_.message->kind == Message::Kind::Error) return;
  state_.message = Message{Message::Kind::Info, slot.file_name + ": " + draw_detail_notice(slot.detail)};
}

// Where File > Open starts: the folder of the file opened last (the recent list's first, kept
// absolute), else of the active clip's file, else nowhere in particular (zenity's own choice).
std::string Viewer::last_folder() const {
  std::error_code error;
  for (const std::string& path : settings_.recent_files) {
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    if (!folder.empty() && std::filesystem::is_directory(folder, error)) return folder.string();
  }
  if (const ClipSlot* slot = state_.active_slot(); slot != nullptr && !slot->is_sample) {
    const std::filesystem::path folder = std::filesystem::absolute(slot->clip().source, error).parent_path();
    if (!error && std::filesystem::is_directory(folder, error)) return folder.string();
  }
  return {};
}

void Viewer::update_title() {
  std::string title = "bvhscope";
  if (const ClipSlot* slot = state_.active_slot()) {
    title += " \xE2\x80\x94 " + slot->file_name;
    if (state_.clips.size() > 1) title += " (+" + std::to_string(state_.clips.size() - 1) + " more)";
  }
  if (state_.loading.busy())
    title += " (loading " + base_name(state_.loading.loader().current_path()) + "\xE2\x80\xA6)";
  title_ = std::move(title);
}

void Viewer::start_open_dialog() {
  if (FileDialog::available() && files_.open.open("Open motion files", true, last_folder())) return;
  dialogs_.open_path_requested = true;
}

Settings Viewer::settings_for_saving(int window_width, int window_height) const {
  Settings settings = settings_;
  settings.window_width = window_width;
  settings.window_height = window_height;
  settings.solid_style = state_.display.solid;
  settings.show_grid = state_.display.grid;
  settings.show_axes = state_.display.axes;
  settings.show_trajectory = state_.display.trajectory;
  settings.show_shadow = state_.display.shadow;
  settings.show_joints = state_.display.joints;
  settings.show_panel = state_.display.show_panel;
  settings.left_panel_open = state_.display.left_panel;
  settings.right_panel_open = state_.display.right_panel;
  settings.name_tags = state_.display.name_tags;
  settings.interpolate = state_.interpolate;
  settings.clip_end = state_.clip_end;
  settings.loop = state_.clock().looping();
  settings.speed = state_.clock().speed();
  settings.watch_files = state_.watch_files;
  return settings;
}

}  // namespace bvhscope::viewer
