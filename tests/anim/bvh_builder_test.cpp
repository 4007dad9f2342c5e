// The tests' BVH builder (tests/bvh_builder.hpp) writes the file its description says: the shared
// two-joint fixture byte for byte, children in the order given, CHANNELS 0 or no CHANNELS line, numbers
// that read back, a Frames: count declared without rows.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "bvh_builder.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

TEST(BvhBuilder, WritesTheTwoJointFixtureByteForByte) {
  const std::string text = test::BvhBuilder()
                               .root("Hips", {0, 0, 0}, test::kPositionsZXY)
                               .joint("Chest", "Hips", {0, 10, 0}, test::kRotationsZXY)
                               .end_site("Chest", {0, 5, 0})
                               .frame_time(0.5)
                               .frame({1, 2, 3, 0, 0, 0, 0, 0, 0})
                               .frame_line("4 5 6 90 0 0 0 0 0")
                               .text();
  EXPECT_EQ(text, test::kTwoJoints);
}

TEST(BvhBuilder, ChildrenInTheOrderGivenAndJointsWithoutChannels) {
  const std::string text = test::BvhBuilder()
                               .root("R", {1.5, -2, 0.1}, "Yposition")
                               .joint("A", "R", {0, 1, 0}, "")
                               .joint("B", "R", {0, 0, 1e-7}, "Xrotation")
                               .end_site("A", {0, 2, 0})
                               .frame_time(1.0 / 120.0)
                               .frames(2,
                                       [](int f) {
                                         return test::BvhBuilder::Row{0.1 * f, -45};
                                       })
                               .text();
  EXPECT_EQ(text,
            "HIERARCHY\nROOT R\n{\n  OFFSET 1.5 -2 0.1\n  CHANNELS 1 Yposition\n  JOINT A\n  {\n    OFFSET 0 1 0\n"
            "    CHANNELS 0\n    End Site\n    {\n      OFFSET 0 2 0\n    }\n  }\n  JOINT B\n  {\n"
            "    OFFSET 0 0 1e-07\n    CHANNELS 1 Xrotation\n  }\n}\nMOTION\nFrames: 2\n"
            "Frame Time: 0.008333333333333333\n0 -45\n0.1 -45\n");
  const Clip clip = test::parse_ok(text);
  ASSERT_EQ(clip.skeleton.joint_count(), 4);
  EXPECT_EQ(clip.skeleton.names[1], "A");
  EXPECT_EQ(clip.skeleton.names[3], "B");
  const std::vector<float> values = {0.0f, -45.0f, 0.1f, -45.0f};
  for (std::size_t i = 0; i < values.size(); ++i) EXPECT_EQ(clip.motion.values[i], values[i]) << i;
  EXPECT_EQ(clip.skeleton.offsets[3].z, 1e-7f);
}

TEST(BvhBuilder, FrameLinesAreWrittenAsGivenAndCounted) {
  const std::string text =
      test::BvhBuilder().root("R", {0, 0, 0}, "Xposition").frame_time(0.1).frame_lines({"1.000", "-2e1"}).text();
  EXPECT_EQ(text,
            "HIERARCHY\nROOT R\n{\n  OFFSET 0 0 0\n  CHANNELS 1 Xposition\n}\nMOTION\nFrames: 2\nFrame Time: 0.1\n"
            "1.000\n-2e1\n");
  EXPECT_EQ(test::parse_ok(text).motion.values[1], -20.0f);
}

TEST(BvhBuilder, NoChannelsLineAndFramesDeclaredWithoutRows) {
  const std::string text = test::BvhBuilder()
                               .root("R", {0, 0, 0}, std::nullopt)
                               .joint("A", "R", {1, 0, 0}, std::nullopt)
                               .joint("B", "R", {0, 1, 0}, "")
                               .frame_time(0.1)
                               .declared_frames(1000000)
                               .text();
  EXPECT_EQ(text,
            "HIERARCHY\nROOT R\n{\n  OFFSET 0 0 0\n  JOINT A\n  {\n    OFFSET 1 0 0\n  }\n  JOINT B\n  {\n"
            "    OFFSET 0 1 0\n    CHANNELS 0\n  }\n}\nMOTION\nFrames: 1000000\nFrame Time: 0.1\n");
  const Clip clip = test::parse_ok(text);
  ASSERT_EQ(clip.skeleton.joint_count(), 3);
  EXPECT_EQ(clip.motion.channel_count, 0);
  EXPECT_EQ(clip.motion.frame_count, 1000000u);
}

TEST(BvhBuilder, DeclaredFramesOverrideTheCountOfRows) {
  const std::string text =
      test::BvhBuilder().root("R", {0, 0, 0}, "Xposition").declared_frames(3).frame_line("7").text();
  EXPECT_EQ(text.substr(text.find("MOTION")), "MOTION\nFrames: 3\nFrame Time: 0.03333333333333333\n7\n");
}

}  // namespace
}  // namespace bvhscope
