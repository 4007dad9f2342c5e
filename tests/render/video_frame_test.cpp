// A video frame drawn by render::OffscreenRenderer::draw_video_frame, which with a still camera redraws only
// the rectangle where the figures and their shadows are over a backdrop drawn once, is the frame
// draw_frame draws whole, byte for byte: solid and lines, shadows on and off, two clips side by
// side, fractional frames, a figure walking across the view. A moving camera redraws every frame
// whole. Each frame handed to a sink names where it differs from the frame before it (write_changed,
// which lets the MP4 and WebM sinks convert only those pixels to 4:2:0): nothing outside those
// rectangles changed, with a still camera, a moving one and a figure leaving the view. No display
// needed (EGL).
#include <gtest/gtest.h>

#include <algorithm>
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
#include "video/frame_sink.hpp"

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
  EXPECT_EQ(checked.redrawn_part, 31u);  // all, the first too: its backdrop is drawn at once
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
  EXPECT_EQ(checked.redrawn_part, checked.frames);
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
  EXPECT_EQ(checked.redrawn_part, checked.frames);
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

// A sink that keeps the frames in a queue's slots as FrameQueue does (three, in turn) and checks
// each frame handed with its changes against the frame before it: every differing pixel is inside
// one of the rectangles given.
class ChangeCheckingSink final : public video::FrameSink {
 public:
  explicit ChangeCheckingSink(int width, int height)
      : width_(width), height_(height), slots_(3, std::vector<std::uint8_t>(frame_bytes())) {}

  bool write(const std::uint8_t* rgba, std::string&) override {
    take(std::vector<std::uint8_t>(rgba, rgba + frame_bytes()), nullptr);
    return true;
  }
  bool write_filled(const Filler& fill, std::string&) override {
    take(filled(fill), nullptr);
    return true;
  }
  bool write_changed(const Filler& fill, const std::vector<video::FrameRegion>& changed, std::string&) override {
    take(filled(fill), &changed);
    return true;
  }
  bool commit(std::string&) override { return true; }
  [[nodiscard]] std::size_t waits() const noexcept override { return 0; }

  std::size_t frames = 0;
  std::size_t with_changes = 0;  // frames handed with their changes
  std::size_t outside = 0;       // pixels changed outside the rectangles given

 private:
  [[nodiscard]] std::size_t frame_bytes() const {
    return static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 4;
  }
  std::vector<std::uint8_t> filled(const Filler& fill) {
    const std::size_t slot = frames % slots_.size();
    fill(slots_[slot].data(), slot);
    return slots_[slot];
  }
  void take(std::vector<std::uint8_t> frame, const std::vector<video::FrameRegion>* changed) {
    if (changed != nullptr && !last_.empty()) {
      ++with_changes;
      for (int y = 0; y < height_; ++y) {
        for (int x = 0; x < width_; ++x) {
          const std::size_t at =
              (static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x)) * 4;
          if (std::equal(frame.begin() + static_cast<std::ptrdiff_t>(at),
                         frame.begin() + static_cast<std::ptrdiff_t>(at + 4),
                         last_.begin() + static_cast<std::ptrdiff_t>(at)))
            continue;
          const bool inside = std::any_of(changed->begin(), changed->end(), [&](const video::FrameRegion& r) {
            return x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;
          });
          outside += inside ? 0 : 1;
        }
      }
    }
    ++frames;
    last_ = std::move(frame);
  }

  int width_;
  int height_;
  std::vector<std::vector<std::uint8_t>> slots_;
  std::vector<std::uint8_t> last_;
};

TEST(VideoFrame, EachFrameNamesWhereItDiffersFromTheFrameBefore) {
  OffscreenOptions options;
  options.width = 320;
  options.height = 200;
  for (const VideoCamera camera : {VideoCamera::Fixed, VideoCamera::Orbit}) {
    std::vector<PreparedClip> clips;
    clips.push_back(load(sample()));
    std::string error;
    std::unique_ptr<OffscreenRenderer> offscreen = OffscreenRenderer::create(std::move(clips), options, error);
    ASSERT_NE(offscreen, nullptr) << error;
    offscreen->draw_frame(0.0);
    offscreen->clips().start_camera(camera);
    ChangeCheckingSink sink(options.width, options.height);
    // Frames every 25 (the figure walks), back to the start (a jump), then on again.
    std::vector<double> positions;
    for (double p = 0.0; p < 900.0; p += 25.0) positions.push_back(p);
    positions.insert(positions.end(), {0.0, 12.5, 500.0, 510.0});
    for (const double position : positions) {
      if (camera == VideoCamera::Orbit) offscreen->clips().camera().yaw += 0.05f;
      ASSERT_TRUE(offscreen->write_video_frame(position, sink, error)) << error;
    }
    EXPECT_EQ(sink.frames, positions.size());
    EXPECT_EQ(sink.outside, 0U) << "pixels changed outside the rectangles given";
    if (camera == VideoCamera::Fixed) {
      EXPECT_GE(sink.with_changes, positions.size() - 3) << "a still camera names its changes";
    } else {
      EXPECT_EQ(sink.with_changes, 0U) << "a moving camera changes every pixel";
    }
  }
}

}  // namespace
}  // namespace bvhscope::render
