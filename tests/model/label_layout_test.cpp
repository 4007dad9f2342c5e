// Joint label placement (engine/model/label_layout): where each spot lies around a point, which spot
// a label takes when earlier boxes hold the others, hiding when none is free, the placing order
// (selected joint, its chain, then by tree depth), the hover name's box, and storage reuse.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "model/label_layout.hpp"

namespace bvhscope::viewer {
namespace {

constexpr LabelBox kBounds{{0.0f, 0.0f}, {400.0f, 400.0f}};
constexpr glm::vec2 kPoint(200.0f, 200.0f);
constexpr glm::vec2 kSize(40.0f, 10.0f);

LabelBox box(float x0, float y0, float x1, float y1) { return {{x0, y0}, {x1, y1}}; }

TEST(LabelLayout, SpotsLieAroundThePointAtTheOffset) {
  const auto at = [](LabelSpot spot) { return LabelLayout::box_at(spot, kPoint, kSize, 5.0f); };
  EXPECT_EQ(at(LabelSpot::Right), box(205, 195, 245, 205));
  EXPECT_EQ(at(LabelSpot::Left), box(155, 195, 195, 205));
  EXPECT_EQ(at(LabelSpot::Above), box(180, 185, 220, 195));
  EXPECT_EQ(at(LabelSpot::Below), box(180, 205, 220, 215));
  EXPECT_EQ(at(LabelSpot::AboveRight), box(205, 185, 245, 195));
  EXPECT_EQ(at(LabelSpot::BelowRight), box(205, 205, 245, 215));
  EXPECT_EQ(at(LabelSpot::AboveLeft), box(155, 185, 195, 195));
  EXPECT_EQ(at(LabelSpot::BelowLeft), box(155, 205, 195, 215));
  // Far spots stand off by the offset plus two label heights (5 + 20).
  EXPECT_EQ(at(LabelSpot::FarRight), box(225, 195, 265, 205));
  EXPECT_EQ(at(LabelSpot::FarLeft), box(135, 195, 175, 205));
  EXPECT_EQ(at(LabelSpot::FarAbove), box(180, 165, 220, 175));
  EXPECT_EQ(at(LabelSpot::FarBelow), box(180, 225, 220, 235));
  EXPECT_FALSE(needs_leader(LabelSpot::BelowLeft));
  EXPECT_TRUE(needs_leader(LabelSpot::FarRight));
  EXPECT_TRUE(needs_leader(LabelSpot::FarBelow));
  EXPECT_FALSE(needs_leader(LabelSpot::Hidden));
}

TEST(LabelLayout, LabelsOfOnePointFanOutThenFarSpotsThenHide) {
  LabelLayout layout;
  layout.begin(kBounds, {5.0f, 0.0f});
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::Right);
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::Left);
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::Above);
  const PlacedLabel below = layout.place(kPoint, kSize, false);
  EXPECT_EQ(below.spot, LabelSpot::Below);
  EXPECT_EQ(below.box, box(180, 205, 220, 215));
  // Every corner spot overlaps Above or Below: without far spots the fifth label is hidden.
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::Hidden);
  EXPECT_EQ(layout.boxes().size(), 4u) << "a hidden label takes no room";
  // FarRight and FarLeft overlap Right and Left (the far offset is less than a label's width);
  // FarAbove and FarBelow are free.
  const PlacedLabel far_above = layout.place(kPoint, kSize, true);
  EXPECT_EQ(far_above.spot, LabelSpot::FarAbove);
  EXPECT_EQ(far_above.box, box(180, 165, 220, 175));
  EXPECT_EQ(layout.place(kPoint, kSize, true).spot, LabelSpot::FarBelow);
  EXPECT_EQ(layout.place(kPoint, kSize, true).spot, LabelSpot::Hidden);
  EXPECT_EQ(layout.boxes().size(), 6u);
}

TEST(LabelLayout, WithAGapAboveAndBelowClearTheSideLabelsCorners) {
  LabelLayout layout;
  layout.begin(kBounds, {5.0f, 2.0f});
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::Right);
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::Left);
  // Above's box ends at y 195 where Right's begins, and they share x 205..220: within the gap.
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::Hidden);
  EXPECT_EQ(layout.place(kPoint, kSize, true).spot, LabelSpot::FarAbove);
  EXPECT_EQ(layout.place(kPoint, kSize, true).spot, LabelSpot::FarBelow);
}

TEST(LabelLayout, TheGapKeepsBoxesApart) {
  LabelLayout layout;
  layout.begin(kBounds, {5.0f, 2.0f});
  layout.block(box(246, 190, 300, 210));  // 1 px right of where Right would end
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::Left);
  layout.begin(kBounds, {5.0f, 0.0f});
  layout.block(box(246, 190, 300, 210));
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::Right) << "without a gap, 1 px is enough";
  layout.begin(kBounds, {5.0f, 0.0f});
  layout.block(box(245, 190, 300, 210));  // touching edges do not overlap
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::Right);
}

TEST(LabelLayout, CornerSpotsTakeOverWhenTheSidesAreHeld) {
  LabelLayout layout;
  layout.begin(kBounds, {5.0f, 2.0f});
  // Small marks inside each side spot, clear of the corners.
  layout.block(box(210, 199, 211, 201));  // Right
  layout.block(box(170, 199, 171, 201));  // Left
  layout.block(box(199, 188, 201, 190));  // Above
  layout.block(box(199, 210, 201, 212));  // Below
  const PlacedLabel label = layout.place(kPoint, kSize, false);
  EXPECT_EQ(label.spot, LabelSpot::AboveRight);
  EXPECT_EQ(label.box, box(205, 185, 245, 195));
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::BelowRight);
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::AboveLeft);
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::BelowLeft);
  EXPECT_EQ(layout.place(kPoint, kSize, false).spot, LabelSpot::Hidden);
}

TEST(LabelLayout, LabelsStayInsideTheBounds) {
  LabelLayout layout;
  layout.begin(kBounds, {5.0f, 2.0f});
  EXPECT_EQ(layout.place({390.0f, 200.0f}, kSize, false).spot, LabelSpot::Left) << "right edge";
  EXPECT_EQ(layout.place({10.0f, 200.0f}, kSize, false).spot, LabelSpot::Right) << "left edge";
  EXPECT_EQ(layout.place({10.0f, 3.0f}, kSize, false).spot, LabelSpot::BelowRight) << "top-left corner";
  EXPECT_EQ(layout.place({390.0f, 398.0f}, kSize, false).spot, LabelSpot::AboveLeft) << "bottom-right corner";
  EXPECT_EQ(layout.place({200.0f, 200.0f}, {500.0f, 10.0f}, true).spot, LabelSpot::Hidden) << "wider than the view";
}

TEST(LabelLayout, NoTwoShownBoxesOverlapAmongManyCrowdedLabels) {
  LabelLayout layout;
  layout.reserve(600);
  const LabelBox bounds = box(0, 0, 300, 200);
  layout.begin(bounds, {6.0f, 2.0f});
  std::uint32_t seed = 12345u;
  const auto next = [&seed](float range) {
    seed = seed * 1664525u + 1013904223u;
    return static_cast<float>(seed >> 8) / static_cast<float>(1u << 24) * range;
  };
  int shown = 0;
  for (int i = 0; i < 600; ++i) {
    const glm::vec2 point(next(300.0f), next(200.0f));
    const glm::vec2 size(20.0f + next(60.0f), 14.0f);
    if (layout.place(point, size, i < 10).shown()) ++shown;
  }
  const std::span<const LabelBox> boxes = layout.boxes();
  ASSERT_EQ(boxes.size(), static_cast<std::size_t>(shown));
  EXPECT_GT(shown, 20) << "a crowded view still gets labels";
  EXPECT_LT(shown, 600) << "and hides what does not fit";
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    EXPECT_TRUE(boxes[i].inside(bounds)) << i;
    for (std::size_t j = i + 1; j < boxes.size(); ++j) {
      const LabelBox padded{boxes[i].min - 2.0f, boxes[i].max + 2.0f};
      EXPECT_FALSE(padded.overlaps(boxes[j])) << i << " and " << j;
    }
  }
}

TEST(LabelLayout, AFrameReusesTheStorage) {
  LabelLayout layout;
  layout.reserve(8);
  layout.begin(kBounds, {5.0f, 2.0f});
  for (int i = 0; i < 4; ++i) layout.place(kPoint, kSize, false);
  const LabelBox* data = layout.boxes().data();
  layout.begin(kBounds, {5.0f, 2.0f});
  EXPECT_TRUE(layout.boxes().empty());
  for (int i = 0; i < 8; ++i) layout.place({40.0f * static_cast<float>(i), 50.0f}, kSize, false);
  EXPECT_EQ(layout.boxes().data(), data) << "no reallocation within the reserved count";
}

// 0 root, 1 spine (of 0), 2 head (of 1), 3 End Site (of 2), 4 leg (of 0), 5 foot (of 4),
// 6 End Site (of 5); depths 0 1 2 3 1 2 3.
Skeleton small_tree() {
  Skeleton s;
  s.names = {"root", "spine", "head", "headEnd", "leg", "foot", "footEnd"};
  s.parents = {kNoParent, 0, 1, 2, 0, 4, 5};
  s.end_sites = {0, 0, 0, 1, 0, 0, 1};
  return s;
}

TEST(LabelOrder, SelectedFirstThenItsChainThenTheRestByTreeDepth) {
  const Skeleton s = small_tree();
  const std::vector<int> depths = s.depths();
  std::vector<int> order;
  label_order(s, depths, 5, false, order);
  EXPECT_EQ(order, (std::vector<int>{5, 4, 0}));
  label_order(s, depths, 5, true, order);
  EXPECT_EQ(order, (std::vector<int>{5, 4, 0, 1, 2}));
  label_order(s, depths, -1, true, order);
  EXPECT_EQ(order, (std::vector<int>{0, 1, 4, 2, 5})) << "depth 0, then 1, then 2; End Sites left out";
  label_order(s, depths, -1, false, order);
  EXPECT_TRUE(order.empty());
  label_order(s, depths, 6, false, order);
  EXPECT_EQ(order, (std::vector<int>{6, 5, 4, 0})) << "a selected End Site keeps its label";
  label_order(s, depths, 2, true, order);
  EXPECT_EQ(order, (std::vector<int>{2, 1, 0, 4, 5}));
  const int* data = order.data();
  label_order(s, depths, 3, true, order);
  EXPECT_EQ(order, (std::vector<int>{3, 2, 1, 0, 4, 5}));
  EXPECT_EQ(order.data(), data) << "the storage is reused";
}

TEST(LabelOrder, AHugeChainIsOrderedInLinearTimeUpToTheLimit) {
  // 200 000 nested joints: the chain of the deepest is 200 000 long, and sorting every joint by
  // depth must not compare each depth with every joint (that was 4e10 steps).
  Skeleton s;
  constexpr int kDepth = 200000;
  for (int j = 0; j < kDepth; ++j) {
    s.parents.push_back(j - 1);
    s.end_sites.push_back(0);
  }
  const std::vector<int> depths = s.depths();
  std::vector<int> order;
  label_order(s, depths, kDepth - 1, false, order, 50);
  ASSERT_EQ(order.size(), 50u) << "the chain nearest the selection";
  EXPECT_EQ(order.front(), kDepth - 1);
  EXPECT_EQ(order.back(), kDepth - 50);
  label_order(s, depths, kDepth - 1, true, order, 50);
  EXPECT_EQ(order.size(), 50u);
  label_order(s, depths, 10, true, order, 50);
  ASSERT_EQ(order.size(), 50u);
  for (int i = 0; i <= 10; ++i) EXPECT_EQ(order[static_cast<std::size_t>(i)], 10 - i);
  for (std::size_t i = 11; i < 50; ++i) EXPECT_EQ(order[i], static_cast<int>(i)) << "then by depth, the chain once";
  label_order(s, depths, -1, true, order);
  ASSERT_EQ(order.size(), kMaxLabels);
  for (std::size_t i = 0; i < order.size(); ++i) ASSERT_EQ(order[i], static_cast<int>(i));
}

TEST(TooltipBox, BelowRightOfTheCursorAndFlippedAtTheEdges) {
  const LabelBox bounds = box(0, 0, 400, 300);
  const glm::vec2 size(50.0f, 20.0f);
  const glm::vec2 offset(14.0f, 18.0f);
  EXPECT_EQ(tooltip_box({100, 100}, size, bounds, offset), box(114, 118, 164, 138));
  EXPECT_EQ(tooltip_box({380, 100}, size, bounds, offset), box(316, 118, 366, 138)) << "left of the cursor";
  EXPECT_EQ(tooltip_box({100, 290}, size, bounds, offset), box(114, 252, 164, 272)) << "above the cursor";
  EXPECT_EQ(tooltip_box({390, 295}, size, bounds, offset), box(326, 257, 376, 277)) << "both";
  EXPECT_EQ(tooltip_box({20, 10}, {420.0f, 20.0f}, bounds, offset), box(0, 28, 420, 48))
      << "wider than the view: from its left edge";
}

}  // namespace
}  // namespace bvhscope::viewer
