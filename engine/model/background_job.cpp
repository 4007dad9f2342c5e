#include "model/background_job.hpp"

#include <utility>

namespace bvhscope {

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

BackgroundJob::~BackgroundJob() = default;

bool BackgroundJob::start(Task task) {
  if (busy()) return false;
  if (!worker_) worker_ = std::make_unique<Worker<Ended>>();
  phase_ = JobPhase::Running;
  error_.clear();
  done_ = 0;
  total_ = 0;
  ticket_ = worker_->submit([task = std::move(task)](JobControl& control) {
    const Progress progress = [&control](std::size_t done, std::size_t total) { control.report_count(done, total); };
    Ended ended;
    ended.written = task(control.cancel_token(), progress, ended.error);
    return ended;
  });
  return true;
}

void BackgroundJob::cancel() {
  if (phase_ != JobPhase::Running) return;
  worker_->cancel(ticket_);
  phase_ = JobPhase::Cancelling;
}

bool BackgroundJob::update() {
  if (!busy()) return false;
  std::optional<JobDone<Ended>> ended = worker_->take(ticket_);
  if (!ended) return false;
  bool written = false;
  done_ = ended->progress.done;
  total_ = ended->progress.total;
  if (ended->ok()) {
    Ended& value = ended->value();
    written = value.written;
    error_ = std::move(value.error);
  } else {
    const JobFailure& failure = ended->failure();
    error_ = failure.kind == JobFailure::Kind::Failed ? "internal error: " + failure.message : failure.message;
  }
  if (written) {
    phase_ = JobPhase::Written;
  } else if (phase_ == JobPhase::Cancelling) {
    phase_ = JobPhase::Cancelled;
  } else {
    phase_ = JobPhase::Failed;
  }
  return true;
}

JobProgress BackgroundJob::counts() const {
  if (busy()) {
    if (std::optional<JobProgress> running = worker_->progress(ticket_)) {
      done_ = running->done;
      total_ = running->total;
    }
  }
  JobProgress ended;
  ended.done = done_;
  ended.total = total_;
  return ended;
}

std::size_t BackgroundJob::done() const { return counts().done; }

std::size_t BackgroundJob::total() const { return counts().total; }

float BackgroundJob::progress() const {
  const JobProgress now = counts();
  return now.total > 0 ? static_cast<float>(now.done) / static_cast<float>(now.total) : 0.0f;
}

}  // namespace bvhscope
