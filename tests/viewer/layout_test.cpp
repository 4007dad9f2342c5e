// The window layout's rules (the view keeps half the window; panels shrink, then collapse) and
// the readouts' fitting ("..." at a character boundary), without a window.
#include <gtest/gtest.h>

#include <string_view>

#include "viewer/ui/layout.hpp"
#include "viewer/ui/readout_fit.hpp"

namespace bvhscope::viewer {
namespace {

LayoutRequest request(float width, float height) {
  LayoutRequest r;
  r.window_width = width;
  r.window_height = height;
  r.menu_height = 20.0f;
  r.timeline_height = 80.0f;
  r.left_width = 270.0f;
  r.right_width = 330.0f;
  r.min_panel_width = 200.0f;
  r.strip_width = 30.0f;
  return r;
}

TEST(Layout, WideWindowGivesEachPanelTheWidthAsked) {
  const UiLayout l = compute_layout(request(1920.0f, 1080.0f));
  EXPECT_EQ(l.left.x, 0.0f);
  EXPECT_EQ(l.left.width, 270.0f);
  EXPECT_EQ(l.panel.x, 1590.0f);
  EXPECT_EQ(l.panel.width, 330.0f);
  EXPECT_EQ(l.view.x, 270.0f);
  EXPECT_EQ(l.view.width, 1320.0f);
  EXPECT_EQ(l.view.y, 20.0f);
  EXPECT_EQ(l.view.height, 980.0f);
  EXPECT_EQ(l.timeline.y, 1000.0f);
  EXPECT_FALSE(l.left_collapsed);
  EXPECT_FALSE(l.right_collapsed);
  EXPECT_EQ(l.left_strip.width, 0.0f);
}

TEST(Layout, PanelsShrinkInProportionToLeaveTheViewHalfTheWidth) {
  const UiLayout l = compute_layout(request(1100.0f, 800.0f));  // 600 asked, 550 allowed
  EXPECT_FLOAT_EQ(l.left.width, 270.0f * 550.0f / 600.0f);
  EXPECT_FLOAT_EQ(l.panel.width, 330.0f * 550.0f / 600.0f);
  EXPECT_FLOAT_EQ(l.view.width, 550.0f);
}

TEST(Layout, OnePanelHeldAtTheNarrowestLeavesTheRestToTheOther) {
  const UiLayout l = compute_layout(request(800.0f, 600.0f));  // the left would be 183: held at 200
  EXPECT_EQ(l.left.width, 200.0f);
  EXPECT_EQ(l.panel.width, 200.0f);
  EXPECT_EQ(l.view.width, 400.0f);
  EXPECT_FALSE(l.left_collapsed);
}

TEST(Layout, TooNarrowForBothCollapsesTheLeftThenTheRight) {
  const UiLayout l = compute_layout(request(700.0f, 600.0f));
  EXPECT_TRUE(l.left_collapsed);
  EXPECT_FALSE(l.right_collapsed);
  EXPECT_EQ(l.left.width, 0.0f);
  EXPECT_EQ(l.left_strip.width, 30.0f);
  EXPECT_EQ(l.panel.width, 280.0f);  // 0.4 x 700, within half the window less the strip (320)
  EXPECT_EQ(l.view.x, 30.0f);
  EXPECT_EQ(l.view.width, 390.0f);

  const UiLayout tiny = compute_layout(request(420.0f, 300.0f));  // 210 less a strip: under 200
  EXPECT_TRUE(tiny.left_collapsed);
  EXPECT_TRUE(tiny.right_collapsed);
  EXPECT_EQ(tiny.right_strip.x, 390.0f);
  EXPECT_EQ(tiny.view.x, 30.0f);
  EXPECT_EQ(tiny.view.width, 360.0f);
}

TEST(Layout, WidthsAreClampedToTheNarrowestAndToFortyPercent) {
  LayoutRequest r = request(3840.0f, 2160.0f);
  r.left_width = 50.0f;
  r.right_width = 3000.0f;
  const UiLayout l = compute_layout(r);
  EXPECT_EQ(l.left.width, 200.0f);
  EXPECT_EQ(l.panel.width, 3840.0f * 0.4f);
  EXPECT_GE(l.view.width, 1920.0f);
}

TEST(Layout, ACollapsedPanelLeavesAStripAndHiddenPanelsNone) {
  LayoutRequest r = request(1920.0f, 1080.0f);
  r.right_open = false;
  UiLayout l = compute_layout(r);
  EXPECT_TRUE(l.right_collapsed);
  EXPECT_EQ(l.right_strip.x, 1890.0f);
  EXPECT_EQ(l.right_strip.width, 30.0f);
  EXPECT_EQ(l.view.width, 1920.0f - 270.0f - 30.0f);
  r.panels = false;
  l = compute_layout(r);
  EXPECT_FALSE(l.right_collapsed);
  EXPECT_EQ(l.right_strip.width, 0.0f);
  EXPECT_EQ(l.view.x, 0.0f);
  EXPECT_EQ(l.view.width, 1920.0f);
}

TEST(Layout, TheTimelineGivesWayToKeepTheViewHalfTheHeight) {
  LayoutRequest r = request(640.0f, 400.0f);
  r.timeline_height = 250.0f;
  const UiLayout l = compute_layout(r);
  EXPECT_EQ(l.timeline.height, 180.0f);  // half the window less the menu
  EXPECT_EQ(l.view.height, 200.0f);
}

TEST(Layout, TheCurvesStripCoversTheViewsBottomWithoutChangingTheView) {
  LayoutRequest r = request(1920.0f, 1080.0f);
  const UiLayout without = compute_layout(r);
  r.curves_height = 150.0f;
  const UiLayout with = compute_layout(r);
  EXPECT_EQ(with.view.y, without.view.y);
  EXPECT_EQ(with.view.height, without.view.height);
  EXPECT_EQ(with.curves.y, 1000.0f - 150.0f);
  EXPECT_EQ(with.curves.x, with.view.x);
  EXPECT_EQ(with.curves.width, with.view.width);
  EXPECT_EQ(with.visible_view.height, 980.0f - 150.0f);
  r.curves_height = 900.0f;  // at most half the view
  EXPECT_EQ(compute_layout(r).curves.height, 490.0f);
}

TEST(Layout, UndraggedPanelsWidenOnWideWindows) {
  // Issue 34, item 6: 270 and 330 up to about 1600 pixels, then a share of the width, then a cap.
  for (const float width : {800.0f, 1280.0f, 1440.0f}) {
    EXPECT_FLOAT_EQ(automatic_panel_widths(width, 1.0f).left, 270.0f) << width;
    EXPECT_FLOAT_EQ(automatic_panel_widths(width, 1.0f).right, 330.0f) << width;
  }
  EXPECT_FLOAT_EQ(automatic_panel_widths(1920.0f, 1.0f).left, 326.4f);
  EXPECT_FLOAT_EQ(automatic_panel_widths(1920.0f, 1.0f).right, 403.2f);
  EXPECT_FLOAT_EQ(automatic_panel_widths(3840.0f, 1.0f).left, 400.0f);
  EXPECT_FLOAT_EQ(automatic_panel_widths(3840.0f, 1.0f).right, 480.0f);
  EXPECT_FLOAT_EQ(automatic_panel_widths(1920.0f, 2.0f).left, 540.0f);  // a 2x UI: the bounds double
}

float ten_per_byte(std::string_view text) { return 10.0f * static_cast<float>(text.size()); }

TEST(ReadoutFit, WholeWhenItFitsElseTheLongestPrefixBeforeTheEllipsis) {
  EXPECT_EQ(fitting_prefix("finger2-3.l", 110.0f, ten_per_byte), 11u);
  EXPECT_EQ(fitting_prefix("finger2-3.l", 100.0f, ten_per_byte), 7u);  // "finger2" + "..." = 100
  EXPECT_EQ(fitting_prefix("finger2-3.l", 35.0f, ten_per_byte), 0u);
}

TEST(ReadoutFit, NeverCutsInsideAUtf8Character) {
  const std::string_view name = "h\xC3\xA4ndes";             // "händes": a two-byte character at bytes 1-2
  EXPECT_EQ(fitting_prefix(name, 50.0f, ten_per_byte), 1u);  // 2 bytes would fit but split the character
  EXPECT_EQ(fitting_prefix(name, 60.0f, ten_per_byte), 3u);
}

// The text as middle_cut leaves it.
std::string cut_text(std::string_view text, float width, std::size_t keep_begin, std::size_t keep_end) {
  const MiddleCut cut = middle_cut(text, width, ten_per_byte, keep_begin, keep_end);
  if (cut.head == text.size()) return std::string(text);
  return std::string(text.substr(0, cut.head)) + "..." + std::string(text.substr(cut.tail, cut.tail_end - cut.tail)) +
         (cut.tail_end < text.size() ? "..." : "");
}

TEST(ReadoutFit, ANameCutInTheMiddleKeepsWhatTellsItApart) {
  // Issue 34, item 6: a file and its fixed copy stay apart; the extension (kept) stays whole.
  const std::string_view original = "bvh11__131_01.bvh";
  const std::string_view fixed = "bvh11__131_01_fixed.bvh";
  EXPECT_EQ(cut_text(original, 170.0f, 13, 17), "bvh11__131_01.bvh");  // fits whole
  EXPECT_EQ(cut_text(original, 130.0f, 13, 17), "bvh11...1.bvh");      // 10 bytes beside "...": 5 and 5
  EXPECT_EQ(cut_text(fixed, 130.0f, 19, 23), "bvh11...d.bvh");
  EXPECT_EQ(cut_text(fixed, 200.0f, 19, 23), "bvh11__13...ixed.bvh");
  // The kept part longer than half the room: the end grows to hold it.
  EXPECT_EQ(cut_text("a_very_long_take_name.motion", 160.0f, 21, 28), "a_very....motion");
  EXPECT_EQ(cut_text("a_very_long_take_name.motion", 110.0f, 21, 28), "a....motion");
  // A match in the head stays there; one past it moves the cut before it.
  EXPECT_EQ(cut_text("LeftHandIndexFinger3", 140.0f, 0, 4), "LeftHa...nger3");
  EXPECT_EQ(cut_text("LeftHandIndexFinger3", 160.0f, 8, 13), "L...IndexFinger3");
  EXPECT_EQ(cut_text("LeftHandIndexFinger3", 140.0f, 13, 19), "Left...Finger3");
  // The text from the kept part on too long: that text between two ellipses.
  EXPECT_EQ(cut_text("LeftHandIndexFinger3", 140.0f, 8, 13), "...IndexFin...");
  EXPECT_EQ(cut_text("LeftHandIndexFinger3", 110.0f, 8, 13), "...Index...");
  EXPECT_EQ(cut_text("LeftHandIndexFinger3", 60.0f, 8, 13), "...");  // none of it fits: "..." alone
  // A kept part nearer the start grows the head (a name with a note after its extension).
  EXPECT_EQ(cut_text("sample.bvh (bundled sample)", 180.0f, 6, 10), "sample.bvh...mple)");
  // Nothing to keep (begin == end == size): the end gets up to half.
  EXPECT_EQ(cut_text("LeftHandIndexFinger3", 100.0f, 20, 20), "Left...er3");
}

TEST(ReadoutFit, AMiddleCutNeverSplitsAUtf8Character) {
  const std::string_view name =
      "\xC3\xA4"
      "bcdefgh\xC3\xA4";  // "äbcdefghä": 11 bytes, "ä" two of them
  MiddleCut cut = middle_cut(name, 80.0f, ten_per_byte, 11, 11);
  EXPECT_EQ(cut.head, 3u);  // "äb"
  EXPECT_EQ(cut.tail, 9u);  // the whole "ä" (25 px of end: one byte of it would fit)
  cut = middle_cut(name, 60.0f, ten_per_byte, 9, 11);
  EXPECT_EQ(cut.head, 0u);  // 10 px of head: one byte of the first "ä" would fit
  EXPECT_EQ(cut.tail, 9u);
  EXPECT_EQ(cut.tail_end, 11u);
}

}  // namespace
}  // namespace bvhscope::viewer
