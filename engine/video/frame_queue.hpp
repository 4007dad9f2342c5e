// A small queue of frame buffers in front of a consumer thread (the pipe to ffmpeg, a PNG
// encoder): push() copies a frame into a free buffer and returns at once unless every buffer is
// waiting, so rendering overlaps writing. The buffers are allocated once: nothing is allocated per
// frame. The consumer runs with SIGPIPE, SIGINT, SIGTERM and SIGHUP blocked (a broken pipe is an
// EPIPE error, not the end of the process; interrupts go to the program's own threads).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::video {

class FrameQueue {
 public:
  // Consumes one frame (frame_bytes bytes; its index from 0); false with `error` set stops the
  // queue: later pushes fail with that error.
  using Consumer = std::function<bool(const std::uint8_t* frame, std::size_t index, std::string& error)>;

  FrameQueue(std::size_t frame_bytes, std::size_t buffers, Consumer consumer);
  FrameQueue(const FrameQueue&) = delete;
  FrameQueue& operator=(const FrameQueue&) = delete;
  ~FrameQueue();  // stops after the frame being consumed; queued frames are dropped

  // Fills a free buffer in place: `fill(buffer, slot)`. The buffers are used in turn, slot 0, 1,
  // ... buffers - 1, 0, ...; a buffer holds what was last filled into its slot (zeros at first),
  // so a filler that knows that can copy only what changed. `fill` must leave a whole frame.
  using Filler = std::function<void(std::uint8_t* buffer, std::size_t slot)>;

  // Copies a frame in; waits only while every buffer is queued. false with `error` when the
  // consumer failed (then nothing more is consumed); an exception the consumer threw (out of
  // memory) is thrown here, on the producer's thread, instead of ending the process.
  bool push(const std::uint8_t* frame, std::string& error);
  // The same with the frame written by `fill` straight into the buffer.
  bool push_filled(const Filler& fill, std::string& error);
  // Waits until every queued frame is consumed, then stops the thread; false with the error.
  bool finish(std::string& error);
  // Times push() found every buffer queued and waited.
  [[nodiscard]] std::size_t waits() const noexcept { return waits_; }

 private:
  void run();

  std::size_t frame_bytes_;
  std::vector<std::vector<std::uint8_t>> buffers_;
  Consumer consumer_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t head_ = 0;    // next buffer to consume
  std::size_t queued_ = 0;  // buffers filled and not yet consumed
  std::size_t index_ = 0;
  std::size_t waits_ = 0;
  bool stop_ = false;
  bool failed_ = false;
  std::string error_;
  std::exception_ptr thrown_;  // what the consumer threw (std::bad_alloc): rethrown by the next push or finish
  std::thread thread_;
};

}  // namespace bvhscope::video
