// A long task of the viewer's (File > Export video, File > Save as BVH) on a Worker so that the
// window stays live, as a state machine owned by the viewer (Idle -> Running -> Cancelling ->
// Written | Failed | Cancelled). The video's task is video_render_task (app/viewer/video_render),
// Save as BVH's is save_bvh_task. Progress comes back through the worker's progress (frames done,
// frames in all), Cancel goes out through the job's token, which the task checks. GL-free.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "model/worker.hpp"

namespace bvhscope {

enum class JobPhase : std::uint8_t { Idle, Running, Cancelling, Written, Failed, Cancelled };
// "idle", "running", "cancelling", "written", "failed", "cancelled" (the state report's words).
const char* job_phase_name(JobPhase phase) noexcept;

class BackgroundJob {
 public:
  // What the worker runs: checks `cancel` before each frame, reports (frames done, frames in
  // all) through `progress`; true when the output was written, else false with `error`.
  using Progress = std::function<void(std::size_t, std::size_t)>;
  using Task = std::function<bool(const std::atomic<bool>& cancel, const Progress& progress, std::string& error)>;

  BackgroundJob() = default;
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;
  ~BackgroundJob();  // cancels a running task and waits for it (the worker joins)

  // Idle or ended -> Running: the task starts on the job's worker thread (made at the first
  // start). false (nothing started) while one is Running or Cancelling.
  bool start(Task task);
  // Running -> Cancelling (the task stops before its next frame); nothing in any other phase.
  void cancel();
  // On the UI thread each frame: Running or Cancelling -> Written, Failed or Cancelled once the
  // task has returned. true when the phase changed in this call.
  bool update();

  [[nodiscard]] JobPhase phase() const noexcept { return phase_; }
  [[nodiscard]] bool busy() const noexcept { return phase_ == JobPhase::Running || phase_ == JobPhase::Cancelling; }
  // Why it failed (Failed only); a task that threw says "out of memory" or "internal error: WHAT".
  [[nodiscard]] const std::string& error() const noexcept { return error_; }
  // Frames handed to the encoder and frames in all (0 until the first frame is drawn).
  [[nodiscard]] std::size_t done() const;
  [[nodiscard]] std::size_t total() const;
  [[nodiscard]] float progress() const;

 private:
  struct Ended {
    bool written = false;
    std::string error;
  };
  [[nodiscard]] JobProgress counts() const;

  JobPhase phase_ = JobPhase::Idle;  // the UI thread's alone
  std::string error_;
  JobTicket ticket_ = 0;
  // The last counts seen: of the job that ended, or while it runs (kept between its end and update).
  mutable std::size_t done_ = 0;
  mutable std::size_t total_ = 0;
  std::unique_ptr<Worker<Ended>> worker_;  // made at the first start (the render command never starts one)
};

}  // namespace bvhscope
