#include "video/yuv420_frames.hpp"

#include <algorithm>

#include "video/yuv420.hpp"

namespace bvhscope::video {

Yuv420Frames::Yuv420Frames(int width, int height, std::size_t slots)
    : width_(width),
      height_(height),
      yuv_(yuv420_frame_bytes(width, height)),
      changes_(std::max<std::size_t>(slots, 1)) {}

void Yuv420Frames::note_changes(std::size_t slot, const std::vector<FrameRegion>* changed) {
  std::optional<std::vector<FrameRegion>>& noted = changes_[slot % changes_.size()];
  if (changed != nullptr) {
    noted = *changed;
  } else {
    noted.reset();
  }
}

const std::uint8_t* Yuv420Frames::convert(const std::uint8_t* rgba, std::size_t index) {
  const std::optional<std::vector<FrameRegion>>& changed = changes_[index % changes_.size()];
  if (changed && holds_last_) {
    for (const FrameRegion& region : *changed)
      rgba_to_yuv420_rect(rgba, width_, height_, region.x, region.y, region.width, region.height, yuv_.data());
  } else {
    rgba_to_yuv420(rgba, width_, height_, yuv_.data());
  }
  holds_last_ = true;
  return yuv_.data();
}

}  // namespace bvhscope::video
