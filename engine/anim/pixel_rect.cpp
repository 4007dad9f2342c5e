#include "anim/pixel_rect.hpp"

#include <algorithm>
#include <cmath>

#include <limits>

#include <glm/vec4.hpp>

namespace bvhscope {

std::optional<PixelRect> box_pixel_rect(const Bounds& box, const glm::mat4& view_projection, int viewport_width,
                                        int viewport_height, int pad_pixels) noexcept {
  if (box.empty() || viewport_width < 1 || viewport_height < 1) return std::nullopt;
  float left = std::numeric_limits<float>::max();
  float right = std::numeric_limits<float>::lowest();
  float bottom = left;
  float top = right;
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec4 world((corner & 1) != 0 ? box.max.x : box.min.x, (corner & 2) != 0 ? box.max.y : box.min.y,
                          (corner & 4) != 0 ? box.max.z : box.min.z, 1.0f);
    const glm::vec4 clip = view_projection * world;
    if (!(clip.w > 1e-6f)) return std::nullopt;
    const float x = (clip.x / clip.w * 0.5f + 0.5f) * static_cast<float>(viewport_width);
    const float y = (clip.y / clip.w * 0.5f + 0.5f) * static_cast<float>(viewport_height);
    if (!std::isfinite(x) || !std::isfinite(y)) return std::nullopt;
    left = std::min(left, x);
    right = std::max(right, x);
    bottom = std::min(bottom, y);
    top = std::max(top, y);
  }
  // Whole pixels, widened; compared as floats first so a far-away corner cannot overflow an int.
  const auto pad = static_cast<float>(pad_pixels);
  const float x0 = std::clamp(std::floor(left) - pad, 0.0f, static_cast<float>(viewport_width));
  const float x1 = std::clamp(std::ceil(right) + pad, 0.0f, static_cast<float>(viewport_width));
  const float y0 = std::clamp(std::floor(bottom) - pad, 0.0f, static_cast<float>(viewport_height));
  const float y1 = std::clamp(std::ceil(top) + pad, 0.0f, static_cast<float>(viewport_height));
  PixelRect rect;
  rect.x = static_cast<int>(x0);
  rect.y = static_cast<int>(y0);
  rect.width = std::max(static_cast<int>(x1) - rect.x, 0);
  rect.height = std::max(static_cast<int>(y1) - rect.y, 0);
  return rect;
}

}  // namespace bvhscope
