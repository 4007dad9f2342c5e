#include "viewer/viewer.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <variant>

#include "anim/clip_timeline.hpp"
#include "anim/joint_filter.hpp"
#include "anim/scene_scale.hpp"
#include "bvhscope_assets.hpp"
#include "viewer/bvh_paths.hpp"

namespace bvhscope::viewer {
namespace {

std::string base_name(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  return name.empty() ? path : name;
}

}  // namespace

Viewer::Viewer(gfx::SceneRenderer renderer, Settings settings, float ui_scale)
    : renderer_(std::move(renderer)), settings_(std::move(settings)), ui_scale_(ui_scale) {
  state_.display = {settings_.solid_style, settings_.show_grid,   settings_.show_axes, settings_.show_trajectory,
                    settings_.show_shadow, settings_.show_joints, settings_.show_panel};
  state_.interpolate = settings_.interpolate;
  state_.clock.set_loop(settings_.loop);
  state_.clock.set_speed(settings_.speed);
  state_.watch_files = settings_.watch_files;
}

void Viewer::open_file(const std::string& path, bool replace_all) {
  LoadRequest request;
  request.path = path;
  request.replace_all = replace_all;
  request.up = default_up_;
  // A file that is already loaded is reloaded in place (and made active), not added twice.
  const auto loaded = std::find_if(state_.clips.begin(), state_.clips.end(),
                                   [&](const ClipSlot& slot) { return !slot.is_sample && slot.clip().source == path; });
  if (!replace_all && loaded != state_.clips.end()) {
    request.mode = loaded->prepared.mode_request;
    request.up = loaded->prepared.up_request;
    request.keep_view = true;
    request.replace_clip_id = loaded->id;
  }
  loader_.request(std::move(request));
  update_title();
}

void Viewer::open_sample() {
  LoadRequest request;
  request.path = kSampleName;
  request.text = std::string(bvhscope_assets("sample.bvh"));
  request.replace_all = true;
  loader_.request(std::move(request));
  update_title();
}

void Viewer::open_paths(const std::vector<std::string>& paths, bool replace_all) {
  const BvhPaths expanded = expand_bvh_paths(paths);
  for (const std::string& line : expanded.refused) report_problem({}, line);
  for (std::size_t i = 0; i < expanded.files.size(); ++i) open_file(expanded.files[i], replace_all && i == 0);
}

void Viewer::queue_drop(std::vector<std::string> paths) {
  drop_queue_.insert(drop_queue_.end(), std::make_move_iterator(paths.begin()), std::make_move_iterator(paths.end()));
}

void Viewer::set_clip(PreparedClip clip) {
  LoadRequest request{clip.clip.source, std::nullopt, clip.mode_request, false, 0, true, clip.up_request};
  activate(LoadOutcome{std::move(request), std::move(clip)});
}

void Viewer::add_clip(PreparedClip clip) {
  LoadRequest request{clip.clip.source, std::nullopt, clip.mode_request, false, 0, false, clip.up_request};
  activate(LoadOutcome{std::move(request), std::move(clip)});
}

bool Viewer::select_joint_named(const std::string& name) {
  const ClipSlot* slot = state_.active_slot();
  if (slot == nullptr) return false;
  const Skeleton& skeleton = slot->clip().skeleton;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.names[static_cast<std::size_t>(joint)] == name ||
        slot->labels[static_cast<std::size_t>(joint)] == name) {
      select_joint(state_.active, joint);
      return true;
    }
  }
  return false;
}

void Viewer::poll_background(double now_seconds) {
  if (!drop_queue_.empty()) {
    std::vector<std::string> dropped;
    dropped.swap(drop_queue_);
    open_paths(dropped);
  }
  while (std::optional<LoadEvent> event = loader_.take_event()) {
    if (auto* preview = std::get_if<LoadPreview>(&*event)) {
      begin_preview(std::move(*preview));
    } else {
      activate(std::get<LoadOutcome>(std::move(*event)));
    }
  }
  grow_preview();
  if (const std::optional<std::string> chosen = file_dialog_.poll(); chosen && !chosen->empty()) {
    std::vector<std::string> chosen_paths;
    std::size_t start = 0;
    while (start <= chosen->size()) {  // zenity separates several files with '|'
      const std::size_t bar = chosen->find('|', start);
      const std::string path = chosen->substr(start, bar == std::string::npos ? std::string::npos : bar - start);
      if (!path.empty()) chosen_paths.push_back(path);
      if (bar == std::string::npos) break;
      start = bar + 1;
    }
    open_paths(chosen_paths, open_replaces_);
  }
  const ClipSlot* slot = state_.active_slot();
  if (state_.watch_files && slot != nullptr && watcher_.changed(now_seconds) && !loader_.busy()) {
    LoadRequest request;
    request.path = slot->clip().source;
    request.mode = slot->prepared.mode_request;
    request.up = slot->prepared.up_request;
    request.keep_view = true;
    request.replace_clip_id = slot->id;
    loader_.request(std::move(request));
  }
  const bool loading = loader_.busy();
  if (loading != was_loading_) {
    was_loading_ = loading;
    update_title();
  }
}

ClipSlot Viewer::make_slot(PreparedClip prepared, bool is_sample) {
  ClipSlot slot;
  slot.prepared = std::move(prepared);
  const Clip& clip = slot.prepared.clip;
  slot.is_sample = is_sample;
  slot.file_name = is_sample ? std::string(kSampleName) + " (bundled CMU 131_01)" : base_name(clip.source);
  for (const Diagnostic& warning : clip.warnings)
    slot.warning_lines.push_back(format_diagnostic(warning, Severity::Warning));
  // Listed off the UI thread with the clip (prepare_clip, the loader); a preview lists its own.
  JointListing& listing = slot.prepared.listing;
  if (listing.labels.size() != static_cast<std::size_t>(clip.skeleton.joint_count()))
    listing = list_joints(clip.skeleton);
  slot.labels = std::move(listing.labels);
  slot.channel_orders = std::move(listing.channel_orders);
  slot.tree_shape = std::move(listing.tree_shape);
  listing = {};
  slot.pose.resize(clip.skeleton.joint_count());
  return slot;
}

ClipSlot* Viewer::slot_with_id(int id) noexcept {
  const auto found =
      std::find_if(state_.clips.begin(), state_.clips.end(), [&](const ClipSlot& s) { return s.id == id; });
  return found == state_.clips.end() ? nullptr : &*found;
}

void Viewer::activate(LoadOutcome outcome) {
  if (preview_ && outcome.load_id != 0 && outcome.load_id == preview_->load_id) {
    finish_preview(std::move(outcome));
    return;
  }
  if (!outcome.result) {
    report_problem(outcome.request.path, format_diagnostic(outcome.result.error(), Severity::Error));
    update_title();
    return;
  }
  const bool is_sample = outcome.request.text.has_value();
  const double seconds = state_.timeline_start + state_.clock.position() * state_.clock.frame_time();
  const bool playing = state_.clock.playing();
  ClipSlot slot = make_slot(std::move(outcome.result).value(), is_sample);
  const std::string source = slot.clip().source;

  // A reload replaces its clip in place, keeping what the user set on it.
  auto replaced = std::find_if(state_.clips.begin(), state_.clips.end(), [&](const ClipSlot& s) {
    return outcome.request.replace_clip_id != 0 && s.id == outcome.request.replace_clip_id;
  });
  bool keep_view = false;
  if (replaced != state_.clips.end()) {
    slot.id = replaced->id;
    slot.color_index = replaced->color_index;
    slot.visible = replaced->visible;
    slot.time_offset = replaced->time_offset;
    slot.side_offset = replaced->side_offset;
    slot.auto_offset = replaced->auto_offset;
    slot.units_choice = replaced->units_choice;
    slot.selected = replaced->selected < slot.clip().skeleton.joint_count() ? replaced->selected : -1;
    *replaced = std::move(slot);
    state_.active = static_cast<int>(replaced - state_.clips.begin());
    keep_view = outcome.request.keep_view;
  } else {
    add_slot(std::move(slot), outcome.request.replace_all);
  }
  reset_timeline();
  if (keep_view) {
    state_.clock.seek((seconds - state_.timeline_start) / state_.clock.frame_time());
    if (!playing) state_.clock.pause();
  } else if (state_.clips.size() == 1) {
    state_.clock.reset(state_.clock.frame_count(), state_.clock.frame_time(), true);
    frame_on_next_render_ = true;
  } else {
    state_.clock.seek((seconds - state_.timeline_start) / state_.clock.frame_time());
    frame_on_next_render_ = true;
  }
  if (state_.message && state_.message->load_failure) state_.message.reset();
  std::erase_if(state_.problems, [&](const Problem& problem) { return problem.path == source; });
  rebuild_scene();
  announce_detail(*state_.active_slot());
  watcher_.watch(is_sample ? std::string() : source);
  if (!is_sample) add_recent_file(settings_, source);
  update_title();
}

// A new clip, made active, after the others or instead of them; the bundled sample gives way to
// the user's first file.
void Viewer::add_slot(ClipSlot slot, bool replace_all) {
  const bool only_sample = state_.clips.size() == 1 && state_.clips.front().is_sample;
  if (replace_all || only_sample) state_.clips.clear();
  slot.id = state_.next_clip_id++;
  int colour = 0;
  while (
      std::any_of(state_.clips.begin(), state_.clips.end(), [&](const ClipSlot& s) { return s.color_index == colour; }))
    ++colour;
  slot.color_index = colour;
  state_.clips.push_back(std::move(slot));
  state_.active = static_cast<int>(state_.clips.size()) - 1;
}

void Viewer::begin_preview(LoadPreview preview) {
  preview_.emplace();
  preview_->load_id = preview.load_id;
  preview_->request = std::move(preview.request);
  preview_->clip = std::move(preview.clip);
  preview_->expected_frames = preview.expected_frames;
}

// Every frame while a preview is on: the rows that arrived since the last frame, shown in place
// (the preview's values are a handle on the table the load fills: growing it copies nothing).
void Viewer::grow_preview() {
  if (!preview_ || preview_->abandoned) return;
  ClipSlot* slot = preview_->clip_id != 0 ? slot_with_id(preview_->clip_id) : nullptr;
  if (preview_->clip_id != 0 && slot == nullptr) {  // the user removed it: stop its load (only)
    preview_->abandoned = true;
    loader_.cancel_current();
    state_.clock.set_more_frames_coming(false);
    state_.timeline_expected_frames = 0;
    return;
  }
  Motion& motion = slot != nullptr ? slot->prepared.clip.motion : preview_->clip.motion;
  const std::size_t rows = loader_.rows_ready(preview_->load_id);
  if (rows <= motion.frame_count) return;
  motion.values.resize(rows * static_cast<std::size_t>(motion.channel_count));
  motion.frame_count = rows;
  if (slot == nullptr) {
    show_preview_slot();
  } else {
    grow_timeline();
  }
}

// The preview's first frame is in: its slot joins the clips (replacing them when asked, or the sample).
void Viewer::show_preview_slot() {
  Preview& preview = *preview_;
  first_streamed_frame_seconds_ = loader_.seconds_busy();
  PreparedClip prepared;
  prepared.clip = std::move(preview.clip);
  prepared.mode_request = preview.request.mode;
  prepared.up_request = preview.request.up;
  prepared.decision = decide_position_mode(prepared.clip, prepared.mode_request);
  // Measured on its first frame only (the finished clip brings the measures of every frame): a
  // bake of the thousands of frames already in would cost this UI frame tens of milliseconds.
  Motion& motion = prepared.clip.motion;
  const std::size_t frames_in = motion.frame_count;
  motion.frame_count = 1;
  prepared.measures = measure_clip(prepared.clip, prepared.decision.mode, prepared.up_request);
  motion.frame_count = frames_in;
  ClipSlot slot = make_slot(std::move(prepared), false);
  slot.loading = true;
  slot.expected_frames = preview.expected_frames;
  const double seconds = state_.timeline_start + state_.clock.position() * state_.clock.frame_time();
  const bool only_sample = state_.clips.size() == 1 && state_.clips.front().is_sample;
  preview.camera_before = state_.camera;
  if (preview.request.replace_all || only_sample) {
    preview.replaced = std::move(state_.clips);
    preview.replaced_active = state_.active;
    state_.clips.clear();
  }
  add_slot(std::move(slot), false);
  preview.clip_id = state_.clips.back().id;
  reset_timeline();
  if (state_.clips.size() == 1) {
    state_.clock.reset(state_.clock.frame_count(), state_.clock.frame_time(), false);
    preview.autoplay = true;
  } else {
    state_.clock.seek((seconds - state_.timeline_start) / state_.clock.frame_time());
  }
  frame_on_next_render_ = true;
  preview.capture_framing = true;
  state_.clock.set_more_frames_coming(true);
  rebuild_scene();
  announce_detail(state_.clips.back());
  grow_timeline();
  update_title();
}

// More frames of the preview: a longer clock (position, playing and a scrub kept).
void Viewer::grow_timeline() {
  const ClipSlot* slot = preview_ ? slot_with_id(preview_->clip_id) : nullptr;
  if (slot == nullptr) return;
  std::vector<ClipTiming> timings;
  timings.reserve(state_.clips.size());
  for (const ClipSlot& s : state_.clips) timings.push_back({&s.clip().motion, s.time_offset});
  const TimelineSpan span = timeline_span(timings);
  const double frame_time = state_.clock.frame_time();
  if (std::abs(span.start - state_.timeline_start) > 1e-9) {
    reset_timeline();
  } else {
    state_.clock.set_frame_count(timeline_frames(span.end - span.start, frame_time));
  }
  // The track is drawn as long as the clip will be once every declared frame is in.
  const Motion& motion = slot->clip().motion;
  const double expected_end =
      slot->time_offset + static_cast<double>(std::max<std::size_t>(slot->expected_frames, 1) - 1) * motion.frame_time;
  const double end = std::max(span.end, expected_end);
  state_.timeline_expected_frames = timeline_frames(end - state_.timeline_start, frame_time);
  if (preview_->autoplay && state_.clock.frame_count() > 1) {
    state_.clock.play();
    preview_->autoplay = false;
  }
}

// The preview's load ended: the finished clip takes its slot, keeping the view and what the user
// set on it; or, when it failed or was cancelled, its slot goes and what it replaced comes back.
void Viewer::finish_preview(LoadOutcome outcome) {
  Preview preview = std::move(*preview_);
  preview_.reset();
  state_.clock.set_more_frames_coming(false);
  state_.timeline_expected_frames = 0;
  outcome.load_id = 0;
  if (preview.abandoned) {
    update_title();
    return;
  }
  ClipSlot* slot = slot_with_id(preview.clip_id);
  if (!outcome.result) {
    const std::string name = base_name(outcome.request.path);
    if (outcome.cancelled) {
      state_.message = Message{Message::Kind::Info, "Loading " + name + " was cancelled"};
    } else {
      report_problem(outcome.request.path, format_diagnostic(outcome.result.error(), Severity::Error));
    }
    if (slot != nullptr) {
      state_.clips.erase(state_.clips.begin() + (slot - state_.clips.data()));
      if (!preview.replaced.empty()) {
        state_.clips = std::move(preview.replaced);
        state_.active = preview.replaced_active;
        state_.camera = preview.camera_before;
      }
      state_.active =
          state_.clips.empty() ? -1 : std::clamp(state_.active, 0, static_cast<int>(state_.clips.size()) - 1);
      if (state_.clips.empty()) state_.inspected.reset();
      reset_timeline();
      rebuild_scene();
    }
    update_title();
    return;
  }
  if (slot == nullptr) {  // it ended before its first frame was shown: an ordinary new clip
    activate(std::move(outcome));
    return;
  }
  const bool camera_untouched = preview.framed && preview.framed->target == state_.camera.target &&
                                preview.framed->distance == state_.camera.distance &&
                                preview.framed->yaw == state_.camera.yaw &&
                                preview.framed->pitch == state_.camera.pitch;
  const PositionModeRequest chosen_mode = slot->prepared.mode_request;  // the user may have switched these meanwhile
  const UpAxisRequest chosen_up = slot->prepared.up_request;
  const int id = slot->id;
  outcome.request.replace_clip_id = id;
  outcome.request.keep_view = true;
  activate(std::move(outcome));
  ClipSlot* finished = slot_with_id(id);
  if (finished != nullptr &&
      (finished->prepared.mode_request != chosen_mode || !(finished->prepared.up_request == chosen_up))) {
    finished->prepared.up_request = chosen_up;
    change_position_mode(finished->prepared, chosen_mode);
    rebuild_scene();
  }
  if (camera_untouched) frame_on_next_render_ = true;  // the whole motion, as a small file gets
}

// The shared clock covers every clip's time span, in frames of the active clip.
void Viewer::reset_timeline() {
  const ClipSlot* active = state_.active_slot();
  if (active == nullptr) {
    state_.clock.reset(0, 1.0 / 30.0, false);
    state_.timeline_start = 0.0;
    return;
  }
  std::vector<ClipTiming> timings;
  timings.reserve(state_.clips.size());
  for (const ClipSlot& slot : state_.clips) timings.push_back({&slot.clip().motion, slot.time_offset});
  const TimelineSpan span = timeline_span(timings);
  const double frame_time = active->clip().motion.frame_time > 0.0 ? active->clip().motion.frame_time : 1.0 / 30.0;
  const double seconds = state_.timeline_start + state_.clock.position() * state_.clock.frame_time();
  const bool playing = state_.clock.playing();
  const std::size_t frames = timeline_frames(span.end - span.start, frame_time);
  state_.timeline_start = span.start;
  state_.clock.reset(frames, frame_time, playing);
  state_.clock.seek((seconds - span.start) / frame_time);
}

// Upright, scaled into the first clip's units, then the side-by-side offsets (automatic unless
// edited), which also stand every clip on the floor at y = 0 (unless the floor is the origin plane).
void Viewer::place_clips() {
  if (state_.clips.empty()) return;
  const double scene_metres = metres_per_unit(state_.clips.front());
  std::vector<ClipFootprint> footprints;
  footprints.reserve(state_.clips.size());
  for (ClipSlot& slot : state_.clips) {
    const ClipMeasures& measures = slot.prepared.measures;
    slot.placement.rotation = measures.to_upright;
    slot.placement.scale = static_cast<float>(metres_per_unit(slot) / scene_metres);
    const glm::vec3 start =
        measures.root_path.empty() ? glm::vec3(0.0f) : measures.to_upright * measures.root_path.front();
    const Bounds& motion = measures.figure.bounds;  // upright, over the whole motion
    ClipFootprint footprint{start * slot.placement.scale, measures.figure.height * slot.placement.scale,
                            measures.figure.floor * slot.placement.scale};
    if (!motion.empty()) {
      footprint.min = motion.min * slot.placement.scale;
      footprint.max = motion.max * slot.placement.scale;
    }
    footprints.push_back(footprint);
  }
  const std::vector<glm::vec3> automatic = side_by_side_offsets(footprints, !state_.display.floor_at_origin);
  for (std::size_t i = 0; i < state_.clips.size(); ++i) {
    ClipSlot& slot = state_.clips[i];
    if (slot.auto_offset) slot.side_offset = automatic[i];
    slot.placement.offset = slot.side_offset;
  }
}

void Viewer::rebuild_scene() {
  hover_mouse_ = glm::vec2(-1.0f);  // the next hover picks again
  if (state_.clips.empty()) return;
  place_clips();
  std::vector<const Skeleton*> skeletons;
  std::vector<float> heights;
  std::vector<DrawDetail> details;
  Bounds bounds;
  for (ClipSlot& slot : state_.clips) {
    skeletons.push_back(&slot.clip().skeleton);
    heights.push_back(slot.prepared.measures.figure.height * slot.placement.scale);
    slot.detail = slot.prepared.measures.detail;
    details.push_back(slot.detail);
    // The bounds are upright already: scaled and shifted only.
    const Bounds& b = slot.prepared.measures.figure.bounds;
    if (!b.empty()) {
      bounds.add(b.min * slot.placement.scale + slot.placement.offset);
      bounds.add(b.max * slot.placement.scale + slot.placement.offset);
    }
  }
  scene_bounds_ = bounds;
  renderer_.set_skeletons(skeletons, heights, details);
  looks_.assign(state_.clips.size(), gfx::ClipLook{});
  // The floor: y = 0 of the scene (every clip's contact level, or the file's origin plane).
  Bounds ground = bounds;
  if (!ground.empty()) ground.min.y = 0.0f;
  renderer_.set_ground(ground_grid(ground, metres_per_unit(state_.clips.front())));
  const ClipSlot& active = *state_.active_slot();
  std::vector<glm::vec3> path = active.prepared.measures.root_path;
  active.placement.apply_in_place(path);
  renderer_.set_trajectory(path);
  trail_key_ = {};
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

void Viewer::update_title() {
  std::string title = "bvhscope";
  if (const ClipSlot* slot = state_.active_slot()) {
    title += " \xE2\x80\x94 " + slot->file_name;
    if (state_.clips.size() > 1) title += " (+" + std::to_string(state_.clips.size() - 1) + " more)";
  }
  if (loader_.busy()) title += " (loading " + base_name(loader_.current_path()) + "\xE2\x80\xA6)";
  title_ = std::move(title);
}

void Viewer::start_open_dialog() {
  if (FileDialog::available() && file_dialog_.open("Open BVH files")) return;
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

}  // namespace bvhscope::viewer
