// engine/render's headless renderer on its own (linked without the viewer, GLFW or ImGui): a still
// of the sample, and one with a joint selected and its trail, are the pictures the viewer drew for
// `bvhscope render` (tests/baselines, captured when the command still drew through an offscreen
// Viewer), within the baselines' tolerance; the selected joint is reported where it is drawn, in the
// highlight colour; an unknown joint name is refused with the file named. EGL, no display needed.
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "anim/file_loader.hpp"
#include "gfx/scene_style.hpp"
#include "image_baseline.hpp"
#include "model/prepared_clip.hpp"
#include "render/offscreen_renderer.hpp"
#include "rgba_pixels.hpp"
#include "test_support.hpp"
#include "video/png_file.hpp"

namespace bvhscope::render {
namespace {

namespace fs = std::filesystem;

fs::path sample() { return test::fixtures_dir() / ".." / ".." / "assets" / "sample.bvh"; }

std::vector<PreparedClip> loaded(const fs::path& path) {
  Result<Clip> clip = load_bvh_file(path);
  if (!clip) throw std::runtime_error("cannot load " + path.string());
  std::vector<PreparedClip> clips;
  clips.push_back(prepare_clip(std::move(clip).value(), PositionModeRequest::Auto));
  return clips;
}

std::vector<PreparedClip> the_sample() { return loaded(sample()); }

// Another skeleton and motion: the CMU rig of the corpus (31 joints), else a fixture's two joints.
fs::path another_clip() {
  const fs::path cmu = test::fixtures_dir() / ".." / ".." / ".." / "shared" / "bvh" / "assimp__01_01.bvh";
  return fs::exists(cmu) ? cmu : test::fixtures_dir() / "two_joints.bvh";
}

OffscreenOptions still_at(std::size_t frame) {
  OffscreenOptions options;
  options.width = 400;
  options.height = 300;
  options.frame = frame;
  return options;
}

class OffscreenRendererTest : public ::testing::Test {
 protected:
  // The image as a PNG in the scratch folder, for the baseline comparison.
  fs::path written(const OffscreenImage& image, const std::string& name) {
    const fs::path path = dir_.path() / (name + ".png");
    std::string error;
    EXPECT_TRUE(video::write_png_file(path.string(), image.width, image.height, image.rgba.data(), error)) << error;
    return path;
  }

  test::TempDir dir_;
};

TEST_F(OffscreenRendererTest, AStillOfTheSampleIsTheViewersPictureWithoutTheViewer) {
  std::string error;
  const std::optional<OffscreenImage> image = render_still(the_sample(), still_at(120), error);
  ASSERT_TRUE(image) << error;
  EXPECT_EQ(image->width, 400);
  EXPECT_EQ(image->height, 300);
  EXPECT_TRUE(image->notices.empty());
  EXPECT_TRUE(test::matches_baseline(written(*image, "sample_still"), "sample_still"));
}

TEST_F(OffscreenRendererTest, ASelectedJointIsHighlightedWhereItIsReportedWithItsTrail) {
  OffscreenOptions options = still_at(300);
  options.select = "LeftWrist";
  options.labels = 0;
  std::string error;
  const std::optional<OffscreenImage> image = render_still(the_sample(), options, error);
  ASSERT_TRUE(image) << error;
  EXPECT_TRUE(test::matches_baseline(written(*image, "select_trail"), "select_trail"));

  // The sample's joints, depth-first: LeftWrist is the one `select` named; its reported pixel is in
  // the highlight colour (the joint's dot and bone).
  Result<Clip> clip = load_bvh_file(sample());
  ASSERT_TRUE(clip);
  int wrist = -1;
  for (int j = 0; j < clip.value().skeleton.joint_count(); ++j) {
    if (clip.value().skeleton.names[static_cast<std::size_t>(j)] == "LeftWrist") wrist = j;
  }
  ASSERT_GE(wrist, 0);
  ASSERT_EQ(image->joint_pixels.size(), static_cast<std::size_t>(clip.value().skeleton.joint_count()));
  const auto [x, y] = image->joint_pixels[static_cast<std::size_t>(wrist)];
  ASSERT_GT(x, 2.0f);
  ASSERT_GT(y, 2.0f);
  EXPECT_LE(test::nearest_distance(image->rgba, image->width, image->height, static_cast<int>(x), static_cast<int>(y),
                                   gfx::Palette{}.highlight, 2),
            40);
}

TEST_F(OffscreenRendererTest, AnUnknownJointNameIsRefusedWithTheFileNamed) {
  OffscreenOptions options = still_at(0);
  options.select = "Nope";
  std::string error;
  EXPECT_FALSE(render_still(the_sample(), options, error));
  EXPECT_EQ(error, "no joint named 'Nope' in " + sample().string());
}

TEST_F(OffscreenRendererTest, ASessionDrawsStillAfterStillWithOneSetOfShadersAndTheSamePixels) {
  std::string error;
  const std::optional<OffscreenImage> alone_sample = render_still(the_sample(), still_at(120), error);
  ASSERT_TRUE(alone_sample) << error;
  const std::optional<OffscreenImage> alone_other = render_still(loaded(another_clip()), still_at(0), error);
  ASSERT_TRUE(alone_other) << error;

  OffscreenSession session;
  for (int round = 0; round < 2; ++round) {  // the sample after the other clip too: nothing of one stays
    const std::optional<OffscreenImage> sample_image = render_still(the_sample(), still_at(120), error, &session);
    ASSERT_TRUE(sample_image) << error;
    EXPECT_TRUE(sample_image->rgba == alone_sample->rgba) << "round " << round;
    const std::optional<OffscreenImage> other_image =
        render_still(loaded(another_clip()), still_at(0), error, &session);
    ASSERT_TRUE(other_image) << error;
    EXPECT_TRUE(other_image->rgba == alone_other->rgba) << "round " << round;
  }
  EXPECT_EQ(session.renderers_made(), 1);
  EXPECT_EQ(session.targets_made(), 1);
  // Another size is another target; the first stays for the next still of its size.
  const std::optional<OffscreenImage> smaller = render_still(
      the_sample(),
      [] {
        OffscreenOptions options = still_at(120);
        options.width = 200;
        return options;
      }(),
      error, &session);
  ASSERT_TRUE(smaller) << error;
  EXPECT_EQ(smaller->width, 200);
  EXPECT_EQ(session.targets_made(), 2);
  ASSERT_TRUE(render_still(the_sample(), still_at(120), error, &session)) << error;
  EXPECT_EQ(session.targets_made(), 2);
}

TEST_F(OffscreenRendererTest, ASessionsVideoFramesAreTheFramesOfARendererOfItsOwn) {
  // Video frames with a still camera: the backdrop and ground drawn once, the figures' rectangle
  // redrawn; through a session that drew another clip before, byte for byte a fresh renderer's.
  const auto frames_of = [](std::vector<PreparedClip> clips, OffscreenSession* session) {
    std::string error;
    std::unique_ptr<OffscreenRenderer> renderer =
        OffscreenRenderer::create(std::move(clips), still_at(0), error, session);
    EXPECT_TRUE(renderer) << error;
    std::vector<std::vector<std::uint8_t>> frames;
    if (!renderer) return frames;
    renderer->draw_frame(0.0);
    for (const double frame : {0.0, 40.0, 80.0, 81.5}) frames.push_back(renderer->draw_video_frame(frame));
    return frames;
  };
  const auto alone = frames_of(the_sample(), nullptr);
  OffscreenSession session;
  (void)frames_of(loaded(another_clip()), &session);
  const auto shared = frames_of(the_sample(), &session);
  ASSERT_EQ(shared.size(), alone.size());
  for (std::size_t k = 0; k < alone.size(); ++k) EXPECT_TRUE(shared[k] == alone[k]) << "frame " << k;
  EXPECT_EQ(session.renderers_made(), 1);
  EXPECT_EQ(session.targets_made(), 2);  // the frame's and the ground's, both lent again
}

}  // namespace
}  // namespace bvhscope::render
