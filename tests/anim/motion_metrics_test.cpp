// Motion-quality metrics on tiny clips whose answers are computed by hand: a foot sliding on the
// floor at a known speed, a jerk of known size, a floating and a sinking figure, a stretching bone.
#include "anim/motion_metrics.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "anim/bvh_parser.hpp"
#include "bvh_builder.hpp"

namespace bvhscope {
namespace {

// Hips (root, positions in cm) with a LeftFoot 90 cm below and its End Site 10 cm further down:
// with the root at height 100 the foot's End Site touches the floor (y = 0).
Clip foot_clip(const std::vector<std::string>& rows, bool foot_positions = false) {
  const std::string text = test::BvhBuilder()
                               .root("Hips", {0, 0, 0}, "Xposition Yposition Zposition")
                               .joint("LeftFoot", "Hips", {0, -90, 0},
                                      foot_positions ? "Xposition Yposition Zposition" : test::kRotationsZXY)
                               .end_site("LeftFoot", {0, -10, 0})
                               .frame_time(0.04)
                               .frame_lines(rows)
                               .text();
  Result<Clip> clip = parse_bvh(text, "foot.bvh");
  EXPECT_TRUE(clip.ok()) << (clip.ok() ? "" : clip.error().message);
  return std::move(clip).value();
}

// Upright already, the floor at y = 0.
FigureAnalysis flat() { return FigureAnalysis{}; }

// Upright, the floor at y = 0, a figure of `extent` file units.
FigureAnalysis sized(float extent) {
  FigureAnalysis analysis;
  analysis.figure.extent = extent;
  return analysis;
}

constexpr double kCentimetre = 0.01;

TEST(MotionMetrics, AFootSlidingOnTheFloorSkatesAtItsSpeed) {
  // The root moves 2 cm along X a frame of 40 ms: the foot slides at 0.5 m/s while on the floor.
  std::vector<std::string> rows;
  for (int f = 0; f < 5; ++f) rows.push_back(std::to_string(2 * f) + " 100 0 0 0 0");
  const MotionMetrics m = measure_motion(foot_clip(rows), PositionMode::Add, flat(), {}, kCentimetre);
  ASSERT_EQ(m.feet.size(), 1u);
  EXPECT_EQ(m.feet[0].name, "LeftFootEnd");
  EXPECT_EQ(m.feet_reason, "named foot, toe or ankle");
  EXPECT_EQ(m.feet[0].contact_frames, 4u);  // frames 1..4: a speed needs the frame before
  EXPECT_EQ(m.feet[0].skating_frames, 4u);
  EXPECT_NEAR(m.feet[0].mean_skate_speed_mps, 0.5, 1e-9);
  EXPECT_NEAR(m.skating_speed_mps, 0.5, 1e-9);
  EXPECT_DOUBLE_EQ(m.skating_share, 1.0);
  EXPECT_DOUBLE_EQ(m.contact_share, 1.0);
  EXPECT_NEAR(m.root_distance_m, 0.08, 1e-9);
  EXPECT_NEAR(m.root_speed_mps, 0.5, 1e-9);
  EXPECT_NEAR(m.jitter_mps3, 0.0, 1e-6);  // constant speed: no jerk
  EXPECT_NEAR(m.mean_lowest_m, 0.0, 1e-9);
  EXPECT_DOUBLE_EQ(m.floating_share, 0.0);
  EXPECT_DOUBLE_EQ(m.penetration_share, 0.0);
  EXPECT_NEAR(m.max_bone_drift, 0.0, 1e-9);
}

TEST(MotionMetrics, AFootStandingStillDoesNotSkate) {
  // 0.5 cm a frame: 0.125 m/s, under the 0.25 m/s threshold.
  std::vector<std::string> rows;
  for (int f = 0; f < 5; ++f) rows.push_back(std::to_string(0.5 * f) + " 100 0 0 0 0");
  const MotionMetrics m = measure_motion(foot_clip(rows), PositionMode::Add, flat(), {}, kCentimetre);
  EXPECT_NEAR(m.skating_speed_mps, 0.125, 1e-6);
  EXPECT_DOUBLE_EQ(m.skating_share, 0.0);
}

TEST(MotionMetrics, JitterIsTheMeanJerk) {
  // The root stays, then steps 1 cm in the fourth frame: jerk (x3 - 3 x2 + 3 x1 - x0) / dt^3
  // = 0.01 m / 0.04^3 s^3 = 156.25 m/s^3 at every joint of that frame, the only one with a jerk.
  const MotionMetrics m =
      measure_motion(foot_clip({"0 100 0 0 0 0", "0 100 0 0 0 0", "0 100 0 0 0 0", "1 100 0 0 0 0"}), PositionMode::Add,
                     flat(), {}, kCentimetre);
  EXPECT_NEAR(m.jitter_mps3, 156.25, 1e-6);
}

TEST(MotionMetrics, FloatingAndPenetrationFollowTheLowestPoint) {
  const MotionMetrics high =
      measure_motion(foot_clip({"0 110 0 0 0 0", "0 110 0 0 0 0"}), PositionMode::Add, flat(), {}, kCentimetre);
  EXPECT_NEAR(high.mean_lowest_m, 0.10, 1e-9);
  EXPECT_DOUBLE_EQ(high.floating_share, 1.0);
  EXPECT_DOUBLE_EQ(high.contact_share, 0.0);  // 10 cm up: not in contact
  const MotionMetrics low =
      measure_motion(foot_clip({"0 95 0 0 0 0", "0 100 0 0 0 0"}), PositionMode::Add, flat(), {}, kCentimetre);
  EXPECT_NEAR(low.mean_lowest_m, -0.025, 1e-9);
  EXPECT_DOUBLE_EQ(low.penetration_share, 0.5);
  EXPECT_NEAR(low.mean_penetration_m, 0.025, 1e-9);
  EXPECT_NEAR(low.max_penetration_m, 0.05, 1e-9);
}

TEST(MotionMetrics, AStretchingBoneDrifts) {
  // The foot's position channels move it 10 cm further from the hips in the second frame: the bone
  // is 90 then 100 cm long, in a figure 100 cm tall: (100 - 90) / 100 = 0.1.
  const MotionMetrics m = measure_motion(foot_clip({"0 100 0 0 0 0", "0 100 0 0 -10 0"}, true), PositionMode::Add,
                                         sized(100.0f), {}, kCentimetre);
  EXPECT_NEAR(m.max_bone_drift, 0.1, 1e-6);
  EXPECT_EQ(m.drift_joint, "LeftFoot");
}

TEST(MotionMetrics, ATinyRigidBoneDoesNotDrift) {
  // A 0.1 mm toe bone on a foot that turns, the figure 5 m from the origin: its length computed
  // from float poses varies by rounding (a few 1e-5 cm, some tenths of a percent of the bone), far
  // under 1e-4 of the 100 cm figure.
  const std::string text =
      test::BvhBuilder()
          .root("Hips", {0, 0, 0}, "Xposition Yposition Zposition")
          .joint("LeftFoot", "Hips", {0, -90, 0}, test::kRotationsZXY)
          .joint("LeftToe", "LeftFoot", {0.01, 0, 0}, "")
          .end_site("LeftToe", {0, -10, 0})
          .frame_time(0.04)
          .frames(40,
                  [](int f) {
                    return test::BvhBuilder::Row{500.0 + 3.7 * f, 100, -300.0 + 1.3 * f, 7.0 * f, -3.0 * f, 11.0 * f};
                  })
          .text();
  Result<Clip> clip = parse_bvh(text, "toe.bvh");
  ASSERT_TRUE(clip.ok());
  const MotionMetrics m = measure_motion(clip.value(), PositionMode::Add, sized(100.0f), {}, kCentimetre);
  EXPECT_EQ(m.max_bone_drift, 0.0);
  EXPECT_EQ(m.drift_joint, "");
}

}  // namespace
}  // namespace bvhscope
