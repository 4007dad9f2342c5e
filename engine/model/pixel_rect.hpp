// Where things of the scene land on screen: the rectangle of viewport pixels that holds a set of
// boxes as a camera sees them (a video redraws only the part of the frame where the figures move).
// No GL: rectangles are in GL's window convention (origin at the bottom left).
#pragma once

#include <optional>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace bvhscope {

struct PixelRect {
  int x = 0;  // from the left of the viewport
  int y = 0;  // from its bottom
  int width = 0;
  int height = 0;
  [[nodiscard]] bool empty() const noexcept { return width <= 0 || height <= 0; }
  friend bool operator==(const PixelRect&, const PixelRect&) = default;
};

// The pixels that boxes of the scene cover once projected by a camera. A box in front of the
// camera projects inside the hull of its eight projected corners, so their bounds hold it.
class PixelExtent {
 public:
  PixelExtent(const glm::mat4& view_projection, int viewport_width, int viewport_height) noexcept;

  // Everything inside the box from `min` to `max` (a flat or empty-sized box is fine).
  void add_box(const glm::vec3& min, const glm::vec3& max) noexcept;

  // The viewport pixels the boxes added can touch, widened by `pad_pixels` on every side and
  // clipped to the viewport: empty when nothing was added or all of it is outside the view.
  // nullopt when a box reached the camera's plane or behind it (its projection is unbounded).
  [[nodiscard]] std::optional<PixelRect> rect(int pad_pixels) const noexcept;

 private:
  glm::mat4 view_projection_;
  int width_;
  int height_;
  bool unbounded_ = false;
  float left_;
  float right_;
  float bottom_;
  float top_;
};

}  // namespace bvhscope
