// A long task of the viewer's (File > Export video, File > Save as BVH) on a worker thread so that
// the window stays live, as a state machine owned by the viewer (Idle -> Running -> Cancelling ->
// Written | Failed | Cancelled). The video's task is render_video (the engine of `bvhscope render
// -o OUT.mp4`) with its own EGL context on shares of the viewer's clips (video_render.hpp's
// video_render_task); Save
// as BVH's is save_bvh_task. Progress comes back through atomics, Cancel goes out through a flag
// the task checks.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::viewer {

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
  ~BackgroundJob();  // cancels a running task and waits for it

  // Idle or ended -> Running: the task starts on a thread of its own. false (nothing started)
  // while one is Running or Cancelling.
  bool start(Task task);
  // Running -> Cancelling (the task stops before its next frame); nothing in any other phase.
  void cancel() noexcept;
  // On the UI thread each frame: Running or Cancelling -> Written, Failed or Cancelled once the
  // task has returned (its thread joined). true when the phase changed in this call.
  bool update();

  [[nodiscard]] JobPhase phase() const noexcept { return phase_; }
  [[nodiscard]] bool busy() const noexcept { return phase_ == JobPhase::Running || phase_ == JobPhase::Cancelling; }
  // Why it failed (Failed only).
  [[nodiscard]] const std::string& error() const noexcept { return error_; }
  // Frames handed to the encoder and frames in all (0 until the first frame is drawn).
  [[nodiscard]] std::size_t done() const noexcept { return done_.load(); }
  [[nodiscard]] std::size_t total() const noexcept { return total_.load(); }
  [[nodiscard]] float progress() const noexcept;

 private:
  JobPhase phase_ = JobPhase::Idle;  // the UI thread's alone
  std::string error_;
  std::thread thread_;
  std::atomic<bool> cancel_{false};
  std::atomic<std::size_t> done_{0};
  std::atomic<std::size_t> total_{0};
  // The task's result, handed from the worker to update().
  std::mutex result_mutex_;
  bool returned_ = false;
  bool written_ = false;
  std::string result_error_;
};

}  // namespace bvhscope::viewer
