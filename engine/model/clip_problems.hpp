// The Problems tab's model: the lint findings (anim/lint) of the active clip, computed on a Worker
// (model/worker; a 100 MB clip takes about a second) from a snapshot that shares the clip's frame table.
// Each result is tagged with its clip's id and content revision (a reload or a new position mode or
// up axis gives a new one): a stale result is never shown, the new one is asked for instead. Results
// of other clips are kept while they stay as they are, so switching clips back shows them at once.
// GL-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "anim/convert.hpp"
#include "anim/lint.hpp"
#include "model/clip_set.hpp"
#include "model/worker.hpp"

namespace bvhscope {

class ClipProblems {
 public:
  enum class Status : std::uint8_t {
    None,      // no active clip
    Waiting,   // the active clip is loading or being prepared again
    Checking,  // its lint is queued or running
    Ready,
  };

  // `threaded`: the work runs on the worker's thread; without, only when a test calls
  // start_next_job and finish_started_job (to hold a job across a change, deterministically).
  explicit ClipProblems(bool threaded = true);
  ~ClipProblems() = default;  // the worker stops and joins
  ClipProblems(const ClipProblems&) = delete;
  ClipProblems& operator=(const ClipProblems&) = delete;

  // Off until the interactive viewer turns it on (the render command has no Problems tab to fill).
  void set_enabled(bool on) noexcept { enabled_ = on; }
  [[nodiscard]] bool enabled() const noexcept { return enabled_; }

  // Every frame: follows the active clip (asks for its lint when it has none for the clip as it is
  // now), takes a finished result, forgets removed clips. True when what the tab shows changed.
  bool update(const ClipSet& clips);

  [[nodiscard]] Status status() const noexcept { return status_; }
  [[nodiscard]] int clip_id() const noexcept { return clip_id_; }            // the active clip's id (0: none)
  [[nodiscard]] std::uint64_t content() const noexcept { return content_; }  // and its content revision
  // The active clip's findings as it is now (nullptr unless Ready).
  [[nodiscard]] const LintReport* report() const noexcept { return shown_ ? shown_.get() : nullptr; }
  [[nodiscard]] bool busy() const;  // work queued or running
  // Waits until no work is queued or running (tests), then takes the result as update does.
  void wait_idle(const ClipSet& clips);
  // Without a thread (tests): takes the queued job, then computes it and hands in its result.
  bool start_next_job();
  void finish_started_job();

 private:
  struct Asked {  // a job on the worker: its ticket and what it checks
    JobTicket ticket = 0;
    int clip_id = 0;
    std::uint64_t content = 0;
  };
  struct Kept {  // a finished result, by clip id and content revision
    int clip_id = 0;
    std::uint64_t content = 0;
    std::shared_ptr<const LintReport> report;
  };
  void ask(const ClipSlot& slot);
  bool take_done();
  [[nodiscard]] const Kept* kept(int clip_id, std::uint64_t content) const noexcept;

  bool enabled_ = false;
  Status status_ = Status::None;
  int clip_id_ = 0;
  std::uint64_t content_ = 0;
  std::shared_ptr<const LintReport> shown_;
  std::vector<Kept> kept_;
  std::optional<std::pair<int, std::uint64_t>> asked_;  // the clip and content last asked for
  std::vector<Asked> in_flight_;                        // jobs asked for and not taken yet
  // Keyed by clip id: a newer job of a clip supersedes its older one; a job of another clip that
  // has not started yet is withdrawn (only the latest is wanted), one running goes on (kept).
  Worker<std::shared_ptr<const LintReport>> worker_;  // last: joined before the members above go
};

[[nodiscard]] const char* problems_status_name(ClipProblems::Status status) noexcept;

// Where a finding is, for the list: "frame 240, LeftArm Zrotation", "line 12", "line 12 (Chest)",
// "LeftArm"; "" for the whole file. `labels` are the joints' labels (ClipSlot::labels).
[[nodiscard]] std::string problem_place_text(const Clip& clip, const std::vector<std::string>& labels,
                                             const LintPlace& place);

// The `bvhscope convert` command line its hint names, on the clip's file written beside it as
// STEM_fixed.bvh ("" when the hint names no convert option). Placeholders of the hint (N, A:B,
// OLD=NEW) stay for the user to fill in.
[[nodiscard]] std::string fix_command(const LintFinding& finding, const std::string& path);

// The same fix as Save as BVH options (Actions::save_bvh_dialog), when the hint names only options
// with a value to take (--unwrap, --channels 3, --ground, --units m, --up +y, --rotation-order ZYX,
// --strip-prefix mixamorig:, --mirror, --in-place); nullopt for a placeholder the user must choose
// (--fps N, --frames A:B, --rename OLD=NEW) or no convert option.
[[nodiscard]] std::optional<ConvertOptions> fix_preset(const LintFinding& finding);

}  // namespace bvhscope
