// File > Export video run by FileOutputs alone, without a window or the Viewer (issue 28): the
// video is drawn by engine/render on an EGL context of its own on the job's worker, at the quality
// the dialog chose (x264 writes its settings into the stream), and its end is told once.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <string>
#include <thread>

#include "anim/bvh_parser.hpp"
#include "bvh_builder.hpp"
#include "model/prepared_clip.hpp"
#include "test_support.hpp"
#include "viewer/file_outputs.hpp"

namespace bvhscope::viewer {
namespace {

// The x264 settings string in an MP4 ("cabac=1 ref=1 ... subme=2 ..."); empty when none.
std::string x264_settings(const std::filesystem::path& path) {
  const std::string bytes = test::read_file(path);
  const std::size_t from = bytes.find("cabac=");
  return from == std::string::npos ? std::string() : bytes.substr(from, bytes.find('\0', from) - from);
}

TEST(FileOutputsVideo, AnExportRunsWithoutAWindowAtTheChosenQuality) {
  test::TempDir dir;
  const std::filesystem::path clip_path = dir.write(
      "walk.bvh", test::BvhBuilder()
                      .root("Hips", {0, 0, 0}, test::kPositionsZXY)
                      .joint("Chest", "Hips", {0, 10, 0}, test::kRotationsZXY)
                      .end_site("Chest", {0, 5, 0})
                      .frame_time(0.04)
                      .frames(12, [](int f) { return std::vector<double>{f * 1.0, 90, 0, 0, 0, 0, 5.0 * f, 0, 0}; })
                      .text());
  ViewerState state;
  Result<Clip> clip = parse_bvh(test::read_file(clip_path), clip_path.string());
  ASSERT_TRUE(clip.ok());
  state.clips.add_ready(prepare_clip(std::move(clip).value(), PositionModeRequest::Auto), false);
  (void)state.clips.take_requests();
  DialogState dialogs;
  FileOutputs outputs;
  std::map<video::VideoQuality, std::string> settings;
  for (const video::VideoQuality quality : {video::VideoQuality::Preview, video::VideoQuality::Normal}) {
    const std::filesystem::path out = dir.path() / (quality == video::VideoQuality::Preview ? "p.mp4" : "n.mp4");
    Actions actions;
    actions.export_video = Actions::Video{};
    actions.export_video->path = out.string();
    actions.export_video->first = 0;
    actions.export_video->last = 11;
    actions.export_video->width = 160;
    actions.export_video->height = 120;
    actions.export_video->quality = quality;
    outputs.apply(actions, state, dialogs, ViewPixels{640, 480});
    ASSERT_TRUE(outputs.busy()) << (state.message ? state.message->text : std::string());
    // A freeze fails after two minutes, far beyond the second or so twelve small frames take.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(2);
    while (outputs.busy() && std::chrono::steady_clock::now() < give_up) {
      outputs.finish_video(state);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ASSERT_FALSE(outputs.busy()) << "the export did not end within two minutes";
    ASSERT_TRUE(state.message.has_value());
    EXPECT_EQ(state.message->text, "Wrote 12 frames to " + out.string());
    EXPECT_EQ(outputs.video_export().job.phase(), JobPhase::Written);
    settings[quality] = x264_settings(out);
    ASSERT_FALSE(settings[quality].empty()) << "no x264 settings in " << out;
  }
  // Preview is x264's ultrafast (no subpixel search), normal its veryfast (subme 2).
  EXPECT_NE(settings[video::VideoQuality::Preview].find(" subme=0 "), std::string::npos)
      << settings[video::VideoQuality::Preview];
  EXPECT_NE(settings[video::VideoQuality::Normal].find(" subme=2 "), std::string::npos)
      << settings[video::VideoQuality::Normal];
}

}  // namespace
}  // namespace bvhscope::viewer
