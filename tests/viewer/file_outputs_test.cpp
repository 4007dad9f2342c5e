// File's outputs without a window or GL (issue 28): FileOutputs takes the frame's actions, checks
// them against the loaded clips, runs Save as BVH on its worker and tells the end once, as the
// message, in the dialog and as follow-ups for the viewer (a clip saved over reloads).
#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <string>
#include <thread>

#include "anim/bvh_parser.hpp"
#include "bvh_builder.hpp"
#include "model/prepared_clip.hpp"
#include "test_support.hpp"
#include "viewer/file_outputs.hpp"

namespace bvhscope::viewer {
namespace {

// A root and a chest over 20 frames at 25 fps, the root walking along x.
std::string walk_text() {
  return test::BvhBuilder()
      .root("Hips", {0, 0, 0}, test::kPositionsZXY)
      .joint("Chest", "Hips", {0, 10, 0}, test::kRotationsZXY)
      .end_site("Chest", {0, 5, 0})
      .frame_time(0.04)
      .frames(20, [](int f) { return std::vector<double>{f * 1.0, 90, 0, 0, 0, 0, 3.0 * f, 0, 0}; })
      .text();
}

class FileOutputsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    walk_ = dir_.write("walk.bvh", walk_text());
    other_ = dir_.write("other.bvh", walk_text());
    for (const std::filesystem::path& path : {other_, walk_}) {
      Result<Clip> clip = parse_bvh(test::read_file(path), path.string());
      ASSERT_TRUE(clip.ok());
      state_.clips.add_ready(prepare_clip(std::move(clip).value(), PositionModeRequest::Auto), false);
    }
    (void)state_.clips.take_requests();
    ASSERT_EQ(state_.clips.size(), 2u);
    ASSERT_EQ(state_.active_slot()->clip().source, walk_.string());
  }

  // Pumps the outputs as the viewer does once a frame until the run under way has ended (a freeze
  // fails after a minute, far beyond the few milliseconds a save of 20 frames takes).
  OutputFollowUps finish_run() {
    OutputFollowUps follow_ups;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (outputs_.busy() && std::chrono::steady_clock::now() < give_up) {
      follow_ups = outputs_.finish(state_, dialogs_);
      outputs_.finish_video(state_);
      if (!outputs_.busy()) return follow_ups;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    EXPECT_FALSE(outputs_.busy()) << "the run did not end within a minute";
    return follow_ups;
  }

  void apply(const Actions& actions) { outputs_.apply(actions, state_, dialogs_, ViewPixels{640, 480}); }

  test::TempDir dir_;
  std::filesystem::path walk_;
  std::filesystem::path other_;
  ViewerState state_;
  DialogState dialogs_;
  FileOutputs outputs_;
};

TEST_F(FileOutputsTest, ACsvOrSaveOverAnotherLoadedClipIsRefusedAndNothingIsWritten) {
  const std::string before = test::read_file(other_);
  Actions csv;
  csv.export_csv_path = other_.string();
  apply(csv);
  ASSERT_TRUE(state_.message.has_value());
  EXPECT_EQ(state_.message->kind, Message::Kind::Error);
  EXPECT_NE(state_.message->text.find(other_.string()), std::string::npos) << state_.message->text;
  EXPECT_NE(state_.message->text.find("; nothing was written"), std::string::npos) << state_.message->text;

  Actions save;
  save.save_bvh = Actions::SaveBvh{other_.string(), {}, std::nullopt, false};
  apply(save);
  EXPECT_FALSE(outputs_.busy());
  EXPECT_EQ(outputs_.save_bvh().report(), "refused; " + other_.string());
  EXPECT_TRUE(dialogs_.save_bvh.outcome_error);
  EXPECT_EQ(state_.message->kind, Message::Kind::Error);
  EXPECT_EQ(test::read_file(other_), before);
}

TEST_F(FileOutputsTest, ACsvIsWrittenWithAHeaderAndARowPerFrame) {
  const std::filesystem::path path = dir_.path() / "walk_positions.csv";
  Actions csv;
  csv.export_csv_path = path.string();
  apply(csv);
  ASSERT_TRUE(state_.message.has_value());
  EXPECT_EQ(state_.message->text, "Wrote " + path.string());
  std::istringstream lines(test::read_file(path));
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) ++count;
  EXPECT_EQ(count, 1 + 20);
}

TEST_F(FileOutputsTest, ASaveRunsOnItsWorkerAndItsEndIsToldOnce) {
  const std::filesystem::path path = dir_.path() / "walk_fixed.bvh";
  Actions open;
  open.save_bvh_dialog = ConvertOptions{};
  apply(open);
  EXPECT_TRUE(dialogs_.save_bvh.requested);
  EXPECT_STREQ(dialogs_.save_bvh.path.data(), (dir_.path() / "walk_fixed.bvh").c_str());
  EXPECT_EQ(dialogs_.save_bvh.frame_count, 20);

  Actions save;
  save.save_bvh = Actions::SaveBvh{path.string(), {}, std::nullopt, false};
  apply(save);
  EXPECT_EQ(state_.message->text, "Saving " + path.string() + "...");
  const OutputFollowUps follow_ups = finish_run();
  EXPECT_EQ(follow_ups.reload_clip, 0);
  EXPECT_TRUE(follow_ups.open.empty());
  EXPECT_EQ(outputs_.save_bvh().report(), "written; " + path.string());
  EXPECT_EQ(dialogs_.save_bvh.status, SaveBvhStatus::Saved);
  EXPECT_EQ(state_.message->text, "Saved " + path.string() + ": 20 frames, 2 joints");
  const Result<Clip> saved = parse_bvh(test::read_file(path), path.string());
  ASSERT_TRUE(saved.ok());
  EXPECT_EQ(saved.value().motion.frame_count, 20u);
  // Told once: the next frames change nothing.
  state_.message.reset();
  const OutputFollowUps again = outputs_.finish(state_, dialogs_);
  EXPECT_FALSE(state_.message.has_value());
  EXPECT_EQ(again.reload_clip, 0);
}

TEST_F(FileOutputsTest, ASaveOverTheClipsOwnFileNeedsConsentAndThenReloadsIt) {
  const std::string before = test::read_file(walk_);
  Actions save;
  save.save_bvh = Actions::SaveBvh{walk_.string(), {}, 3, false};
  apply(save);
  EXPECT_EQ(outputs_.save_bvh().report(), "refused; " + walk_.string());
  EXPECT_NE(dialogs_.save_bvh.outcome.find("tick Replace the original"), std::string::npos)
      << dialogs_.save_bvh.outcome;
  EXPECT_EQ(test::read_file(walk_), before);

  save.save_bvh->replace_original = true;
  apply(save);
  const OutputFollowUps follow_ups = finish_run();
  EXPECT_EQ(follow_ups.reload_clip, state_.active_slot()->id);
  EXPECT_NE(test::read_file(walk_), before);  // written with 3 decimals
}

TEST_F(FileOutputsTest, AVideoNeedsAVideoPathAndARetargetingTwoClips) {
  Actions video;
  video.export_video = Actions::Video{};
  video.export_video->path = (dir_.path() / "walk.bvh").string();
  apply(video);
  EXPECT_FALSE(outputs_.busy());
  EXPECT_EQ(state_.message->text, walk_.string() + ": a video is .mp4, .webm, .gif or a folder ending in '/'");

  Actions retarget;
  retarget.retarget = Actions::Retarget{};
  retarget.retarget->source_id = state_.active_slot()->id;
  retarget.retarget->target_id = 999;
  retarget.retarget->path = (dir_.path() / "moved.bvh").string();
  apply(retarget);
  EXPECT_FALSE(outputs_.busy());
  EXPECT_EQ(state_.message->text, "Choose the clip whose skeleton carries the motion");
  EXPECT_EQ(outputs_.retarget().report(), "refused; " + (dir_.path() / "moved.bvh").string());
  EXPECT_FALSE(std::filesystem::exists(dir_.path() / "moved.bvh"));
}

}  // namespace
}  // namespace bvhscope::viewer
