// The work budget end to end: a small file whose header declares far more work than its bytes (10,001
// joints without channels over 1,000,000 frames) is refused by every command that would pose every frame,
// up front (the child's peak memory stays small, nothing is written), with the numbers; --frames A:B
// reduces the work counted and --no-budget lifts the budget.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "bvh_builder.hpp"
#include "run_process.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;
using test::TempDir;

constexpr long kMiB = 1024;  // ru_maxrss is in KiB

// A root and `children` joints under it, none with channels, declaring `frames` frames (no rows).
// Written by hand, without indents, rather than by BvhBuilder: the refusals quote the input's bytes,
// and grouped_bytes() groups 6 digits; the builder's indents (14 bytes more a joint) would make the
// two inputs of CompareCountsBothClipsAndOnlyTheFramesAsked 1,077,962 bytes.
std::string channel_less(int children, long frames) {
  std::string text = "HIERARCHY\nROOT Root\n{\nOFFSET 0 0 0\nCHANNELS 0\n";
  for (int i = 0; i < children; ++i) text += "JOINT j" + std::to_string(i) + "\n{\nOFFSET 1 0 0\nCHANNELS 0\n}\n";
  return text + "}\nMOTION\nFrames: " + std::to_string(frames) + "\nFrame Time: 0.1\n";
}

class WorkBudget : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string text = channel_less(10000, 1000000);
    bytes_ = text.size();
    hostile_ = dir_.write("wide.bvh", text).string();
    // The process's own start-up memory (about 90 MiB under the sanitizers) against which the refusals
    // are measured: info on the same file, which poses only sampled frames.
    const auto info = run_bvhscope({"info", hostile_});
    ASSERT_EQ(info.exit_code, 0) << info.err;
    baseline_kib_ = info.peak_rss_kib;
  }

  // The refusal: exit 1, the numbers on stderr, nothing on stdout, no more memory than info.
  void expect_refused(const test::ProcessResult& result, const std::string& who, const std::string& hint) {
    EXPECT_EQ(result.exit_code, 1) << result.err;
    const std::string expected = who + ": error: too much work: " + numbers_ + ", over the budget of 16,777,216 for " +
                                 grouped_bytes() + " bytes of input (the larger of 16 Mi and 4 per byte); " + hint +
                                 "; nothing was done\n";
    EXPECT_NE(result.err.find(expected), std::string::npos) << result.err;
    EXPECT_EQ(result.out, "");
    EXPECT_LT(result.peak_rss_kib, baseline_kib_ + 16 * kMiB);
  }

  [[nodiscard]] std::string grouped_bytes() const {
    const std::string digits = std::to_string(bytes_);
    return digits.substr(0, digits.size() - 3) + "," + digits.substr(digits.size() - 3);  // 6 digits
  }

  TempDir dir_;
  std::string hostile_;
  std::size_t bytes_ = 0;
  long baseline_kib_ = 0;
  std::string numbers_ = "10,001 joints x 1,000,000 frames is 1.0e10 positions";
};

TEST_F(WorkBudget, ExportIsRefusedUpFrontAndWritesNothing) {
  ASSERT_GE(bytes_, 100000u);
  ASSERT_LT(bytes_, 1000000u);
  const auto csv = dir_.path() / "out.csv";
  expect_refused(run_bvhscope({"export", hostile_, "-o", csv.string()}), hostile_, "pass --no-budget to do it anyway");
  EXPECT_FALSE(std::filesystem::exists(csv));
  expect_refused(run_bvhscope({"export", hostile_}), hostile_, "pass --no-budget to do it anyway");
}

TEST_F(WorkBudget, MetricsIsRefusedUpFront) {
  expect_refused(run_bvhscope({"metrics", hostile_}), hostile_, "pass --no-budget to do it anyway");
}

TEST_F(WorkBudget, CompareCountsBothClipsAndOnlyTheFramesAsked) {
  const auto csv = dir_.path() / "errors.csv";
  const std::size_t one_file = bytes_;
  bytes_ *= 2;  // both inputs
  numbers_ = "20,002 joints x 1,000,000 frames is 2.0e10 positions";
  expect_refused(run_bvhscope({"compare", hostile_, hostile_, "--csv", csv.string()}), "bvhscope: compare",
                 "choose --frames A:B or pass --no-budget");
  EXPECT_FALSE(std::filesystem::exists(csv));
  bytes_ = one_file;
  // 20,002 joints x 100 frames.
  const auto some = run_bvhscope({"compare", hostile_, hostile_, "--frames", "0:99"});
  EXPECT_EQ(some.exit_code, 0) << some.err;
  EXPECT_NE(some.out.find("frames compared: 100 (reference frames 0..99)\n"), std::string::npos) << some.out;
}

TEST_F(WorkBudget, ConvertCountsTheFramesItMakes) {
  const auto out = dir_.path() / "out.bvh";
  numbers_ = "10,001 channels and joints x 1,000,000 frames is 1.0e10 values";
  expect_refused(run_bvhscope({"convert", hostile_, "--ground", "-o", out.string()}), hostile_,
                 "choose --frames A:B or pass --no-budget");
  EXPECT_FALSE(std::filesystem::exists(out));
  // Resampling makes frames: one channel over 3 frames of 1000 s, at 10000 frames per second.
  const auto slow = dir_.write(
      "slow.bvh",
      test::BvhBuilder().root("a", {0, 0, 0}, "Xposition").frame_time(1000).frame({0}).frame({1}).frame({2}).text());
  const auto resampled = run_bvhscope({"convert", slow.string(), "--fps", "10000", "-o", out.string()});
  EXPECT_EQ(resampled.exit_code, 1);
  EXPECT_NE(resampled.err.find(": error: too much work: 1 channel x 20,000,001 frames is 2.0e7 values"),
            std::string::npos)
      << resampled.err;
  // The frames a user keeps are all that count.
  const auto kept = run_bvhscope({"convert", hostile_, "--ground", "--frames", "0:9", "-o", out.string()});
  EXPECT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_TRUE(std::filesystem::exists(out));
}

TEST_F(WorkBudget, VideosAreRefusedBeforeAnyFrameIsRendered) {
  const auto mp4 = dir_.path() / "long.mp4";
  expect_refused(run_bvhscope({"render", hostile_, "-o", mp4.string()}), hostile_,
                 "choose --frames A:B or pass --no-budget");
  EXPECT_FALSE(std::filesystem::exists(mp4));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_.path()), {}), 1);  // no temporary file
}

TEST(WorkBudgetLifted, NoBudgetDoesTheWorkAndABudgetOfFourPerByteCoversRealFiles) {
  TempDir dir;
  // 17 joints x 1,000,000 frames: 17,000,000 positions, just over 16 Mi.
  const auto path = dir.write("over.bvh", channel_less(16, 1000000)).string();
  const auto refused = run_bvhscope({"metrics", path});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("17 joints x 1,000,000 frames is 1.7e7 positions"), std::string::npos) << refused.err;
  const auto lifted = run_bvhscope({"metrics", path, "--no-budget"});
  EXPECT_EQ(lifted.exit_code, 0) << lifted.err;
  EXPECT_NE(lifted.out.find("frames: 1000000 at 10.000 fps"), std::string::npos) << lifted.out;
}

}  // namespace
}  // namespace bvhscope
