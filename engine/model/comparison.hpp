// Comparing clips in the viewer: one clip is the reference, every other ready clip is compared with
// it by compare_motion (anim/motion_compare), with the options the command line's `compare` takes:
// the alignment, a joint map, and the offset that the clips' time offsets on the shared clock give
// (so what plays side by side is what is measured). The work runs on a Worker (model/worker), a clip
// at a time, again whenever a clip, its interpretation, its units, its time offset or an option
// changes; the UI reads the latest finished result of each clip meanwhile. GL-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "anim/motion_compare.hpp"
#include "anim/offset_search.hpp"
#include "model/clip_set.hpp"
#include "model/compare_start.hpp"
#include "model/worker.hpp"

namespace bvhscope {

// What the user chose.
struct CompareSettings {
  int reference_id = 0;  // the reference clip's id (0: no comparison)
  Alignment alignment = Alignment::None;
  std::string map_path;                                        // the joint map's file ("" none)
  std::vector<std::pair<std::string, std::string>> map_pairs;  // read from it
  bool error_colours = true;  // compared clips' joints and bones coloured by their error
  bool ghost = false;         // compared clips drawn over the reference, translucent
  double colour_max_m = 0.0;  // the error (metres) at the top of the colour scale; 0: automatic
};

// One compared clip.
struct ClipComparison {
  enum class Status : std::uint8_t {
    Waiting,    // its clip or the reference is loading or being prepared again
    Computing,  // queued or running (a result, if any, is the previous one)
    Ready,
    Failed,  // `error` says why (no joint matched, no frame in common)
  };
  int clip_id = 0;
  Status status = Status::Waiting;
  std::shared_ptr<const CompareResult> result;  // the latest finished one (kept while the next computes)
  std::string error;
  CompareOptions options;    // what `result` was computed with (explicit_pairs left out)
  std::string scale_reason;  // why the other clip was (not) scaled (anim unit_scale)
  CompareOptions pending;    // what the work under way was asked with
  std::string pending_scale_reason;
  double metres_per_unit = 0.0;    // the reference's unit (errors are in its units); 0 when unknown
  std::uint64_t serial = 0;        // a new value with every result taken (caches built from a result key on it)
  double high_error = 0.0;         // the 95th percentile of all its errors (reference units)
  std::vector<int> pair_of_joint;  // this clip's joint -> index into result->matching.pairs, or -1
  std::vector<int> pair_of_reference_joint;  // the reference's joint -> pair index, or -1
  // Find offset (anim/offset_search): where the search for the offset with the least MPJPE is.
  enum class OffsetSearch : std::uint8_t { None, Searching, Found, Failed };
  OffsetSearch offset_search = OffsetSearch::None;
  double found_offset = 0.0;  // in reference frames, when Found
  double found_mpjpe = 0.0;   // at that offset (reference units)
  std::string offset_error;   // when Failed
  // The error of pair `pair` at reference frame `frame` (nullopt outside the compared frames).
  [[nodiscard]] std::optional<double> error_at(std::size_t frame, std::size_t pair) const noexcept;
  // The mean over joints at reference frame `frame` (nullopt outside the compared frames).
  [[nodiscard]] std::optional<double> mean_at(std::size_t frame) const noexcept;
};

[[nodiscard]] const char* compare_status_name(ClipComparison::Status status) noexcept;

// The offset in reference frames that the clips' time offsets give: the other clip shows at the
// reference's frame k its frame at time (k + offset) x the reference's frame time.
double offset_in_reference_frames(const ClipSlot& reference, const ClipSlot& other) noexcept;

class Comparison {
 public:
  // `threaded`: the work runs on the worker's thread; without, only when a test calls
  // start_next_job and finish_started_job (to hold a job across a change, deterministically).
  explicit Comparison(bool threaded = true);
  ~Comparison() = default;  // the worker stops the job under way and joins
  Comparison(const Comparison&) = delete;
  Comparison& operator=(const Comparison&) = delete;

  [[nodiscard]] const CompareSettings& settings() const noexcept { return settings_; }
  // A clip id of the set (0 clears the reference and every comparison).
  void set_reference(int clip_id);
  void set_alignment(Alignment alignment);
  // The joint map read from `path` (its pairs already parsed), or none with an empty path.
  void set_map(std::string path, std::vector<std::pair<std::string, std::string>> pairs);
  void set_error_colours(bool on) noexcept { settings_.error_colours = on; }
  void set_ghost(bool on) noexcept { settings_.ghost = on; }
  void set_colour_max(double metres) noexcept { settings_.colour_max_m = metres > 0.0 ? metres : 0.0; }
  // Searches the offset of the clip with the least MPJPE under the comparison's options, off the UI
  // thread; when found, take_found_offsets hands it over to be applied (the clip's time offset).
  void find_offset(int clip_id, const ClipSet& clips);
  // The offsets found since the last call: (clip id, offset in reference frames).
  std::vector<std::pair<int, double>> take_found_offsets();
  // The reference and the options a command line asked for (error colours on).
  void start(int reference_id, const CompareStart& start);

  // Every frame: brings the comparisons in line with the clip set (a removed reference ends the
  // comparison; a removed clip loses its own), asks for the work that a change needs, and takes
  // the results that have finished. True when something the UI shows changed.
  bool update(const ClipSet& clips);

  [[nodiscard]] bool active() const noexcept { return settings_.reference_id != 0; }
  [[nodiscard]] const std::vector<ClipComparison>& clips() const noexcept { return compared_; }
  [[nodiscard]] const ClipComparison* of(int clip_id) const noexcept;
  [[nodiscard]] bool busy() const;  // work queued or running
  // The error (reference units) at the top of the colour scale: the user's, or a round number
  // above every compared clip's 95th percentile and at least 1 mm (0 before any result).
  [[nodiscard]] double colour_max(double metres_per_unit) const noexcept;
  // Waits until no work is queued or running (tests), then takes the results as update does.
  void wait_idle(const ClipSet& clips);
  // Without a thread (tests): takes the next queued job, then computes it and hands in its result.
  bool start_next_job();
  void finish_started_job();

 private:
  // What a comparison was asked with: when any of it changes, the clip is compared again.
  struct Inputs {
    std::uint64_t reference_content = 0;
    std::uint64_t other_content = 0;
    int reference_mode = 0;
    int other_mode = 0;
    int up = 0;
    double reference_mpu = 0.0;
    double other_mpu = 0.0;
    double offset = 0.0;
    Alignment alignment = Alignment::None;
    std::uint64_t map_revision = 0;
    bool operator==(const Inputs&) const = default;
  };
  // What a job hands back (a failure of the worker's own, out of memory say, becomes `error`).
  struct Done {
    std::shared_ptr<const CompareResult> result;  // null on failure
    std::string error;
    double high_error = 0.0;
    std::optional<OffsetSearch> found;  // a Find offset job's answer
  };
  // Beside each compared clip (same index in compared_): what it was last asked with.
  struct Asked {
    std::optional<Inputs> inputs;  // of the last job asked for
    JobTicket ticket = 0;          // that job's (an older one's result is never taken)
    JobTicket offset_ticket = 0;   // the Find offset job's
  };
  void ask(std::size_t index, const ClipSlot& reference, const ClipSlot& other, const Inputs& inputs);
  // The options a comparison of `other` with `reference` runs with; `scale_reason` receives why the
  // other clip is (not) scaled.
  CompareOptions options_for(const ClipSlot& reference, const ClipSlot& other, const Inputs& inputs,
                             std::string& scale_reason) const;
  Inputs inputs_of(const ClipSlot& reference, const ClipSlot& other) const;
  void clear();
  bool take_done(const ClipSet& clips);
  std::shared_ptr<const Clip> snapshot(const ClipSlot& slot);
  // On the worker: compare_motion, out of memory left to the worker (a failure as a value).
  static Done compute(const Clip& reference, const Clip& other, const CompareOptions& options);

  CompareSettings settings_;
  std::uint64_t map_revision_ = 0;
  std::uint64_t next_serial_ = 1;
  std::vector<ClipComparison> compared_;  // every clip but the reference, in clip order
  std::vector<Asked> asked_;              // one per compared_ entry
  // Clips shared with the worker, by clip id and content (a clip is copied once, its table shared).
  struct Snapshot {
    int clip_id = 0;
    std::uint64_t content = 0;
    std::shared_ptr<const Clip> clip;
  };
  std::vector<Snapshot> snapshots_;
  std::vector<std::pair<int, double>> found_offsets_;  // found, not yet taken
  // Keyed by clip id: a newer job for a clip supersedes its older one (stopped, never taken); a
  // reset discards them all. Tickets are never reused, so no job asked before a reset is taken.
  Worker<Done> worker_;  // last: joined before the members above go
};

}  // namespace bvhscope
