#include "model/clip_set.hpp"

#include <algorithm>
#include <cmath>

#include "anim/clip_timeline.hpp"
#include "anim/diagnostic.hpp"

namespace bvhscope {
namespace {

// A loaded clip to prepare again on the loader thread: its motion table shared, not copied (no
// one writes a loaded clip's table; the clip on screen keeps reading it meanwhile).
std::shared_ptr<Clip> shared_copy(const Clip& clip) { return std::make_shared<Clip>(share_clip(clip)); }

bool only_the_sample(const std::vector<ClipSlot>& clips) { return clips.size() == 1 && clips.front().is_sample; }

}  // namespace

const char* load_state_name(LoadState state) noexcept {
  switch (state) {
    case LoadState::Queued:
      return "queued";
    case LoadState::Streaming:
      return "streaming";
    case LoadState::Ready:
      return "ready";
    case LoadState::Failed:
      return "failed";
    case LoadState::Cancelled:
      return "cancelled";
  }
  return "?";
}

void ClipSet::notify(ClipSetNotice::Kind kind, int clip_id, const std::string& path, const std::string& text,
                     bool is_sample) {
  ClipSetNotice notice;
  notice.kind = kind;
  notice.clip_id = clip_id;
  notice.path = path;
  notice.text = text;
  notice.is_sample = is_sample;
  notices_.push_back(std::move(notice));
}

// --- Asking for loads.

int ClipSet::ask(LoadRequest request, int clip_id) {
  // A new batch once every load of the last one has finished: "3 of 3" becomes "1 of 1".
  if (std::all_of(loads_.begin(), loads_.end(), [](const ClipLoad& l) { return l.finished(); })) loads_.clear();
  request.ticket = next_ticket_++;
  ClipLoad load;
  load.ticket = request.ticket;
  load.path = request.path;
  load.clip_id = clip_id;
  load.in_place = clip_id != 0;
  load.from_file = !request.in_memory;
  load.replaces_all = request.replace_all;
  loads_.push_back(std::move(load));
  requests_.push_back(std::move(request));
  if (ClipSlot* slot = with_id(clip_id)) slot->updating = true;
  return loads_.back().ticket;
}

int ClipSet::open_file(const std::string& path, bool replace_all, UpAxisRequest up) {
  // One load per file at a time: a file still loading (queued, or streaming before its first frame
  // is shown) is not asked for again.
  for (const ClipLoad& load : loads_) {
    if (!load.finished() && !load.in_place && load.path == path && (!replace_all || load.replaces_all))
      return load.ticket;
  }
  const auto loaded = std::find_if(clips_.begin(), clips_.end(),
                                   [&](const ClipSlot& slot) { return !slot.is_sample && slot.clip().source == path; });
  // A replacing load still to come clears the clips: then this file is a new clip, not a reload.
  const bool replacing_ahead =
      std::any_of(loads_.begin(), loads_.end(), [](const ClipLoad& l) { return !l.finished() && l.replaces_all; });
  if (!replace_all && loaded != clips_.end() && !replacing_ahead) return reload(loaded->id);
  LoadRequest request;
  request.path = path;
  request.replace_all = replace_all;
  request.up = up;
  return ask(std::move(request), 0);
}

int ClipSet::open_sample(const std::string& name, std::string text) {
  LoadRequest request;
  request.path = name;
  request.text = std::move(text);
  request.bundled_sample = true;
  request.replace_all = true;
  return ask(std::move(request), 0);
}

int ClipSet::reload(int clip_id) {
  const ClipSlot* slot = with_id(clip_id);
  if (slot == nullptr || slot->is_sample) return 0;  // the sample has no file: open_sample again
  if (ClipLoad* loading = load_for_clip(clip_id)) {
    // Reading its file already (or streaming): nothing more. A new position mode or up axis being
    // prepared from memory gives way to the file, read with that choice, so a change on disk is
    // never lost.
    if (loading->from_file || loading->state == LoadState::Streaming) return loading->ticket;
    const ClipLoad replaced = *loading;
    loading->restores_choice = false;
    stop(*loading);
    const int ticket = reload(clip_id);
    if (ClipLoad* now = find_load(ticket); now != nullptr && replaced.restores_choice) {
      now->restores_choice = true;
      now->previous_mode = replaced.previous_mode;
      now->previous_up = replaced.previous_up;
    }
    return ticket;
  }
  LoadRequest request;
  request.path = slot->clip().source;
  request.bundled_sample = slot->is_sample;
  request.mode = slot->prepared.mode_request;
  request.up = slot->prepared.up_request;
  request.keep_view = true;
  request.replace_clip_id = clip_id;
  request.motion = slot->motion;
  return ask(std::move(request), clip_id);
}

int ClipSet::reload_sample(int clip_id, std::string text) {
  const ClipSlot* slot = with_id(clip_id);
  if (slot == nullptr || !slot->is_sample) return 0;
  if (const ClipLoad* loading = load_for_clip(clip_id)) return loading->ticket;
  LoadRequest request;
  request.path = slot->clip().source;
  request.text = std::move(text);
  request.bundled_sample = true;
  request.mode = slot->prepared.mode_request;
  request.up = slot->prepared.up_request;
  request.keep_view = true;
  request.replace_clip_id = clip_id;
  return ask(std::move(request), clip_id);
}

int ClipSet::change_interpretation(int index, PositionModeRequest mode, UpAxisRequest up) {
  if (index < 0 || static_cast<std::size_t>(index) >= clips_.size()) return 0;
  ClipSlot& slot = clips_[static_cast<std::size_t>(index)];
  if (slot.prepared.mode_request == mode && slot.prepared.up_request == up) return 0;
  PositionModeRequest previous_mode = slot.prepared.mode_request;
  UpAxisRequest previous_up = slot.prepared.up_request;
  slot.prepared.mode_request = mode;  // the choice shows at once; the clip follows when prepared
  slot.prepared.up_request = up;
  slot.weak_guess = weak_guess_of(slot.prepared);  // a choice settles a guess
  if (slot.loading) return 0;                      // applied when its stream ends (finish_stream)
  // A load of it already asked for (a reload, an earlier choice) is stopped: this one replaces it,
  // reading the file again when that one did (a change on disk is not lost).
  bool from_file = false;
  if (ClipLoad* earlier = load_for_clip(slot.id)) {
    from_file = earlier->from_file;
    if (earlier->restores_choice) {  // the choice before both
      previous_mode = earlier->previous_mode;
      previous_up = earlier->previous_up;
    }
    earlier->restores_choice = false;
    stop(*earlier);
  }
  LoadRequest request;
  request.path = slot.clip().source;
  request.bundled_sample = slot.is_sample;
  if (!from_file || slot.is_sample) request.in_memory = shared_copy(slot.clip());
  request.mode = mode;
  request.up = up;
  request.keep_view = true;
  request.replace_clip_id = slot.id;
  const int ticket = ask(std::move(request), slot.id);
  ClipLoad& load = *find_load(ticket);
  load.restores_choice = true;
  load.keeps_active = true;
  load.previous_mode = previous_mode;
  load.previous_up = previous_up;
  return ticket;
}

void ClipSet::add_ready(PreparedClip prepared, bool replace_all) {
  LoadRequest request;
  request.path = prepared.clip.source;
  request.mode = prepared.mode_request;
  request.up = prepared.up_request;
  request.replace_all = replace_all;
  const int ticket = next_ticket_++;
  request.ticket = ticket;
  ClipLoad load;
  load.ticket = ticket;
  load.path = request.path;
  load.replaces_all = replace_all;
  loads_.push_back(std::move(load));
  on_outcome(LoadOutcome{std::move(request), std::move(prepared), ticket, false});
}

std::vector<LoadRequest> ClipSet::take_requests() {
  std::vector<LoadRequest> requests;
  requests.swap(requests_);
  return requests;
}

std::vector<int> ClipSet::take_cancels() {
  std::vector<int> cancels;
  cancels.swap(cancels_);
  return cancels;
}

std::vector<ClipSetNotice> ClipSet::take_notices() {
  std::vector<ClipSetNotice> notices;
  notices.swap(notices_);
  return notices;
}

// --- The loader's events.

void ClipSet::on_preview(LoadPreview preview) {
  ClipLoad* load = find_load(preview.load_id);
  if (load == nullptr || load->state != LoadState::Queued || load->in_place) return;  // cancelled meanwhile
  stream_.emplace();
  stream_->ticket = load->ticket;
  stream_->request = std::move(preview.request);
  stream_->waiting = std::move(preview.clip);
  stream_->expected_frames = preview.expected_frames;
}

int ClipSet::streaming_ticket() const noexcept { return stream_ ? stream_->ticket : 0; }

Motion* ClipSet::streaming_motion() noexcept {
  if (!stream_) return nullptr;
  const ClipLoad* load = find_load(stream_->ticket);
  if (load == nullptr || load->state == LoadState::Cancelled) return nullptr;
  if (load->state == LoadState::Queued) return &stream_->waiting.motion;
  ClipSlot* slot = with_id(load->clip_id);
  return slot != nullptr ? &slot->prepared.clip.motion : nullptr;
}

void ClipSet::rows_arrived() {
  if (!stream_) return;
  ClipLoad* load = find_load(stream_->ticket);
  if (load == nullptr) return;
  if (load->state == LoadState::Queued && stream_->waiting.motion.frame_count > 0) {
    show_streaming_clip(*load);
  } else if (load->state == LoadState::Streaming) {
    grow_timeline();
  }
}

// The streaming clip's first frame is in: its slot joins the clips (instead of them when asked,
// or instead of the bundled sample).
void ClipSet::show_streaming_clip(ClipLoad& load) {
  ClipSetStream& stream = *stream_;
  PreparedClip prepared;
  prepared.clip = std::move(stream.waiting);
  prepared.mode_request = stream.request.mode;
  prepared.up_request = stream.request.up;
  prepared.decision = decide_position_mode(prepared.clip, prepared.mode_request);
  // Measured on its first frame only (the finished clip brings the measures of every frame): a
  // bake of the thousands of frames already in would cost this UI frame tens of milliseconds.
  Motion& motion = prepared.clip.motion;
  const std::size_t frames_in = motion.frame_count;
  motion.frame_count = 1;
  prepared.measures = measure_clip(prepared.clip, prepared.decision.mode, prepared.up_request);
  motion.frame_count = frames_in;
  ClipSlot slot = make_clip_slot(std::move(prepared), false);
  slot.loading = true;
  slot.expected_frames = stream.expected_frames;
  const double shared_seconds = seconds();
  if (stream.request.replace_all || only_the_sample(clips_)) {
    stream.set_aside = std::move(clips_);
    stream.set_aside_active = active_;
    clips_.clear();
  }
  add_slot(std::move(slot), false);
  load.state = LoadState::Streaming;
  load.clip_id = clips_.back().id;
  reset_timeline();
  if (clips_.size() == 1) {
    clock_.reset(clock_.frame_count(), clock_.frame_time(), false);
    stream.autoplay = true;
  } else {
    clock_.seek((shared_seconds - timeline_start_) / clock_.frame_time());
  }
  clock_.set_more_frames_coming(true);
  notify(ClipSetNotice::Kind::StreamStarted, load.clip_id, load.path);
  grow_timeline();
}

// More frames of the streaming clip: a longer clock (position, playing and a scrub kept).
void ClipSet::grow_timeline() {
  const ClipLoad* load = stream_ ? find_load(stream_->ticket) : nullptr;
  const ClipSlot* slot = load != nullptr && load->state == LoadState::Streaming ? with_id(load->clip_id) : nullptr;
  if (slot == nullptr) return;
  timings_.clear();  // reused: nothing allocated per frame while a clip streams
  for (const ClipSlot& s : clips_) timings_.push_back({&s.clip().motion, s.time_offset});
  const TimelineSpan span = timeline_span(timings_);
  const double frame_time = clock_.frame_time();
  if (std::abs(span.start - timeline_start_) > 1e-9) {
    reset_timeline();
  } else {
    clock_.set_frame_count(timeline_frames(span.end - span.start, frame_time));
  }
  // The track is drawn as long as the clip will be once every declared frame is in.
  const Motion& motion = slot->clip().motion;
  const double expected_end =
      slot->time_offset + static_cast<double>(std::max<std::size_t>(slot->expected_frames, 1) - 1) * motion.frame_time;
  timeline_expected_frames_ = timeline_frames(std::max(span.end, expected_end) - timeline_start_, frame_time);
  if (stream_->autoplay && clock_.frame_count() > 1) {
    clock_.play();
    stream_->autoplay = false;
  }
}

void ClipSet::on_outcome(LoadOutcome outcome) {
  const int ticket = outcome.request.ticket != 0 ? outcome.request.ticket : outcome.load_id;
  ClipLoad* load = find_load(ticket);
  if (load == nullptr || load->state == LoadState::Cancelled) return;  // stopped: whatever it says is dropped
  const bool streamed = stream_ && stream_->ticket == ticket;
  if (streamed && load->state == LoadState::Streaming) {
    if (outcome.result) {
      finish_stream(*load, std::move(outcome));
    } else {
      drop_streaming_clip(*load, outcome.cancelled, format_diagnostic(outcome.result.error(), Severity::Error));
    }
    return;
  }
  if (streamed) stream_.reset();  // it ended before its first frame was shown: an ordinary load
  if (ClipSlot* target = with_id(load->clip_id)) target->updating = false;
  if (!outcome.result) {
    load->state = outcome.cancelled ? LoadState::Cancelled : LoadState::Failed;
    restore_choice(*load);
    if (outcome.cancelled) {
      notify(ClipSetNotice::Kind::Cancelled, load->clip_id, load->path);
    } else {
      notify(ClipSetNotice::Kind::Failed, load->clip_id, load->path,
             format_diagnostic(outcome.result.error(), Severity::Error));
    }
    return;
  }
  const bool is_sample = outcome.request.bundled_sample;
  const double shared_seconds = seconds();
  const bool playing = clock_.playing();
  ClipSlot slot = make_clip_slot(std::move(outcome.result).value(), is_sample);
  const std::string source = slot.clip().source;
  ClipSlot* replaced = load->in_place ? with_id(load->clip_id) : nullptr;
  if (load->in_place && replaced == nullptr) {  // its clip went meanwhile
    load->state = LoadState::Cancelled;
    return;
  }
  load->state = LoadState::Ready;
  if (replaced != nullptr) {
    slot.motion = replaced->motion;
    replace_slot(*replaced, std::move(slot));
    if (!load->keeps_active) active_ = index_of(load->clip_id);
    reset_timeline();
    clock_.seek((shared_seconds - timeline_start_) / clock_.frame_time());
    if (!playing) clock_.pause();
    notify(ClipSetNotice::Kind::ClipReplaced, load->clip_id, source, {}, is_sample);
  } else {
    add_slot(std::move(slot), load->replaces_all);
    load->clip_id = clips_.back().id;
    // A file of several motions: one clip each, side by side, the first one active.
    for (std::size_t k = 0; k < outcome.more.size(); ++k) {
      ClipSlot other = make_clip_slot(std::move(outcome.more[k]), false);
      other.motion = static_cast<int>(k + 1);
      add_slot(std::move(other), false);
      notify(ClipSetNotice::Kind::ClipAdded, clips_.back().id, source, {}, false);
    }
    if (!outcome.more.empty()) active_ = index_of(load->clip_id);
    reset_timeline();
    if (clips_.size() == 1) {
      clock_.reset(clock_.frame_count(), clock_.frame_time(), true);
    } else {
      clock_.seek((shared_seconds - timeline_start_) / clock_.frame_time());
    }
    notify(ClipSetNotice::Kind::ClipAdded, load->clip_id, source, {}, is_sample);
  }
  notify(ClipSetNotice::Kind::Loaded, load->clip_id, source, {}, is_sample);
  changed();
}

// The streaming clip is complete: the finished clip takes its slot, keeping what the user set on
// it (a position mode or up axis chosen meanwhile is prepared next).
void ClipSet::finish_stream(ClipLoad& load, LoadOutcome outcome) {
  ClipSetStream stream = std::move(*stream_);
  stream_.reset();
  clock_.set_more_frames_coming(false);
  timeline_expected_frames_ = 0;
  ClipSlot* slot = with_id(load.clip_id);
  if (slot == nullptr) {  // its clip went with the others (a clip set replaced meanwhile)
    load.state = LoadState::Cancelled;
    return;
  }
  const PositionModeRequest chosen_mode = slot->prepared.mode_request;
  const UpAxisRequest chosen_up = slot->prepared.up_request;
  const double shared_seconds = seconds();
  const bool playing = clock_.playing();
  ClipSlot finished = make_clip_slot(std::move(outcome.result).value(), false);
  const std::string source = finished.clip().source;
  replace_slot(*slot, std::move(finished));
  load.state = LoadState::Ready;
  reset_timeline();
  clock_.seek((shared_seconds - timeline_start_) / clock_.frame_time());
  if (!playing) clock_.pause();
  notify(ClipSetNotice::Kind::StreamFinished, load.clip_id, source);
  notify(ClipSetNotice::Kind::Loaded, load.clip_id, source);
  changed();
  const int index = index_of(load.clip_id);
  const ClipSlot& now = clips_[static_cast<std::size_t>(index)];
  if (now.prepared.mode_request != chosen_mode || !(now.prepared.up_request == chosen_up))
    change_interpretation(index, chosen_mode, chosen_up);
}

// The streaming clip goes (its load failed or was cancelled) and what it set aside comes back.
void ClipSet::drop_streaming_clip(ClipLoad& load, bool cancelled, const std::string& text) {
  ClipSetStream stream = std::move(*stream_);
  stream_.reset();
  clock_.set_more_frames_coming(false);
  timeline_expected_frames_ = 0;
  load.state = cancelled ? LoadState::Cancelled : LoadState::Failed;
  if (const int index = index_of(load.clip_id); index >= 0) {
    clips_.erase(clips_.begin() + index);
    active_ = clips_.empty()
                  ? -1
                  : std::clamp(active_ > index ? active_ - 1 : active_, 0, static_cast<int>(clips_.size()) - 1);
  }
  if (!stream.set_aside.empty()) {
    clips_ = std::move(stream.set_aside);
    active_ = stream.set_aside_active;
    notify(ClipSetNotice::Kind::ClipsRestored, 0, load.path);
  }
  notify(cancelled ? ClipSetNotice::Kind::Cancelled : ClipSetNotice::Kind::Failed, 0, load.path,
         cancelled ? std::string() : text);
  reset_timeline();
  changed();
}

// A new clip, made active, after the others or instead of them; the bundled sample gives way to
// the user's first file.
void ClipSet::add_slot(ClipSlot slot, bool replace_all) {
  if (replace_all || only_the_sample(clips_)) clips_.clear();
  slot.id = next_clip_id_++;
  slot.content = next_content_++;
  int colour = 0;
  while (std::any_of(clips_.begin(), clips_.end(), [&](const ClipSlot& s) { return s.color_index == colour; }))
    ++colour;
  slot.color_index = colour;
  clips_.push_back(std::move(slot));
  active_ = static_cast<int>(clips_.size()) - 1;
  changed();
}

// A reload or new measurement takes the clip's place, keeping what the user set on it.
void ClipSet::replace_slot(ClipSlot& old, ClipSlot slot) {
  slot.id = old.id;
  slot.content = next_content_++;
  slot.color_index = old.color_index;
  slot.visible = old.visible;
  slot.time_offset = old.time_offset;
  slot.side_offset = old.side_offset;
  slot.auto_offset = old.auto_offset;
  slot.units_choice = old.units_choice;
  // With a rate chosen, the clip prepared again from memory already plays at it: the rate it was
  // loaded at is the one kept.
  slot.loaded_frame_time = old.frame_time_choice ? old.loaded_frame_time : slot.clip().motion.frame_time;
  slot.frame_time_choice = old.frame_time_choice;
  if (slot.frame_time_choice) slot.prepared.clip.motion.frame_time = *slot.frame_time_choice;
  slot.selected = old.selected < slot.clip().skeleton.joint_count() ? old.selected : -1;
  old = std::move(slot);
}

void ClipSet::restore_choice(const ClipLoad& load) {
  if (!load.restores_choice) return;
  if (ClipSlot* slot = with_id(load.clip_id)) {
    slot->prepared.mode_request = load.previous_mode;
    slot->prepared.up_request = load.previous_up;
  }
}

void ClipSet::stop(ClipLoad& load) {
  if (load.finished()) return;
  load.state = LoadState::Cancelled;
  if (ClipSlot* target = with_id(load.clip_id); target != nullptr && load.in_place) target->updating = false;
  restore_choice(load);
  const auto unsent = std::find_if(requests_.begin(), requests_.end(),
                                   [&](const LoadRequest& request) { return request.ticket == load.ticket; });
  if (unsent != requests_.end()) {
    requests_.erase(unsent);
  } else {
    cancels_.push_back(load.ticket);
  }
}

// --- The user's actions.

void ClipSet::set_active(int index) {
  if (index < 0 || static_cast<std::size_t>(index) >= clips_.size() || index == active_) return;
  active_ = index;
  reset_timeline();
  changed();
}

void ClipSet::select(int index, int joint) {
  if (index < 0 || static_cast<std::size_t>(index) >= clips_.size()) return;
  set_active(index);
  ClipSlot& slot = clips_[static_cast<std::size_t>(index)];
  slot.selected = joint >= 0 && joint < slot.clip().skeleton.joint_count() ? joint : -1;
}

void ClipSet::set_visible(int index, bool visible) {
  if (index < 0 || static_cast<std::size_t>(index) >= clips_.size()) return;
  clips_[static_cast<std::size_t>(index)].visible = visible;
}

void ClipSet::solo(int index) {
  if (index < 0 || static_cast<std::size_t>(index) >= clips_.size()) return;
  const bool already_solo = std::all_of(clips_.begin(), clips_.end(), [&](const ClipSlot& s) {
    return s.visible == (&s == &clips_[static_cast<std::size_t>(index)]);
  });
  for (ClipSlot& slot : clips_) slot.visible = already_solo || &slot == &clips_[static_cast<std::size_t>(index)];
}

void ClipSet::show_all() {
  for (ClipSlot& slot : clips_) slot.visible = true;
}

void ClipSet::set_time_offset(int index, double offset_seconds) {
  if (index < 0 || static_cast<std::size_t>(index) >= clips_.size() || !std::isfinite(offset_seconds)) return;
  clips_[static_cast<std::size_t>(index)].time_offset = offset_seconds;
  reset_timeline();
}

void ClipSet::set_side_offset(int index, glm::vec3 offset) {
  if (index < 0 || static_cast<std::size_t>(index) >= clips_.size()) return;
  ClipSlot& slot = clips_[static_cast<std::size_t>(index)];
  slot.side_offset = offset;
  slot.auto_offset = false;
  changed();
}

void ClipSet::auto_space() {
  for (ClipSlot& slot : clips_) slot.auto_offset = true;
  changed();
}

void ClipSet::set_frame_time(int index, std::optional<double> frame_time) {
  if (index < 0 || static_cast<std::size_t>(index) >= clips_.size()) return;
  if (frame_time && !(*frame_time > 0.0 && std::isfinite(*frame_time))) return;
  ClipSlot& slot = clips_[static_cast<std::size_t>(index)];
  if (!slot.frame_time_choice) slot.loaded_frame_time = slot.clip().motion.frame_time;
  slot.frame_time_choice = frame_time;
  slot.prepared.clip.motion.frame_time = frame_time ? *frame_time : slot.loaded_frame_time;
  slot.content = next_content_++;  // what was computed from its timing (a comparison) is stale
  reset_timeline();                // the shared time on screen stays where it was
  changed();
}

void ClipSet::set_units(int index, int units_choice) {
  if (index < 0 || static_cast<std::size_t>(index) >= clips_.size()) return;
  clips_[static_cast<std::size_t>(index)].units_choice = units_choice;
  changed();
}

void ClipSet::move_clip(int from, int to) {
  const int count = static_cast<int>(clips_.size());
  if (from < 0 || from >= count || to < 0 || to >= count || from == to) return;
  const int active_id = active_ >= 0 ? clips_[static_cast<std::size_t>(active_)].id : 0;
  ClipSlot moving = std::move(clips_[static_cast<std::size_t>(from)]);
  clips_.erase(clips_.begin() + from);
  clips_.insert(clips_.begin() + to, std::move(moving));
  active_ = index_of(active_id);
  changed();
}

void ClipSet::align_starts() {
  for (ClipSlot& slot : clips_) slot.time_offset = 0.0;
  reset_timeline();
}

void ClipSet::overlay_at_origin() {
  for (ClipSlot& slot : clips_) {
    slot.side_offset = glm::vec3(0.0f);
    slot.auto_offset = false;
  }
  changed();
}

void ClipSet::remove(int index) {
  if (index < 0 || static_cast<std::size_t>(index) >= clips_.size()) return;
  const int id = clips_[static_cast<std::size_t>(index)].id;
  if (ClipLoad* load = load_for_clip(id)) {
    const bool was_streaming = load->state == LoadState::Streaming;
    stop(*load);
    if (was_streaming && stream_ && stream_->ticket == load->ticket) {
      // What it set aside stays aside: the user removed the clip that replaced them.
      stream_.reset();
      clock_.set_more_frames_coming(false);
      timeline_expected_frames_ = 0;
    }
  }
  erase_at(index);
}

void ClipSet::remove_all() {
  for (ClipLoad& load : loads_) stop(load);
  stream_.reset();
  clock_.set_more_frames_coming(false);
  timeline_expected_frames_ = 0;
  clips_.clear();
  active_ = -1;
  reset_timeline();
  changed();
}

void ClipSet::cancel_loads() {
  for (ClipLoad& load : loads_) {
    if (load.finished()) continue;
    if (load.state == LoadState::Streaming && stream_ && stream_->ticket == load.ticket) {
      cancels_.push_back(load.ticket);
      drop_streaming_clip(load, true, {});
    } else {
      stop(load);
    }
  }
  stream_.reset();
}

void ClipSet::erase_at(int index) {
  clips_.erase(clips_.begin() + index);
  if (clips_.empty()) {
    active_ = -1;
  } else {
    active_ = std::clamp(active_ > index ? active_ - 1 : active_, 0, static_cast<int>(clips_.size()) - 1);
  }
  reset_timeline();
  changed();
}

// --- Reading.

const ClipSlot* ClipSet::active() const noexcept {
  return active_ >= 0 && static_cast<std::size_t>(active_) < clips_.size() ? &clips_[static_cast<std::size_t>(active_)]
                                                                           : nullptr;
}

ClipSlot* ClipSet::active() noexcept {
  return active_ >= 0 && static_cast<std::size_t>(active_) < clips_.size() ? &clips_[static_cast<std::size_t>(active_)]
                                                                           : nullptr;
}

int ClipSet::index_of(int clip_id) const noexcept {
  if (clip_id == 0) return -1;
  for (std::size_t i = 0; i < clips_.size(); ++i)
    if (clips_[i].id == clip_id) return static_cast<int>(i);
  return -1;
}

const ClipSlot* ClipSet::with_id(int clip_id) const noexcept {
  const int index = index_of(clip_id);
  return index >= 0 ? &clips_[static_cast<std::size_t>(index)] : nullptr;
}

ClipSlot* ClipSet::with_id(int clip_id) noexcept {
  const int index = index_of(clip_id);
  return index >= 0 ? &clips_[static_cast<std::size_t>(index)] : nullptr;
}

const ClipLoad* ClipSet::load(int ticket) const noexcept {
  for (const ClipLoad& l : loads_)
    if (l.ticket == ticket) return &l;
  return nullptr;
}

ClipLoad* ClipSet::find_load(int ticket) noexcept {
  for (ClipLoad& l : loads_)
    if (l.ticket == ticket) return &l;
  return nullptr;
}

ClipLoad* ClipSet::load_for_clip(int clip_id) noexcept {
  for (ClipLoad& l : loads_)
    if (!l.finished() && l.clip_id == clip_id) return &l;
  return nullptr;
}

LoadCount ClipSet::load_count() const noexcept {
  LoadCount count;
  count.total = loads_.size();
  count.finished = static_cast<std::size_t>(
      std::count_if(loads_.begin(), loads_.end(), [](const ClipLoad& l) { return l.finished(); }));
  return count;
}

bool ClipSet::loading() const noexcept {
  return std::any_of(loads_.begin(), loads_.end(), [](const ClipLoad& l) { return !l.finished(); });
}

// --- The shared clock.

double ClipSet::seconds() const noexcept { return timeline_start_ + clock_.position() * clock_.frame_time(); }

double ClipSet::clock_position_for(const ClipSlot& slot, double clip_frame) const noexcept {
  const double at = slot.time_offset + clip_frame * slot.clip().motion.frame_time - timeline_start_;
  const double frame_time = clock_.frame_time();
  return frame_time > 0.0 ? at / frame_time : 0.0;
}

// The shared clock covers every clip's time span, in frames of the active clip; the shared time
// on screen stays where it was.
void ClipSet::reset_timeline() {
  const ClipSlot* slot = active();
  if (slot == nullptr) {
    clock_.reset(0, 1.0 / 30.0, false);
    timeline_start_ = 0.0;
    return;
  }
  std::vector<ClipTiming> timings;
  timings.reserve(clips_.size());
  for (const ClipSlot& s : clips_) timings.push_back({&s.clip().motion, s.time_offset});
  const TimelineSpan span = timeline_span(timings);
  const double frame_time = slot->clip().motion.frame_time > 0.0 ? slot->clip().motion.frame_time : 1.0 / 30.0;
  const double shared_seconds = seconds();
  const bool playing = clock_.playing();
  timeline_start_ = span.start;
  clock_.reset(timeline_frames(span.end - span.start, frame_time), frame_time, playing);
  clock_.seek((shared_seconds - span.start) / frame_time);
}

}  // namespace bvhscope
