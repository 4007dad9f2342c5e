#include "model/worker.hpp"

#include <algorithm>
#include <exception>
#include <new>
#include <vector>

namespace bvhscope {

void JobControl::report(double fraction, std::string_view phase) {
  const std::lock_guard lock(mutex_);
  progress_.fraction = std::clamp(fraction, 0.0, 1.0);
  progress_.done = 0;
  progress_.total = 0;
  if (!phase.empty()) progress_.phase.assign(phase);
}

void JobControl::report_count(std::size_t done, std::size_t total, std::string_view phase) {
  const std::lock_guard lock(mutex_);
  progress_.fraction = total > 0 ? std::min(1.0, static_cast<double>(done) / static_cast<double>(total)) : 0.0;
  progress_.done = done;
  progress_.total = total;
  if (!phase.empty()) progress_.phase.assign(phase);
}

JobProgress JobControl::progress() const {
  const std::lock_guard lock(mutex_);
  return progress_;
}

WorkerThread::WorkerThread(Threading threading, std::function<void()> on_start) : on_start_(std::move(on_start)) {
  if (threading == Threading::Own) thread_ = std::thread([this] { run(); });
}

WorkerThread::~WorkerThread() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
    waiting_.clear();
    if (running_) {
      running_->discarded = true;
      running_->control.cancel_.store(true);
    }
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

JobTicket WorkerThread::submit(Task task, JobKey key) {
  auto job = std::make_shared<Job>();
  job->key = key;
  job->task = std::move(task);
  if (key != 0) discard_key(key);
  {
    const std::lock_guard lock(mutex_);
    job->ticket = next_ticket_++;
    waiting_.push_back(job);
  }
  wake_.notify_one();
  return job->ticket;
}

void WorkerThread::cancel(JobTicket ticket) {
  const std::lock_guard lock(mutex_);
  if (running_ && running_->ticket == ticket) {
    running_->control.cancel_.store(true);
    return;
  }
  const auto found =
      std::find_if(waiting_.begin(), waiting_.end(), [&](const auto& job) { return job->ticket == ticket; });
  if (found == waiting_.end()) return;
  const std::shared_ptr<Job> job = *found;
  waiting_.erase(found);
  job->control.cancel_.store(true);
  Finished finished{job->ticket, job->key, nullptr, JobFailure{JobFailure::Kind::Cancelled, "cancelled"}, {}};
  finish(job, finished);
}

void WorkerThread::cancel_all() {
  std::vector<JobTicket> tickets;
  {
    const std::lock_guard lock(mutex_);
    for (const auto& job : waiting_) tickets.push_back(job->ticket);
    if (running_) tickets.push_back(running_->ticket);
  }
  for (const JobTicket ticket : tickets) cancel(ticket);
}

void WorkerThread::discard_if(const std::function<bool(const Job&)>& match,
                              const std::function<bool(const Finished&)>& drop) {
  bool woke_idle = false;
  {
    const std::lock_guard lock(mutex_);
    std::erase_if(waiting_, [&](const auto& job) { return match(*job); });
    if (running_ && match(*running_)) {
      running_->discarded = true;
      running_->control.cancel_.store(true);
    }
    std::erase_if(finished_, drop);
    woke_idle = waiting_.empty() && !running_;
  }
  if (woke_idle) idle_.notify_all();
}

void WorkerThread::discard(JobTicket ticket) {
  discard_if([&](const Job& job) { return job.ticket == ticket; },
             [&](const Finished& finished) { return finished.ticket == ticket; });
}

void WorkerThread::discard_key(JobKey key) {
  discard_if([&](const Job& job) { return job.key == key; },
             [&](const Finished& finished) { return finished.key == key; });
}

void WorkerThread::discard_all() {
  discard_if([](const Job&) { return true; }, [](const Finished&) { return true; });
}

bool WorkerThread::withdraw(JobTicket ticket) {
  std::shared_ptr<Job> withdrawn;  // let go unlocked
  {
    const std::lock_guard lock(mutex_);
    const auto found =
        std::find_if(waiting_.begin(), waiting_.end(), [&](const auto& job) { return job->ticket == ticket; });
    if (found == waiting_.end()) return false;
    withdrawn = std::move(*found);
    waiting_.erase(found);
    if (waiting_.empty() && !running_) idle_.notify_all();
  }
  return true;
}

JobState WorkerThread::state(JobTicket ticket) const {
  const std::lock_guard lock(mutex_);
  if (running_ && running_->ticket == ticket) return JobState::Running;
  for (const auto& job : waiting_)
    if (job->ticket == ticket) return JobState::Waiting;
  for (const Finished& finished : finished_)
    if (finished.ticket == ticket) return JobState::Finished;
  return JobState::Unknown;
}

std::optional<JobProgress> WorkerThread::progress(JobTicket ticket) const {
  std::shared_ptr<Job> job;
  {
    const std::lock_guard lock(mutex_);
    if (running_ && running_->ticket == ticket) {
      job = running_;
    } else {
      for (const auto& waiting : waiting_)
        if (waiting->ticket == ticket) job = waiting;
    }
  }
  if (!job) return std::nullopt;
  return job->control.progress();
}

std::optional<WorkerThread::Finished> WorkerThread::take(JobTicket ticket) {
  const std::lock_guard lock(mutex_);
  const auto found = std::find_if(finished_.begin(), finished_.end(),
                                  [&](const Finished& finished) { return finished.ticket == ticket; });
  if (found == finished_.end()) return std::nullopt;
  Finished finished = std::move(*found);
  finished_.erase(found);
  return finished;
}

std::optional<WorkerThread::Finished> WorkerThread::take_next() {
  const std::lock_guard lock(mutex_);
  if (finished_.empty()) return std::nullopt;
  Finished finished = std::move(finished_.front());
  finished_.pop_front();
  return finished;
}

bool WorkerThread::busy() const {
  const std::lock_guard lock(mutex_);
  return running_ || !waiting_.empty() || !finished_.empty();
}

bool WorkerThread::working() const {
  const std::lock_guard lock(mutex_);
  return running_ || !waiting_.empty();
}

std::size_t WorkerThread::waiting() const {
  const std::lock_guard lock(mutex_);
  return waiting_.size();
}

void WorkerThread::wait_idle() {
  if (!thread_.joinable()) {
    while (start_next()) finish_started();
  }
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [&] { return !running_ && waiting_.empty(); });
}

WorkerThread::Finished WorkerThread::execute(Job& job) {
  Finished finished{job.ticket, job.key, nullptr, std::nullopt, {}};
  try {
    finished.value = job.task(job.control);
  } catch (const JobCancelled&) {
    finished.failure = JobFailure{JobFailure::Kind::Cancelled, "cancelled"};
  } catch (const std::bad_alloc&) {
    finished.failure = JobFailure{JobFailure::Kind::OutOfMemory, "out of memory"};
  } catch (const std::exception& error) {
    finished.failure = JobFailure{JobFailure::Kind::Failed, error.what()};
  } catch (...) {
    finished.failure = JobFailure{JobFailure::Kind::Failed, "unknown error"};
  }
  finished.progress = job.control.progress();
  job.task = nullptr;  // what it holds (shares of clips) is let go here, off the UI thread
  return finished;
}

bool WorkerThread::finish(const std::shared_ptr<Job>& job, Finished& finished) {
  if (running_ == job) running_.reset();
  const bool kept = !job->discarded;
  if (kept) finished_.push_back(std::move(finished));
  if (!running_ && waiting_.empty()) idle_.notify_all();
  return kept;
}

void WorkerThread::run() {
  if (on_start_) on_start_();
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || !waiting_.empty(); });
    if (stopping_) return;
    const std::shared_ptr<Job> job = std::move(waiting_.front());
    waiting_.pop_front();
    running_ = job;
    lock.unlock();
    Finished finished = execute(*job);
    lock.lock();
    if (!finish(job, finished)) {  // superseded: its value is let go here too, unlocked
      lock.unlock();
      finished = {};
      lock.lock();
    }
  }
}

bool WorkerThread::start_next() {
  const std::lock_guard lock(mutex_);
  if (thread_.joinable() || waiting_.empty() || running_) return false;
  running_ = std::move(waiting_.front());
  waiting_.pop_front();
  return true;
}

void WorkerThread::finish_started() {
  std::shared_ptr<Job> job;
  {
    const std::lock_guard lock(mutex_);
    if (thread_.joinable() || !running_) return;
    job = running_;
  }
  Finished finished = execute(*job);
  const std::lock_guard lock(mutex_);
  finish(job, finished);
}

}  // namespace bvhscope
