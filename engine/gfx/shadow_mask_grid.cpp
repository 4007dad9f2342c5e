#include "gfx/shadow_mask_grid.hpp"

#include <algorithm>

namespace bvhscope::gfx {
namespace {

int floor_div(int value, int by) noexcept { return value >= 0 ? value / by : -((-value + by - 1) / by); }
int ceil_div(int value, int by) noexcept { return -floor_div(-value, by); }

}  // namespace

ShadowMaskGrid ShadowMaskGrid::covering(int fb_width, int fb_height, int scale) noexcept {
  return ShadowMaskGrid{scale, ceil_div(fb_width, scale), ceil_div(fb_height, scale)};
}

int ShadowMaskGrid::scale_for(const Viewport& viewport) noexcept {
  return std::min(viewport.width, viewport.height) >= kHalfResolutionFrom ? 2 : 1;
}

Viewport ShadowMaskGrid::texels_for(const Viewport& pixels) const noexcept {
  if (scale == 1) return pixels;
  // Pixel x's centre reads the mask at texel coordinate (x + 0.5) / 2, weighing texels
  // floor((x + 0.5) / 2 - 0.5) and the one after it: floor(x / 2) - 1 at the least, and for the
  // last pixel, x1 - 1, ceil(x1 / 2) at the most.
  const int x0 = std::max(floor_div(pixels.x, scale) - 1, 0);
  const int y0 = std::max(floor_div(pixels.y, scale) - 1, 0);
  const int x1 = std::min(ceil_div(pixels.x + pixels.width, scale) + 1, width);
  const int y1 = std::min(ceil_div(pixels.y + pixels.height, scale) + 1, height);
  return Viewport{x0, y0, std::max(x1 - x0, 0), std::max(y1 - y0, 0)};
}

glm::mat4 ShadowMaskGrid::clip_to_grid(const Viewport& viewport) const noexcept {
  // Normalised x in the scene's viewport lands on framebuffer pixel coordinate vx + (x + 1) vw / 2,
  // texel coordinate that / scale; normalised over the whole grid (width texels) that is
  // x vw / (scale width) + (2 vx + vw) / (scale width) - 1. In clip space the offset goes with w.
  const auto sx = static_cast<float>(scale * width);
  const auto sy = static_cast<float>(scale * height);
  glm::mat4 adjust(1.0f);
  adjust[0][0] = static_cast<float>(viewport.width) / sx;
  adjust[1][1] = static_cast<float>(viewport.height) / sy;
  adjust[3][0] = static_cast<float>(2 * viewport.x + viewport.width) / sx - 1.0f;
  adjust[3][1] = static_cast<float>(2 * viewport.y + viewport.height) / sy - 1.0f;
  return adjust;
}

}  // namespace bvhscope::gfx
