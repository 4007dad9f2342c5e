// What the video sinks share (internal): frames go into the sink's FrameQueue through write(),
// write_filled() and write_changed() (with where each changed since the one before, for a sink
// that converts to 4:2:0), refused once the sink is finished or a deferred interrupt came.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "video/frame_queue.hpp"
#include "video/frame_sink.hpp"

namespace bvhscope::video::detail {

class QueuedSink : public FrameSink {
 public:
  bool write(const std::uint8_t* rgba, std::string& error) final;
  bool write_filled(const Filler& fill, std::string& error) final;
  bool write_changed(const Filler& fill, const std::vector<FrameRegion>& changed, std::string& error) final;

 protected:
  QueuedSink(std::string target, std::size_t frame_bytes) : target_(std::move(target)), frame_bytes_(frame_bytes) {}

  // The sink's queue (its last member, so that its thread stops before what it writes to goes).
  virtual FrameQueue& queue() = 0;
  // Before the frame filled into `slot` is queued: where it changed since the frame before it
  // (nullptr: anywhere).
  virtual void note_changes(std::size_t slot, const std::vector<FrameRegion>* changed) = 0;
  // The error to give after a frame could not be queued (`reason`: the queue's); the sink is
  // finished by then.
  virtual std::string failed_write(const std::string& reason) = 0;

  // Whether frames may still come: not finished, and no deferred SIGINT/SIGTERM/SIGHUP
  // (io::defer_interrupt_signals) came. One that came finishes the sink (the caller drops it,
  // which removes what was written); false with `error` either way.
  bool usable(std::string& error);
  void finish_writing() noexcept { finished_ = true; }
  [[nodiscard]] const std::string& target() const noexcept { return target_; }
  [[nodiscard]] std::size_t frame_bytes() const noexcept { return frame_bytes_; }

 private:
  bool write_changes(const Filler& fill, const std::vector<FrameRegion>* changed, std::string& error);

  std::string target_;
  std::size_t frame_bytes_;  // width * height * 4
  bool finished_ = false;
};

}  // namespace bvhscope::video::detail
