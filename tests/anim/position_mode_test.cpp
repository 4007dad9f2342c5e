// decide_position_mode: add vs replace from the file's own evidence, with the reason stated.
#include <gtest/gtest.h>

#include <cmath>

#include "anim/position_mode.hpp"
#include "bvh_builder.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

// A root R over a joint C (OFFSET 0 10 0), one frame of 0.1 s.
Clip clip_with(const test::BvhBuilder::Offset& root_offset, const std::string& root_channels,
               const std::string& child_channels, const test::BvhBuilder::Row& frame) {
  return test::parse_ok(test::BvhBuilder()
                            .root("R", root_offset, root_channels)
                            .joint("C", "R", {0, 10, 0}, child_channels)
                            .frame_time(0.1)
                            .frame(frame)
                            .text());
}

TEST(PositionMode, NoPositionChannelsMeansBothAgree) {
  const Clip clip = clip_with({0, 0, 0}, "Zrotation", "Zrotation", {1, 2});
  const PositionModeDecision decision = decide_position_mode(clip, PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, PositionMode::Add);
  EXPECT_TRUE(decision.automatic);
  EXPECT_EQ(decision.reason, "no position channels: add and replace agree");
}

TEST(PositionMode, PositionChannelsOnAZeroOffsetRootAgree) {
  const Clip clip = clip_with({0, 0, 0}, "Xposition Yposition Zposition", "Zrotation", {5, 90, 3, 0});
  const PositionModeDecision decision = decide_position_mode(clip, PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, PositionMode::Add);
  EXPECT_EQ(decision.reason, "every position channel sits on a zero OFFSET: add and replace agree");
}

TEST(PositionMode, ChannelsRepeatingANonZeroOffsetMeanReplace) {
  // The child's Yposition channel writes 10.05, its OFFSET's 10 (within 2 %): absolute values.
  const Clip clip = clip_with({0, 0, 0}, "Zrotation", "Yposition Zrotation", {0, 10.05, 0});
  const PositionModeDecision decision = decide_position_mode(clip, PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, PositionMode::Replace);
  EXPECT_EQ(
      decision.reason,
      "1 of 1 position channels on a non-zero OFFSET stay near it over the motion: the file writes absolute positions");
}

TEST(PositionMode, RootOffsetEqualToTheFirstPositionMeansReplace) {
  // As in PyMO's files: OFFSET (11.3, 35.4, -54.3), first root position (-6.5, 35.55, -163).
  const Clip clip =
      clip_with({11.3, 35.4, -54.3}, "Xposition Yposition Zposition", "Zrotation", {-6.5, 35.55, -163, 0});
  EXPECT_EQ(decide_position_mode(clip, PositionModeRequest::Auto).mode, PositionMode::Replace);
}

TEST(PositionMode, SmallDisplacementsFromANonZeroOffsetMeanAdd) {
  const Clip clip = clip_with({0, 90, 0}, "Xposition Yposition Zposition", "Zrotation", {0.5, -1.5, 2, 0});
  const PositionModeDecision decision = decide_position_mode(clip, PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, PositionMode::Add);
  EXPECT_EQ(decision.reason,
            "1 of 1 position channels on a non-zero OFFSET stay near zero over the motion: channels are displacements "
            "(Biovision rule)");
}

// A root OFFSET at hip height whose channel holds an absolute height close to it (94 vs 86-92, a
// crouch included) writes absolute positions: adding would float the body by its own hip height.
TEST(PositionMode, AnAbsoluteRootHeightNearButNotEqualToItsOffsetMeansReplace) {
  const std::string text =
      test::BvhBuilder()
          .root("Hips", {0, 94, 0}, test::kPositionsZXY)
          .joint("Chest", "Hips", {0, 10, 0}, test::kRotationsZXY)
          .end_site("Chest", {0, 10, 0})
          .frame_time(0.1)
          .frames(10,
                  [](int f) {
                    return test::BvhBuilder::Row{
                        static_cast<double>(f * 3), static_cast<double>(90 - (f % 5)), 0, 0, 0, 0, 0, 0, 0};
                  })
          .text();
  const PositionModeDecision decision = decide_position_mode(test::parse_ok(text), PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, PositionMode::Replace);
  EXPECT_EQ(
      decision.reason,
      "1 of 1 position channels on a non-zero OFFSET stay near it over the motion: the file writes absolute positions");
}

TEST(PositionMode, AMixamoStyleRootInMetresMeansReplace) {
  // OFFSET 1.0 m, the channel at 0.905 m through the take.
  const Clip clip = clip_with({0, 1.0, 0}, "Xposition Yposition Zposition", "Zrotation", {0.1, 0.905, 0.2, 0});
  EXPECT_EQ(decide_position_mode(clip, PositionModeRequest::Auto).mode, PositionMode::Replace);
}

// 20 six-channel joints whose position channels hold small displacements; one of them happens to
// equal its OFFSET in frame 1. The whole motion says add (replace would collapse the skeleton).
TEST(PositionMode, OneCoincidenceInFrameOneDoesNotFlipAManyJointRig) {
  test::BvhBuilder rig;
  rig.root("J0", {0, 0, 0}, test::kPositionsZXY);
  for (int j = 1; j < 20; ++j)
    rig.joint("J" + std::to_string(j), "J" + std::to_string(j - 1), {1, 10, 2}, test::kPositionsZXY);
  rig.end_site("J19", {0, 10, 0}).frame_time(0.1);
  rig.frames(8, [](int f) {
    test::BvhBuilder::Row row;
    for (int j = 0; j < 20; ++j) {
      const bool coincidence = f == 0 && j == 5;
      row.insert(row.end(), {0.01 * f, coincidence ? 10 : 0.2, -0.05, 1, 2, 3});
    }
    return row;
  });
  const std::string text = rig.text();
  const PositionModeDecision decision = decide_position_mode(test::parse_ok(text), PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, PositionMode::Add);
  EXPECT_EQ(
      decision.reason,
      "57 of 57 position channels on a non-zero OFFSET stay near zero over the motion: channels are displacements "
      "(Biovision rule)");
}

// A MakeHuman-style walk (decimetres): the hips' OFFSET (0.5, 9, 0) and its channels x near 0
// (one vote "displacement") and y near 8.9 (one vote "absolute"), z walking on a zero OFFSET. Added,
// the body would float by its own hip height; replaced, its feet walk on the origin plane.
std::string tied_walk() {
  test::BvhBuilder walk;
  walk.root("Hips", {0.5, 9, 0}, test::kPositionsZXY)
      .joint("Spine", "Hips", {0, 1.5, 0}, test::kRotationsZXY)
      .joint("Chest", "Spine", {0, 2, 0}, test::kRotationsZXY)
      .joint("Neck", "Chest", {0, 2, 0}, test::kRotationsZXY)
      .joint("Head", "Neck", {0, 1, 0}, test::kRotationsZXY)
      .end_site("Head", {0, 1.5, 0});
  for (const std::string side : {"Left", "Right"}) {
    const double sign = side == "Left" ? 1.0 : -1.0;
    walk.joint(side + "Arm", "Chest", {sign * 1.8, 1.5, 0}, test::kRotationsZXY)
        .joint(side + "ForeArm", side + "Arm", {sign * 2.8, 0, 0}, test::kRotationsZXY)
        .joint(side + "Hand", side + "ForeArm", {sign * 2.5, 0, 0}, test::kRotationsZXY)
        .end_site(side + "Hand", {sign * 0.8, 0, 0});
  }
  for (const std::string side : {"Left", "Right"}) {
    const double sign = side == "Left" ? 1.0 : -1.0;
    walk.joint(side + "UpLeg", "Hips", {sign * 0.9, -0.5, 0}, test::kRotationsZXY)
        .joint(side + "Leg", side + "UpLeg", {0, -4.2, 0}, test::kRotationsZXY)
        .joint(side + "Foot", side + "Leg", {0, -4, 0}, test::kRotationsZXY)
        .end_site(side + "Foot", {0, -0.3, 1.2});
  }
  walk.frame_time(0.04).frames(40, [](int f) {
    const double phase = 0.3 * f;
    const double swing = 20.0 * std::sin(phase);
    test::BvhBuilder::Row row = {0.05 * std::sin(phase), 8.9 + 0.1 * std::cos(2.0 * phase), 0.4 * f, 0, 0, 0};
    row.resize(row.size() + 10 * 3, 0.0);  // spine, chest, neck, head, arms
    row.insert(row.end(), {0, swing, 0, 0, 0, 0, 0, 0, 0});
    row.insert(row.end(), {0, -swing, 0, 0, 0, 0, 0, 0, 0});
    return row;
  });
  return walk.text();
}

TEST(PositionMode, ATieIsDecidedByWhereTheFigureStands) {
  const Clip clip = test::parse_ok(tied_walk());
  const PositionModeDecision decision = decide_position_mode(clip, PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, PositionMode::Replace);
  EXPECT_EQ(decision.reason,
            "1 of 2 position channels on a non-zero OFFSET stay near it and 1 near zero over the motion: a tie, "
            "decided by the picture (replace stands the figure on the origin plane; add floats the figure 52 % of "
            "its size above the origin plane)");
}

TEST(PositionMode, TheUsersChoiceWins) {
  const Clip clip = clip_with({0, 0, 0}, "Zrotation", "Yposition Zrotation", {0, 10, 0});
  const PositionModeDecision add = decide_position_mode(clip, PositionModeRequest::Add);
  EXPECT_EQ(add.mode, PositionMode::Add);
  EXPECT_FALSE(add.automatic);
  EXPECT_EQ(add.reason, "chosen by the user");
  EXPECT_EQ(decide_position_mode(clip, PositionModeRequest::Replace).mode, PositionMode::Replace);
}

TEST(PositionMode, NamesParseBothWays) {
  EXPECT_EQ(parse_position_mode_request("auto"), PositionModeRequest::Auto);
  EXPECT_EQ(parse_position_mode_request("add"), PositionModeRequest::Add);
  EXPECT_EQ(parse_position_mode_request("replace"), PositionModeRequest::Replace);
  EXPECT_EQ(parse_position_mode_request("Replace"), std::nullopt);
  EXPECT_EQ(position_mode_name(PositionMode::Replace), "replace");
}

}  // namespace
}  // namespace bvhscope
