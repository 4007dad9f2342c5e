#include "model/pixel_rect.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/vec4.hpp>

namespace bvhscope {

PixelExtent::PixelExtent(const glm::mat4& view_projection, int viewport_width, int viewport_height) noexcept
    : view_projection_(view_projection),
      width_(std::max(viewport_width, 0)),
      height_(std::max(viewport_height, 0)),
      left_(std::numeric_limits<float>::max()),
      right_(std::numeric_limits<float>::lowest()),
      bottom_(std::numeric_limits<float>::max()),
      top_(std::numeric_limits<float>::lowest()) {}

void PixelExtent::add_box(const glm::vec3& min, const glm::vec3& max) noexcept {
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec4 world((corner & 1) != 0 ? max.x : min.x, (corner & 2) != 0 ? max.y : min.y,
                          (corner & 4) != 0 ? max.z : min.z, 1.0f);
    const glm::vec4 clip = view_projection_ * world;
    const float x = (clip.x / clip.w * 0.5f + 0.5f) * static_cast<float>(width_);
    const float y = (clip.y / clip.w * 0.5f + 0.5f) * static_cast<float>(height_);
    if (!(clip.w > 1e-6f) || !std::isfinite(x) || !std::isfinite(y)) {
      unbounded_ = true;
      return;
    }
    left_ = std::min(left_, x);
    right_ = std::max(right_, x);
    bottom_ = std::min(bottom_, y);
    top_ = std::max(top_, y);
  }
}

std::optional<PixelRect> PixelExtent::rect(int pad_pixels) const noexcept {
  if (unbounded_) return std::nullopt;
  if (left_ > right_) return PixelRect{};
  // Whole pixels, widened; clamped as floats first so a far corner cannot overflow an int.
  const auto pad = static_cast<float>(pad_pixels);
  const auto w = static_cast<float>(width_);
  const auto h = static_cast<float>(height_);
  const auto x0 = static_cast<int>(std::clamp(std::floor(left_) - pad, 0.0f, w));
  const auto x1 = static_cast<int>(std::clamp(std::ceil(right_) + pad, 0.0f, w));
  const auto y0 = static_cast<int>(std::clamp(std::floor(bottom_) - pad, 0.0f, h));
  const auto y1 = static_cast<int>(std::clamp(std::ceil(top_) + pad, 0.0f, h));
  if (x1 <= x0 || y1 <= y0) return PixelRect{};
  return PixelRect{x0, y0, x1 - x0, y1 - y0};
}

}  // namespace bvhscope
