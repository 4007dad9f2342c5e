#include "viewer/viewer.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "anim/scene_scale.hpp"
#include "bvhscope_assets.hpp"

namespace bvhscope::viewer {
namespace {

std::string base_name(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  return name.empty() ? path : name;
}

bool has_bvh_extension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension == ".bvh";
}

}  // namespace

Viewer::Viewer(gfx::SceneRenderer renderer, Settings settings, float ui_scale)
    : renderer_(std::move(renderer)), settings_(std::move(settings)), ui_scale_(ui_scale) {
  state_.display = {settings_.solid_style, settings_.show_grid,  settings_.show_axes, settings_.show_trajectory,
                    settings_.show_shadow, settings_.show_joints, settings_.show_panel};
  state_.interpolate = settings_.interpolate;
  state_.clock.set_loop(settings_.loop);
  state_.clock.set_speed(settings_.speed);
  state_.watch_files = settings_.watch_files;
}

void Viewer::open_file(const std::string& path, bool keep_view) {
  LoadRequest request;
  request.path = path;
  request.keep_view = keep_view;
  if (keep_view && state_.clip) request.mode = state_.clip->mode_request;
  loader_.request(std::move(request));
  update_title();
}

void Viewer::open_sample() {
  LoadRequest request;
  request.path = kSampleName;
  request.text = std::string(bvhscope_assets("sample.bvh"));
  loader_.request(std::move(request));
  update_title();
}

void Viewer::open_paths(const std::vector<std::string>& paths) {
  std::vector<std::string> clips;
  std::string refused;
  for (const std::string& path : paths) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!ec && std::filesystem::is_directory(status)) {
      refused += (refused.empty() ? "" : "\n") + path + ": is a folder; open the .bvh files inside it instead";
    } else if (!has_bvh_extension(path)) {
      refused += (refused.empty() ? "" : "\n") + path + ": not a BVH file (bvhscope opens .bvh motion-capture files)";
    } else {
      clips.push_back(path);
    }
  }
  if (!refused.empty()) state_.message = Message{Message::Kind::Error, refused};
  if (clips.empty()) return;
  for (auto it = clips.rbegin(); it != clips.rend() - 1; ++it) add_recent_file(settings_, *it);
  if (clips.size() > 1 && refused.empty()) {
    state_.message = Message{Message::Kind::Info, "Opened " + base_name(clips.front()) + "; the other " +
                                                      std::to_string(clips.size() - 1) +
                                                      " files are in File > Open Recent"};
  }
  open_file(clips.front());
}

void Viewer::queue_drop(std::vector<std::string> paths) {
  drop_queue_.insert(drop_queue_.end(), std::make_move_iterator(paths.begin()), std::make_move_iterator(paths.end()));
}

void Viewer::set_clip(PreparedClip clip) {
  LoadOutcome outcome{LoadRequest{clip.clip.source, std::nullopt, clip.mode_request, false}, std::move(clip)};
  activate(std::move(outcome));
}

void Viewer::poll_background(double now_seconds) {
  if (!drop_queue_.empty()) {
    std::vector<std::string> dropped;
    dropped.swap(drop_queue_);
    open_paths(dropped);
  }
  while (std::optional<LoadOutcome> outcome = loader_.take_result()) activate(std::move(*outcome));
  if (const std::optional<std::string> chosen = file_dialog_.poll(); chosen && !chosen->empty()) open_paths({*chosen});
  if (state_.watch_files && state_.clip && watcher_.changed(now_seconds) && !loader_.busy()) {
    open_file(state_.clip->clip.source, true);
  }
  const bool loading = loader_.busy();
  if (loading != was_loading_) {
    was_loading_ = loading;
    update_title();
  }
}

void Viewer::activate(LoadOutcome outcome) {
  if (!outcome.result) {
    state_.message = Message{Message::Kind::Error, format_diagnostic(outcome.result.error(), Severity::Error), true};
    update_title();
    return;
  }
  const bool keep_view = outcome.request.keep_view && state_.clip.has_value();
  const double position = state_.clock.position();
  const bool playing = state_.clock.playing();
  const bool is_sample = outcome.request.text.has_value();

  state_.clip = std::move(outcome.result).value();
  const Clip& clip = state_.clip->clip;
  state_.is_sample = is_sample;
  state_.file_name = is_sample ? std::string(kSampleName) + " (bundled CMU 131_01)" : base_name(clip.source);
  state_.warning_lines.clear();
  for (const Diagnostic& warning : clip.warnings) state_.warning_lines.push_back(format_diagnostic(warning, Severity::Warning));
  state_.clock.reset(clip.motion.frame_count, clip.motion.frame_time, keep_view ? playing : true);
  if (keep_view) {
    state_.clock.seek(position);
  } else {
    state_.units_choice = -1;
    frame_on_next_render_ = true;
  }
  if (state_.message && state_.message->load_failure) state_.message.reset();
  rebuild_scene();
  watcher_.watch(is_sample ? std::string() : clip.source);
  if (!is_sample) add_recent_file(settings_, clip.source);
  update_title();
}

void Viewer::rebuild_scene() {
  if (!state_.clip) return;
  const PreparedClip& prepared = *state_.clip;
  state_.pose.resize(prepared.clip.skeleton.joint_count());
  renderer_.set_skeleton(prepared.clip.skeleton, prepared.measures.height);
  renderer_.set_ground(ground_grid(prepared.measures.bounds, metres_per_unit(state_)));
  renderer_.set_trajectory(prepared.measures.root_path);
  sample_current_pose();
}

void Viewer::update_title() {
  std::string title = "bvhscope";
  if (state_.clip) title += " \xE2\x80\x94 " + state_.file_name;
  if (loader_.busy()) title += " (loading " + base_name(loader_.current_path()) + "\xE2\x80\xA6)";
  title_ = std::move(title);
}

void Viewer::start_open_dialog() {
  if (FileDialog::available() && file_dialog_.open("Open BVH file")) return;
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
  settings.interpolate = state_.interpolate;
  settings.loop = state_.clock.looping();
  settings.speed = state_.clock.speed();
  settings.watch_files = state_.watch_files;
  return settings;
}

void Viewer::apply(const Actions& a) {
  PlaybackClock& clock = state_.clock;
  if (a.toggle_play) clock.toggle();
  if (a.step != 0) clock.step(a.step);
  if (a.jump_first) clock.jump_to_first();
  if (a.jump_last) clock.jump_to_last();
  if (a.seek) clock.seek(*a.seek);
  if (a.scrub_begin) clock.begin_scrub();
  if (a.scrub) clock.scrub(*a.scrub);
  if (a.scrub_end) clock.end_scrub();
  if (a.speed) clock.set_speed(*a.speed);
  if (a.loop) clock.set_loop(*a.loop);
  if (a.interpolate) state_.interpolate = *a.interpolate;
  if (a.position_mode && state_.clip) {
    change_position_mode(*state_.clip, *a.position_mode);
    rebuild_scene();
  }
  if (a.units_choice) {
    state_.units_choice = *a.units_choice;
    rebuild_scene();
  }
  if (a.display) state_.display = *a.display;
  if (a.panel_width) settings_.panel_width = std::clamp(*a.panel_width / ui_scale_, 200.0f, 1200.0f);
  if (a.frame_all && state_.clip) state_.camera.frame(state_.clip->measures.bounds, view_aspect());
  if (a.reset_camera && state_.clip) {
    state_.camera.reset(state_.clip->measures.bounds, view_aspect());
    state_.follow = false;
  }
  if (a.follow) {
    state_.follow = *a.follow;
    state_.follow_height = state_.camera.target.y;
    update_follow();
  }
  if (a.open_dialog) start_open_dialog();
  if (a.open_path) open_paths({*a.open_path});
  if (a.open_sample) open_sample();
  if (a.reload && state_.clip) {
    if (state_.is_sample) {
      open_sample();
    } else {
      open_file(state_.clip->clip.source, true);
    }
  }
  if (a.watch_files) {
    state_.watch_files = *a.watch_files;
    if (state_.clip) watcher_.watch(state_.is_sample ? std::string() : state_.clip->clip.source);
  }
  if (a.clear_recent) settings_.recent_files.clear();
  if (a.dismiss_message) state_.message.reset();
  if (a.show_shortcuts) dialogs_.shortcuts_requested = true;
  if (a.quit) quit_ = true;
}

}  // namespace bvhscope::viewer
