#include "video/frame_queue.hpp"

#include <signal.h>

#include <cstring>
#include <utility>

namespace bvhscope::video {

FrameQueue::FrameQueue(std::size_t frame_bytes, std::size_t buffers, Consumer consumer)
    : frame_bytes_(frame_bytes), buffers_(buffers < 1 ? 1 : buffers), consumer_(std::move(consumer)) {
  for (auto& buffer : buffers_) buffer.resize(frame_bytes_);
  thread_ = std::thread([this] { run(); });
}

FrameQueue::~FrameQueue() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void FrameQueue::run() {
  sigset_t blocked;
  sigemptyset(&blocked);
  for (const int signal_number : {SIGPIPE, SIGINT, SIGTERM, SIGHUP}) sigaddset(&blocked, signal_number);
  pthread_sigmask(SIG_BLOCK, &blocked, nullptr);
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stop_ || queued_ > 0; });
    if (queued_ == 0 || stop_) break;
    const std::uint8_t* frame = buffers_[head_].data();
    const std::size_t index = index_++;
    lock.unlock();
    std::string error;
    bool ok = false;
    std::exception_ptr thrown;
    try {
      ok = consumer_(frame, index, error);
    } catch (...) {  // out of memory in an encoder: rethrown on the producer's thread (exit 3 there)
      thrown = std::current_exception();
      error = "the frame writer failed";
    }
    if (!ok) {  // a SIGPIPE raised by a write is pending on this thread: take it
      const timespec zero{};
      sigset_t pipe;
      sigemptyset(&pipe);
      sigaddset(&pipe, SIGPIPE);
      while (sigtimedwait(&pipe, nullptr, &zero) > 0) {
      }
    }
    lock.lock();
    head_ = (head_ + 1) % buffers_.size();
    --queued_;
    if (!ok) {
      failed_ = true;
      error_ = error;
      thrown_ = thrown;
      changed_.notify_all();
      break;
    }
    changed_.notify_all();
  }
}

bool FrameQueue::push(const std::uint8_t* frame, std::string& error) {
  return push_filled([this, frame](std::uint8_t* buffer, std::size_t) { std::memcpy(buffer, frame, frame_bytes_); },
                     error);
}

bool FrameQueue::push_filled(const Filler& fill, std::string& error) {
  std::unique_lock lock(mutex_);
  if (!failed_ && queued_ == buffers_.size()) ++waits_;
  changed_.wait(lock, [this] { return failed_ || stop_ || queued_ < buffers_.size(); });
  if (failed_ || stop_) {
    if (thrown_) std::rethrow_exception(std::exchange(thrown_, nullptr));
    error = failed_ ? error_ : "the frame queue is stopped";
    return false;
  }
  const std::size_t tail = (head_ + queued_) % buffers_.size();
  lock.unlock();
  // The tail buffer is neither queued nor being consumed: it is ours until queued_ grows.
  fill(buffers_[tail].data(), tail);
  lock.lock();
  ++queued_;
  changed_.notify_all();
  return true;
}

bool FrameQueue::finish(std::string& error) {
  {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return failed_ || queued_ == 0; });
    stop_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
  if (thrown_) std::rethrow_exception(std::exchange(thrown_, nullptr));
  if (failed_) {
    error = error_;
    return false;
  }
  return true;
}

}  // namespace bvhscope::video
