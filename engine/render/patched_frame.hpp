// A video frame kept from one frame to the next when only part of it changes (a still camera):
// the backdrop (the picture without the figures, drawn once) with the last changed rectangle
// pasted over it. Each paste puts the backdrop back where the previous one was, then copies the
// new rectangle: a frame costs its rectangles, not the whole picture. RGBA, top row first. No GL.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "model/pixel_rect.hpp"

namespace bvhscope::render {

class PatchedFrame {
 public:
  // The frame becomes `rgba` (width x height x 4 bytes, top row first), also kept as the backdrop.
  void set_backdrop(int width, int height, const std::vector<std::uint8_t>& rgba);
  // Forgets the backdrop (the camera moved): has_backdrop() is false until the next set_backdrop.
  void clear() noexcept;
  [[nodiscard]] bool has_backdrop() const noexcept { return !backdrop_.empty(); }

  // The backdrop again where the last paste was, then `rect` (GL's convention: x from the left, y
  // from the bottom; inside the frame) from `rect_rgba` (rect.width x rect.height x 4 bytes, top
  // row first). An empty rect leaves the backdrop alone. Needs a backdrop.
  void paste(const PixelRect& rect, const std::uint8_t* rect_rgba);
  [[nodiscard]] const std::vector<std::uint8_t>& pixels() const noexcept { return frame_; }
  // Where the last paste changed pixels(): the rectangle of the paste before it (the backdrop put
  // back there) and its own (either may be empty); nullopt when the frame before it was not a paste
  // over this backdrop (the first paste after set_backdrop).
  [[nodiscard]] const std::optional<std::array<PixelRect, 2>>& last_change() const noexcept { return last_change_; }

  // Makes `buffer` (a whole frame) equal pixels(). `buffer` is the one a frame queue hands out
  // for `slot` (video::FrameQueue::push_filled): it holds what write_into put there last, so when
  // that was since the backdrop was set only two rectangles are copied (the backdrop where that
  // paste was, then the current one), else the whole frame.
  void write_into(std::uint8_t* buffer, std::size_t slot);
  // The frame queue's buffers hold something else now (a whole frame written without write_into):
  // the next paste's change is then the whole frame too (last_change() nullopt).
  void forget_slots() noexcept {
    slots_.clear();
    pasted_since_backdrop_ = false;
  }

 private:
  // Copies rect's rows from `from` (a whole frame, or a rect-sized block when `from_rect`) into
  // `to` (a whole frame).
  void copy_rows(std::uint8_t* to, const PixelRect& rect, const std::uint8_t* from, bool from_rect) const;

  int width_ = 0;
  int height_ = 0;
  std::vector<std::uint8_t> backdrop_;
  std::vector<std::uint8_t> frame_;
  PixelRect pasted_;  // where frame_ differs from backdrop_
  bool pasted_since_backdrop_ = false;
  std::optional<std::array<PixelRect, 2>> last_change_;
  // Per queue slot: where the frame write_into left there differs from backdrop_ (nullopt: not
  // written since the backdrop was set).
  std::vector<std::optional<PixelRect>> slots_;
};

}  // namespace bvhscope::render
