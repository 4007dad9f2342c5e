// File > Save as BVH's task without GL or window: a share of the clip is converted and written
// through a temporary file (read back: the same values), the clip on screen is left as it was when
// the options write in place, and every failure (a missing folder, a moving channel for three
// channels, a cancel) names its reason and leaves no file.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "anim/file_loader.hpp"
#include "bvh_builder.hpp"
#include "test_support.hpp"
#include "viewer/save_bvh_job.hpp"

namespace bvhscope::viewer {
namespace {

namespace fs = std::filesystem;

// A root with positions and a child whose position channels move (no three channels for it); the
// last rotation jumps across +-180 degrees (unwrap turns 170 -> -170 into 170 -> 190).
std::string arm_clip() {
  return test::BvhBuilder()
      .root("Hips", {0, 0, 0}, test::kPositionsZXY)
      .joint("Arm", "Hips", {0, 10, 0}, test::kPositionsZXY)
      .end_site("Arm", {0, 5, 0})
      .frame_time(0.04)
      .frame({0, 90, 0, 0, 0, 0, 0, 10, 0, 0, 0, 160})
      .frame({1, 90, 0, 0, 0, 0, 0.5, 10, 0, 0, 0, 170})
      .frame({2, 90, 0, 0, 0, 0, 1, 10, 0, 0, 0, -170})
      .text();
}

// Options read in the add rule (what the viewer passes for these files), changed by `change`.
ConvertOptions add_rule(const std::function<void(ConvertOptions&)>& change = {}) {
  ConvertOptions options;
  options.position_mode = PositionModeRequest::Add;
  if (change) change(options);
  return options;
}

class SaveBvhTask : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("bvhscope-save-bvh-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    clip_ = test::parse_ok(arm_clip(), "arm.bvh");
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs the task as the job would (cancel as given); its result, `error` set.
  bool run(const ConvertOptions& options, const fs::path& path, std::string& error, bool cancelled = false) {
    summary_ = std::make_shared<SaveBvhSummary>();
    BackgroundJob::Task task = save_bvh_task(share_clip(clip_), options, {}, path.string(), summary_);
    const std::atomic<bool> cancel{cancelled};
    return task(
        cancel, [](std::size_t, std::size_t) {}, error);
  }

  fs::path dir_;
  Clip clip_;
  std::shared_ptr<SaveBvhSummary> summary_;
};

TEST_F(SaveBvhTask, ShareClipSharesTheMotionTable) {
  const Clip shared = share_clip(clip_);
  EXPECT_EQ(shared.motion.values.data(), clip_.motion.values.data());
  EXPECT_EQ(shared.motion.frame_count, 3U);
  EXPECT_EQ(shared.skeleton.names, clip_.skeleton.names);
}

TEST_F(SaveBvhTask, WritesTheClipThatReadsBackWithTheSameValues) {
  const fs::path out = dir_ / "saved.bvh";
  std::string error;
  ASSERT_TRUE(run(add_rule(), out, error)) << error;
  EXPECT_EQ(summary_->frames, 3U);
  EXPECT_EQ(summary_->joints, 2);
  Result<Clip> back = load_bvh_file(out.string());
  ASSERT_TRUE(back) << back.error().message;
  ASSERT_EQ(back.value().motion.values.size(), 36U);
  for (std::size_t i = 0; i < 36; ++i) EXPECT_EQ(back.value().motion.values[i], clip_.motion.values[i]) << i;
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);  // no temporary left
}

TEST_F(SaveBvhTask, OptionsWritingInPlaceLeaveTheSharedClipAsItWas) {
  const std::vector<float> before(clip_.motion.values.begin(), clip_.motion.values.end());
  const fs::path out = dir_ / "unwrapped.bvh";
  std::string error;
  const ConvertOptions options = add_rule([](ConvertOptions& o) { o.unwrap = true; });
  ASSERT_TRUE(run(options, out, error)) << error;
  EXPECT_EQ(std::vector<float>(clip_.motion.values.begin(), clip_.motion.values.end()), before);
  Result<Clip> back = load_bvh_file(out.string());
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_FLOAT_EQ(back.value().motion.values[2 * 12 + 11], 190.0f);  // -170 unwrapped after 170
}

TEST_F(SaveBvhTask, AMissingFolderSaysWhyAndWritesNothing) {
  std::string error;
  EXPECT_FALSE(run(add_rule(), dir_ / "no" / "such" / "out.bvh", error));
  EXPECT_NE(error.find("No such file or directory"), std::string::npos) << error;
  EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(SaveBvhTask, AConversionErrorNamesTheJointAndWritesNothing) {
  std::string error;
  EXPECT_FALSE(run(add_rule([](ConvertOptions& o) { o.three_channels = true; }), dir_ / "three.bvh", error));
  EXPECT_NE(error.find("Arm"), std::string::npos) << error;
  EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(SaveBvhTask, ACancelLeavesNoFileAndNoReason) {
  std::string error;
  EXPECT_FALSE(run(add_rule(), dir_ / "cancelled.bvh", error, true));
  EXPECT_EQ(error, "");
  EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(SaveBvhTask, TheJobRunsTheTaskToWritten) {
  BackgroundJob job;
  summary_ = std::make_shared<SaveBvhSummary>();
  const fs::path out = dir_ / "job.bvh";
  ASSERT_TRUE(job.start(save_bvh_task(share_clip(clip_), add_rule(), {}, out.string(), summary_)));
  while (!job.update()) std::this_thread::yield();
  EXPECT_EQ(job.phase(), JobPhase::Written) << job.error();
  EXPECT_EQ(summary_->frames, 3U);
  EXPECT_TRUE(fs::exists(out));
}

}  // namespace
}  // namespace bvhscope::viewer
