// What joint arrays do not say about themselves, given by the reader's options: a skeleton file
// (--skeleton: names and tree for any joint count, located refusals of a malformed file), and a
// dataset's mean and standard deviation (--mean, --std) un-normalising feature vectors.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "formats/npy_array.hpp"
#include "formats/npy_format.hpp"
#include "formats/skeleton_file.hpp"
#include "npy_writer.hpp"

namespace bvhscope {
namespace {

std::string skeleton_error_text(std::string_view text) {
  const Result<JointTree> tree = parse_skeleton_text(text, "dir/s.txt");
  return tree ? std::string("(read)") : format_diagnostic(tree.error(), Severity::Error);
}

TEST(SkeletonFile, NamesAndParentsByNameNumberOrDash) {
  const Result<JointTree> tree = parse_skeleton_text(
      "# a skeleton for a 5-joint array\n"
      "hips -\n"
      "\n"
      "spine\thips   # after the name: its parent\n"
      "head 1\r\n"
      "l_arm spine\n"
      "r_arm spine",
      "dir/s.txt");
  ASSERT_TRUE(tree.ok()) << format_diagnostic(tree.error(), Severity::Error);
  EXPECT_EQ(tree.value().name, "s.txt");
  EXPECT_EQ(tree.value().names, (std::vector<std::string>{"hips", "spine", "head", "l_arm", "r_arm"}));
  EXPECT_EQ(tree.value().parents, (std::vector<int>{-1, 0, 1, 1, 1}));
  // A parent may come after its child.
  const Result<JointTree> forward = parse_skeleton_text("hand arm\narm -\n", "f.txt");
  ASSERT_TRUE(forward.ok());
  EXPECT_EQ(forward.value().parents, (std::vector<int>{1, -1}));
}

TEST(SkeletonFile, MalformedFilesAreRefusedAtTheirLineAndColumn) {
  EXPECT_EQ(skeleton_error_text("hips\n"),
            "dir/s.txt:1:1: error: expected a joint's name and its parent ('-' for a root), found only 'hips'");
  EXPECT_EQ(skeleton_error_text("hips - extra\n"),
            "dir/s.txt:1:8: error: expected a joint's name and its parent, then the end of the line; found 'extra'");
  EXPECT_EQ(skeleton_error_text("hips -\n  hips spine\n"),
            "dir/s.txt:2:3: error: joint 'hips' is named again (first on line 1)");
  EXPECT_EQ(skeleton_error_text("hips -\nspine chest\n"),
            "dir/s.txt:2:7: error: parent 'chest' names no joint of the file (a name, a joint number, or -)");
  EXPECT_EQ(skeleton_error_text("hips -\nspine 5\n"),
            "dir/s.txt:2:7: error: parent 5 is not a joint number: the file names 2 joints (0 to 1)");
  EXPECT_EQ(skeleton_error_text("hips -\nspine spine\n"), "dir/s.txt:2:7: error: joint 'spine' is its own parent");
  EXPECT_EQ(skeleton_error_text("hips -\na b\nb c\nc a\n"),
            "dir/s.txt:2:1: error: the parents of joint 'a' never reach a root: they form a cycle");
  EXPECT_EQ(skeleton_error_text("# nothing\n\n"),
            "dir/s.txt: error: names no joints (expected lines of 'name parent')");
}

// Frame f, joint j, coordinate c of the arrays here.
double option_value(std::size_t f, std::size_t j, std::size_t c) {
  return static_cast<double>(f) - static_cast<double>(j) * 0.25 + static_cast<double>(c) * 0.0625;
}

TEST(SkeletonFile, GivesAnArrayItsNamesAndTreeOrRefusesAnotherJointCount) {
  std::vector<double> values;
  for (std::size_t f = 0; f < 3; ++f)
    for (std::size_t j = 0; j < 5; ++j)
      for (std::size_t c = 0; c < 3; ++c) values.push_back(option_value(f, j, c));
  const std::string npy = test::npy_bytes({"<f4", false, {3, 5, 3}}, values);
  Result<JointTree> tree = parse_skeleton_text("r_arm spine\nhips -\nspine hips\nhead spine\nl_arm spine\n", "s.txt");
  ASSERT_TRUE(tree.ok());
  ReadOptions options;
  options.skeleton = std::make_shared<const JointTree>(std::move(tree).value());
  const Result<MotionFile> file = read_npy_bytes(npy, "x.npy", options);
  ASSERT_TRUE(file.ok()) << format_diagnostic(file.error(), Severity::Error);
  const Clip& clip = file.value().motions.front();
  // Depth first from the root, children in the file's order: hips, spine, r_arm, head, l_arm.
  EXPECT_EQ(clip.skeleton.names, (std::vector<std::string>{"hips", "spine", "r_arm", "head", "l_arm"}));
  EXPECT_EQ(clip.skeleton.parents, (std::vector<int>{-1, 0, 1, 1, 1}));
  EXPECT_DOUBLE_EQ(clip.motion.frame_time, 1.0 / 30.0);
  // r_arm is the array's joint 0, shown as joint 2.
  EXPECT_EQ(clip.motion.joint_positions(2)[2 * 3 + 1], static_cast<float>(option_value(2, 0, 1)));
  EXPECT_EQ(clip.motion.joint_positions(2)[0 * 3 + 2], static_cast<float>(option_value(2, 1, 2)));

  Result<JointTree> four = parse_skeleton_text("a -\nb a\nc b\nd c\n", "four.txt");
  ASSERT_TRUE(four.ok());
  options.skeleton = std::make_shared<const JointTree>(std::move(four).value());
  const Result<MotionFile> refused = read_npy_bytes(npy, "x.npy", options);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(format_diagnostic(refused.error(), Severity::Error),
            "x.npy: error: the skeleton file four.txt names 4 joints; the array has 5");
}

TEST(FeatureNormalisation, MeanAndStdUndoTheModelsNormalisation) {
  const std::size_t frames = 4, width = 263;
  std::vector<double> raw(frames * width), mean(width), deviation(width), normalised(frames * width);
  for (std::size_t k = 0; k < width; ++k) {
    mean[k] = 0.01 * static_cast<double>(k % 17) - 0.05;
    deviation[k] = 0.5 + 0.01 * static_cast<double>(k % 13);
  }
  for (std::size_t f = 0; f < frames; ++f) {
    for (std::size_t k = 0; k < width; ++k) {
      raw[f * width + k] = 0.1 * std::sin(static_cast<double>(f * width + k));
      normalised[f * width + k] = (raw[f * width + k] - mean[k]) / deviation[k];
    }
  }
  for (std::size_t f = 0; f < frames; ++f) {
    raw[f * width + 3] = 1.0;  // the root height
    normalised[f * width + 3] = (1.0 - mean[3]) / deviation[3];
  }
  const Result<MotionFile> plain = read_npy_bytes(test::npy_bytes({"<f8", false, {frames, width}}, raw), "raw.npy", {});
  ASSERT_TRUE(plain.ok());
  ReadOptions options;
  options.feature_mean = mean;
  options.feature_std = deviation;
  const Result<MotionFile> undone =
      read_npy_bytes(test::npy_bytes({"<f8", false, {frames, width}}, normalised), "out.npy", options);
  ASSERT_TRUE(undone.ok()) << format_diagnostic(undone.error(), Severity::Error);
  const FrameValues& want = plain.value().motions.front().motion.positions;
  const FrameValues& got = undone.value().motions.front().motion.positions;
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t k = 0; k < got.size(); ++k) ASSERT_NEAR(got[k], want[k], 1e-5) << k;
  // Without them the normalised features decode to another motion: the options are what matter.
  const Result<MotionFile> ignored =
      read_npy_bytes(test::npy_bytes({"<f8", false, {frames, width}}, normalised), "out.npy", {});
  ASSERT_TRUE(ignored.ok());
  EXPECT_GT(std::fabs(ignored.value().motions.front().motion.positions[1] - want[1]), 1e-3);

  options.feature_mean.resize(251);
  const Result<MotionFile> refused =
      read_npy_bytes(test::npy_bytes({"<f8", false, {frames, width}}, normalised), "out.npy", options);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(format_diagnostic(refused.error(), Severity::Error),
            "out.npy: error: the mean (--mean) holds 251 values; these feature vectors have 263");

  // On joint positions they change nothing, and say so.
  options.feature_mean = mean;
  const Result<MotionFile> positions =
      read_npy_bytes(test::npy_bytes({"<f4", false, {2, 5, 3}}, std::vector<double>(30, 0.5)), "p.npy", options);
  ASSERT_TRUE(positions.ok());
  ASSERT_EQ(positions.value().motions.front().warnings.size(), 1u);
  EXPECT_EQ(format_diagnostic(positions.value().motions.front().warnings[0], Severity::Warning),
            "p.npy: warning: the mean and standard deviation (--mean, --std) apply to feature vectors; this array "
            "holds joint positions, read as they are");
  EXPECT_EQ(positions.value().motions.front().motion.positions[7], 0.5f);
}

TEST(NpyVector, OneRowOfFloatsOrALocatedRefusal) {
  const Result<std::vector<double>> row =
      read_npy_vector(test::npy_bytes({"<f4", false, {3}}, {0.5, -1.0, 2.25}), "Mean.npy");
  ASSERT_TRUE(row.ok());
  EXPECT_EQ(row.value(), (std::vector<double>{0.5, -1.0, 2.25}));
  const Result<std::vector<double>> column =
      read_npy_vector(test::npy_bytes({">f8", true, {2, 1}}, {4.0, 8.0}), "Std.npy");
  ASSERT_TRUE(column.ok());
  EXPECT_EQ(column.value(), (std::vector<double>{4.0, 8.0}));
  const Result<std::vector<double>> table =
      read_npy_vector(test::npy_bytes({"<f4", false, {2, 3}}, std::vector<double>(6, 1.0)), "Mean.npy");
  ASSERT_FALSE(table.ok());
  EXPECT_EQ(format_diagnostic(table.error(), Severity::Error),
            "Mean.npy: error: shape (2, 3) of '<f4' is not one row of numbers; expected floats of the shape (N,)");
}

}  // namespace
}  // namespace bvhscope
