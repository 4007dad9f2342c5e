// A Scene built from a small clip drawn headless (EGL, engine/render only: this program links no
// viewer, no GLFW and no ImGui), checked pixel by pixel: each clip's bones in its look's colour where
// the camera projects its placed joints, nothing where a hidden clip stands, the overlay handed to
// the overlay drawer with the framebuffer's size.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include "anim/file_loader.hpp"
#include "anim/measure.hpp"
#include "anim/pose.hpp"
#include "gfx/gl_debug.hpp"
#include "gfx/render_target.hpp"
#include "model/orbit_camera.hpp"
#include "render/gfx_overlay_drawer.hpp"
#include "render/offscreen_context.hpp"
#include "render/scene_drawer.hpp"
#include "rgba_pixels.hpp"
#include "test_support.hpp"

namespace bvhscope::render {
namespace {

constexpr int kWidth = 400;
constexpr int kHeight = 240;
const glm::vec3 kGreen(0.0f, 1.0f, 0.0f);
const glm::vec3 kMagenta(1.0f, 0.0f, 1.0f);

using test::distance;
using test::Rgb;

Rgb pixel(const std::vector<std::uint8_t>& rgba, int x, int y) { return test::pixel_at(rgba, kWidth, x, y); }

// The best match to `colour` within a 5x5 neighbourhood (lines are 2-4 pixels wide).
int nearest_distance(const std::vector<std::uint8_t>& rgba, glm::vec2 at, glm::vec3 colour) {
  return test::nearest_distance(rgba, kWidth, kHeight, static_cast<int>(at.x), static_cast<int>(at.y), colour, 2);
}

class RecordingOverlayDrawer : public OverlayDrawer {
 public:
  void draw(const Overlay& overlay, int fb_width, int fb_height) override {
    ++calls;
    items = overlay.items.size();
    width = fb_width;
    height = fb_height;
  }
  int calls = 0;
  std::size_t items = 0;
  int width = 0;
  int height = 0;
};

class SceneDrawerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    std::optional<OffscreenContext> context = OffscreenContext::create(error);
    ASSERT_TRUE(context) << error;
    context_.emplace(std::move(*context));
    target_ = gfx::RenderTarget::create(kWidth, kHeight, 4, error);
    ASSERT_TRUE(target_) << error;
    drawer_ = SceneDrawer::create(error);
    ASSERT_TRUE(drawer_) << error;
    Result<Clip> loaded = load_bvh_file((test::fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string());
    ASSERT_TRUE(loaded.ok());
    clip_ = std::move(loaded).value();
    pose_frame(clip_, 100, PositionMode::Add, pose_);
    Bounds bounds = motion_bounds(clip_, PositionMode::Add);
    bounds.add(bounds.min + kSecondOffset);  // room for a second clip beside the first
    bounds.add(bounds.max + kSecondOffset);
    camera_.reset(bounds, static_cast<float>(kWidth) / kHeight);
  }

  void TearDown() override {  // GL objects go before the context does
    drawer_.reset();
    target_.reset();
    for (const std::string& gl_error : gfx::take_gl_errors()) ADD_FAILURE() << "GL error: " << gl_error;
    context_.reset();
  }

  // The sample clip at frame 100, lines only, in `colour`, placed at `offset`.
  SceneClip clip(glm::vec3 colour, glm::vec3 offset) const {
    SceneClip scene_clip;
    scene_clip.skeleton = &clip_.skeleton;
    scene_clip.pose = &pose_;
    scene_clip.placement.offset = offset;
    scene_clip.height = skeleton_height(clip_, PositionMode::Add);
    scene_clip.look.use_palette = false;
    scene_clip.look.line_color = colour;
    scene_clip.look.solid_color = colour;
    return scene_clip;
  }

  Scene scene() const {
    Scene made;
    made.view.view = camera_.view();
    made.view.projection = camera_.projection(static_cast<float>(kWidth) / kHeight);
    made.view.eye = camera_.eye();
    made.view.viewport = {0, 0, kWidth, kHeight};
    made.style.bones = gfx::BoneStyle::Lines;
    made.style.show_joints = false;
    made.style.show_axes = false;
    made.style.show_shadow = false;
    made.style.show_grid = false;
    return made;
  }

  std::vector<std::uint8_t> draw(const Scene& scene, OverlayDrawer* overlay = nullptr) {
    target_->bind();
    gfx::clear_framebuffer(kWidth, kHeight, 0.0f, 0.0f, 0.0f);
    drawer_->draw(scene, kWidth, kHeight, overlay);
    return target_->read_rgba();
  }

  // Where the camera puts joint `joint` of the pose placed at `offset` (x right, y down).
  glm::vec2 projected(int joint, glm::vec3 offset) const {
    const glm::vec4 clip = camera_.projection(static_cast<float>(kWidth) / kHeight) * camera_.view() *
                           glm::vec4(pose_.position(joint) + offset, 1.0f);
    const glm::vec2 ndc(clip.x / clip.w, clip.y / clip.w);
    return {(ndc.x + 1.0f) * 0.5f * kWidth, (1.0f - ndc.y) * 0.5f * kHeight};
  }

  static constexpr glm::vec3 kSecondOffset{120.0f, 0.0f, 0.0f};
  std::optional<OffscreenContext> context_;
  std::optional<gfx::RenderTarget> target_;
  std::optional<SceneDrawer> drawer_;
  Clip clip_;
  Pose pose_;
  OrbitCamera camera_;
};

TEST_F(SceneDrawerTest, EachClipIsDrawnInItsLookWhereItsPlacedJointsProject) {
  Scene two = scene();
  two.clips.push_back(clip(kGreen, glm::vec3(0.0f)));
  two.clips.push_back(clip(kMagenta, kSecondOffset));
  const std::vector<std::uint8_t> image = draw(two);
  ASSERT_EQ(image.size(), static_cast<std::size_t>(kWidth) * kHeight * 4);
  int checked = 0;
  for (int joint = 1; joint < clip_.skeleton.joint_count(); ++joint) {
    const glm::vec2 first = projected(joint, glm::vec3(0.0f));
    const glm::vec2 second = projected(joint, kSecondOffset);
    ASSERT_TRUE(first.x > 2 && first.y > 2 && first.x < kWidth - 3 && first.y < kHeight - 3) << joint;
    ASSERT_TRUE(second.x > 2 && second.y > 2 && second.x < kWidth - 3 && second.y < kHeight - 3) << joint;
    EXPECT_LE(nearest_distance(image, first, kGreen), 60) << clip_.skeleton.names[static_cast<std::size_t>(joint)];
    EXPECT_LE(nearest_distance(image, second, kMagenta), 60) << clip_.skeleton.names[static_cast<std::size_t>(joint)];
    ++checked;
  }
  EXPECT_EQ(checked, clip_.skeleton.joint_count() - 1);
}

TEST_F(SceneDrawerTest, AHiddenClipLeavesNoPixelOfItsColour) {
  Scene one = scene();
  one.clips.push_back(clip(kGreen, glm::vec3(0.0f)));
  one.clips.back().look.visible = false;
  const std::vector<std::uint8_t> image = draw(one);
  for (int joint = 1; joint < clip_.skeleton.joint_count(); ++joint) {
    EXPECT_GT(nearest_distance(image, projected(joint, glm::vec3(0.0f)), kGreen), 150) << joint;
  }
  // Shown again in the next scene (the same skeleton: nothing uploaded again but the pose and look).
  one.clips.back().look.visible = true;
  const std::vector<std::uint8_t> shown = draw(one);
  EXPECT_LE(nearest_distance(shown, projected(1, glm::vec3(0.0f)), kGreen), 60);
}

TEST_F(SceneDrawerTest, TheOverlayGoesToTheOverlayDrawerWithTheFramebufferSize) {
  Scene one = scene();
  one.clips.push_back(clip(kGreen, glm::vec3(0.0f)));
  RecordingOverlayDrawer overlay;
  draw(one, &overlay);
  EXPECT_EQ(overlay.calls, 0);  // nothing to draw over the picture
  one.overlay.add_box(glm::vec2(10.0f), glm::vec2(50.0f, 30.0f), glm::vec4(1.0f));
  one.overlay.add_text(glm::vec2(12.0f), glm::vec4(1.0f), "Hips");
  draw(one, &overlay);
  EXPECT_EQ(overlay.calls, 1);
  EXPECT_EQ(overlay.items, 2u);
  EXPECT_EQ(overlay.width, kWidth);
  EXPECT_EQ(overlay.height, kHeight);
}

// The headless overlay drawer (engine/gfx's OverlayPass): a box in its colour where the overlay puts
// it (pixels from the top left), text drawn in its line, nothing of either elsewhere.
TEST_F(SceneDrawerTest, TheGfxOverlayDrawerDrawsBoxesAndTextWhereTheOverlayPutsThem) {
  Scene plain = scene();
  plain.clips.push_back(clip(kGreen, glm::vec3(0.0f)));
  GfxOverlayDrawer overlay;
  const std::vector<std::uint8_t> without = draw(plain, &overlay);
  Scene boxed = plain;
  boxed.overlay.add_box(glm::vec2(20.0f, 20.0f), glm::vec2(120.0f, 60.0f), glm::vec4(kMagenta, 1.0f));
  boxed.overlay.add_text(glm::vec2(200.0f, 180.0f), glm::vec4(1.0f), "Hips");
  const std::vector<std::uint8_t> with = draw(boxed, &overlay);
  ASSERT_EQ(overlay.error(), "");
  EXPECT_EQ(distance(pixel(with, 70, 40), kMagenta), 0);
  EXPECT_EQ(distance(pixel(with, 22, 22), kMagenta), 0);
  EXPECT_NE(distance(pixel(without, 70, 40), kMagenta), 0);
  // Outside the box (and the text) the picture is the scene's.
  const Rgb beside = pixel(with, 130, 40);
  const Rgb scene_there = pixel(without, 130, 40);
  EXPECT_EQ(std::tie(beside.r, beside.g, beside.b), std::tie(scene_there.r, scene_there.g, scene_there.b));
  // The text: bright pixels in its line (13 px high from y 180, a few glyphs wide), none before.
  int bright_with = 0;
  int bright_without = 0;
  for (int y = 180; y < 196; ++y) {
    for (int x = 200; x < 240; ++x) {
      const Rgb a = pixel(with, x, y);
      const Rgb b = pixel(without, x, y);
      bright_with += std::min({a.r, a.g, a.b}) > 200 ? 1 : 0;
      bright_without += std::min({b.r, b.g, b.b}) > 200 ? 1 : 0;
    }
  }
  EXPECT_EQ(bright_without, 0);
  EXPECT_GT(bright_with, 20);
}

}  // namespace
}  // namespace bvhscope::render
