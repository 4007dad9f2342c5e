// decide_position_mode: add vs replace from the file's own evidence, with the reason stated.
#include <gtest/gtest.h>

#include <cmath>

#include "anim/position_mode.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

Clip clip_with(const std::string& root_offset, const std::string& root_channels, const std::string& child_channels,
               const std::string& frame) {
  return test::parse_ok("HIERARCHY\nROOT R\n{\nOFFSET " + root_offset + "\nCHANNELS " + root_channels +
                        "\nJOINT C\n{\nOFFSET 0 10 0\nCHANNELS " + child_channels +
                        "\n}\n}\nMOTION\nFrames: 1\nFrame Time: 0.1\n" + frame + "\n");
}

TEST(PositionMode, NoPositionChannelsMeansBothAgree) {
  const Clip clip = clip_with("0 0 0", "1 Zrotation", "1 Zrotation", "1 2");
  const PositionModeDecision decision = decide_position_mode(clip, PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, PositionMode::Add);
  EXPECT_TRUE(decision.automatic);
  EXPECT_EQ(decision.reason, "no position channels: add and replace agree");
}

TEST(PositionMode, PositionChannelsOnAZeroOffsetRootAgree) {
  const Clip clip = clip_with("0 0 0", "3 Xposition Yposition Zposition", "1 Zrotation", "5 90 3 0");
  const PositionModeDecision decision = decide_position_mode(clip, PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, PositionMode::Add);
  EXPECT_EQ(decision.reason, "every position channel sits on a zero OFFSET: add and replace agree");
}

TEST(PositionMode, ChannelsRepeatingANonZeroOffsetMeanReplace) {
  // The child's Yposition channel writes 10.05, its OFFSET's 10 (within 2 %): absolute values.
  const Clip clip = clip_with("0 0 0", "1 Zrotation", "2 Yposition Zrotation", "0 10.05 0");
  const PositionModeDecision decision = decide_position_mode(clip, PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, PositionMode::Replace);
  EXPECT_EQ(
      decision.reason,
      "1 of 1 position channels on a non-zero OFFSET stay near it over the motion: the file writes absolute positions");
}

TEST(PositionMode, RootOffsetEqualToTheFirstPositionMeansReplace) {
  // As in PyMO's files: OFFSET (11.3, 35.4, -54.3), first root position (-6.5, 35.55, -163).
  const Clip clip = clip_with("11.3 35.4 -54.3", "3 Xposition Yposition Zposition", "1 Zrotation", "-6.5 35.55 -163 0");
  EXPECT_EQ(decide_position_mode(clip, PositionModeRequest::Auto).mode, PositionMode::Replace);
}

TEST(PositionMode, SmallDisplacementsFromANonZeroOffsetMeanAdd) {
  const Clip clip = clip_with("0 90 0", "3 Xposition Yposition Zposition", "1 Zrotation", "0.5 -1.5 2 0");
  const PositionModeDecision decision = decide_position_mode(clip, PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, PositionMode::Add);
  EXPECT_EQ(decision.reason,
            "1 of 1 position channels on a non-zero OFFSET stay near zero over the motion: channels are displacements "
            "(Biovision rule)");
}

// A root OFFSET at hip height whose channel holds an absolute height close to it (94 vs 86-92, a
// crouch included) writes absolute positions: adding would float the body by its own hip height.
TEST(PositionMode, AnAbsoluteRootHeightNearButNotEqualToItsOffsetMeansReplace) {
  std::string text =
      "HIERARCHY\nROOT Hips\n{\nOFFSET 0 94 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
      "Yrotation\nJOINT Chest\n{\nOFFSET 0 10 0\nCHANNELS 3 Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 "
      "10 0\n}\n}\n}\nMOTION\nFrames: 10\nFrame Time: 0.1\n";
  for (int f = 0; f < 10; ++f) text += std::to_string(f * 3) + " " + std::to_string(90 - (f % 5)) + " 0 0 0 0 0 0 0\n";
  const PositionModeDecision decision = decide_position_mode(test::parse_ok(text), PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, PositionMode::Replace);
  EXPECT_EQ(
      decision.reason,
      "1 of 1 position channels on a non-zero OFFSET stay near it over the motion: the file writes absolute positions");
}

TEST(PositionMode, AMixamoStyleRootInMetresMeansReplace) {
  // OFFSET 1.0 m, the channel at 0.905 m through the take.
  const Clip clip = clip_with("0 1.0 0", "3 Xposition Yposition Zposition", "1 Zrotation", "0.1 0.905 0.2 0");
  EXPECT_EQ(decide_position_mode(clip, PositionModeRequest::Auto).mode, PositionMode::Replace);
}

// 20 six-channel joints whose position channels hold small displacements; one of them happens to
// equal its OFFSET in frame 1. The whole motion says add (replace would collapse the skeleton).
TEST(PositionMode, OneCoincidenceInFrameOneDoesNotFlipAManyJointRig) {
  std::string text =
      "HIERARCHY\nROOT J0\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
      "Yrotation\n";
  for (int j = 1; j < 20; ++j) {
    text += "JOINT J" + std::to_string(j) +
            "\n{\nOFFSET 1 10 2\nCHANNELS 6 Xposition Yposition Zposition Zrotation "
            "Xrotation Yrotation\n";
  }
  text += "End Site\n{\nOFFSET 0 10 0\n}\n";
  for (int j = 0; j < 20; ++j) text += "}\n";
  text += "MOTION\nFrames: 8\nFrame Time: 0.1\n";
  for (int f = 0; f < 8; ++f) {
    for (int j = 0; j < 20; ++j) {
      const bool coincidence = f == 0 && j == 5;
      text += std::to_string(0.01 * f) + (coincidence ? " 10 " : " 0.2 ") + "-0.05 1 2 3 ";
    }
    text += "\n";
  }
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
  std::string text =
      "HIERARCHY\nROOT Hips\n{\nOFFSET 0.5 9 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation "
      "Xrotation Yrotation\n";
  const auto joint = [](const std::string& name, const std::string& offset) {
    return "JOINT " + name + "\n{\nOFFSET " + offset + "\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
  };
  const auto end = [](const std::string& offset) { return "End Site\n{\nOFFSET " + offset + "\n}\n"; };
  text += joint("Spine", "0 1.5 0") + joint("Chest", "0 2 0") + joint("Neck", "0 2 0") + joint("Head", "0 1 0") +
          end("0 1.5 0") + "}\n}\n";
  for (const char* side : {"Left", "Right"}) {
    const std::string sign = side[0] == 'L' ? "" : "-";
    text += joint(std::string(side) + "Arm", sign + "1.8 1.5 0") +
            joint(std::string(side) + "ForeArm", sign + "2.8 0 0") +
            joint(std::string(side) + "Hand", sign + "2.5 0 0") + end(sign + "0.8 0 0") + "}\n}\n}\n";
  }
  text += "}\n}\n";  // Chest, Spine
  for (const char* side : {"Left", "Right"}) {
    const std::string sign = side[0] == 'L' ? "" : "-";
    text += joint(std::string(side) + "UpLeg", sign + "0.9 -0.5 0") + joint(std::string(side) + "Leg", "0 -4.2 0") +
            joint(std::string(side) + "Foot", "0 -4 0") + end("0 -0.3 1.2") + "}\n}\n}\n";
  }
  text += "}\nMOTION\nFrames: 40\nFrame Time: 0.04\n";
  for (int f = 0; f < 40; ++f) {
    const double phase = 0.3 * f;
    const double swing = 20.0 * std::sin(phase);
    text += std::to_string(0.05 * std::sin(phase)) + " " + std::to_string(8.9 + 0.1 * std::cos(2.0 * phase)) + " " +
            std::to_string(0.4 * f) + " 0 0 0";
    for (int j = 0; j < 10; ++j) text += " 0 0 0";  // spine, neck, head, arms
    text += " 0 " + std::to_string(swing) + " 0 0 0 0 0 0 0";
    text += " 0 " + std::to_string(-swing) + " 0 0 0 0 0 0 0\n";
  }
  return text;
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
  const Clip clip = clip_with("0 0 0", "1 Zrotation", "2 Yposition Zrotation", "0 10 0");
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
