// FrameDamage: which rectangles of a kept picture a frame draws again, and merge_damage's rules.
#include <gtest/gtest.h>

#include "viewer/content_hash.hpp"
#include "viewer/frame_damage.hpp"
#include "viewer/imgui_damage.hpp"

namespace bvhscope::viewer::frame_damage_test {
namespace {

FrameContent frame_1000x600() {
  FrameContent frame;
  frame.width = 1000;
  frame.height = 600;
  frame.scene_hash = 7;
  frame.view = {200, 100, 600, 500};
  frame.figures = PixelRect{400, 200, 100, 200};
  frame.figures_hash = 5;
  frame.layers = {{1, 11, {0, 0, 200, 600}}, {2, 12, {200, 0, 800, 100}}, {3, 13, {850, 550, 100, 30}}};
  return frame;
}

TEST(FrameDamage, TheFirstFrameIsDrawnWhole) {
  FrameDamage damage;
  const std::vector<PixelRect> rects = damage.update(frame_1000x600());
  ASSERT_EQ(rects.size(), 1u);
  EXPECT_EQ(rects[0], (PixelRect{0, 0, 1000, 600}));
}

TEST(FrameDamage, AnUnchangedFrameDrawsNothing) {
  FrameDamage damage;
  (void)damage.update(frame_1000x600());
  EXPECT_TRUE(damage.update(frame_1000x600()).empty());
}

TEST(FrameDamage, AViewToRedrawIsDrawnWholeThoughNothingInItChanged) {
  FrameDamage damage;
  (void)damage.update(frame_1000x600());
  FrameContent again = frame_1000x600();
  again.redraw_view = true;
  const std::vector<PixelRect> rects = damage.update(again);
  ASSERT_EQ(rects.size(), 1u);
  EXPECT_EQ(rects[0], (PixelRect{200, 100, 600, 500}));
  EXPECT_TRUE(damage.update(frame_1000x600()).empty()) << "once redrawn, the view is kept";
}

TEST(FrameDamage, MovingFiguresRedrawWhereTheyWereAndWhereTheyAre) {
  FrameDamage damage;
  (void)damage.update(frame_1000x600());
  FrameContent moved = frame_1000x600();
  moved.figures = PixelRect{600, 250, 100, 200};  // 100 px right of the old one's right edge
  moved.figures_hash = 6;
  const std::vector<PixelRect> rects = damage.update(moved);
  ASSERT_EQ(rects.size(), 2u);
  EXPECT_EQ(rects[0], (PixelRect{600, 250, 100, 200}));
  EXPECT_EQ(rects[1], (PixelRect{400, 200, 100, 200}));
}

TEST(FrameDamage, FiguresThatOverlapTheirLastPlaceAreOneRectangle) {
  FrameDamage damage;
  (void)damage.update(frame_1000x600());
  FrameContent moved = frame_1000x600();
  moved.figures = PixelRect{420, 210, 100, 200};
  moved.figures_hash = 6;
  const std::vector<PixelRect> rects = damage.update(moved);
  ASSERT_EQ(rects.size(), 1u);
  EXPECT_EQ(rects[0], (PixelRect{400, 200, 120, 210}));
}

TEST(FrameDamage, FiguresDrawnOtherwiseInTheSamePlaceRedrawThere) {
  FrameDamage damage;
  (void)damage.update(frame_1000x600());
  FrameContent hovered = frame_1000x600();
  hovered.figures_hash = 9;  // a joint hovered, a colour changed, a pose within the same rectangle
  EXPECT_EQ(damage.update(hovered), (std::vector<PixelRect>{{400, 200, 100, 200}}));
}

TEST(FrameDamage, AnythingElseInTheViewRedrawsTheWholeView) {
  FrameDamage damage;
  (void)damage.update(frame_1000x600());
  FrameContent turned = frame_1000x600();
  turned.scene_hash = 8;  // the camera, the style, the ground...
  std::vector<PixelRect> rects = damage.update(turned);
  ASSERT_EQ(rects.size(), 1u);
  EXPECT_EQ(rects[0], (PixelRect{200, 100, 600, 500}));
  FrameContent unknown = turned;
  unknown.figures.reset();  // a trail shown, a figure reaching the camera: where it is is not known
  rects = damage.update(unknown);
  ASSERT_EQ(rects.size(), 1u);
  EXPECT_EQ(rects[0], (PixelRect{200, 100, 600, 500}));
}

TEST(FrameDamage, AChangedDrawListRedrawsItsOldAndNewExtent) {
  FrameDamage damage;
  (void)damage.update(frame_1000x600());
  FrameContent next = frame_1000x600();
  next.layers[2] = {3, 14, {850, 540, 120, 40}};  // the readout in the corner grew
  const std::vector<PixelRect> rects = damage.update(next);
  ASSERT_EQ(rects.size(), 1u);
  EXPECT_EQ(rects[0], (PixelRect{850, 540, 120, 40}));
  // The same contents elsewhere (a window moved) redraw both places too.
  FrameContent moved = next;
  moved.layers[2].extent = {100, 300, 120, 40};
  const std::vector<PixelRect> both = damage.update(moved);
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(both[0], (PixelRect{100, 300, 120, 40}));
  EXPECT_EQ(both[1], (PixelRect{850, 540, 120, 40}));
}

TEST(FrameDamage, AListComparedTriangleByTriangleRedrawsOnlyWhereItsTrianglesChanged) {
  FrameDamage damage;
  (void)damage.update(frame_1000x600());
  FrameContent next = frame_1000x600();
  next.layers[1].hash = 21;  // the timeline: its playhead moved
  next.layers[1].changed = PixelRect{500, 10, 30, 80};
  EXPECT_EQ(damage.update(next), (std::vector<PixelRect>{{500, 10, 30, 80}}));
}

TEST(FrameDamage, AListThatComesOrGoesRedrawsWhereItIsOrWas) {
  FrameDamage damage;
  (void)damage.update(frame_1000x600());
  FrameContent tooltip = frame_1000x600();
  tooltip.layers.push_back({4, 15, {300, 300, 50, 50}});
  EXPECT_EQ(damage.update(tooltip), (std::vector<PixelRect>{{300, 300, 50, 50}}));
  EXPECT_EQ(damage.update(frame_1000x600()), (std::vector<PixelRect>{{300, 300, 50, 50}}));
}

TEST(FrameDamage, ListsDrawnInAnotherOrderAResizeOrAnExposeRedrawTheWholeFrame) {
  FrameDamage damage;
  (void)damage.update(frame_1000x600());
  FrameContent raised = frame_1000x600();
  std::swap(raised.layers[0], raised.layers[1]);  // a window brought to the front
  EXPECT_EQ(damage.update(raised), (std::vector<PixelRect>{{0, 0, 1000, 600}}));
  FrameContent resized = raised;
  resized.width = 1200;
  EXPECT_EQ(damage.update(resized), (std::vector<PixelRect>{{0, 0, 1200, 600}}));
  EXPECT_TRUE(damage.update(resized).empty());
  damage.invalidate();
  EXPECT_EQ(damage.update(resized), (std::vector<PixelRect>{{0, 0, 1200, 600}}));
}

TEST(MergeDamage, ClipsDropsEmptyAndMergesNearRectangles) {
  // 10 px apart (within the 16 px gap): one; the second pair far apart: two; one wholly outside.
  const std::vector<PixelRect> merged = merge_damage(
      {{10, 10, 50, 50}, {70, 10, 50, 50}, {500, 400, 10, 10}, {0, 0, 0, 40}, {-20, 590, 40, 40}, {2000, 10, 5, 5}},
      1000, 600, 6);
  EXPECT_EQ(merged, (std::vector<PixelRect>{{10, 10, 110, 50}, {500, 400, 10, 10}, {0, 590, 20, 10}}));
}

TEST(MergeDamage, NearRectanglesWhoseBoundsHoldMuchMoreStayApart) {
  // The timeline along the bottom and a figure standing just above it: their bounds would hold
  // 3.6 times what they do.
  EXPECT_EQ(merge_damage({{0, 0, 1000, 100}, {400, 110, 100, 400}}, 1000, 600, 6),
            (std::vector<PixelRect>{{0, 0, 1000, 100}, {400, 110, 100, 400}}));
  // An overlapping pair too: each is then drawn whole on its own.
  EXPECT_EQ(merge_damage({{0, 0, 400, 100}, {300, 0, 100, 500}}, 1000, 600, 6),
            (std::vector<PixelRect>{{0, 0, 400, 100}, {300, 0, 100, 500}}));
}

TEST(MergeDamage, TooManyOrTooMuchIsTheWholeFrame) {
  std::vector<PixelRect> many;
  for (int i = 0; i < 7; ++i) many.push_back({i * 100, 0, 10, 10});
  EXPECT_EQ(merge_damage(many, 1000, 600, 6), (std::vector<PixelRect>{{0, 0, 1000, 600}}));
  many.pop_back();
  EXPECT_EQ(merge_damage(many, 1000, 600, 6).size(), 6u);
  // 80 % of the frame in two rectangles: drawn whole.
  EXPECT_EQ(merge_damage({{0, 0, 400, 600}, {600, 0, 400, 600}}, 1000, 600, 6),
            (std::vector<PixelRect>{{0, 0, 1000, 600}}));
}

TEST(ImGuiScissor, IsTheOpenGl3BackendsArithmetic) {
  // A window at (10.5, 20.25)-(110.75, 60.5) in a 300 px high framebuffer at scale 1: x and y
  // truncated, the sizes of the differences truncated (imgui_impl_opengl3's glScissor call).
  EXPECT_EQ(imgui_scissor(10.5f, 20.25f, 110.75f, 60.5f, 0.0f, 0.0f, 1.0f, 1.0f, 300), (PixelRect{10, 239, 100, 40}));
  // HiDPI: scale 2, the display's origin moved.
  EXPECT_EQ(imgui_scissor(15.0f, 10.0f, 25.0f, 30.0f, 5.0f, 0.0f, 2.0f, 2.0f, 300), (PixelRect{20, 240, 20, 40}));
  EXPECT_TRUE(imgui_scissor(10.0f, 10.0f, 10.0f, 30.0f, 0.0f, 0.0f, 1.0f, 1.0f, 300).empty());
}

TEST(ContentHash, TellsValuesAndLengthsApart) {
  const auto of = [](auto... values) {
    ContentHash h;
    (h.add(values), ...);
    return h.value();
  };
  EXPECT_EQ(of(1, 2.5f, true), of(1, 2.5f, true));
  EXPECT_NE(of(1, 2.5f, true), of(1, 2.5f, false));
  EXPECT_NE(of(1, 2), of(2, 1));
  const unsigned char zeros[16] = {};
  ContentHash eight;
  eight.add_bytes(zeros, 8);
  ContentHash nine;
  nine.add_bytes(zeros, 9);
  EXPECT_NE(eight.value(), nine.value());
}

}  // namespace
}  // namespace bvhscope::viewer::frame_damage_test
