// parse_bvh on everything real files write: each construct loads with the exact values.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::kTwoJoints;
using test::parse_ok;

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

void expect_two_joints(const Clip& clip) {
  const Skeleton& s = clip.skeleton;
  ASSERT_EQ(s.joint_count(), 3);
  EXPECT_EQ(s.names[0], "Hips");
  EXPECT_EQ(s.names[1], "Chest");
  EXPECT_EQ(s.names[2], "ChestEnd");
  EXPECT_EQ(s.parents, (std::vector<int>{-1, 0, 1}));
  EXPECT_EQ(s.offsets[1], glm::vec3(0, 10, 0));
  EXPECT_EQ(s.offsets[2], glm::vec3(0, 5, 0));
  EXPECT_EQ(s.first_channels, (std::vector<int>{0, 6, 9}));
  EXPECT_EQ(s.channel_counts, (std::vector<int>{6, 3, 0}));
  EXPECT_EQ(s.end_sites, (std::vector<std::uint8_t>{0, 0, 1}));
  EXPECT_EQ(s.roots, (std::vector<int>{0}));
  EXPECT_EQ(s.rotation_order(0), "ZXY");
  EXPECT_EQ(s.channel_joints, (std::vector<int>{0, 0, 0, 0, 0, 0, 1, 1, 1}));
  ASSERT_EQ(clip.motion.frame_count, 2u);
  EXPECT_EQ(clip.motion.channel_count, 9);
  EXPECT_EQ(clip.motion.frame_time, 0.5);
  EXPECT_EQ(clip.motion.values, (FrameValues{1, 2, 3, 0, 0, 0, 0, 0, 0, 4, 5, 6, 90, 0, 0, 0, 0, 0}));
  EXPECT_TRUE(clip.warnings.empty());
}

TEST(ParserAccepts, ASmallFileWithExactValues) {
  const Clip clip = parse_ok(kTwoJoints);
  expect_two_joints(clip);
  EXPECT_EQ(clip.source, "test.bvh");
  EXPECT_EQ(clip.skeleton.source_lines, (std::vector<int>{2, 6, 10}));
}

TEST(ParserAccepts, CrlfAndCrOnlyLineEnds) {
  expect_two_joints(parse_ok(replace_all(std::string(kTwoJoints), "\n", "\r\n")));
  expect_two_joints(parse_ok(replace_all(std::string(kTwoJoints), "\n", "\r")));
}

TEST(ParserAccepts, LineNumbersCountCrlfAndCrAsOneLineEnd) {
  // An error on the last frame line must name line 20 whatever the line ends are.
  for (std::string_view end : {"\n", "\r\n", "\r"}) {
    std::string text = replace_all(std::string(kTwoJoints), "4 5 6 90", "4 5 6 x");
    text = replace_all(text, "\n", end);
    const Diagnostic error = test::parse_error(text);
    EXPECT_EQ(error.line, 20) << "line end " << (end == "\n" ? "LF" : end == "\r" ? "CR" : "CRLF");
    EXPECT_EQ(error.column, 7);
  }
}

TEST(ParserAccepts, KeywordsInAnyCase) {
  std::string text(kTwoJoints);
  for (auto [from, to] : {std::pair{"HIERARCHY", "hierarchy"},
                          {"ROOT", "Root"},
                          {"JOINT", "joint"},
                          {"OFFSET", "Offset"},
                          {"CHANNELS", "channels"},
                          {"End Site", "END SITE"},
                          {"MOTION", "Motion"},
                          {"Frames:", "FRAMES:"},
                          {"Frame Time:", "frame time:"},
                          {"Zrotation", "ZROTATION"},
                          {"Xposition", "xposition"}}) {
    text = replace_all(text, from, to);
  }
  expect_two_joints(parse_ok(text));
}

TEST(ParserAccepts, TabsAndSpacesAnywhere) {
  std::string text = replace_all(std::string(kTwoJoints), " ", " \t ");
  text = replace_all(text, "\n", " \t\n\t");
  expect_two_joints(parse_ok(text));
}

TEST(ParserAccepts, OpeningBraceOnTheJointLine) {
  std::string text = replace_all(std::string(kTwoJoints), "ROOT Hips\n{", "ROOT Hips {");
  text = replace_all(text, "JOINT Chest\n  {", "JOINT Chest{");
  text = replace_all(text, "End Site\n    {", "End Site {");
  expect_two_joints(parse_ok(text));
}

TEST(ParserAccepts, NumberFormsInOffsetsAndFrames) {
  std::string text = replace_all(std::string(kTwoJoints), "OFFSET 0 10 0", "OFFSET -0 1E+01 .0");
  text = replace_all(text, "1 2 3 0 0 0 0 0 0", "+1 2.0 3E0 -0 .0 0. 1E-05 -.5 5.1072e-06");
  const Clip clip = parse_ok(text);
  EXPECT_EQ(clip.skeleton.offsets[1], glm::vec3(0, 10, 0));
  EXPECT_TRUE(std::signbit(clip.skeleton.offsets[1].x));
  const std::vector<float> first(clip.motion.values.begin(), clip.motion.values.begin() + 9);
  EXPECT_EQ(first, (std::vector<float>{1, 2, 3, 0, 0, 0, 1e-05f, -0.5f, 5.1072e-06f}));
  EXPECT_TRUE(std::signbit(first[3]));
}

TEST(ParserAccepts, NamesWithSpacesPunctuationAndUtf8) {
  for (const std::string name :
       {"Left Arm", "mixamorig:Hips", "finger2-1.l", "Bone[3]", "Schulter_links_\xc3\xa4", "J 1 {x}"}) {
    std::string text = replace_all(std::string(kTwoJoints), "JOINT Chest", "JOINT " + name);
    const Clip clip = parse_ok(text);
    ASSERT_EQ(clip.skeleton.joint_count(), 3) << name;
    // A trailing '{' opens the block, so "J 1 {x}" keeps its inner braces only if not last.
    EXPECT_EQ(clip.skeleton.names[1], name);
    EXPECT_EQ(clip.skeleton.names[2], name + "End");
  }
}

TEST(ParserAccepts, DuplicateNamesWithAWarning) {
  const std::string text =
      "HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 1 Xrotation\nJOINT Chest\n{\nOFFSET 0 1 0\n}\n"
      "JOINT Chest\n{\nOFFSET 0 2 0\n}\n}\nMOTION\nFrames: 1\nFrame Time: 1\n5\n";
  const Clip clip = parse_ok(text);
  ASSERT_EQ(clip.skeleton.joint_count(), 3);
  EXPECT_EQ(clip.skeleton.names[1], "Chest");
  EXPECT_EQ(clip.skeleton.names[2], "Chest");
  ASSERT_EQ(clip.warnings.size(), 1u);
  EXPECT_EQ(clip.warnings[0].line, 10);
  EXPECT_EQ(clip.warnings[0].column, 7);
  EXPECT_EQ(clip.warnings[0].message, "duplicate joint name 'Chest' (first used at line 6)");
}

TEST(ParserAccepts, EndSitesWithNamesSeveralPerJointAndLeafJointsWithout) {
  const std::string text =
      "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 0\n"
      "End Site Tip\n{\nOFFSET 1 0 0\n}\n"
      "End Site\n{\nOFFSET 0 1 0\n}\n"
      "JOINT Leaf\n{\nOFFSET 0 0 1\n}\n}\nMOTION\nFrames: 0\nFrame Time: 0.1\n";
  const Clip clip = parse_ok(text);
  const Skeleton& s = clip.skeleton;
  ASSERT_EQ(s.joint_count(), 4);
  EXPECT_EQ(s.names, (std::vector<std::string>{"Hips", "HipsEnd", "HipsEnd", "Leaf"}));
  EXPECT_EQ(s.end_sites, (std::vector<std::uint8_t>{0, 1, 1, 0}));
  EXPECT_EQ(s.parents, (std::vector<int>{-1, 0, 0, 0}));
  EXPECT_EQ(s.offsets[3], glm::vec3(0, 0, 1));
  EXPECT_EQ(clip.motion.frame_count, 0u);
}

TEST(ParserAccepts, ZeroToSixChannelsInAnyOrderOnAnyJoint) {
  const std::string text =
      "HIERARCHY\nROOT R\n{\nOFFSET 0 0 0\nCHANNELS 3 Yrotation Xposition Zrotation\n"
      "JOINT A\n{\nOFFSET 0 1 0\nCHANNELS 6 Zrotation Zposition Xrotation Yposition Yrotation Xposition\n"
      "JOINT B\n{\nOFFSET 0 1 0\n}\n"
      "JOINT C\n{\nOFFSET 0 1 0\nCHANNELS 1 Yposition\n}\n}\n}\n"
      "MOTION\nFrames: 1\nFrame Time: 0.1\n1 2 3 4 5 6 7 8 9 10\n";
  const Clip clip = parse_ok(text);
  const Skeleton& s = clip.skeleton;
  EXPECT_EQ(s.channel_counts, (std::vector<int>{3, 6, 0, 1}));
  EXPECT_EQ(s.first_channels, (std::vector<int>{0, 3, 9, 9}));
  EXPECT_EQ(s.channel_kinds[0], ChannelKind::Yrotation);
  EXPECT_EQ(s.channel_kinds[1], ChannelKind::Xposition);
  EXPECT_EQ(s.channel_kinds[4], ChannelKind::Zposition);
  EXPECT_EQ(s.channel_kinds[9], ChannelKind::Yposition);
  EXPECT_EQ(s.rotation_order(1), "ZXY");
  EXPECT_EQ(clip.motion.values.back(), 10.0f);
}

TEST(ParserAccepts, SeveralRoots) {
  const std::string text =
      "HIERARCHY\nROOT A\n{\nOFFSET 1 0 0\nCHANNELS 1 Xposition\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\n"
      "ROOT B\n{\nOFFSET 0 0 2\nCHANNELS 2 Zposition Yrotation\n}\n"
      "MOTION\nFrames: 1\nFrame Time: 0.1\n1 2 3\n";
  const Clip clip = parse_ok(text);
  EXPECT_EQ(clip.skeleton.roots, (std::vector<int>{0, 2}));
  EXPECT_EQ(clip.skeleton.parents, (std::vector<int>{-1, 0, -1}));
  EXPECT_EQ(clip.skeleton.first_channels[2], 1);
  EXPECT_EQ(clip.motion.values, (FrameValues{1, 2, 3}));
}

TEST(ParserAccepts, ZeroFramesAndNoFinalNewline) {
  std::string text(kTwoJoints);
  text = text.substr(0, text.find("Frames: 2")) + "Frames: 0\nFrame Time: 0.5";
  const Clip clip = parse_ok(text);
  EXPECT_EQ(clip.motion.frame_count, 0u);
  EXPECT_TRUE(clip.warnings.empty());

  std::string no_newline(kTwoJoints);
  no_newline.pop_back();
  expect_two_joints(parse_ok(no_newline));
}

TEST(ParserAccepts, BlankLinesBetweenFrames) {
  std::string text = replace_all(std::string(kTwoJoints), "0 0 0 0 0 0\n4", "0 0 0 0 0 0\n\n  \t\n4");
  expect_two_joints(parse_ok(text));
}

TEST(ParserAccepts, VeryLongFrameLines) {
  // 20 000 joints of 3 channels: a frame line of about 600 kB.
  std::string text = "HIERARCHY\nROOT R\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n";
  constexpr int kJoints = 20000;
  for (int i = 1; i < kJoints; ++i)
    text += "JOINT J" + std::to_string(i) + "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n}\n";
  text += "}\nMOTION\nFrames: 2\nFrame Time: 0.01\n";
  for (int frame = 0; frame < 2; ++frame) {
    for (int c = 0; c < kJoints * 3; ++c) text += std::to_string(c % 90) + ".125 ";
    text += "\n";
  }
  const Clip clip = parse_ok(text);
  EXPECT_EQ(clip.skeleton.joint_count(), kJoints);
  ASSERT_EQ(clip.motion.values.size(), 2u * kJoints * 3);
  EXPECT_EQ(clip.motion.values[kJoints * 3 - 1], static_cast<float>((kJoints * 3 - 1) % 90) + 0.125f);
}

TEST(ParserAccepts, Utf8ByteOrderMark) { expect_two_joints(parse_ok("\xef\xbb\xbf" + std::string(kTwoJoints))); }

TEST(ParserAccepts, DeepChainsWithoutRecursion) {
  for (int depth : {800, 100000}) {
    std::string text = "HIERARCHY\nROOT J0\n{\nOFFSET 0 0 0\nCHANNELS 1 Zrotation\n";
    for (int i = 1; i < depth; ++i) text += "JOINT J" + std::to_string(i) + "\n{\nOFFSET 0 1 0\n";
    text += std::string(static_cast<std::size_t>(depth - 1), '}') + "}\nMOTION\nFrames: 1\nFrame Time: 0.1\n45\n";
    const Clip clip = parse_ok(text);
    ASSERT_EQ(clip.skeleton.joint_count(), depth);
    EXPECT_EQ(clip.skeleton.parents.back(), depth - 2);
    EXPECT_EQ(clip.skeleton.depths().back(), depth - 1);
  }
}

// Judgement calls: loaded with a located warning.
TEST(ParserWarns, MoreFrameLinesThanDeclared) {
  std::string text = replace_all(std::string(kTwoJoints), "Frames: 2", "Frames: 1");
  const Clip clip = parse_ok(text);
  EXPECT_EQ(clip.motion.frame_count, 1u);
  ASSERT_EQ(clip.warnings.size(), 1u);
  EXPECT_EQ(clip.warnings[0].line, 20);
  EXPECT_EQ(clip.warnings[0].column, 1);
  EXPECT_EQ(clip.warnings[0].message, "1 more frame line than 'Frames: 1'; ignored");
}

TEST(ParserWarns, FewerFrameLinesThanDeclared) {
  std::string text = replace_all(std::string(kTwoJoints), "Frames: 2", "Frames: 5");
  const Clip clip = parse_ok(text);
  EXPECT_EQ(clip.motion.frame_count, 2u);
  EXPECT_EQ(clip.motion.values.size(), 18u);
  ASSERT_EQ(clip.warnings.size(), 1u);
  EXPECT_EQ(clip.warnings[0].line, 17);
  EXPECT_EQ(clip.warnings[0].column, 9);
  EXPECT_EQ(clip.warnings[0].message, "'Frames: 5' but the file holds 2 complete frames; loaded 2");
}

TEST(ParserWarns, LastFrameLineCutShort) {
  for (const std::string tail : {"4 5 6 90 0", "4 5 6 90 0\n", "4 5 6 9", "4 5 6 90 0 1e", "4 5 6 90 0 -"}) {
    std::string text(kTwoJoints);
    text = text.substr(0, text.rfind("4 5 6")) + tail;
    const Clip clip = parse_ok(text);
    EXPECT_EQ(clip.motion.frame_count, 1u) << tail;
    ASSERT_EQ(clip.warnings.size(), 2u) << tail;
    EXPECT_EQ(clip.warnings[0].line, 20);
    EXPECT_EQ(clip.warnings[0].message.rfind("frame 2 is cut short", 0), 0u) << clip.warnings[0].message;
    EXPECT_EQ(clip.warnings[1].message, "'Frames: 2' but the file holds 1 complete frames; loaded 1");
  }
}

TEST(ParserWarns, RootWrittenAsJoint) {
  std::string text = replace_all(std::string(kTwoJoints), "ROOT Hips", "JOINT Hips");
  const Clip clip = parse_ok(text);
  EXPECT_EQ(clip.skeleton.roots, (std::vector<int>{0}));
  ASSERT_EQ(clip.warnings.size(), 1u);
  EXPECT_EQ(clip.warnings[0].line, 2);
  EXPECT_EQ(clip.warnings[0].column, 1);
  EXPECT_EQ(clip.warnings[0].message, "root written as JOINT; read as ROOT");
}

TEST(ParserWarns, FrameTimeZeroPlaysAtThirtyFps) {
  std::string text = replace_all(std::string(kTwoJoints), "Frame Time: 0.5", "Frame Time: 0");
  const Clip clip = parse_ok(text);
  EXPECT_EQ(clip.declared_frame_time, 0.0);
  EXPECT_EQ(clip.motion.frame_time, 1.0 / 30.0);
  ASSERT_EQ(clip.warnings.size(), 1u);
  EXPECT_EQ(clip.warnings[0].line, 18);
  EXPECT_EQ(clip.warnings[0].column, 13);
  EXPECT_EQ(clip.warnings[0].message, "frame time is 0; playing at 30 frames per second");
}

// 1e308 s (or 1e-320 s) would turn a shared timeline's frame count into an overflow (or nothing).
TEST(ParserWarns, FrameTimesBeyondTheTimelinesRangePlayAtThirtyFps) {
  for (const char* written : {"1e308", "1e-320", "3600.5", "0.0000009"}) {
    std::string text = replace_all(std::string(kTwoJoints), "Frame Time: 0.5", std::string("Frame Time: ") + written);
    const Clip clip = parse_ok(text);
    EXPECT_EQ(clip.motion.frame_time, 1.0 / 30.0) << written;
    ASSERT_EQ(clip.warnings.size(), 1u) << written;
    EXPECT_EQ(clip.warnings[0].line, 18);
    EXPECT_EQ(clip.warnings[0].message,
              std::string("frame time ") + written + " s is outside 1e-6 s to 1 hour; playing at 30 frames per second");
  }
  for (const char* written : {"3600", "0.000001"}) {
    std::string text = replace_all(std::string(kTwoJoints), "Frame Time: 0.5", std::string("Frame Time: ") + written);
    EXPECT_TRUE(parse_ok(text).warnings.empty()) << written;
  }
}

TEST(ParserBounds, AHugeDeclaredFrameCountAllocatesOnlyWhatIsThere) {
  std::string text = replace_all(std::string(kTwoJoints), "Frames: 2", "Frames: 1000000000000");
  const Clip clip = parse_ok(text);
  EXPECT_EQ(clip.motion.frame_count, 2u);
  EXPECT_LE(clip.motion.values.capacity(), 18u);
  ASSERT_EQ(clip.warnings.size(), 1u);
  EXPECT_EQ(clip.warnings[0].message, "'Frames: 1000000000000' but the file holds 2 complete frames; loaded 2");
}

}  // namespace
}  // namespace bvhscope
