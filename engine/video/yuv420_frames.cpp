#include "video/yuv420_frames.hpp"

#include <algorithm>

#include "video/yuv420.hpp"

namespace bvhscope::video {

Yuv420Frames::Yuv420Frames(int width, int height, std::size_t slots)
    : width_(width), height_(height), changes_(std::max<std::size_t>(slots, 1)) {}

void Yuv420Frames::note_changes(std::size_t slot, const std::vector<FrameRegion>* changed) {
  std::optional<std::vector<FrameRegion>>& noted = changes_[slot % changes_.size()];
  if (changed != nullptr) {
    noted = *changed;
  } else {
    noted.reset();
  }
}

const std::uint8_t* Yuv420Frames::convert(const std::uint8_t* rgba, std::size_t index) {
  yuv_.resize(yuv420_frame_bytes(width_, height_));  // once: the first frame
  convert_into(rgba, index, packed_yuv420_planes(yuv_.data(), width_, height_));
  return yuv_.data();
}

void Yuv420Frames::convert_into(const std::uint8_t* rgba, std::size_t index, const Yuv420Planes& planes) {
  const std::optional<std::vector<FrameRegion>>& changed = changes_[index % changes_.size()];
  if (changed && holds_last_) {
    for (const FrameRegion& region : *changed)
      rgba_to_yuv420_rect(rgba, width_, height_, region.x, region.y, region.width, region.height, planes);
  } else {
    rgba_to_yuv420_rect(rgba, width_, height_, 0, 0, width_, height_, planes);
  }
  holds_last_ = true;
}

}  // namespace bvhscope::video
