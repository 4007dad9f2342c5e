// Where the shadow mask's texels sit on the framebuffer (gfx/shadow_mask): a texel spans `scale` x
// `scale` framebuffer pixels from the framebuffer's origin, read back with bilinear filtering when
// the scale is 2. Which texels a pass over some pixels reads, and how a scene's clip space maps
// onto the mask. No GL: the arithmetic is tested on its own.
#pragma once

#include <glm/mat4x4.hpp>

#include "gfx/scene_style.hpp"

namespace bvhscope::gfx {

struct ShadowMaskGrid {
  int scale = 1;  // framebuffer pixels a texel spans along each axis: 1 or 2
  int width = 0;  // texels
  int height = 0;

  // The grid covering framebuffer pixels 0..fb_width x 0..fb_height at `scale`.
  [[nodiscard]] static ShadowMaskGrid covering(int fb_width, int fb_height, int scale) noexcept;
  // Pixels a texel spans for a scene drawn in `viewport`: 2 from kHalfResolutionFrom pixels on its shorter side
  // (the soft shadow then spans several pixels at its sharpest), else 1.
  static constexpr int kHalfResolutionFrom = 360;
  [[nodiscard]] static int scale_for(const Viewport& viewport) noexcept;

  // The texels that reading the mask at framebuffer pixels `pixels` touches: the same rectangle at
  // scale 1; at scale 2 every texel a bilinear read at a pixel centre there weighs, inside the grid.
  [[nodiscard]] Viewport texels_for(const Viewport& pixels) const noexcept;
  // The matrix taking the clip space of a scene drawn in `viewport` (framebuffer pixels) to the
  // clip space of the whole grid as the viewport: a point lands on the texel under its pixel.
  [[nodiscard]] glm::mat4 clip_to_grid(const Viewport& viewport) const noexcept;
};

}  // namespace bvhscope::gfx
