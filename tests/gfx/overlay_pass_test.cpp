// The overlay drawn without ImGui (gfx/overlay_pass): text lands in the box its metrics measure,
// a box's fill, outline and rounded corners, items blended in order, clipping, and the viewport
// it draws into; read back pixel by pixel from an offscreen target.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "gfx/font_atlas.hpp"
#include "gfx/overlay_pass.hpp"
#include "gfx/render_target.hpp"
#include "gfx/ui_font.hpp"
#include "gl_test_context.hpp"

namespace bvhscope::gfx {
namespace {

constexpr int kWidth = 240;
constexpr int kHeight = 120;
const glm::vec4 kBlack(0.0f, 0.0f, 0.0f, 1.0f);

struct Rgb {
  int r, g, b;
};

class OverlayPassTest : public test::GlTest {
 protected:
  void SetUp() override {
    test::GlTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_FALSE(ui_font_ttf().empty()) << "the build embeds DejaVuSans.ttf (fonts-dejavu-core)";
    std::string error;
    target_ = RenderTarget::create(kWidth, kHeight, 1, error);
    ASSERT_TRUE(target_) << error;
    pass_ = OverlayPass::create(15.0f, error);
    ASSERT_TRUE(pass_) << error;
  }
  void TearDown() override {
    pass_.reset();
    target_.reset();
    test::GlTest::TearDown();
  }

  // The overlay drawn over white into `viewport` (the whole target by default).
  void draw(const Overlay& overlay, Viewport viewport = {0, 0, kWidth, kHeight}) {
    target_->bind();
    clear_framebuffer(kWidth, kHeight, 1.0f, 1.0f, 1.0f);
    pass_->draw(overlay, viewport);
    rgba_ = target_->read_rgba();
  }
  [[nodiscard]] Rgb pixel(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(y) * kWidth + static_cast<std::size_t>(x)) * 4;
    return {rgba_[i], rgba_[i + 1], rgba_[i + 2]};
  }
  [[nodiscard]] static int darkness(Rgb p) { return 255 - std::min({p.r, p.g, p.b}); }
  // Pixels at least `threshold` darker than white inside [min, max), and outside it.
  [[nodiscard]] std::pair<int, int> dark_inside_outside(glm::ivec2 min, glm::ivec2 max, int threshold = 40) const {
    int inside = 0;
    int outside = 0;
    for (int y = 0; y < kHeight; ++y) {
      for (int x = 0; x < kWidth; ++x) {
        if (darkness(pixel(x, y)) < threshold) continue;
        const bool in = x >= min.x && y >= min.y && x < max.x && y < max.y;
        (in ? inside : outside) += 1;
      }
    }
    return {inside, outside};
  }

  std::optional<RenderTarget> target_;
  std::optional<OverlayPass> pass_;
  std::vector<std::uint8_t> rgba_;
};

TEST_F(OverlayPassTest, TextIsDrawnInsideTheBoxItsMetricsMeasureAndNowhereElse) {
  Overlay overlay;
  const std::string text = "LeftUpLeg jpg";  // capitals, descenders and a space
  const glm::vec2 at(30.0f, 40.0f);
  overlay.add_text(at, kBlack, text);
  draw(overlay);
  const glm::vec2 size = pass_->metrics().measure(text);
  EXPECT_FLOAT_EQ(size.y, 15.0f);
  EXPECT_GT(size.x, 60.0f);  // thirteen characters of a 15-pixel font
  const auto [inside, outside] = dark_inside_outside(glm::ivec2(at), glm::ivec2(at + size));
  EXPECT_GT(inside, 100);
  EXPECT_EQ(outside, 0);
  // The ink reaches both ends of the measured box (not a smaller or shifted line).
  const auto column_has_ink = [&](int x) {
    for (int y = 40; y < 55; ++y)
      if (darkness(pixel(x, y)) >= 40) return true;
    return false;
  };
  EXPECT_TRUE(column_has_ink(31));
  EXPECT_TRUE(column_has_ink(static_cast<int>(at.x + size.x) - 3));
}

TEST_F(OverlayPassTest, BoxFillsItsRectangleWithItsColour) {
  Overlay overlay;
  overlay.add_box({20.0f, 10.0f}, {80.0f, 50.0f}, glm::vec4(200.0f, 50.0f, 30.0f, 255.0f) / 255.0f);
  draw(overlay);
  for (const glm::ivec2 p : {glm::ivec2(50, 30), glm::ivec2(20, 10), glm::ivec2(79, 49)}) {
    const Rgb c = pixel(p.x, p.y);
    EXPECT_NEAR(c.r, 200, 1) << p.x << "," << p.y;
    EXPECT_NEAR(c.g, 50, 1);
    EXPECT_NEAR(c.b, 30, 1);
  }
  const auto [inside, outside] = dark_inside_outside({20, 10}, {80, 50}, 10);
  EXPECT_EQ(inside, 60 * 40);
  EXPECT_EQ(outside, 0);
}

TEST_F(OverlayPassTest, RoundedCornersStayClearAndOnlyTheRoundedOnes) {
  Overlay overlay;
  overlay.add_box({20.0f, 20.0f}, {80.0f, 60.0f}, kBlack, 10.0f);
  overlay.add_box({120.0f, 20.0f}, {180.0f, 60.0f}, kBlack, 10.0f, glm::vec4(0.0f), 0.0f, kCornersLeft);
  draw(overlay);
  // Each corner pixel of the rounded box is background; the middle of each edge is filled.
  for (const glm::ivec2 p : {glm::ivec2(20, 20), glm::ivec2(79, 20), glm::ivec2(20, 59), glm::ivec2(79, 59)})
    EXPECT_EQ(darkness(pixel(p.x, p.y)), 0) << p.x << "," << p.y;
  for (const glm::ivec2 p : {glm::ivec2(50, 20), glm::ivec2(50, 59), glm::ivec2(20, 40), glm::ivec2(79, 40)})
    EXPECT_EQ(darkness(pixel(p.x, p.y)), 255) << p.x << "," << p.y;
  // Rounded on the left only: the right corners are square.
  EXPECT_EQ(darkness(pixel(120, 20)), 0);
  EXPECT_EQ(darkness(pixel(120, 59)), 0);
  EXPECT_EQ(darkness(pixel(179, 20)), 255);
  EXPECT_EQ(darkness(pixel(179, 59)), 255);
}

TEST_F(OverlayPassTest, OutlineIsTheBordersColourAroundTheFill) {
  Overlay overlay;
  overlay.add_box({20.0f, 20.0f}, {80.0f, 60.0f}, glm::vec4(0.0f, 0.0f, 1.0f, 1.0f), 0.0f,
                  glm::vec4(1.0f, 0.0f, 0.0f, 1.0f), 2.0f);
  draw(overlay);
  const Rgb edge = pixel(50, 20);
  EXPECT_GT(edge.r, 250);
  EXPECT_LT(edge.b, 5);
  EXPECT_GT(pixel(50, 21).r, 250);  // two pixels wide
  const Rgb inner = pixel(50, 23);
  EXPECT_LT(inner.r, 5);
  EXPECT_GT(inner.b, 250);
  EXPECT_EQ(darkness(pixel(50, 19)), 0);  // nothing outside
}

TEST_F(OverlayPassTest, LaterItemsCoverEarlierOnesAndTranslucentOnesBlend) {
  Overlay text_then_box;
  text_then_box.add_text({30.0f, 40.0f}, kBlack, "Hips");
  text_then_box.add_box({25.0f, 35.0f}, {90.0f, 60.0f}, glm::vec4(1.0f, 1.0f, 0.0f, 1.0f));
  draw(text_then_box);
  int dark = 0;
  for (int y = 35; y < 60; ++y)
    for (int x = 25; x < 90; ++x) dark += pixel(x, y).r < 200 ? 1 : 0;
  EXPECT_EQ(dark, 0) << "the box drawn later covers the text";

  Overlay box_then_text;
  box_then_text.add_box({25.0f, 35.0f}, {90.0f, 60.0f}, glm::vec4(1.0f, 1.0f, 0.0f, 1.0f));
  box_then_text.add_text({30.0f, 40.0f}, kBlack, "Hips");
  draw(box_then_text);
  dark = 0;
  for (int y = 35; y < 60; ++y)
    for (int x = 25; x < 90; ++x) dark += pixel(x, y).r < 100 ? 1 : 0;
  EXPECT_GT(dark, 20) << "the text drawn later is over the box";

  Overlay half;
  half.add_box({100.0f, 10.0f}, {140.0f, 50.0f}, glm::vec4(0.0f, 0.0f, 0.0f, 0.5f));
  draw(half);
  EXPECT_NEAR(pixel(120, 30).r, 128, 2);
}

TEST_F(OverlayPassTest, ItemsAreClippedToTheirRectangle) {
  Overlay overlay;
  overlay.set_clip({0.0f, 0.0f}, {50.0f, 120.0f});
  overlay.add_box({20.0f, 20.0f}, {80.0f, 60.0f}, kBlack);
  overlay.clear_clip();
  draw(overlay);
  const auto [inside, outside] = dark_inside_outside({20, 20}, {50, 60}, 10);
  EXPECT_EQ(inside, 30 * 40);
  EXPECT_EQ(outside, 0);
}

TEST_F(OverlayPassTest, DrawsIntoTheViewportPixelsFromItsTopLeft) {
  Overlay overlay;
  overlay.add_box({10.0f, 10.0f}, {20.0f, 20.0f}, kBlack);
  overlay.add_line({10.0f, 40.0f}, {30.0f, 40.0f}, kBlack, 2.0f);
  overlay.add_dot({50.0f, 50.0f}, 4.0f, kBlack);
  // The right half of the target, from y = 20 up in GL's convention: top-left at (120, 0).
  draw(overlay, {120, 20, 120, 100});
  EXPECT_EQ(darkness(pixel(135, 15)), 255);  // the box
  EXPECT_EQ(darkness(pixel(15, 15)), 0);     // not in the left half
  EXPECT_GT(darkness(pixel(140, 39)), 200);  // the line, 2 pixels wide across y = 40
  EXPECT_GT(darkness(pixel(140, 40)), 200);
  EXPECT_EQ(darkness(pixel(140, 42)), 0);
  EXPECT_EQ(darkness(pixel(170, 50)), 255);  // the dot's centre
  EXPECT_EQ(darkness(pixel(176, 50)), 0);    // past its radius
}

TEST_F(OverlayPassTest, DrawOverlayMakesItsPassAtTheOverlaysTextSize) {
  std::optional<OverlayPass> pass;
  std::string error;
  Overlay overlay;
  overlay.text_pixels = 20.0f;
  overlay.add_text({10.0f, 10.0f}, kBlack, "Hips");
  target_->bind();
  ASSERT_TRUE(draw_overlay(overlay, {0, 0, kWidth, kHeight}, pass, error)) << error;
  ASSERT_TRUE(pass);
  EXPECT_FLOAT_EQ(pass->atlas().pixels(), 20.0f);
  EXPECT_FLOAT_EQ(pass->metrics().line_height(), 20.0f);
  overlay.text_pixels = 13.0f;
  ASSERT_TRUE(draw_overlay(overlay, {0, 0, kWidth, kHeight}, pass, error)) << error;
  EXPECT_FLOAT_EQ(pass->atlas().pixels(), 13.0f);
}

TEST(FontAtlas, MeasuresTheAdvancesOfUtf8TextRoundedUp) {
  std::string error;
  const std::optional<FontAtlas> atlas = FontAtlas::bake(ui_font_ttf(), 15.0f, error);
  ASSERT_TRUE(atlas) << error;
  const float i = atlas->glyph(U'i').advance;
  const float w = atlas->glyph(U'W').advance;
  EXPECT_GT(w, i);
  EXPECT_EQ(atlas->measure("iW"), glm::vec2(std::ceil(i + w), 15.0f));
  // "é" (two UTF-8 bytes) is one glyph; a character outside Latin-1 is measured as '?'.
  EXPECT_FLOAT_EQ(atlas->measure("\xC3\xA9").x, std::ceil(atlas->glyph(U'\u00E9').advance));
  EXPECT_FLOAT_EQ(atlas->measure("\xE2\x82\xAC").x, std::ceil(atlas->glyph(U'?').advance));
  EXPECT_FALSE(FontAtlas::bake("not a font", 15.0f, error));
  EXPECT_NE(error.find("no TrueType font"), std::string::npos) << error;
}

}  // namespace
}  // namespace bvhscope::gfx
