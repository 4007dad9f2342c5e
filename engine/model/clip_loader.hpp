// Loads BVH files on a Worker (model/worker) so the UI stays live: requests are queued and loaded
// one at a time (several dropped files load one after the other). A new clip read from a file is streamed:
// the frame loop gets a preview as soon as its hierarchy is read, whose table is the one the parse
// fills, and shows its rows in place as they arrive (rows_ready), so the skeleton moves and the
// timeline fills before the load ends; the finished clip, the same table, follows as an outcome.
// The frame loop takes both, in order, with take_event().
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "anim/bvh_parser.hpp"
#include "anim/result.hpp"
#include "anim/up_axis.hpp"
#include "formats/format_registry.hpp"
#include "model/frame_gate.hpp"
#include "model/prepared_clip.hpp"
#include "model/worker.hpp"

namespace bvhscope {

struct LoadRequest {
  std::string path;                 // what to read; also the source name in messages
  std::optional<std::string> text;  // when set, parsed instead of reading `path` (the bundled sample)
  // When set, this clip (already loaded) is prepared again instead of reading `path`: a new
  // position mode or up axis measured off the UI thread.
  std::shared_ptr<Clip> in_memory;
  PositionModeRequest mode = PositionModeRequest::Auto;
  UpAxisRequest up;             // the up axis asked for (auto by default)
  int ticket = 0;               // the asker's id for this load, carried by its events (0: the loader numbers it)
  bool bundled_sample = false;  // the clip is the bundled sample (no file to reload or watch)
  bool keep_view = false;       // a reload: keep the camera and the playhead
  int replace_clip_id = 0;      // a reload: the clip (ClipSlot::id) it replaces; 0 adds a clip
  bool replace_all = false;     // the new clip replaces every loaded clip
  // Which motion of a file holding several: -1 (a new clip) every motion, up to kMaxMotionsOpened,
  // one clip each (LoadOutcome::more); K (a reload of the clip showing motion K) motion K alone.
  int motion = -1;
};

// The motions of one file opened as clips at most (a batch of generated motions holds dozens; a
// dataset's array thousands, which a warning says).
inline constexpr std::size_t kMaxMotionsOpened = 64;

// A new clip whose file has started loading, before its rows: `clip.motion.values` is a handle on
// the table the parse fills (FrameValues::share) showing no row yet, and frame_count is 0; the
// frame loop grows both to ClipLoader::rows_ready rows as they arrive (values.resize(rows *
// channel_count)), reading the rows in place. Handed out for loads of files that add a clip;
// reloads and the bundled sample have none.
struct LoadPreview {
  int load_id = 0;
  LoadRequest request;
  Clip clip;                        // skeleton, source, frame time, channel count; no frames yet
  std::size_t expected_frames = 0;  // the frames the file declares (bounded by what its size can hold)
};

struct LoadOutcome {
  LoadRequest request;
  Result<PreparedClip> result;       // the file's first motion (or the one asked for)
  int load_id = 0;                   // the load's id: the request's ticket, or the loader's own number without one
  bool cancelled = false;            // the result is an error because cancel_all stopped the load
  std::vector<PreparedClip> more{};  // a file of several motions read for new clips: the others, in order
};

// What the frame loop takes from the loader, in the order the loads produced them: a load's
// preview always comes before its outcome.
using LoadEvent = std::variant<LoadPreview, LoadOutcome>;

enum class LoadPhase : std::uint8_t { Idle, Parsing, Measuring };  // Parsing reads the file too

// What the viewer's command line says about files that do not say it themselves: how joint arrays
// are read (ReadOptions' skeleton, feature statistics and archive key: --skeleton, --mean/--std,
// --key; its progress and parse options are the loader's own) and the rate every file is played at
// (--source-fps), for every load.
struct FileReading {
  ReadOptions read;
  std::optional<double> source_fps;
};

// The name of the loader's thread and of the parse workers it starts (at most 15 characters).
inline constexpr const char* kLoaderThreadName = "bvhscope-loader";

class ClipLoader {
 public:
  ClipLoader();
  ~ClipLoader();
  ClipLoader(const ClipLoader&) = delete;
  ClipLoader& operator=(const ClipLoader&) = delete;

  // How every load reads its file; set before the first request.
  void set_reading(FileReading reading) { reading_ = std::move(reading); }
  void request(LoadRequest request);
  // The oldest preview or finished load not taken yet.
  std::optional<LoadEvent> take_event();
  // How many rows of preview `load_id`'s table hold their final values, for its clip to show
  // (motion.values.resize(rows * channel_count), motion.frame_count = rows): the rows the parse
  // has published while it runs, then every row of the finished clip (while it is measured and
  // after), or after an error or a cancel the rows published before it. Never fewer than a
  // previous answer for the same load; 0 for a load that is not the last one previewed. Never
  // waits for the parse.
  [[nodiscard]] std::size_t rows_ready(int load_id) const;
  // Stops the load in progress (its outcome comes back cancelled) and drops the ones waiting.
  void cancel_all();
  // Stops only the load in progress; the ones waiting go on.
  void cancel_current();
  // Stops the load with this ticket: dropped while it waits, cancelled when in progress.
  void cancel(int ticket);

  // Loading, waiting to load, or holding events not taken yet.
  [[nodiscard]] bool busy() const;
  [[nodiscard]] LoadPhase phase() const noexcept { return phase_.load(); }
  // The file being loaded (or waiting); empty when idle.
  [[nodiscard]] std::string current_path() const;
  void current_path(std::string& out) const;  // the same into `out`, reusing its storage (no allocation per frame)
  [[nodiscard]] double seconds_busy() const;
  // Of the file being loaded: the fraction of its bytes read so far (0 when unknown).
  [[nodiscard]] double fraction_read() const noexcept;
  // How many loads are waiting behind the current one.
  [[nodiscard]] std::size_t waiting() const;
  // How many parse worker threads the loads so far have started (each at a background priority).
  [[nodiscard]] unsigned workers_started() const noexcept { return workers_started_.load(); }
  // The frame loop tells the loads when it draws (they write rows between its frames).
  [[nodiscard]] FrameGate& frame_gate() noexcept { return frame_gate_; }

 private:
  // A request waiting on the worker (dropped: cancelled before it started, it does nothing).
  struct Queued {
    LoadRequest request;
    JobTicket job = 0;
    bool dropped = false;  // under mutex_
  };
  // The worker's job for one request: the load, its preview and outcome put in events_.
  void run_load(const std::shared_ptr<Queued>& queued);
  // `more` receives the further motions of a file of several (LoadOutcome::more).
  Result<PreparedClip> load(const LoadRequest& request, int load_id, std::vector<PreparedClip>& more);
  Result<PreparedClip> load_file(const LoadRequest& request, int load_id, std::vector<PreparedClip>& more);
  // The parse of load `load_id` wrote its last row: its preview, if it is the current one, shows
  // `rows` rows from now on (`nullopt`: the rows published so far).
  void end_preview_parse(int load_id, std::optional<std::size_t> rows);

  FileReading reading_;  // set before any load: read by the worker only
  mutable std::mutex mutex_;
  std::deque<std::shared_ptr<Queued>> pending_;  // in the worker's order
  std::optional<std::string> working_on_;
  std::chrono::steady_clock::time_point started_{};
  std::deque<LoadEvent> events_;
  int next_load_id_ = 1 << 30;  // for requests without a ticket: clear of the asker's tickets
  int current_ticket_ = 0;      // of the load in progress
  // The last preview handed out (under mutex_): its load, whether its parse still writes rows (the
  // first progress_.frames_ready are final then), and once it stopped, how many rows are final.
  int preview_id_ = 0;
  bool preview_parsing_ = false;
  std::size_t preview_rows_ = 0;
  LoadProgress progress_;  // of the current load; cancel and the counters are reset for each
  // The current load handed out a preview: its rows are shown as they arrive (model/frame_gate).
  std::atomic<bool> previewed_{false};
  std::atomic<LoadPhase> phase_{LoadPhase::Idle};
  std::atomic<unsigned> workers_started_{0};
  FrameGate frame_gate_;
  // Its thread runs at the loader's priority; the events are the loads' own (a preview comes before
  // its outcome), so nothing is taken from it but the end of each job.
  Worker<bool> worker_;  // last: joined before the members above go away
};

}  // namespace bvhscope
