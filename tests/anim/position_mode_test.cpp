// decide_position_mode: add vs replace from the file's own evidence, with the reason stated.
#include <gtest/gtest.h>

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
  EXPECT_EQ(decision.reason,
            "1 of 1 position channels on a non-zero OFFSET repeat it in frame 1: the file writes absolute positions");
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
            "no position channel repeats its non-zero OFFSET in frame 1: channels are displacements (Biovision rule)");
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
