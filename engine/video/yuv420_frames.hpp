// A video sink's frames as 4:2:0 (video/yuv420), converted on its queue's thread: a frame that came
// with where it changed since the frame before it (FrameSink::write_changed) is converted only
// there when the conversion of that frame is at hand; any other frame whole.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "video/frame_sink.hpp"
#include "video/yuv420.hpp"

namespace bvhscope::video {

class Yuv420Frames {
 public:
  // Frames of width x height; `slots`: the frame queue's buffers (frame k is in slot k % slots).
  Yuv420Frames(int width, int height, std::size_t slots);
  // On the producer's thread, before the frame filled into `slot` is queued: where it changed
  // since the frame before it (nullptr: anywhere).
  void note_changes(std::size_t slot, const std::vector<FrameRegion>* changed);
  // On the queue's thread: frame `index` (its RGBA) converted, the planes packed
  // (yuv420_frame_bytes); valid until the next call.
  const std::uint8_t* convert(const std::uint8_t* rgba, std::size_t index);
  // The same into `planes` (an encoder's frame) instead, which hold what the last call put there
  // (none before the first), so that only where the frame changed is converted. A sink uses one of
  // convert and convert_into, never both.
  void convert_into(const std::uint8_t* rgba, std::size_t index, const Yuv420Planes& planes);
  [[nodiscard]] std::size_t bytes() const noexcept { return yuv420_frame_bytes(width_, height_); }

 private:
  int width_;
  int height_;
  std::vector<std::uint8_t> yuv_;  // convert's: the last frame converted (the queue's thread's)
  bool holds_last_ = false;        // the planes converted into hold the frame before this one
  // Per queue slot, where its frame changed since the frame before it (nullopt: anywhere).
  // Written by the producer before the slot is queued, read by the queue's thread after.
  std::vector<std::optional<std::vector<FrameRegion>>> changes_;
};

}  // namespace bvhscope::video
