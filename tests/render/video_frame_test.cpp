// A video frame drawn by render::OffscreenRenderer::draw_video_frame, which with a still camera redraws only
// the rectangle where the figures and their shadows are over a backdrop drawn once, is the frame
// draw_frame draws whole, byte for byte: solid and lines, shadows on and off, two clips side by
// side, fractional frames, a figure walking across the view. A moving camera redraws every frame
// whole. No display needed (EGL).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "anim/file_loader.hpp"
#include "model/prepared_clip.hpp"
#include "render/offscreen_renderer.hpp"
#include "test_support.hpp"

namespace bvhscope::render {
namespace {

// The file's clip, prepared as `render` does (a failure to load ends the test: gtest reports it).
PreparedClip load(const std::filesystem::path& path) {
  Result<Clip> clip = load_bvh_file(path);
  if (!clip) throw std::runtime_error("cannot load " + path.string());
  return prepare_clip(std::move(clip).value(), PositionModeRequest::Auto);
}

std::filesystem::path sample() { return test::fixtures_dir() / ".." / ".." / "assets" / "sample.bvh"; }

struct Checked {
  std::size_t frames = 0;
  std::size_t redrawn_part = 0;   // frames drawn in part
  std::size_t largest_share = 0;  // per mille of the frame, over the frames drawn in part
};

// Draws frames `positions` as a video does (the first framed, then the camera's way) and checks
// each against the whole frame drawn at the same position by the same viewer.
Checked expect_video_frames_whole(std::vector<PreparedClip> clips, const OffscreenOptions& options, VideoCamera camera,
                                  const std::vector<double>& positions) {
  Checked checked;
  std::string error;
  std::unique_ptr<OffscreenRenderer> offscreen = OffscreenRenderer::create(std::move(clips), options, error);
  EXPECT_NE(offscreen, nullptr) << error;
  if (!offscreen) return checked;
  offscreen->draw_frame(positions.front());
  offscreen->clips().start_camera(camera);
  std::vector<std::uint8_t> whole;
  for (const double position : positions) {
    if (camera == VideoCamera::Orbit) offscreen->clips().camera().yaw += 0.05f;
    const std::vector<std::uint8_t> video = offscreen->draw_video_frame(position);
    const std::optional<PixelRect> redrawn = offscreen->video_redrawn();
    offscreen->draw_frame(position);
    offscreen->read_pixels(whole);
    EXPECT_EQ(video.size(), whole.size());
    if (video.size() != whole.size()) return checked;
    std::size_t differing = 0;
    for (std::size_t i = 0; i < whole.size(); ++i) differing += video[i] != whole[i] ? 1 : 0;
    EXPECT_EQ(differing, 0u) << "frame position " << position;
    ++checked.frames;
    if (redrawn) {
      ++checked.redrawn_part;
      const auto share = static_cast<std::size_t>(redrawn->width) * static_cast<std::size_t>(redrawn->height) * 1000 /
                         (static_cast<std::size_t>(options.width) * static_cast<std::size_t>(options.height));
      checked.largest_share = std::max(checked.largest_share, share);
    }
  }
  return checked;
}

std::vector<double> every(double first, double last, double step) {
  std::vector<double> positions;
  for (double p = first; p <= last; p += step) positions.push_back(p);
  return positions;
}

// Large enough that a bone is wider than the few pixels the rectangle is widened by.
OffscreenOptions sized() {
  OffscreenOptions options;
  options.width = 960;
  options.height = 540;
  return options;
}

TEST(VideoFrame, AStillCameraRedrawsTheFiguresOnlyAndGivesTheWholeFrame) {
  // The sample walks across the floor: the rectangle moves and changes size.
  const Checked checked = expect_video_frames_whole(
      [] {
        std::vector<PreparedClip> clips;
        clips.push_back(load(sample()));
        return clips;
      }(),
      sized(), VideoCamera::Fixed, every(0.0, 990.0, 33.0));
  EXPECT_EQ(checked.frames, 31u);
  EXPECT_EQ(checked.redrawn_part, 30u);  // all but the first
  EXPECT_GT(checked.largest_share, 0u);
  EXPECT_LT(checked.largest_share, 400u);  // the figure, not the frame
}

TEST(VideoFrame, LinesWithoutShadowAndFractionalFrames) {
  OffscreenOptions options = sized();
  options.solid = false;
  options.shadow = false;
  const Checked checked = expect_video_frames_whole(
      [] {
        std::vector<PreparedClip> clips;
        clips.push_back(load(sample()));
        return clips;
      }(),
      options, VideoCamera::Fixed, every(10.25, 600.0, 41.5));
  EXPECT_EQ(checked.redrawn_part + 1, checked.frames);
  EXPECT_LT(checked.largest_share, 400u);
}

TEST(VideoFrame, TwoClipsOfAnotherRigSideBySide) {
  const auto other = test::corpus_dir() / "assimp__01_01.bvh";
  ASSERT_TRUE(std::filesystem::exists(other)) << "the corpus is missing: " << other;
  const Checked checked = expect_video_frames_whole(
      [&] {
        std::vector<PreparedClip> clips;
        clips.push_back(load(sample()));
        clips.push_back(load(other));
        return clips;
      }(),
      sized(), VideoCamera::Fixed, every(0.0, 1200.0, 60.0));
  EXPECT_EQ(checked.redrawn_part + 1, checked.frames);
}

TEST(VideoFrame, AMovingCameraRedrawsTheWholeFrame) {
  const Checked checked = expect_video_frames_whole(
      [] {
        std::vector<PreparedClip> clips;
        clips.push_back(load(sample()));
        return clips;
      }(),
      sized(), VideoCamera::Orbit, every(0.0, 300.0, 50.0));
  EXPECT_EQ(checked.frames, 7u);
  EXPECT_EQ(checked.redrawn_part, 0u);
}

}  // namespace
}  // namespace bvhscope::render
