#include "render/patched_frame.hpp"

#include <cstddef>
#include <cstring>

namespace bvhscope::render {

void PatchedFrame::set_backdrop(int width, int height, const std::vector<std::uint8_t>& rgba) {
  width_ = width;
  height_ = height;
  backdrop_ = rgba;
  frame_ = rgba;
  pasted_ = {};
  pasted_since_backdrop_ = false;
  last_change_.reset();
  slots_.clear();
}

void PatchedFrame::clear() noexcept {
  backdrop_.clear();
  pasted_ = {};
  pasted_since_backdrop_ = false;
  last_change_.reset();
  slots_.clear();
}

void PatchedFrame::copy_rows(std::uint8_t* to, const PixelRect& rect, const std::uint8_t* from, bool from_rect) const {
  const auto row_bytes = static_cast<std::size_t>(rect.width) * 4;
  const auto frame_row_bytes = static_cast<std::size_t>(width_) * 4;
  for (int row = 0; row < rect.height; ++row) {
    // Row `row` of the rect counted from its top is frame row height - (y + height) + row.
    const auto frame_row = static_cast<std::size_t>(height_ - (rect.y + rect.height) + row);
    const std::size_t at = frame_row * frame_row_bytes + static_cast<std::size_t>(rect.x) * 4;
    const std::uint8_t* source = from_rect ? from + static_cast<std::size_t>(row) * row_bytes : from + at;
    std::memcpy(to + at, source, row_bytes);
  }
}

void PatchedFrame::paste(const PixelRect& rect, const std::uint8_t* rect_rgba) {
  if (!pasted_.empty()) copy_rows(frame_.data(), pasted_, backdrop_.data(), false);
  if (pasted_since_backdrop_) {
    last_change_ = std::array<PixelRect, 2>{pasted_, rect};
  } else {
    last_change_.reset();
  }
  pasted_since_backdrop_ = true;
  pasted_ = rect;
  if (!rect.empty()) copy_rows(frame_.data(), rect, rect_rgba, true);
}

void PatchedFrame::write_into(std::uint8_t* buffer, std::size_t slot) {
  if (slot >= slots_.size()) slots_.resize(slot + 1);
  std::optional<PixelRect>& left = slots_[slot];
  if (left && !backdrop_.empty()) {
    if (!left->empty()) copy_rows(buffer, *left, backdrop_.data(), false);
    if (!pasted_.empty()) copy_rows(buffer, pasted_, frame_.data(), false);
  } else {
    std::memcpy(buffer, frame_.data(), frame_.size());
  }
  left = backdrop_.empty() ? std::nullopt : std::optional<PixelRect>(pasted_);
}

}  // namespace bvhscope::render
