// The shadow mask's texel grid (gfx/shadow_mask_grid): which texels a pass over some framebuffer
// pixels reads (checked against the texels OpenGL's bilinear filter weighs at each pixel centre,
// enumerated pixel by pixel), how a scene's clip space lands on the grid, and when the grid is
// coarser than the pixels.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <glm/vec4.hpp>

#include "gfx/shadow_mask_grid.hpp"

namespace bvhscope::gfx {
namespace {

TEST(ShadowMaskGrid, CoversTheFramebufferWithTexelsOfTheScale) {
  const ShadowMaskGrid half = ShadowMaskGrid::covering(1281, 721, 2);
  EXPECT_EQ(half.width, 641);
  EXPECT_EQ(half.height, 361);
  const ShadowMaskGrid whole = ShadowMaskGrid::covering(1281, 721, 1);
  EXPECT_EQ(whole.width, 1281);
  EXPECT_EQ(whole.height, 721);
}

TEST(ShadowMaskGrid, HalfResolutionFromThreeHundredSixtyPixelsOnTheShorterSide) {
  EXPECT_EQ(ShadowMaskGrid::scale_for(Viewport{0, 0, 1280, 359}), 1);
  EXPECT_EQ(ShadowMaskGrid::scale_for(Viewport{7, 3, 360, 360}), 2);
  EXPECT_EQ(ShadowMaskGrid::scale_for(Viewport{0, 0, 200, 160}), 1);
  EXPECT_EQ(ShadowMaskGrid::scale_for(Viewport{0, 0, 1920, 1080}), 2);
}

TEST(ShadowMaskGrid, AtScaleOneTheTexelsAreThePixels) {
  const ShadowMaskGrid grid = ShadowMaskGrid::covering(640, 360, 1);
  const Viewport texels = grid.texels_for(Viewport{13, 7, 100, 50});
  EXPECT_EQ(texels.x, 13);
  EXPECT_EQ(texels.y, 7);
  EXPECT_EQ(texels.width, 100);
  EXPECT_EQ(texels.height, 50);
}

// The first and last texel GL_LINEAR weighs along one axis for pixels first..last (pixel centres
// at p + 0.5, texel coordinate (p + 0.5) / 2, texels floor(that - 0.5) and the next, clamped to
// the edge), taken pixel by pixel.
std::pair<int, int> texels_read(int first, int last, int texels) {
  int low = texels;
  int high = -1;
  for (int p = first; p <= last; ++p) {
    const double u = (p + 0.5) / 2.0 - 0.5;
    const int i0 = static_cast<int>(std::floor(u));
    const double weight = u - i0;
    for (const int i : {i0, i0 + 1}) {
      if (i == i0 + 1 && weight == 0.0) continue;
      const int clamped = std::clamp(i, 0, texels - 1);
      low = std::min(low, clamped);
      high = std::max(high, clamped);
    }
  }
  return {low, high};
}

TEST(ShadowMaskGrid, AtScaleTwoTheTexelsHoldEveryTexelTheBilinearReadsWeighAndAtMostOneMoreASide) {
  const ShadowMaskGrid grid = ShadowMaskGrid::covering(101, 61, 2);  // 51 x 31 texels
  int rectangles = 0;
  for (int x = 0; x < 101; x += 3) {
    for (int width = 1; x + width <= 101; width += 7) {
      const int y = (x * 7) % 61;
      const int height = std::min(1 + width % 13, 61 - y);
      const Viewport texels = grid.texels_for(Viewport{x, y, width, height});
      const auto [x_low, x_high] = texels_read(x, x + width - 1, grid.width);
      const auto [y_low, y_high] = texels_read(y, y + height - 1, grid.height);
      SCOPED_TRACE("pixels x " + std::to_string(x) + " +" + std::to_string(width) + ", y " + std::to_string(y) + " +" +
                   std::to_string(height));
      EXPECT_LE(texels.x, x_low);
      EXPECT_GE(texels.x + texels.width - 1, x_high);
      EXPECT_GE(texels.x, x_low - 1);
      EXPECT_LE(texels.x + texels.width - 1, x_high + 1);
      EXPECT_LE(texels.y, y_low);
      EXPECT_GE(texels.y + texels.height - 1, y_high);
      EXPECT_GE(texels.y, y_low - 1);
      EXPECT_LE(texels.y + texels.height - 1, y_high + 1);
      EXPECT_GE(texels.x, 0);
      EXPECT_LE(texels.x + texels.width, grid.width);
      EXPECT_GE(texels.y, 0);
      EXPECT_LE(texels.y + texels.height, grid.height);
      ++rectangles;
    }
  }
  EXPECT_GT(rectangles, 200);
}

// Where clip-space point (x, y, 0, w) of a scene drawn in `viewport` lands on the grid, in texel
// coordinates, with the grid as the whole viewport.
glm::vec2 on_grid(const ShadowMaskGrid& grid, const Viewport& viewport, float x, float y, float w) {
  const glm::vec4 clip = grid.clip_to_grid(viewport) * glm::vec4(x, y, 0.0f, w);
  return {(clip.x / clip.w + 1.0f) * 0.5f * static_cast<float>(grid.width),
          (clip.y / clip.w + 1.0f) * 0.5f * static_cast<float>(grid.height)};
}

TEST(ShadowMaskGrid, AScenesClipSpaceLandsOnTheTexelsUnderItsPixels) {
  const ShadowMaskGrid grid = ShadowMaskGrid::covering(1281, 721, 2);
  const Viewport viewport{101, 51, 1000, 600};  // odd origin: half a texel in
  // The viewport's corners: framebuffer pixels (101, 51) and (1101, 651), texels half that.
  const glm::vec2 low = on_grid(grid, viewport, -1.0f, -1.0f, 1.0f);
  EXPECT_NEAR(low.x, 50.5f, 1e-3f);
  EXPECT_NEAR(low.y, 25.5f, 1e-3f);
  const glm::vec2 high = on_grid(grid, viewport, 3.0f, 3.0f, 3.0f);  // (1, 1) after the divide by w
  EXPECT_NEAR(high.x, 550.5f, 1e-3f);
  EXPECT_NEAR(high.y, 325.5f, 1e-3f);
  // A quarter of the way in: pixel 101 + 250 = 351, 51 + 150 = 201.
  const glm::vec2 quarter = on_grid(grid, viewport, -1.0f, -1.0f, 2.0f);  // (-0.5, -0.5)
  EXPECT_NEAR(quarter.x, 175.5f, 1e-3f);
  EXPECT_NEAR(quarter.y, 100.5f, 1e-3f);
}

}  // namespace
}  // namespace bvhscope::gfx
