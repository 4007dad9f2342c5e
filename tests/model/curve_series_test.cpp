// Which joints the curves strip plots (issue 34, item 11): the selected joint, pins, the same joint
// in every clip, and how their curves are coloured. Expectations written out by hand.
#include "model/curve_series.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace bvhscope {
namespace {

const std::vector<std::string> kCmu = {"Hips", "LeftUpLeg", "LeftLeg", "LeftFoot", "LeftFootEnd"};
const std::vector<std::string> kLowerCase = {"hips", "leftupleg", "leftleg"};
const std::vector<std::string> kOther = {"root", "pelvis"};

std::vector<CurveSeriesKey> curve_series(std::span<const CurveSeriesClip> clips, int active,
                                         std::span<const CurveSeriesKey> pins, bool every_clip) {
  std::vector<CurveSeriesKey> series = {{99, 99}};  // emptied first
  bvhscope::curve_series(clips, active, pins, every_clip, series);
  return series;
}

std::vector<CurveSeriesClip> three_clips() {
  return {CurveSeriesClip{4, true, kCmu, 2}, CurveSeriesClip{7, true, kLowerCase, -1},
          CurveSeriesClip{9, true, kOther, 1}};
}

TEST(CurveSeries, OneClipsSelectedJointAloneIsOneSeries) {
  const auto clips = three_clips();
  EXPECT_EQ(curve_series(clips, 4, {}, false), (std::vector<CurveSeriesKey>{{4, 2}}));
  // The active clip without a selection: nothing, though another clip has one.
  EXPECT_TRUE(curve_series(clips, 7, {}, false).empty());
}

TEST(CurveSeries, PinsFollowTheSelectionOnceEachAndOnlyWhileTheyExist) {
  const auto clips = three_clips();
  const std::vector<CurveSeriesKey> pins = {{9, 1}, {4, 2}, {4, 1}, {5, 0}, {9, 2}};
  // {4,2} is the selection already; clip 5 is gone; clip 9 has no joint 2.
  EXPECT_EQ(curve_series(clips, 4, pins, false), (std::vector<CurveSeriesKey>{{4, 2}, {9, 1}, {4, 1}}));
  // Pins are shown without a selection.
  EXPECT_EQ(curve_series(clips, 7, pins, false), (std::vector<CurveSeriesKey>{{9, 1}, {4, 2}, {4, 1}}));
}

TEST(CurveSeries, EveryClipAddsTheSameNamedJointOfEveryOtherVisibleClip) {
  auto clips = three_clips();
  // LeftLeg in clip 4, "leftleg" in clip 7 (case apart), none in clip 9.
  EXPECT_EQ(curve_series(clips, 4, {}, true), (std::vector<CurveSeriesKey>{{4, 2}, {7, 2}}));
  // A hidden clip is left out.
  clips[1].visible = false;
  EXPECT_EQ(curve_series(clips, 4, {}, true), (std::vector<CurveSeriesKey>{{4, 2}}));
  clips[1].visible = true;
  // After each pin, its fellows: Hips (pin) then hips in clip 7.
  const std::vector<CurveSeriesKey> pins = {{4, 0}};
  EXPECT_EQ(curve_series(clips, 4, pins, true), (std::vector<CurveSeriesKey>{{4, 2}, {7, 2}, {4, 0}, {7, 0}}));
}

TEST(CurveSeries, AnExactNameWinsOverOneThatDiffersInCase) {
  const std::vector<std::string> both = {"leftleg", "LeftLeg"};
  const std::vector<CurveSeriesClip> clips = {CurveSeriesClip{1, true, kCmu, 2}, CurveSeriesClip{2, true, both, -1}};
  EXPECT_EQ(curve_series(clips, 1, {}, true), (std::vector<CurveSeriesKey>{{1, 2}, {2, 1}}));
}

TEST(CurveSeries, AtMostEightSeries) {
  std::vector<std::vector<std::string>> names(12, kCmu);
  std::vector<CurveSeriesClip> clips;
  for (int i = 0; i < 12; ++i) clips.push_back(CurveSeriesClip{i + 1, true, names[static_cast<std::size_t>(i)], 0});
  const auto series = curve_series(clips, 1, {}, true);
  ASSERT_EQ(series.size(), kMaxCurveSeries);
  EXPECT_EQ(series.back(), (CurveSeriesKey{8, 0}));
}

TEST(CurveSeries, APinTogglesAndTheOldestGivesWayPastSeven) {
  std::vector<CurveSeriesKey> pins;
  EXPECT_TRUE(toggle_curve_pin(pins, {1, 3}));
  EXPECT_TRUE(toggle_curve_pin(pins, {1, 4}));
  EXPECT_FALSE(toggle_curve_pin(pins, {1, 3}));
  EXPECT_EQ(pins, (std::vector<CurveSeriesKey>{{1, 4}}));
  for (int j = 10; j < 17; ++j) toggle_curve_pin(pins, {2, j});  // seven more: {1,4} goes
  ASSERT_EQ(pins.size(), 7u);
  EXPECT_EQ(pins.front(), (CurveSeriesKey{2, 10}));
  EXPECT_EQ(pins.back(), (CurveSeriesKey{2, 16}));
}

TEST(CurveSeries, StalePinsAreDropped) {
  std::vector<CurveSeriesKey> pins = {{4, 4}, {4, 5}, {5, 0}, {9, 1}};
  drop_stale_curve_pins(pins, three_clips());
  EXPECT_EQ(pins, (std::vector<CurveSeriesKey>{{4, 4}, {9, 1}}));
}

TEST(CurveSeries, OneJointOverClipsTakesClipColoursAnyOtherMixThePalette) {
  const auto clips = three_clips();
  EXPECT_EQ(curve_colouring(std::vector<CurveSeriesKey>{{4, 2}}, clips), CurveColouring::Axes);
  EXPECT_EQ(curve_colouring(std::vector<CurveSeriesKey>{{4, 2}, {7, 2}}, clips), CurveColouring::ClipColours);
  EXPECT_EQ(curve_colouring(std::vector<CurveSeriesKey>{{4, 2}, {4, 1}}, clips), CurveColouring::Palette);
  EXPECT_EQ(curve_colouring(std::vector<CurveSeriesKey>{{4, 2}, {7, 2}, {4, 0}}, clips), CurveColouring::Palette);
  EXPECT_EQ(curve_colouring(std::vector<CurveSeriesKey>{{4, 1}, {9, 1}}, clips), CurveColouring::Palette);
}

}  // namespace
}  // namespace bvhscope
