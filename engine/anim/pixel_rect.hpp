// Where a box of the scene lands on screen: the rectangle of viewport pixels that holds everything
// inside the box as a camera sees it (a video redraws only the part of the frame where the figures
// move). No GL: the rectangle is in GL's window convention (origin at the bottom left).
#pragma once

#include <optional>

#include <glm/mat4x4.hpp>

#include "anim/measure.hpp"

namespace bvhscope {

struct PixelRect {
  int x = 0;  // from the left of the viewport
  int y = 0;  // from its bottom
  int width = 0;
  int height = 0;
  [[nodiscard]] bool empty() const noexcept { return width <= 0 || height <= 0; }
  friend bool operator==(const PixelRect&, const PixelRect&) = default;
};

// The pixels of a viewport_width x viewport_height viewport that the projection of `box` can
// touch, widened by `pad_pixels` on every side and clipped to the viewport (empty when the box is
// outside it). nullopt when part of the box is at or behind the camera's plane (its projection is
// unbounded) or the box is empty.
std::optional<PixelRect> box_pixel_rect(const Bounds& box, const glm::mat4& view_projection, int viewport_width,
                                        int viewport_height, int pad_pixels) noexcept;

}  // namespace bvhscope
