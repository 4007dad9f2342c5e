// The curves strip's arithmetic (issue 17): per-column envelopes from the pyramid, the robust
// automatic range and its off-scale count, the value axis's zoom and pan, the legend's layout.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

#include "model/curve_pyramid.hpp"
#include "model/legend_layout.hpp"
#include "model/plot_range.hpp"

namespace bvhscope {
namespace {

// 0, 1, 2, ... n-1 with frame 37 (when present) a spike of 1000.
std::vector<float> ramp_with_spike(std::size_t n) {
  std::vector<float> values(n);
  std::iota(values.begin(), values.end(), 0.0f);
  if (n > 37) values[37] = 1000.0f;
  return values;
}

TEST(CurvePyramid, ReducesAnyRangeExactly) {
  const std::vector<float> values = {5, -2, 7, 3, 3, 9, -8, 0, 1, 4, 6};  // 11: odd at every level
  const CurvePyramid pyramid(values);
  for (std::size_t a = 0; a < values.size(); ++a) {
    for (std::size_t b = a; b < values.size(); ++b) {
      const CurvePyramid::Reduction r = pyramid.reduce(a, b);
      const auto first = values.begin() + static_cast<std::ptrdiff_t>(a);
      const auto last = values.begin() + static_cast<std::ptrdiff_t>(b) + 1;
      EXPECT_EQ(r.low, *std::min_element(first, last)) << a << ".." << b;
      EXPECT_EQ(r.high, *std::max_element(first, last)) << a << ".." << b;
      EXPECT_EQ(r.sum, std::accumulate(first, last, 0.0)) << a << ".." << b;
    }
  }
}

TEST(CurvePyramid, ColumnsOfAKnownSeries) {
  // 100 frames over 10 columns: frames 0..99 across [0, 99], 9.9 frames a column.
  const CurvePyramid pyramid(ramp_with_spike(100));
  ColumnEnvelope out;
  pyramid.columns(0.0, 99.0, 10, out);
  ASSERT_EQ(out.low.size(), 10u);
  // Column 0: frames 0..9; column 1: 10..19; column 3: 30..39 (with the spike at 37); column 9:
  // ceil(89.1) = 90 .. 99.
  EXPECT_EQ(out.low[0], 0.0f);
  EXPECT_EQ(out.high[0], 9.0f);
  EXPECT_EQ(out.count[0], 10u);
  EXPECT_EQ(out.low[1], 10.0f);
  EXPECT_EQ(out.high[1], 19.0f);
  EXPECT_EQ(out.low[3], 30.0f);
  EXPECT_EQ(out.high[3], 1000.0f);
  EXPECT_EQ(out.mean[3], (30.0f + 31 + 32 + 33 + 34 + 35 + 36 + 1000 + 38 + 39) / 10.0f);
  EXPECT_EQ(out.low[9], 90.0f);
  EXPECT_EQ(out.high[9], 99.0f);
  std::size_t frames = 0;
  for (const std::size_t c : out.count) frames += c;
  EXPECT_EQ(frames, 100u);  // every frame in exactly one column
}

TEST(CurvePyramid, ZoomedColumnsAndFramesOutsideTheSeries) {
  const CurvePyramid pyramid(ramp_with_spike(1000));
  ColumnEnvelope out;
  // Zoomed in: [35.5, 39.5] over 4 columns, one frame each (36, 37, 38, 39).
  pyramid.columns(35.5, 39.5, 4, out);
  EXPECT_EQ(out.count, (std::vector<std::size_t>{1, 1, 1, 1}));
  EXPECT_EQ(out.high, (std::vector<float>{36, 1000, 38, 39}));
  // More columns than frames: empty columns between.
  pyramid.columns(0.0, 2.0, 8, out);
  EXPECT_EQ(out.count, (std::vector<std::size_t>{1, 0, 0, 0, 1, 0, 0, 1}));
  // The view reaches past both ends (a longer clip sets the timeline): frames -10..-1 and
  // 1000.. are not there.
  pyramid.columns(-10.0, 1009.0, 2, out);
  EXPECT_EQ(out.count[0], 500u);  // 0..499 (the column ends before 499.5)
  EXPECT_EQ(out.low[0], 0.0f);
  EXPECT_EQ(out.high[0], 1000.0f);
  EXPECT_EQ(out.count[1], 500u);  // 500..999
  EXPECT_EQ(out.high[1], 999.0f);
}

TEST(CurvePyramid, ALongClipCostsNoPassOverItsFrames) {
  // 135 000 frames into 600 columns: each column's min and max as a direct scan finds them.
  std::vector<float> values(135000);
  for (std::size_t f = 0; f < values.size(); ++f) values[f] = std::sin(static_cast<float>(f) * 0.01f);
  values[77777] = 50.0f;
  const CurvePyramid pyramid(values);
  ColumnEnvelope out;
  pyramid.columns(0.0, 134999.0, 600, out);
  const double width = 134999.0 / 600.0;
  for (std::size_t c = 0; c < 600; ++c) {
    const auto a = static_cast<std::size_t>(std::ceil(static_cast<double>(c) * width));
    const auto b = c == 599 ? 134999u : static_cast<std::size_t>(std::ceil(static_cast<double>(c + 1) * width)) - 1;
    const auto first = values.begin() + static_cast<std::ptrdiff_t>(a);
    const auto last = values.begin() + static_cast<std::ptrdiff_t>(b) + 1;
    ASSERT_EQ(out.low[c], *std::min_element(first, last)) << c;
    ASSERT_EQ(out.high[c], *std::max_element(first, last)) << c;
  }
  EXPECT_EQ(out.high[static_cast<std::size_t>(77777.0 / width)], 50.0f);
}

TEST(RobustRange, OneOutlierIsIgnoredAndCounted) {
  // A walk's speed, 0..3 m/s, with one T-pose frame at 65 m/s.
  std::vector<float> speed(1000);
  for (std::size_t f = 0; f < speed.size(); ++f) speed[f] = 1.5f + 1.5f * std::sin(static_cast<float>(f) * 0.05f);
  speed[400] = 65.0f;
  const std::span<const float> curves[] = {speed};
  const RobustRange r = robust_range(curves, 0, 999);
  EXPECT_EQ(r.off_scale, 1u);
  EXPECT_EQ(r.frames, 1000u);
  EXPECT_LE(r.range.high, 6.0);  // 3 m/s and its fence of 3, far from 65
  EXPECT_GE(r.range.high, 3.0 * 0.9999);
  EXPECT_EQ(r.range.low, static_cast<double>(*std::min_element(speed.begin(), speed.end())));
}

TEST(RobustRange, ACurveWithoutOutliersShowsWhole) {
  const std::vector<float> ramp = ramp_with_spike(30);  // 0..29, no spike
  const std::vector<float> other = {-5.0f, 40.0f};      // a second curve of two frames
  const std::span<const float> curves[] = {ramp, other};
  const RobustRange r = robust_range(curves, 0, 29);
  EXPECT_EQ(r.range.low, -5.0);
  EXPECT_EQ(r.range.high, 40.0);
  EXPECT_EQ(r.off_scale, 0u);
  // Only frames 10..19: 10..19 whole, the second curve out of the range looked at.
  const RobustRange part = robust_range(curves, 10, 19);
  EXPECT_EQ(part.range.low, 10.0);
  EXPECT_EQ(part.range.high, 19.0);
  EXPECT_EQ(part.frames, 10u);
}

TEST(RobustRange, OffScaleCountsFramesNotValues) {
  // Frames 3 and 7 have outliers, frame 3 in both curves: 2 frames off-scale.
  std::vector<float> a(200, 1.0f);
  std::vector<float> b(200, 2.0f);
  for (std::size_t f = 0; f < 200; ++f) a[f] += static_cast<float>(f % 5) * 0.1f;
  a[3] = 500.0f;
  b[3] = -500.0f;
  b[7] = 900.0f;
  const std::span<const float> curves[] = {a, b};
  const RobustRange r = robust_range(curves, 0, 199);
  EXPECT_EQ(r.off_scale, 2u);
  // Percentiles 1 and 2 (a spread of 1), widened by 1 on either side.
  EXPECT_EQ(r.range.low, 0.0);
  EXPECT_EQ(r.range.high, 3.0);
}

TEST(ValueView, ZoomAboutTheAnchorPanAndReset) {
  ValueView view;
  const ValueRange automatic{-10.0, 30.0};
  EXPECT_EQ(view.shown(automatic), automatic);
  view.zoom(2.0, 0.0, automatic);  // 0 is a quarter up: it stays there
  EXPECT_TRUE(view.manual());
  EXPECT_EQ(view.shown(automatic), (ValueRange{-5.0, 15.0}));
  view.pan(5.0, automatic);
  EXPECT_EQ(view.shown(automatic), (ValueRange{0.0, 20.0}));
  view.zoom(0.5, 20.0, automatic);  // out, about the top
  EXPECT_EQ(view.shown(automatic), (ValueRange{-20.0, 20.0}));
  view.zoom(0.0, 1.0, automatic);  // ignored
  view.zoom(std::nan(""), 1.0, automatic);
  EXPECT_EQ(view.shown(automatic), (ValueRange{-20.0, 20.0}));
  view.reset();
  EXPECT_FALSE(view.manual());
  EXPECT_EQ(view.shown(ValueRange{1.0, 2.0}), (ValueRange{1.0, 2.0}));
}

TEST(LegendLayout, EntriesInARowWhenTheyFit) {
  const float widths[] = {60.0f, 50.0f, 70.0f};
  std::vector<LegendSlot> slots;
  layout_legend(widths, 100.0f, 400.0f, 10.0f, 8.0f, 20.0f, slots);
  EXPECT_EQ(slots[0].x, 100.0f);
  EXPECT_EQ(slots[1].x, 178.0f);
  EXPECT_EQ(slots[2].x, 246.0f);
  for (const LegendSlot& s : slots) EXPECT_FALSE(s.cut);
}

TEST(LegendLayout, LongNamesAreCutNeverOverlapping) {
  // "Xrotation" over "degrees": 3 names of 70 in 150 pixels are cut to a common width.
  const float widths[] = {70.0f, 70.0f, 30.0f};
  std::vector<LegendSlot> slots;
  layout_legend(widths, 0.0f, 150.0f, 10.0f, 8.0f, 20.0f, slots);
  for (std::size_t i = 0; i < 3; ++i) {
    ASSERT_TRUE(slots[i].shown);
    const float end = slots[i].x + 10.0f + slots[i].text_width;
    EXPECT_LE(end, i + 1 < 3 ? slots[i + 1].x - 8.0f + 1e-3f : 150.0f + 1e-3f) << i;
  }
  EXPECT_TRUE(slots[0].cut);
  EXPECT_TRUE(slots[1].cut);
  EXPECT_FALSE(slots[2].cut);
  EXPECT_NEAR(slots[0].text_width, (150.0f + 8.0f - 3 * 18.0f - 30.0f) / 2.0f, 0.01f);
  // No room even for cut names: the last entries are dropped.
  std::vector<LegendSlot> tight;
  layout_legend(widths, 0.0f, 60.0f, 10.0f, 8.0f, 20.0f, tight);
  EXPECT_TRUE(tight[0].shown);
  EXPECT_FALSE(tight[1].shown);
  EXPECT_FALSE(tight[2].shown);
  EXPECT_LE(tight[0].x + 10.0f + tight[0].text_width, 60.0f + 1e-3f);
}

}  // namespace
}  // namespace bvhscope
