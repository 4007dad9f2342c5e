// One worker thread for the UI's background jobs (a comparison, a clip's lint, a video export, a
// save): jobs run one at a time in the order asked; a task polls a cancel token and reports its
// progress (a fraction and a short phase text); its value, or its failure as a value (an
// exception's message, out of memory, cancelled), waits to be taken by ticket, never blocking the
// UI. A job asked with a key supersedes the jobs with the same key: the waiting ones are dropped,
// the running one is cancelled, and nothing of them is ever taken. The destructor cancels every
// job and joins the thread (no detached thread). Without a thread of its own (Threading::Manual)
// the jobs run only when a test says so, to hold one across a change deterministically. GL-free.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <utility>
#include <variant>

namespace bvhscope {

using JobTicket = std::uint64_t;  // a job's id, from 1 up; 0 is no job
using JobKey = std::uint64_t;     // what a job is about, for supersession; 0: none

// Why a job gave no value.
struct JobFailure {
  enum class Kind : std::uint8_t {
    Failed,       // the task threw: `message` is the exception's what()
    OutOfMemory,  // the task threw std::bad_alloc (the CLI's exit status 3)
    Cancelled,    // cancelled before it ran, or the task stopped at the cancel (JobCancelled)
  };
  Kind kind = Kind::Failed;
  std::string message;
};

// Thrown by a task that stops at a cancel (JobControl::stop_if_cancelled): the job ends Cancelled.
struct JobCancelled {};

// How far a job is: a fraction from 0 to 1, the counts it came from when reported as counts, and
// a short text naming the phase ("parsing", "encoding"), kept until another replaces it.
struct JobProgress {
  double fraction = 0.0;
  std::size_t done = 0;
  std::size_t total = 0;
  std::string phase;
};

enum class JobState : std::uint8_t { Unknown, Waiting, Running, Finished };

// What a running task gets: its cancel token and where it reports progress.
class JobControl {
 public:
  [[nodiscard]] bool cancelled() const noexcept { return cancel_.load(std::memory_order_relaxed); }
  // For engine calls that take a flag (VideoOptions::cancel, CompareOptions::cancel).
  [[nodiscard]] const std::atomic<bool>& cancel_token() const noexcept { return cancel_; }
  // Throws JobCancelled when the job is cancelled: the job ends Cancelled, whatever it did.
  void stop_if_cancelled() const {
    if (cancelled()) throw JobCancelled{};
  }
  void report(double fraction, std::string_view phase = {});
  void report_count(std::size_t done, std::size_t total, std::string_view phase = {});
  [[nodiscard]] JobProgress progress() const;

 private:
  friend class WorkerThread;
  std::atomic<bool> cancel_{false};
  mutable std::mutex mutex_;
  JobProgress progress_;
};

// The worker itself, on type-erased values (Worker<T> below gives them their type).
class WorkerThread {
 public:
  using Value = std::shared_ptr<void>;
  using Task = std::function<Value(JobControl&)>;
  struct Finished {
    JobTicket ticket = 0;
    JobKey key = 0;
    Value value;                        // when the task returned
    std::optional<JobFailure> failure;  // else why not
    JobProgress progress;               // the last the task reported
  };
  enum class Threading : std::uint8_t { Own, Manual };

  // `on_start` runs first on the worker thread (a lower priority, say).
  explicit WorkerThread(Threading threading = Threading::Own, std::function<void()> on_start = {});
  ~WorkerThread();
  WorkerThread(const WorkerThread&) = delete;
  WorkerThread& operator=(const WorkerThread&) = delete;

  // Queues `task`; with a key, supersedes the jobs of that key first (see discard).
  JobTicket submit(Task task, JobKey key = 0);
  // Sets the job's token: waiting, it ends Cancelled without running; running, it ends when its
  // task returns (Cancelled if it threw JobCancelled; the value it returned if it finished anyway).
  void cancel(JobTicket ticket);
  void cancel_all();
  // Cancels the job (or every job of `key`, or all) and forgets it: nothing of it is ever taken,
  // a result already finished included.
  void discard(JobTicket ticket);
  void discard_key(JobKey key);
  void discard_all();
  // Takes back a job that has not started: it never runs and nothing of it is taken. false (and
  // nothing done) once it has started or ended.
  bool withdraw(JobTicket ticket);

  [[nodiscard]] JobState state(JobTicket ticket) const;
  // Of a waiting or running job (nullopt otherwise).
  [[nodiscard]] std::optional<JobProgress> progress(JobTicket ticket) const;
  // The job with this ticket once it has finished, else nullopt (never waits).
  std::optional<Finished> take(JobTicket ticket);
  // The oldest finished job not taken yet.
  std::optional<Finished> take_next();
  // Waiting, running, or finished and not taken.
  [[nodiscard]] bool busy() const;
  // Waiting or running.
  [[nodiscard]] bool working() const;
  [[nodiscard]] std::size_t waiting() const;
  // Until no job waits or runs (Manual: runs the waiting ones here).
  void wait_idle();
  // Manual only: takes the next waiting job (it is Running from then on), then runs it here.
  bool start_next();
  void finish_started();

 private:
  struct Job {
    JobTicket ticket = 0;
    JobKey key = 0;
    Task task;
    JobControl control;
    bool discarded = false;  // under mutex_: its end is dropped
  };
  void run();
  static Finished execute(Job& job);
  // Under mutex_: the job has ended; false when it was discarded (`finished` is left to the caller).
  bool finish(const std::shared_ptr<Job>& job, Finished& finished);
  void discard_if(const std::function<bool(const Job&)>& match, const std::function<bool(const Finished&)>& drop);

  std::function<void()> on_start_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::shared_ptr<Job>> waiting_;
  std::shared_ptr<Job> running_;
  std::deque<Finished> finished_;
  JobTicket next_ticket_ = 1;
  bool stopping_ = false;
  std::thread thread_;  // last: it starts once everything above is built
};

// A finished job with its value's type.
template <typename T>
struct JobDone {
  JobTicket ticket = 0;
  JobKey key = 0;
  std::variant<T, JobFailure> outcome;
  JobProgress progress;  // the last the task reported

  [[nodiscard]] bool ok() const noexcept { return outcome.index() == 0; }
  [[nodiscard]] T& value() { return std::get<0>(outcome); }
  [[nodiscard]] const JobFailure& failure() const { return std::get<1>(outcome); }
};

// The worker for tasks returning T: `T task(JobControl&)`.
template <typename T>
class Worker {
 public:
  explicit Worker(WorkerThread::Threading threading = WorkerThread::Threading::Own, std::function<void()> on_start = {})
      : thread_(threading, std::move(on_start)) {}

  // `task` may be move-only; it is destroyed on the worker once it has run.
  template <typename F>
  JobTicket submit(F task, JobKey key = 0) {
    static_assert(std::is_convertible_v<std::invoke_result_t<F&, JobControl&>, T>);
    auto held = std::make_shared<F>(std::move(task));
    return thread_.submit(
        [held](JobControl& control) -> WorkerThread::Value { return std::make_shared<T>((*held)(control)); }, key);
  }
  void cancel(JobTicket ticket) { thread_.cancel(ticket); }
  void cancel_all() { thread_.cancel_all(); }
  void discard(JobTicket ticket) { thread_.discard(ticket); }
  void discard_key(JobKey key) { thread_.discard_key(key); }
  void discard_all() { thread_.discard_all(); }
  bool withdraw(JobTicket ticket) { return thread_.withdraw(ticket); }
  [[nodiscard]] JobState state(JobTicket ticket) const { return thread_.state(ticket); }
  [[nodiscard]] std::optional<JobProgress> progress(JobTicket ticket) const { return thread_.progress(ticket); }
  std::optional<JobDone<T>> take(JobTicket ticket) { return typed(thread_.take(ticket)); }
  std::optional<JobDone<T>> take_next() { return typed(thread_.take_next()); }
  [[nodiscard]] bool busy() const { return thread_.busy(); }
  [[nodiscard]] bool working() const { return thread_.working(); }
  [[nodiscard]] std::size_t waiting() const { return thread_.waiting(); }
  void wait_idle() { thread_.wait_idle(); }
  bool start_next() { return thread_.start_next(); }
  void finish_started() { thread_.finish_started(); }

 private:
  static std::optional<JobDone<T>> typed(std::optional<WorkerThread::Finished> finished) {
    if (!finished) return std::nullopt;
    if (finished->failure) {
      return JobDone<T>{finished->ticket, finished->key,
                        std::variant<T, JobFailure>(std::in_place_index<1>, std::move(*finished->failure)),
                        std::move(finished->progress)};
    }
    return JobDone<T>{
        finished->ticket, finished->key,
        std::variant<T, JobFailure>(std::in_place_index<0>, std::move(*static_cast<T*>(finished->value.get()))),
        std::move(finished->progress)};
  }

  WorkerThread thread_;
};

}  // namespace bvhscope
