// The clip set: every loaded clip, each load from its request to its end (queued, streaming,
// ready, failed or cancelled), the shared playback clock and the active clip. GL-free and without
// threads: it asks for loads and cancels through an outbox the viewer hands to the ClipLoader, takes
// the loader's events back, and tells the viewer what happened through notices. Every transition
// is a plain function call, so each one is unit-tested (tests/model/clip_set_test.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anim/clip_timeline.hpp"
#include "anim/playback_clock.hpp"
#include "anim/position_mode.hpp"
#include "anim/up_axis.hpp"
#include "model/clip_loader.hpp"
#include "model/clip_slot.hpp"

namespace bvhscope {

enum class LoadState : std::uint8_t {
  Queued,     // asked for, not started (or started without a frame to show yet)
  Streaming,  // a new clip whose frames arrive while it is shown
  Ready,      // its clip is in the set
  Failed,     // its message is in a Failed notice
  Cancelled,  // stopped by the user (Esc, removing its clip, removing all); its outcome is dropped
};
[[nodiscard]] const char* load_state_name(LoadState state) noexcept;

// One load the set asked for, from its request to its end.
struct ClipLoad {
  int ticket = 0;    // LoadRequest::ticket: how the loader's events find it
  std::string path;  // as asked for (the sample's name for the bundled sample)
  LoadState state = LoadState::Queued;
  int clip_id = 0;            // the clip it replaces (a reload), or the new clip once shown; 0 before
  bool in_place = false;      // a reload or a new measurement of a loaded clip
  bool from_file = true;      // reads its file (false: prepares the clip in memory again)
  bool replaces_all = false;  // its clip replaces every other clip once it is ready
  bool keeps_active = false;  // a new position mode or up axis: the active clip stays the active one
                              // (a reload makes its clip the active one)
  // A new position mode or up axis: the clip's choice before it, back if the load does not end ready.
  bool restores_choice = false;
  PositionModeRequest previous_mode = PositionModeRequest::Auto;
  UpAxisRequest previous_up;
  [[nodiscard]] bool finished() const noexcept {
    return state == LoadState::Ready || state == LoadState::Failed || state == LoadState::Cancelled;
  }
};

// What the viewer reacts to (framing, messages, the file watcher), in the order it happened.
struct ClipSetNotice {
  enum class Kind : std::uint8_t {
    ClipAdded,       // a new ready clip: frame the view
    StreamStarted,   // a new clip's first frame is shown while the rest loads: frame the view
    StreamFinished,  // that clip is complete (same id): frame again unless the user moved the view
    ClipReplaced,    // a reload or new measurement took the clip's place (same id), view kept
    ClipsRestored,   // a replacing load failed or was cancelled: the clips it set aside are back
    Loaded,          // `path` loaded (every successful load, after one of the above)
    Failed,          // `path` could not be loaded: `text` is the located message
    Cancelled,       // the load of `path` was stopped after it had started
  };
  Kind kind = Kind::Loaded;
  int clip_id = 0;
  std::string path;
  std::string text;
  bool is_sample = false;
};

// How far a batch of loads (the files of one drop, say) has come: "12 of 40".
struct LoadCount {
  std::size_t finished = 0;
  std::size_t total = 0;
};

// The clip being streamed in (ClipSet's own; outside the class so clang sees it complete when
// std::optional asks whether it can be built with no arguments).
struct ClipSetStream {
  int ticket = 0;
  LoadRequest request;
  Clip waiting;  // until its first frame arrives; then it lives in its slot
  std::size_t expected_frames = 0;
  std::vector<ClipSlot> set_aside;
  int set_aside_active = -1;
  bool autoplay = false;  // play once it has two frames (the first clip shown)
};

class ClipSet {
 public:
  // --- Asking for loads (the requests go to the outbox; nothing is read here).
  // A file: a new clip (after the others, or instead of them with `replace_all`, or instead of the
  // bundled sample when it is the only clip). A file that is loaded already is reloaded in place;
  // one that is loading already is not asked for twice. Returns the load's ticket.
  int open_file(const std::string& path, bool replace_all, UpAxisRequest up);
  // The bundled sample from its text, replacing every clip.
  int open_sample(const std::string& name, std::string text);
  // Reads clip `clip_id`'s file again (F5, the file watcher) keeping what the user set on it; the
  // clip on screen stays until the new one is ready. Nothing when its file is loading already, or
  // for the bundled sample (it has no file: open_sample again).
  int reload(int clip_id);
  // The bundled sample read again from its text in place (F5 on it), keeping what the user set.
  int reload_sample(int clip_id, std::string text);
  // Prepares clip `index` again with another position mode or up axis in the background (the clip
  // on screen stays until then). While the clip streams, the choice is kept and applied when it ends.
  int change_interpretation(int index, PositionModeRequest mode, UpAxisRequest up);
  // A clip prepared elsewhere (the render command), ready at once.
  void add_ready(PreparedClip prepared, bool replace_all);

  // --- The loader's side.
  std::vector<LoadRequest> take_requests();
  std::vector<int> take_cancels();  // tickets to stop (queued or in progress)
  void on_preview(LoadPreview preview);
  void on_outcome(LoadOutcome outcome);
  // The streaming load's ticket and the motion its rows go into (the clip on screen, or the clip
  // waiting for its first frame); 0 and null when nothing streams. After adding rows to it, call
  // rows_arrived.
  [[nodiscard]] int streaming_ticket() const noexcept;
  [[nodiscard]] Motion* streaming_motion() noexcept;
  void rows_arrived();

  // --- The user's actions (indices into clips()).
  void set_active(int index);
  void select(int index, int joint);  // also makes the clip active
  void set_visible(int index, bool visible);
  void solo(int index);  // only this clip visible (again: every clip visible)
  void show_all();
  void set_time_offset(int index, double seconds);
  void set_side_offset(int index, glm::vec3 offset);
  void auto_space();
  void set_units(int index, int units_choice);
  // Plays clip `index` at `frame_time` seconds a frame (nullopt: at the rate it was loaded at),
  // now and after reloads; the shared clock keeps its time.
  void set_frame_time(int index, std::optional<double> frame_time);
  void move_clip(int from, int to);  // reorder (the active clip stays active)
  // Align actions: every clip starts at time 0; every clip at the origin (overlaid); side by side again.
  void align_starts();
  void overlay_at_origin();
  // Removing a clip stops its loads; a clip removed while it streams never comes back.
  void remove(int index);
  void remove_all();
  // Stops every load (Esc): queued ones are dropped, a streaming clip goes and what it replaced
  // comes back.
  void cancel_loads();

  // --- What the viewer reads.
  [[nodiscard]] const std::vector<ClipSlot>& clips() const noexcept { return clips_; }
  [[nodiscard]] std::vector<ClipSlot>& clips() noexcept { return clips_; }  // per-frame pose data
  [[nodiscard]] std::size_t size() const noexcept { return clips_.size(); }
  [[nodiscard]] bool empty() const noexcept { return clips_.empty(); }
  [[nodiscard]] const ClipSlot& front() const noexcept { return clips_.front(); }
  [[nodiscard]] const ClipSlot& operator[](std::size_t i) const noexcept { return clips_[i]; }
  [[nodiscard]] ClipSlot& operator[](std::size_t i) noexcept { return clips_[i]; }
  [[nodiscard]] auto begin() const noexcept { return clips_.begin(); }
  [[nodiscard]] auto end() const noexcept { return clips_.end(); }
  [[nodiscard]] auto begin() noexcept { return clips_.begin(); }
  [[nodiscard]] auto end() noexcept { return clips_.end(); }
  [[nodiscard]] int active_index() const noexcept { return active_; }
  [[nodiscard]] const ClipSlot* active() const noexcept;
  [[nodiscard]] ClipSlot* active() noexcept;
  [[nodiscard]] int index_of(int clip_id) const noexcept;  // -1 when not in the set
  [[nodiscard]] const ClipSlot* with_id(int clip_id) const noexcept;
  [[nodiscard]] ClipSlot* with_id(int clip_id) noexcept;
  [[nodiscard]] const std::vector<ClipLoad>& loads() const noexcept { return loads_; }
  [[nodiscard]] const ClipLoad* load(int ticket) const noexcept;
  [[nodiscard]] LoadCount load_count() const noexcept;
  [[nodiscard]] bool loading() const noexcept;  // a load not finished
  std::vector<ClipSetNotice> take_notices();
  // Bumped by every change of the clips' list, order, active clip, placement or skeletons: the
  // viewer rebuilds its scene when it changes.
  [[nodiscard]] std::uint64_t revision() const noexcept { return revision_; }

  // --- The shared clock: its frames are the active clip's frame time; it covers every clip.
  [[nodiscard]] const PlaybackClock& clock() const noexcept { return clock_; }
  [[nodiscard]] PlaybackClock& clock() noexcept { return clock_; }                  // transport
  [[nodiscard]] double timeline_start() const noexcept { return timeline_start_; }  // seconds at position 0
  // While a clip streams: the clock frames the timeline spans once every declared frame is in; 0 otherwise.
  [[nodiscard]] std::size_t timeline_expected_frames() const noexcept { return timeline_expected_frames_; }
  // The clock position at which `slot` shows its (fractional) frame `clip_frame`, and back.
  [[nodiscard]] double clock_position_for(const ClipSlot& slot, double clip_frame) const noexcept;
  [[nodiscard]] double seconds() const noexcept;  // shared time now

 private:
  ClipLoad* find_load(int ticket) noexcept;
  // Stops an unfinished load: never sent when still in the outbox, else cancelled in the loader;
  // a clip's earlier position mode or up axis comes back.
  void stop(ClipLoad& load);
  void restore_choice(const ClipLoad& load);
  ClipLoad* load_for_clip(int clip_id) noexcept;  // an unfinished load that fills or replaces it
  int ask(LoadRequest request, int clip_id);
  void add_slot(ClipSlot slot, bool replace_all);
  void replace_slot(ClipSlot& old, ClipSlot slot);
  void show_streaming_clip(ClipLoad& load);
  void finish_stream(ClipLoad& load, LoadOutcome outcome);
  void drop_streaming_clip(ClipLoad& load, bool cancelled, const std::string& text);
  void erase_at(int index);
  void reset_timeline();
  void grow_timeline();
  void changed() noexcept { ++revision_; }
  void notify(ClipSetNotice::Kind kind, int clip_id, const std::string& path, const std::string& text = {},
              bool is_sample = false);

  std::vector<ClipSlot> clips_;
  int active_ = -1;
  int next_clip_id_ = 1;
  std::uint64_t next_content_ = 1;  // ClipSlot::content
  int next_ticket_ = 1;
  PlaybackClock clock_;
  double timeline_start_ = 0.0;
  std::size_t timeline_expected_frames_ = 0;
  std::vector<ClipLoad> loads_;  // this batch (cleared when a request follows a finished batch)
  // The streaming load: its clip before its first frame is shown, and what a replacing load set aside.
  std::optional<ClipSetStream> stream_;
  std::vector<ClipTiming> timings_;  // grow_timeline's scratch
  std::vector<LoadRequest> requests_;
  std::vector<int> cancels_;
  std::vector<ClipSetNotice> notices_;
  std::uint64_t revision_ = 0;
};

}  // namespace bvhscope
