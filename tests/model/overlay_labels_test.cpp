// Placing the view's labels, tags, hover name and grid captions into an Overlay (model/overlay_labels)
// with a font of fixed-width characters: where each box and text goes, in which order, what is
// clipped, what is hidden, and that a refill allocates nothing once the storage has grown.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "model/overlay_labels.hpp"

namespace bvhscope {
namespace {

// Every character 7 pixels wide, lines 15 pixels high.
class FixedMetrics final : public TextMetrics {
 public:
  [[nodiscard]] glm::vec2 measure(std::string_view text) const override {
    return {7.0f * static_cast<float>(text.size()), 15.0f};
  }
  [[nodiscard]] float line_height() const override { return 15.0f; }
};

using Kind = OverlayItem::Kind;

TEST(OverlayLabels, GridCaptionIsABandAtTheTopLeftAndItsTextIsClippedShortOfTheRightEdge) {
  Overlay overlay;
  add_grid_caption(overlay, FixedMetrics(), "walk.bvh", {200.0f, 100.0f});
  ASSERT_EQ(overlay.items.size(), 2u);
  const OverlayItem& band = overlay.items[0];
  EXPECT_EQ(band.kind, Kind::Box);
  // The text at (0.5, 0.4) line heights; the band 0.35 wider on each side and 0.2 taller.
  EXPECT_EQ(band.min, glm::vec2(7.5f - 5.25f, 6.0f - 3.0f));
  EXPECT_EQ(band.max, glm::vec2(7.5f + 56.0f + 5.25f, 6.0f + 15.0f + 3.0f));
  EXPECT_FLOAT_EQ(band.rounding, 3.0f);
  EXPECT_FALSE(band.clipped());
  const OverlayItem& text = overlay.items[1];
  EXPECT_EQ(text.kind, Kind::Text);
  EXPECT_EQ(text.min, glm::vec2(7.5f, 6.0f));
  EXPECT_EQ(overlay.text(text), "walk.bvh");
  EXPECT_EQ(text.clip_min, glm::vec2(0.0f));
  EXPECT_EQ(text.clip_max, glm::vec2(200.0f - 4.5f, 100.0f));
}

TEST(OverlayLabels, LongGridCaptionsBandStopsTwoPixelsShortOfTheTileEdge) {
  Overlay overlay;
  add_grid_caption(overlay, FixedMetrics(), std::string(40, 'x'), {100.0f, 100.0f});
  EXPECT_FLOAT_EQ(overlay.items[0].max.x, 98.0f);
}

TEST(OverlayLabels, HoverNameBoxHoldsNameAndFileBelowRightOfTheCursor) {
  const LabelBox bounds{{0.0f, 0.0f}, {400.0f, 300.0f}};
  const HoverName hover{"Hips", std::string_view("walk.bvh")};
  const LabelBox box = hover_name_box(FixedMetrics(), hover, {100.0f, 100.0f}, bounds, 1.0f);
  // 4 + 2 + 8 characters and 6 pixels of padding each side; 15 high and 3 each side.
  EXPECT_EQ(box.min, glm::vec2(114.0f, 118.0f));
  EXPECT_EQ(box.max, glm::vec2(114.0f + 98.0f + 12.0f, 118.0f + 21.0f));
  Overlay overlay;
  add_hover_name(overlay, FixedMetrics(), hover, box, 1.0f);
  ASSERT_EQ(overlay.items.size(), 3u);
  EXPECT_EQ(overlay.items[0].kind, Kind::Box);
  EXPECT_GT(overlay.items[0].border.w, 0.0f);  // outlined
  EXPECT_FLOAT_EQ(overlay.items[0].border_width, 1.0f);
  EXPECT_EQ(overlay.items[1].min, glm::vec2(120.0f, 121.0f));
  EXPECT_EQ(overlay.text(overlay.items[1]), "Hips");
  EXPECT_EQ(overlay.items[2].min, glm::vec2(120.0f + 28.0f + 14.0f, 121.0f));
  EXPECT_EQ(overlay.text(overlay.items[2]), "walk.bvh");
  EXPECT_NE(overlay.items[1].colour, overlay.items[2].colour);  // the file name is dimmer
}

TEST(OverlayLabels, HoverNameWithoutFileIsTheNameAlone) {
  const LabelBox bounds{{0.0f, 0.0f}, {400.0f, 300.0f}};
  const HoverName hover{"Hips", std::nullopt};
  const LabelBox box = hover_name_box(FixedMetrics(), hover, {100.0f, 100.0f}, bounds, 2.0f);
  EXPECT_EQ(box.max - box.min, glm::vec2(28.0f + 24.0f, 15.0f + 12.0f));
  Overlay overlay;
  add_hover_name(overlay, FixedMetrics(), hover, box, 2.0f);
  EXPECT_EQ(overlay.items.size(), 2u);
}

TEST(OverlayLabels, NameTagSitsAboveItsHeadWithLeaderDotStripeOutlineAndText) {
  Overlay overlay;
  LabelLayout layout;
  const LabelBox bounds{{0.0f, 0.0f}, {400.0f, 300.0f}};
  layout.begin(bounds, overlay_label_style(1.0f));
  std::vector<LabelBox> tags;
  const NameTag tag{{200.0f, 150.0f}, "run.bvh", {1.0f, 0.5f, 0.0f}, true, ""};
  place_name_tag(overlay, FixedMetrics(), tag, bounds, 1.0f, tags, layout);
  ASSERT_EQ(tags.size(), 1u);
  // 7 characters, 6 pixels of padding each side and a 3-pixel stripe; 15 + 2 x 1.5 high,
  // centred on the head and 10 pixels above it.
  const glm::vec2 size(49.0f + 12.0f + 3.0f, 18.0f);
  EXPECT_EQ(tags[0].min, glm::vec2(200.0f - size.x / 2.0f, 150.0f - 10.0f - size.y));
  EXPECT_EQ(tags[0].max, tags[0].min + size);
  EXPECT_EQ(layout.boxes().size(), 1u);  // joint labels keep clear of it
  std::vector<Kind> kinds;
  for (const OverlayItem& item : overlay.items) kinds.push_back(item.kind);
  EXPECT_EQ(kinds, (std::vector<Kind>{Kind::Line, Kind::Dot, Kind::Box, Kind::Box, Kind::Box, Kind::Text}));
  EXPECT_EQ(overlay.items[3].corners, kCornersLeft);  // the stripe
  EXPECT_EQ(overlay.items[3].colour, glm::vec4(1.0f, 0.5f, 0.0f, 1.0f));
  EXPECT_FLOAT_EQ(overlay.items[4].colour.w, 0.0f);  // the active clip's outline
  EXPECT_GT(overlay.items[4].border.w, 0.0f);
  EXPECT_EQ(overlay.items[5].min, tags[0].min + glm::vec2(3.0f + 6.0f, 1.5f));
}

// Issue 34, item 12: a weak guess's badge in amber at the tag's right end, the tag wider by it.
TEST(OverlayLabels, ANameTagCarriesItsWeakGuessBadgeAtItsEnd) {
  Overlay overlay;
  LabelLayout layout;
  const LabelBox bounds{{0.0f, 0.0f}, {400.0f, 300.0f}};
  layout.begin(bounds, overlay_label_style(1.0f));
  std::vector<LabelBox> tags;
  const NameTag tag{{200.0f, 150.0f}, "run.bvh", {1.0f, 0.5f, 0.0f}, false, "+y up?"};
  const std::optional<LabelBox> badge = place_name_tag(overlay, FixedMetrics(), tag, bounds, 1.0f, tags, layout);
  ASSERT_TRUE(badge.has_value());
  ASSERT_EQ(tags.size(), 1u);
  // The name's tag (49 + 12 + 3) and the badge: 6 characters and 6 pixels of padding each side,
  // 6 pixels before it; inset by a pixel at the tag's right end.
  EXPECT_EQ(tags[0].max.x - tags[0].min.x, 64.0f + 42.0f + 12.0f + 6.0f);
  EXPECT_EQ(badge->max, glm::vec2(tags[0].max.x - 1.0f, tags[0].max.y - 1.0f));
  EXPECT_EQ(badge->min, glm::vec2(tags[0].max.x - 1.0f - 54.0f, tags[0].min.y + 1.0f));
  ASSERT_GE(overlay.items.size(), 2u);
  const OverlayItem& fill = overlay.items[overlay.items.size() - 2];
  EXPECT_EQ(fill.kind, OverlayItem::Kind::Box);
  EXPECT_EQ(fill.min, badge->min);
  EXPECT_GT(fill.colour.x, 0.9f);  // amber
  EXPECT_LT(fill.colour.z, 0.3f);
  EXPECT_EQ(overlay.items.back().kind, OverlayItem::Kind::Text);
  EXPECT_TRUE(overlay.text_bytes.ends_with("+y up?"));
  // No badge: none placed.
  EXPECT_FALSE(place_name_tag(overlay, FixedMetrics(), {{100.0f, 250.0f}, "b.bvh", {1.0f, 1.0f, 1.0f}, false, ""},
                              bounds, 1.0f, tags, layout)
                   .has_value());
}

TEST(OverlayLabels, NameTagsStackUpwardAndOneWithNoRoomIsADot) {
  Overlay overlay;
  LabelLayout layout;
  const LabelBox bounds{{0.0f, 0.0f}, {400.0f, 300.0f}};
  layout.begin(bounds, overlay_label_style(1.0f));
  std::vector<LabelBox> tags;
  for (int i = 0; i < 8; ++i)
    place_name_tag(overlay, FixedMetrics(), {{200.0f, 150.0f}, "same.bvh", {1.0f, 1.0f, 1.0f}, false, ""}, bounds, 1.0f,
                   tags, layout);
  // Two rows up, two down from the first: five tags; the others are dots at the head.
  ASSERT_EQ(tags.size(), 5u);
  EXPECT_FLOAT_EQ(tags[1].max.y, tags[0].min.y - 2.0f);
  int dots = 0;
  for (const OverlayItem& item : overlay.items)
    if (item.kind == Kind::Dot && item.rounding == 2.5f) ++dots;
  EXPECT_EQ(dots, 3);
}

// A camera looking down -z at the origin with pixels 1:1 to world units around (200, 150).
glm::mat4 flat_view_projection() { return glm::ortho(-200.0f, 200.0f, -150.0f, 150.0f, -10.0f, 10.0f); }

struct LabelScene {
  std::vector<glm::vec3> joints{{0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}, {500.0f, 0.0f, 0.0f}};
  std::vector<std::string> names{"a", "b", "off"};  // "off" projects outside the view
  std::vector<int> depths{0, 1, 1};
  std::vector<int> order{0, 1, 2};  // joint 0 selected: the chain is joint 0 alone
  JointLabelView view() const {
    JointLabelView v;
    v.order = order;
    v.joints = joints;
    v.names = names;
    v.depths = depths;
    v.selected = 0;
    v.view_projection = flat_view_projection();
    v.view_origin = {10.0f, 20.0f};
    v.view_size = {400.0f, 300.0f};
    return v;
  }
};

TEST(OverlayLabels, JointLabelsTakeSpotsNextToTheirPointBoxesThenTexts) {
  const LabelScene scene;
  LabelLayout layout;
  layout.begin({{10.0f, 20.0f}, {410.0f, 320.0f}}, overlay_label_style(1.0f));
  Overlay overlay;
  std::vector<PlacedJointLabel> placed;
  EXPECT_EQ(place_joint_labels(overlay, layout, FixedMetrics(), scene.view(), placed), 0);
  ASSERT_EQ(placed.size(), 2u);
  // The origin lands mid-view; a box is the text's 7 x 15 with 4 x 1 of padding, 7 from the point.
  EXPECT_EQ(placed[0].joint, 0);
  EXPECT_EQ(placed[0].point, glm::vec2(210.0f, 170.0f));
  EXPECT_EQ(placed[0].label.spot, LabelSpot::Right);
  EXPECT_EQ(placed[0].label.box.min, glm::vec2(217.0f, 161.5f));
  EXPECT_EQ(placed[1].label.spot, LabelSpot::Left);
  EXPECT_EQ(placed[1].label.box.min, glm::vec2(188.0f, 161.5f));
  ASSERT_EQ(overlay.items.size(), 4u);
  EXPECT_EQ(overlay.items[0].kind, Kind::Box);
  EXPECT_EQ(overlay.items[0].min, glm::vec2(217.0f, 161.5f));
  EXPECT_EQ(overlay.items[0].max, glm::vec2(232.0f, 178.5f));
  EXPECT_FLOAT_EQ(overlay.items[0].rounding, 3.0f);
  EXPECT_EQ(overlay.items[1].kind, Kind::Text);
  EXPECT_EQ(overlay.items[1].min, glm::vec2(221.0f, 162.5f));
  EXPECT_EQ(overlay.text(overlay.items[1]), "a");
  EXPECT_EQ(overlay.text(overlay.items[3]), "b");
  // The selected joint's box and text stand out from the others'.
  EXPECT_NE(overlay.items[0].colour, overlay.items[2].colour);
  EXPECT_NE(overlay.items[1].colour, overlay.items[3].colour);
}

TEST(OverlayLabels, OnlyTheChainStandsOffWithALeaderAndOthersWithNoSpotAreHidden) {
  const LabelScene scene;
  LabelLayout layout;
  layout.begin({{10.0f, 20.0f}, {410.0f, 320.0f}}, overlay_label_style(1.0f));
  layout.block({{180.0f, 140.0f}, {240.0f, 200.0f}});  // every spot next to the point
  Overlay overlay;
  std::vector<PlacedJointLabel> placed;
  EXPECT_EQ(place_joint_labels(overlay, layout, FixedMetrics(), scene.view(), placed), 1);
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ(placed[0].label.spot, LabelSpot::FarRight);
  // Off by the offset and two box heights: 7 + 2 x 17.
  EXPECT_EQ(placed[0].label.box.min, glm::vec2(251.0f, 161.5f));
  ASSERT_EQ(overlay.items.size(), 3u);
  EXPECT_EQ(overlay.items[0].kind, Kind::Line);  // leaders under the boxes
  EXPECT_EQ(overlay.items[0].min, glm::vec2(210.0f, 170.0f));
  EXPECT_EQ(overlay.items[0].max, glm::vec2(251.0f, 170.0f));
  EXPECT_EQ(overlay.items[1].kind, Kind::Box);
  EXPECT_EQ(overlay.items[2].kind, Kind::Text);
}

// Issue 34, item 7: the joint under the pointer is named by the hover box, not by a label beside it.
TEST(OverlayLabels, TheHoveredJointGetsNoLabelOfItsOwn) {
  const LabelScene scene;
  LabelLayout layout;
  layout.begin({{10.0f, 20.0f}, {410.0f, 320.0f}}, overlay_label_style(1.0f));
  Overlay overlay;
  std::vector<PlacedJointLabel> placed;
  JointLabelView view = scene.view();
  view.hovered = 0;  // the selected joint, pointed at
  EXPECT_EQ(place_joint_labels(overlay, layout, FixedMetrics(), view, placed), 0);
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ(placed[0].joint, 1);
  EXPECT_EQ(placed[0].label.spot, LabelSpot::Right);  // the spot joint 0's label took before is free
}

TEST(OverlayLabels, ClipAppliesToItemsAddedAfterItUntilCleared) {
  Overlay overlay;
  overlay.add_box({0.0f, 0.0f}, {1.0f, 1.0f}, glm::vec4(1.0f));
  overlay.set_clip({5.0f, 6.0f}, {7.0f, 8.0f});
  overlay.add_text({0.0f, 0.0f}, glm::vec4(1.0f), "x");
  overlay.clear_clip();
  overlay.add_dot({0.0f, 0.0f}, 1.0f, glm::vec4(1.0f));
  EXPECT_FALSE(overlay.items[0].clipped());
  EXPECT_TRUE(overlay.items[1].clipped());
  EXPECT_EQ(overlay.items[1].clip_max, glm::vec2(7.0f, 8.0f));
  EXPECT_FALSE(overlay.items[2].clipped());
}

TEST(OverlayLabels, ClearKeepsTheStorageForTheNextFrame) {
  Overlay overlay;
  const auto fill = [&] {
    overlay.clear();
    for (int i = 0; i < 50; ++i)
      overlay.add_text({0.0f, 0.0f}, glm::vec4(1.0f), "a label longer than a small string's buffer");
  };
  fill();
  const OverlayItem* items = overlay.items.data();
  const char* text = overlay.text_bytes.data();
  fill();
  EXPECT_EQ(overlay.items.data(), items);
  EXPECT_EQ(overlay.text_bytes.data(), text);
  EXPECT_EQ(overlay.text(overlay.items[49]), "a label longer than a small string's buffer");
}

}  // namespace
}  // namespace bvhscope
