#include "viewer/background_job.hpp"

#include <memory>
#include <utility>

namespace bvhscope::viewer {

const char* job_phase_name(JobPhase phase) noexcept {
  switch (phase) {
    case JobPhase::Idle:
      return "idle";
    case JobPhase::Running:
      return "running";
    case JobPhase::Cancelling:
      return "cancelling";
    case JobPhase::Written:
      return "written";
    case JobPhase::Failed:
      return "failed";
    case JobPhase::Cancelled:
      return "cancelled";
  }
  return "idle";
}

BackgroundJob::~BackgroundJob() {
  cancel_.store(true);
  if (thread_.joinable()) thread_.join();
}

bool BackgroundJob::start(Task task) {
  if (busy()) return false;
  if (thread_.joinable()) thread_.join();  // ended already (update() joins; this is a safeguard)
  phase_ = JobPhase::Running;
  error_.clear();
  cancel_.store(false);
  done_.store(0);
  total_.store(0);
  {
    const std::lock_guard lock(result_mutex_);
    returned_ = false;
    written_ = false;
    result_error_.clear();
  }
  thread_ = std::thread([this, task = std::move(task)] {
    const Progress progress = [this](std::size_t done, std::size_t total) {
      total_.store(total);
      done_.store(done);
    };
    std::string error;
    const bool written = task(cancel_, progress, error);
    const std::lock_guard lock(result_mutex_);
    returned_ = true;
    written_ = written;
    result_error_ = std::move(error);
  });
  return true;
}

void BackgroundJob::cancel() noexcept {
  if (phase_ != JobPhase::Running) return;
  cancel_.store(true);
  phase_ = JobPhase::Cancelling;
}

bool BackgroundJob::update() {
  if (!busy()) return false;
  bool written = false;
  {
    const std::lock_guard lock(result_mutex_);
    if (!returned_) return false;
    written = written_;
    error_ = result_error_;
  }
  thread_.join();
  if (written) {
    phase_ = JobPhase::Written;
  } else if (phase_ == JobPhase::Cancelling) {
    phase_ = JobPhase::Cancelled;
  } else {
    phase_ = JobPhase::Failed;
  }
  return true;
}

float BackgroundJob::progress() const noexcept {
  const std::size_t all = total();
  return all > 0 ? static_cast<float>(done()) / static_cast<float>(all) : 0.0f;
}

}  // namespace bvhscope::viewer
