#include "video/queued_sink.hpp"

#include <cstring>

#include "io/atomic_file.hpp"

namespace bvhscope::video::detail {

bool QueuedSink::write(const std::uint8_t* rgba, std::string& error) {
  return write_changes([this, rgba](std::uint8_t* buffer, std::size_t) { std::memcpy(buffer, rgba, frame_bytes_); },
                       nullptr, error);
}

bool QueuedSink::write_filled(const Filler& fill, std::string& error) { return write_changes(fill, nullptr, error); }

bool QueuedSink::write_changed(const Filler& fill, const std::vector<FrameRegion>& changed, std::string& error) {
  return write_changes(fill, &changed, error);
}

bool QueuedSink::usable(std::string& error) {
  if (finished_) {
    error = target_ + ": the video is already finished";
    return false;
  }
  const int signal_number = io::interrupt_signal();
  if (signal_number == 0) return true;
  finished_ = true;
  error = target_ + ": interrupted (signal " + std::to_string(signal_number) + ")";
  return false;
}

// A frame into the queue, with where it changed since the frame before it (nullptr: anywhere),
// noted with its slot for the queue's thread.
bool QueuedSink::write_changes(const Filler& fill, const std::vector<FrameRegion>* changed, std::string& error) {
  if (!usable(error)) return false;
  // One reference captured: the queue's Filler holds it without allocating, frame after frame.
  struct Frame {
    QueuedSink& sink;
    const Filler& fill;
    const std::vector<FrameRegion>* changed;
  } frame{*this, fill, changed};
  std::string reason;
  const bool queued = queue().push_filled(
      [&frame](std::uint8_t* buffer, std::size_t slot) {
        frame.sink.note_changes(slot, frame.changed);
        frame.fill(buffer, slot);
      },
      reason);
  if (queued) return true;
  finished_ = true;
  error = failed_write(reason);
  return false;
}

}  // namespace bvhscope::video::detail
