#include "model/clip_loading.hpp"

#include <optional>
#include <utility>
#include <variant>
#include <vector>

namespace bvhscope {

void ClipLoading::receive(ClipSet& clips) {
  while (std::optional<LoadEvent> event = loader_.take_event()) {
    if (auto* preview = std::get_if<LoadPreview>(&*event)) {
      clips.on_preview(std::move(*preview));
    } else {
      clips.on_outcome(std::get<LoadOutcome>(std::move(*event)));
    }
  }
  if (Motion* motion = clips.streaming_motion()) {
    const std::size_t rows = loader_.rows_ready(clips.streaming_ticket());
    if (rows > motion->frame_count) {
      motion->values.resize(rows * static_cast<std::size_t>(motion->channel_count));
      motion->frame_count = rows;
      clips.rows_arrived();
    }
  }
}

bool ClipLoading::send(ClipSet& clips) {
  for (const int ticket : clips.take_cancels()) loader_.cancel(ticket);
  bool requested = false;
  for (LoadRequest& request : clips.take_requests()) {
    loader_.request(std::move(request));
    requested = true;
  }
  return requested;
}

void ClipLoading::follow(const ClipSlot* active) {
  const std::string path = active == nullptr || active->is_sample ? std::string() : active->clip().source;
  if (path != watched_path_ || (active != nullptr && active->id != watched_clip_)) watch(active);
}

void ClipLoading::watch_afresh(const ClipSlot* active) { watch(active); }

void ClipLoading::watch(const ClipSlot* active) {
  watched_path_ = active == nullptr || active->is_sample ? std::string() : active->clip().source;
  watched_clip_ = active != nullptr ? active->id : 0;
  watcher_.watch(watched_path_);
}

void ClipLoading::written(const std::string& path) {
  if (!watched_path_.empty() && path == watched_path_) watcher_.watch(watched_path_);
}

bool ClipLoading::reload_if_changed(ClipSet& clips, double now_seconds) {
  if (watched_path_.empty() || clips.with_id(watched_clip_) == nullptr || !watcher_.changed(now_seconds)) return false;
  // Every clip read from the file (a file of several motions is a clip each), the watched one first.
  clips.reload(watched_clip_);
  std::vector<int> others;
  for (const ClipSlot& slot : clips.clips())
    if (slot.id != watched_clip_ && !slot.is_sample && slot.clip().source == watched_path_) others.push_back(slot.id);
  for (const int id : others) clips.reload(id);
  return true;
}

}  // namespace bvhscope
