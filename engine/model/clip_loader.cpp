#include "model/clip_loader.hpp"

#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <memory>

#include "anim/thread_policy.hpp"
#include "formats/read_motions.hpp"

namespace bvhscope {
namespace {

// How a load shares the CPU with the frame loop. The heavy work, parsing rows and baking the
// motion, runs on worker threads in the background (SCHED_IDLE): only on CPU time no other thread
// wants, and a renderer thread that wakes up takes their core at once. At nice 10, or even 19, a
// parse thread keeps its core to the end of its time slice, and llvmpipe, which rasterises on
// every core, waits at each of its sync points: UI frames p95 35-60 ms during a 100 MB load against
// 20-24 ms idle on the 2-core VM this was measured on (bench/progressive_load.cpp, bench/README.md).
// The loader thread itself keeps the process's priority: it reads, gathers the parsed rows and, when
// busier programs starve the workers, does their work itself (RowPipeline's take-over,
// run_supervised), so that a load on a busy machine goes on at the machine's fair share. At nice 10
// it had a tenth of that beside one busy program at nice 0 (a 100 MB load 12.9 s against 2.6 s
// beside two busy loops, the test suite's loading tests 4-8x slower under ASan), and no better UI
// on a quiet machine: frame p95 while loading 100 MB equal to idle either way (bench/README.md).
constexpr std::size_t kViewerBlockBytes = std::size_t{1} << 20;  // the loader's bursts stay short

// A frame drawn beside the load's writes: the longest a block's rows wait for its end (a frame of a
// window at 60 Hz takes less).
constexpr std::chrono::milliseconds kLongestWaitForAFrame{16};

// A load at least this big (a tenth of a second's parse or more) has the frames that show its new
// clip and its end follow a frame just shown (a frame's wait at most for each, so a few per cent of
// its time); smaller ones, often many in a row, are not held up.
constexpr std::uint64_t kAlignedLoadBytes = std::uint64_t{16} << 20;

// Whether a load's new clip and its end are shown by frames that follow a frame just shown: a big
// one whose rows are shown as they arrive (a reload of a changed file, or a huge skeleton, hands out
// no preview: nothing to show early).
bool aligned_load(const LoadProgress& progress, const std::atomic<bool>& previewed) {
  return previewed.load(std::memory_order_relaxed) &&
         progress.bytes_total.load(std::memory_order_relaxed) >= kAlignedLoadBytes;
}

// The load's side of the frame gate: before a block's rows are written, waits for the frame being
// drawn to be on screen, but never longer in all than the load has worked. On a quiet machine a
// frame leaves about half of each period free and the waits stay well within that; on one so busy
// (or a window so big) that frames take the whole period there is no gap to wait for, and the load
// goes on at half its pace at worst rather than a frame's wait for every block. An aligned load's
// first rows (what makes the new clip appear, the whole view drawn again) go in just after the next
// frame is shown (a frame's wait at most, once, outside that budget), and the loop is told at
// once: the frame that shows them starts where the last one ended.
class FrameGapWaits {
 public:
  FrameGapWaits(FrameGate& gate, const LoadProgress& progress, const std::atomic<bool>& previewed)
      : gate_(gate), progress_(progress), previewed_(previewed), since_(Clock::now()) {}
  void before_commit() {
    const Clock::time_point now = Clock::now();
    worked_ += now - since_;
    if (first_ && aligned_load(progress_, previewed_)) {
      align_ = true;
      gate_.wait_for_next_shown(kLongestWaitForAFrame);
    } else if (waited_ < worked_) {
      gate_.wait_for_gap(std::min<Clock::duration>(kLongestWaitForAFrame, worked_ - waited_));
    }
    since_ = Clock::now();
    waited_ += since_ - now;
  }
  void after_commit() {
    if (align_) gate_.news();
    first_ = false;
    align_ = false;
  }

 private:
  using Clock = std::chrono::steady_clock;
  FrameGate& gate_;
  const LoadProgress& progress_;
  const std::atomic<bool>& previewed_;
  Clock::time_point since_;  // the end of the last wait (or of the last call)
  Clock::duration worked_{0};
  Clock::duration waited_{0};
  bool first_ = true;
  bool align_ = false;  // the first block's rows follow a frame just shown: the loop is told
};

ParseOptions parse_options_for_the_viewer(std::atomic<unsigned>& workers_started, FrameGate& gate,
                                          const LoadProgress& progress, const std::atomic<bool>& previewed) {
  ParseOptions options;
  const auto waits = std::make_shared<FrameGapWaits>(gate, progress, previewed);
  options.before_commit = [waits] { waits->before_commit(); };
  options.after_commit = [waits] { waits->after_commit(); };
  options.threads = available_threads();
  options.block_bytes = kViewerBlockBytes;
  options.on_worker_start = [&workers_started] {
    run_in_background();
    workers_started.fetch_add(1);
  };
  return options;
}

// Everything of a clip whose rows are still coming but the rows.
Clip without_rows(const Clip& clip) {
  Clip shell;
  shell.source = clip.source;
  shell.skeleton = clip.skeleton;
  shell.declared_frame_time = clip.declared_frame_time;
  shell.warnings = clip.warnings;
  shell.motion.channel_count = clip.motion.channel_count;
  shell.motion.frame_time = clip.motion.frame_time;
  return shell;
}

// The motion a load shows: the one asked for (`motion` >= 0: a reload of the clip showing it), else
// the file's first, the others (up to kMaxMotionsOpened in all, a warning on the first saying how
// many were left out) going to `others`, one clip each.
Result<Clip> chosen_motions(MotionFile file, int motion, std::vector<Clip>& others) {
  std::vector<Clip>& motions = file.motions;
  if (motion >= 0) {
    if (static_cast<std::size_t>(motion) >= motions.size()) {
      return Diagnostic{file.source, 0, 0,
                        "the file holds " + std::to_string(motions.size()) + " motions now; motion " +
                            std::to_string(motion) + " is no longer in it"};
    }
    return std::move(motions[static_cast<std::size_t>(motion)]);
  }
  const std::size_t opened = std::min(motions.size(), kMaxMotionsOpened);
  for (std::size_t k = 1; k < opened; ++k) others.push_back(std::move(motions[k]));
  Clip first = std::move(motions.front());
  if (motions.size() > opened) {
    first.warnings.push_back(Diagnostic{file.source, 0, 0,
                                        "the file holds " + std::to_string(motions.size()) + " motions; the first " +
                                            std::to_string(opened) + " are opened"});
  }
  return first;
}

}  // namespace

// The loader's thread is named (top, gdb and the tests' watch on a load's CPU time see it); the
// parse workers it starts inherit the name.
ClipLoader::ClipLoader()
    : worker_(WorkerThread::Threading::Own, [] { ::pthread_setname_np(::pthread_self(), kLoaderThreadName); }) {}

ClipLoader::~ClipLoader() {
  // Quitting during a long load: stop it rather than wait for it (the worker joins after this).
  const std::lock_guard lock(mutex_);
  for (const std::shared_ptr<Queued>& queued : pending_) queued->dropped = true;
  pending_.clear();
  progress_.cancel = true;
}

void ClipLoader::request(LoadRequest request) {
  auto queued = std::make_shared<Queued>();
  queued->request = std::move(request);
  // Under mutex_ (then the worker's own lock, always in that order), so that the job cannot start
  // before it is in pending_.
  const std::lock_guard lock(mutex_);
  if (!working_on_ && pending_.empty()) started_ = std::chrono::steady_clock::now();
  queued->job = worker_.submit([this, queued](JobControl&) {
    run_load(queued);
    return true;
  });
  pending_.push_back(std::move(queued));
}

std::optional<LoadEvent> ClipLoader::take_event() {
  while (worker_.take_next()) {
  }  // the jobs' ends: their events are below
  const std::lock_guard lock(mutex_);
  if (events_.empty()) return std::nullopt;
  LoadEvent event = std::move(events_.front());
  events_.pop_front();
  return event;
}

// Safe to read in place, in every state: the preview's handle keeps the table alive whatever
// happens to the clip being filled (trimmed, moved into the outcome, dropped on an error or a
// cancel), and a count given here never includes a row anything may still write:
//  - while the parse runs, frames_ready counts rows written before it was stored (release; loaded
//    here with acquire), and the table is never reallocated;
//  - once the parse stopped, no row of that table is written again: the finished clip is only
//    measured and handed over, a failed load's clip is dropped. The count is kept from then on
//    (end_preview_parse, under mutex_, which orders the last rows written before this read), so
//    the next load resetting frames_ready or a new preview changes nothing for this one.
std::size_t ClipLoader::rows_ready(int load_id) const {
  const std::lock_guard lock(mutex_);
  if (load_id == 0 || load_id != preview_id_) return 0;
  return preview_parsing_ ? progress_.frames_ready.load(std::memory_order_acquire) : preview_rows_;
}

void ClipLoader::cancel_all() {
  const std::lock_guard lock(mutex_);
  for (const std::shared_ptr<Queued>& queued : pending_) {
    queued->dropped = true;
    worker_.withdraw(queued->job);  // false when it has just started: it sees `dropped`
  }
  pending_.clear();
  if (working_on_) progress_.cancel = true;
}

void ClipLoader::cancel(int ticket) {
  const std::lock_guard lock(mutex_);
  std::erase_if(pending_, [&](const std::shared_ptr<Queued>& queued) {
    if (queued->request.ticket != ticket) return false;
    queued->dropped = true;
    worker_.withdraw(queued->job);
    return true;
  });
  if (working_on_ && current_ticket_ == ticket) progress_.cancel = true;
}

void ClipLoader::cancel_current() {
  const std::lock_guard lock(mutex_);
  if (working_on_) progress_.cancel = true;
}

bool ClipLoader::busy() const {
  const std::lock_guard lock(mutex_);
  return !pending_.empty() || working_on_.has_value() || !events_.empty();
}

std::string ClipLoader::current_path() const {
  std::string path;
  current_path(path);
  return path;
}

void ClipLoader::current_path(std::string& out) const {
  const std::lock_guard lock(mutex_);
  if (working_on_) {
    out.assign(*working_on_);
  } else if (!pending_.empty()) {
    out.assign(pending_.front()->request.path);
  } else {
    out.clear();
  }
}

double ClipLoader::seconds_busy() const {
  const std::lock_guard lock(mutex_);
  if (pending_.empty() && !working_on_) return 0.0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

double ClipLoader::fraction_read() const noexcept {
  const std::uint64_t total = progress_.bytes_total.load(std::memory_order_relaxed);
  const std::uint64_t read = progress_.bytes_read.load(std::memory_order_relaxed);
  return total > 0 ? std::min(1.0, static_cast<double>(read) / static_cast<double>(total)) : 0.0;
}

std::size_t ClipLoader::waiting() const {
  const std::lock_guard lock(mutex_);
  return pending_.size();
}

void ClipLoader::end_preview_parse(int load_id, std::optional<std::size_t> rows) {
  const std::lock_guard lock(mutex_);
  if (!preview_parsing_ || preview_id_ != load_id) return;
  preview_parsing_ = false;
  preview_rows_ = rows ? *rows : progress_.frames_ready.load(std::memory_order_acquire);
}

Result<PreparedClip> ClipLoader::load(const LoadRequest& request, int load_id, std::vector<PreparedClip>& more) {
  if (request.in_memory) {  // a loaded clip prepared again (another position mode or up axis)
    phase_ = LoadPhase::Measuring;
    PreparedClip prepared = prepare_clip(std::move(*request.in_memory), request.mode, request.up);
    if (progress_.cancel.load()) return Diagnostic{request.path, 0, 0, "loading was cancelled"};
    return prepared;
  }
  if (!request.text) return load_file(request, load_id, more);
  phase_ = LoadPhase::Parsing;
  Result<MotionFile> parsed = read_motions_from_bytes(*request.text, request.path);
  if (!parsed) return parsed.error();
  phase_ = LoadPhase::Measuring;
  std::vector<Clip> others;  // the bundled sample is one BVH motion
  Result<Clip> chosen = chosen_motions(std::move(parsed).value(), 0, others);
  if (!chosen) return chosen.error();
  return prepare_clip(std::move(chosen).value(), request.mode, request.up);
}

// A file streams: a new clip is handed out as a preview once its hierarchy is read, with a handle
// on the table being filled; the frame loop shows its rows in place as rows_ready allows, and the
// finished clip brings that same table.
Result<PreparedClip> ClipLoader::load_file(const LoadRequest& request, int load_id, std::vector<PreparedClip>& more) {
  const bool previewed = request.replace_clip_id == 0;
  progress_.on_start = nullptr;
  if (previewed) {
    progress_.on_start = [&](const Clip& clip) {
      // A huge skeleton is not previewed: measuring and listing it would hold up the UI thread
      // (see Viewer::show_preview_slot), and its motion is seldom what takes long to read.
      if (clip.skeleton.joint_count() > kJointBudget) return;
      LoadPreview preview{load_id, request, without_rows(clip), 0};
      preview.clip.motion.values = clip.motion.values.share(0);
      if (clip.motion.channel_count > 0) {
        preview.expected_frames = clip.motion.values.size() / static_cast<std::size_t>(clip.motion.channel_count);
      }
      {
        const std::lock_guard lock(mutex_);
        preview_id_ = load_id;
        preview_parsing_ = true;
        preview_rows_ = 0;
        events_.emplace_back(std::move(preview));
      }
      previewed_ = true;
      frame_gate_.news();  // the frame that shows it starts at once (told outside the lock: it wakes X)
    };
  }
  phase_ = LoadPhase::Parsing;
  ReadOptions options = reading_.read;
  options.progress = &progress_;
  options.parse = parse_options_for_the_viewer(workers_started_, frame_gate_, progress_, previewed_);
  Result<MotionFile> read = read_motions(request.path, options);
  progress_.on_start = nullptr;  // it refers to this call's locals
  end_preview_parse(load_id, read ? std::optional(read.value().motions.front().motion.frame_count) : std::nullopt);
  if (!read) return read.error();
  std::vector<Clip> others;
  Result<Clip> chosen = chosen_motions(std::move(read).value(), request.motion, others);
  if (!chosen) return chosen.error();
  Clip parsed = std::move(chosen).value();
  if (reading_.source_fps) {
    parsed.motion.frame_time = 1.0 / *reading_.source_fps;
    for (Clip& other : others) other.motion.frame_time = parsed.motion.frame_time;
  }
  const Clip& clip = parsed;
  phase_ = LoadPhase::Measuring;
  PreparedClip prepared;
  prepared.mode_request = request.mode;
  prepared.up_request = request.up;
  prepared.decision = decide_position_mode(clip, request.mode);
  prepared.measures = measure_clip(clip, prepared.decision.mode, request.up, run_in_background);
  prepared.listing = list_joints(clip.skeleton);
  if (progress_.cancel.load()) return Diagnostic{request.path, 0, 0, "loading was cancelled"};  // while measuring
  prepared.clip = std::move(parsed);  // its table moves with it: the one the preview shows
  for (Clip& other : others) {
    more.push_back(prepare_clip(std::move(other), request.mode, request.up));
    if (progress_.cancel.load()) return Diagnostic{request.path, 0, 0, "loading was cancelled"};
  }
  return prepared;
}

void ClipLoader::run_load(const std::shared_ptr<Queued>& queued) {
  LoadRequest request;
  int load_id = 0;
  {
    const std::lock_guard lock(mutex_);
    if (queued->dropped) return;  // cancelled while it waited
    std::erase(pending_, queued);
    request = std::move(queued->request);
    working_on_ = request.path;
    load_id = request.ticket != 0 ? request.ticket : next_load_id_++;
    current_ticket_ = load_id;
    progress_.cancel = false;
    progress_.bytes_total = 0;
    progress_.bytes_read = 0;
    progress_.frames_ready = 0;
    previewed_ = false;
  }
  std::optional<Result<PreparedClip>> result;
  std::vector<PreparedClip> more;
  try {
    result.emplace(load(request, load_id, more));
  } catch (const std::exception& error) {  // out of memory on a huge file, mostly
    result.emplace(Diagnostic{request.path, 0, 0, std::string("cannot load: ") + error.what()});
  }
  phase_ = LoadPhase::Idle;
  // When the parse threw (else load_file did already): the rows it published are final.
  end_preview_parse(load_id, std::nullopt);
  // A big load's outcome changes the whole view (the finished clip framed, its floor, or what was
  // set aside brought back): told just after a frame is shown, its frame starts where that one ended.
  if (aligned_load(progress_, previewed_)) frame_gate_.wait_for_next_shown(kLongestWaitForAFrame);
  {
    const std::lock_guard lock(mutex_);
    const bool cancelled = !result->ok() && progress_.cancel.load();
    if (!result->ok()) more.clear();
    events_.emplace_back(LoadOutcome{std::move(request), std::move(*result), load_id, cancelled, std::move(more)});
    working_on_.reset();
    if (!pending_.empty()) started_ = std::chrono::steady_clock::now();
  }
  frame_gate_.news();  // never under mutex_: the gate calls the waker under its own lock
}

}  // namespace bvhscope
