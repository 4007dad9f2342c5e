// The scene renderer drawing known poses offscreen, checked pixel by pixel: bones where the camera
// projects the joints, the background gradient where nothing is, one upload per pose.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include <glm/common.hpp>

#include "anim/bone_geometry.hpp"
#include "anim/file_loader.hpp"
#include "anim/measure.hpp"
#include "gfx/render_target.hpp"
#include "gfx/scene_renderer.hpp"
#include "gl_test_context.hpp"
#include "model/orbit_camera.hpp"
#include "model/scene_scale.hpp"
#include "rgba_pixels.hpp"
#include "test_support.hpp"

namespace bvhscope::gfx {
namespace {

constexpr int kWidth = 480;
constexpr int kHeight = 320;

using test::distance;
using test::Rgb;

Rgb pixel(const std::vector<std::uint8_t>& rgba, int x, int y) { return test::pixel_at(rgba, kWidth, x, y); }

// The best match to `color` within a (2r+1)² neighbourhood (lines are 2-3 pixels wide).
int nearest_distance(const std::vector<std::uint8_t>& rgba, int x, int y, glm::vec3 color, int r = 1) {
  return test::nearest_distance(rgba, kWidth, kHeight, x, y, color, r);
}

class SceneRenderTest : public test::GlTest {
 protected:
  void SetUp() override {
    test::GlTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    std::string error;
    target_ = RenderTarget::create(kWidth, kHeight, 4, error);
    ASSERT_TRUE(target_) << error;
    renderer_ = SceneRenderer::create(error);
    ASSERT_TRUE(renderer_) << error;
    Result<Clip> loaded = load_bvh_file((test::fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string());
    ASSERT_TRUE(loaded.ok());
    clip_ = std::move(loaded).value();
    bounds_ = motion_bounds(clip_, PositionMode::Add);
    renderer_->set_skeleton(clip_.skeleton, skeleton_height(clip_, PositionMode::Add));
    renderer_->set_ground(ground_grid(bounds_, 0.0254 / 0.45));
    camera_.reset(bounds_, static_cast<float>(kWidth) / kHeight);
  }

  void TearDown() override {  // GL objects go before the context does
    renderer_.reset();
    target_.reset();
    test::GlTest::TearDown();
  }

  std::vector<std::uint8_t> render(std::size_t frame, const SceneStyle& style,
                                   Viewport viewport = {0, 0, kWidth, kHeight}) {
    return render_into(*target_, kWidth, kHeight, frame, style, viewport);
  }

  // `frame` posed and drawn into `target` (width x height), cleared to black first, in `viewport`
  // (only `region` of it when given); its pixels, rows top first.
  std::vector<std::uint8_t> render_into(const RenderTarget& target, int width, int height, std::size_t frame,
                                        const SceneStyle& style, Viewport viewport,
                                        std::optional<Viewport> region = std::nullopt) {
    pose_frame(clip_, frame, PositionMode::Add, pose_);
    renderer_->update_pose(clip_.skeleton, pose_);
    target.bind();
    clear_framebuffer(width, height, 0, 0, 0);
    SceneView view;
    view.view = camera_.view();
    view.projection = camera_.projection(static_cast<float>(viewport.width) / static_cast<float>(viewport.height));
    view.eye = camera_.eye();
    view.viewport = viewport;
    view.region = region;
    renderer_->draw(view, style, frame);
    return target.read_rgba();
  }

  glm::vec2 project(int joint) const {
    const glm::vec3 p = project_to_pixels(camera_.projection(static_cast<float>(kWidth) / kHeight) * camera_.view(),
                                          pose_.position(joint), glm::vec2(kWidth, kHeight));
    return {p.x, p.y};
  }

  static SceneStyle lines_only() {
    SceneStyle style;
    style.bones = BoneStyle::Lines;
    style.show_joints = false;
    style.show_axes = false;
    style.show_shadow = false;
    return style;
  }

  std::optional<RenderTarget> target_;
  std::optional<SceneRenderer> renderer_;
  Clip clip_;
  Bounds bounds_;
  OrbitCamera camera_;
  Pose pose_;
};

TEST_F(SceneRenderTest, BonesAreDrawnWhereTheCameraProjectsEveryJoint) {
  const SceneStyle style = lines_only();
  const auto image = render(300, style);
  int checked = 0;
  for (int joint = 1; joint < clip_.skeleton.joint_count(); ++joint) {
    const glm::vec2 p = project(joint);
    ASSERT_TRUE(p.x > 2 && p.y > 2 && p.x < kWidth - 3 && p.y < kHeight - 3) << "joint " << joint << " off screen";
    EXPECT_LE(nearest_distance(image, static_cast<int>(p.x), static_cast<int>(p.y), style.palette.bone), 40)
        << clip_.skeleton.names[static_cast<std::size_t>(joint)] << " at " << p.x << "," << p.y;
    ++checked;
  }
  EXPECT_EQ(checked, clip_.skeleton.joint_count() - 1);
}

TEST_F(SceneRenderTest, SolidStyleCoversTheJointsWithShadedBoneColour) {
  SceneStyle style;
  const auto image = render(300, style);
  for (int joint = 0; joint < clip_.skeleton.joint_count(); ++joint) {
    const glm::vec2 p = project(joint);
    // Warm, lit clay within a pixel of the joint: red well above blue, and far brighter than the
    // dark background. (Within a pixel: where spheres overlap, the joint's own pixel can be the
    // unlit side of a neighbour's sphere, as LeftToe's is of its End Site's.)
    Rgb c{0, 0, 0};
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const Rgb q = pixel(image, static_cast<int>(p.x) + dx, static_cast<int>(p.y) + dy);
        if (q.r - q.b > c.r - c.b) c = q;
      }
    }
    EXPECT_GT(c.r, c.b + 15) << clip_.skeleton.names[static_cast<std::size_t>(joint)] << " " << c.r << "," << c.g << ","
                             << c.b;
    EXPECT_GT(c.r, 80) << clip_.skeleton.names[static_cast<std::size_t>(joint)] << " " << p.x << "," << p.y;
  }
}

TEST_F(SceneRenderTest, EmptySkyIsTheBackgroundGradient) {
  const SceneStyle style = lines_only();
  const auto image = render(0, style);
  // The top rows are above the horizon and the skeleton: only the gradient is there.
  for (const int y : {0, 10, 30}) {
    const float t = 1.0f - (static_cast<float>(y) + 0.5f) / kHeight;
    const float s = t * t * (3.0f - 2.0f * t);
    const glm::vec3 expected = glm::mix(style.palette.background_bottom, style.palette.background_top, s);
    for (const int x : {0, kWidth / 2, kWidth - 1}) {
      EXPECT_LE(distance(pixel(image, x, y), expected), 2) << x << "," << y;
    }
  }
}

TEST_F(SceneRenderTest, TwoFramesOfTheMotionDiffer) {
  const SceneStyle style;
  const auto a = render(0, style);
  const auto b = render(600, style);
  std::size_t differing = 0;
  for (std::size_t i = 0; i < a.size(); i += 4) {
    if (std::abs(a[i] - b[i]) + std::abs(a[i + 1] - b[i + 1]) + std::abs(a[i + 2] - b[i + 2]) > 30) ++differing;
  }
  EXPECT_GT(differing, 500u);
  const auto again = render(0, style);
  EXPECT_EQ(again, a) << "the same pose must give the same pixels";
}

TEST_F(SceneRenderTest, OneBufferUploadPerPoseIntoABufferSizedAtLoad) {
  const SkeletonPass& pass = renderer_->skeleton_pass();
  const std::size_t bones = bone_count(clip_.skeleton);
  EXPECT_EQ(pass.bone_count(), bones);
  EXPECT_EQ(pass.buffer_bytes(),
            (2 * bones + static_cast<std::size_t>(clip_.skeleton.joint_count())) * sizeof(glm::vec3));
  const std::size_t before = pass.upload_count();
  for (std::size_t frame = 0; frame < 10; ++frame) {
    pose_frame(clip_, frame, PositionMode::Add, pose_);
    renderer_->update_pose(clip_.skeleton, pose_);
  }
  EXPECT_EQ(pass.upload_count() - before, 10u);
}

TEST_F(SceneRenderTest, TheShadowDarkensTheFloorUnderTheFeetAndNowhereElse) {
  SceneStyle with_shadow = lines_only();
  with_shadow.show_shadow = true;
  const auto shadowed = render(300, with_shadow);
  const auto plain = render(300, lines_only());
  // Under the lowest joint (a foot), on the floor.
  int lowest = 0;
  for (int joint = 0; joint < clip_.skeleton.joint_count(); ++joint) {
    if (pose_.position(joint).y < pose_.position(lowest).y) lowest = joint;
  }
  const glm::vec3 under(pose_.position(lowest).x, bounds_.min.y, pose_.position(lowest).z);
  const glm::vec3 p = project_to_pixels(camera_.projection(static_cast<float>(kWidth) / kHeight) * camera_.view(),
                                        under, glm::vec2(kWidth, kHeight));
  const Rgb dark = pixel(shadowed, static_cast<int>(p.x), static_cast<int>(p.y) + 2);
  const Rgb light = pixel(plain, static_cast<int>(p.x), static_cast<int>(p.y) + 2);
  EXPECT_LT(dark.r + dark.g + dark.b, light.r + light.g + light.b - 15);
  // Far from the skeleton (the sky) the two images agree.
  EXPECT_EQ(distance(pixel(shadowed, 5, 5),
                     glm::vec3(pixel(plain, 5, 5).r, pixel(plain, 5, 5).g, pixel(plain, 5, 5).b) / 255.0f),
            0);
}

// The shadow's darkness goes through a single-sample mask in the framebuffer's pixel coordinates:
// in a view that does not start at the framebuffer's corner it still lands under the feet, only
// inside the view, and the frame keeps alpha 255 everywhere (a PNG stays opaque).
TEST_F(SceneRenderTest, TheShadowLandsUnderTheFeetOfAnOffsetViewAndLeavesAlphaOpaque) {
  const Viewport viewport{70, 50, 330, 220};
  SceneStyle with_shadow = lines_only();
  with_shadow.show_shadow = true;
  const auto shadowed = render(300, with_shadow, viewport);
  const auto plain = render(300, lines_only(), viewport);
  int lowest = 0;
  for (int joint = 0; joint < clip_.skeleton.joint_count(); ++joint) {
    if (pose_.position(joint).y < pose_.position(lowest).y) lowest = joint;
  }
  const glm::vec3 under(pose_.position(lowest).x, bounds_.min.y, pose_.position(lowest).z);
  const float aspect = static_cast<float>(viewport.width) / static_cast<float>(viewport.height);
  const glm::vec3 p =
      project_to_pixels(camera_.projection(aspect) * camera_.view(), under, glm::vec2(viewport.width, viewport.height));
  // project_to_pixels counts y down from the view's top; read_rgba's rows are top first.
  const int x = viewport.x + static_cast<int>(p.x);
  const int y = (kHeight - viewport.y - viewport.height) + static_cast<int>(p.y) + 2;
  const Rgb dark = pixel(shadowed, x, y);
  const Rgb light = pixel(plain, x, y);
  EXPECT_LT(dark.r + dark.g + dark.b, light.r + light.g + light.b - 15) << "at " << x << "," << y;
  int darkened_outside = 0;
  int not_opaque = 0;
  for (int row = 0; row < kHeight; ++row) {
    for (int column = 0; column < kWidth; ++column) {
      const std::size_t i = (static_cast<std::size_t>(row) * kWidth + static_cast<std::size_t>(column)) * 4;
      const int gl_y = kHeight - 1 - row;
      const bool inside = column >= viewport.x && column < viewport.x + viewport.width && gl_y >= viewport.y &&
                          gl_y < viewport.y + viewport.height;
      if (!inside && (shadowed[i] != plain[i] || shadowed[i + 1] != plain[i + 1] || shadowed[i + 2] != plain[i + 2])) {
        ++darkened_outside;
      }
      if (shadowed[i + 3] != 255) ++not_opaque;
    }
  }
  EXPECT_EQ(darkened_outside, 0);
  EXPECT_EQ(not_opaque, 0);
}

// At 720x400 the shadow's mask has a texel for every 2x2 pixels (gfx/shadow_mask_grid). A frame
// drawn in a region that cuts through the shadow gives inside the region exactly the pixels of
// the frame drawn whole: the texels its pixels read are drawn whole, whatever the mask held before
// (another pose's shadow, drawn between).
TEST_F(SceneRenderTest, AShadowCutByARegionIsTheWholeFramesShadowThere) {
  constexpr int width = 720;
  constexpr int height = 400;
  std::string error;
  std::optional<RenderTarget> big = RenderTarget::create(width, height, 4, error);
  ASSERT_TRUE(big) << error;
  const float aspect = static_cast<float>(width) / static_cast<float>(height);
  camera_.reset(bounds_, aspect);
  const auto draw = [&](std::size_t frame, const SceneStyle& style, std::optional<Viewport> region) {
    return render_into(*big, width, height, frame, style, Viewport{0, 0, width, height}, region);
  };
  SceneStyle with_shadow = lines_only();
  with_shadow.show_shadow = true;
  const auto plain = draw(300, lines_only(), std::nullopt);
  const auto whole = draw(300, with_shadow, std::nullopt);
  int lowest = 0;
  for (int joint = 0; joint < clip_.skeleton.joint_count(); ++joint) {
    if (pose_.position(joint).y < pose_.position(lowest).y) lowest = joint;
  }
  const glm::vec3 under(pose_.position(lowest).x, bounds_.min.y, pose_.position(lowest).z);
  const glm::vec3 p = project_to_pixels(camera_.projection(aspect) * camera_.view(), under, glm::vec2(width, height));
  const int x = static_cast<int>(p.x);
  const int gl_y = height - 1 - static_cast<int>(p.y);
  // Bands and a box through the foot's shadow, at odd and even edges. A bone's line cut by a
  // region's edge may differ there by itself (drawn without the shadow too): such pixels are left
  // out, and must stay few.
  for (const Viewport& region : {Viewport{x - 9, 0, 23, height}, Viewport{x - 4, gl_y - 5, 17, 11},
                                 Viewport{0, gl_y - 3, width, 7}, Viewport{x + 1, gl_y - 20, 2, 40}}) {
    draw(120, lines_only(), std::nullopt);
    const auto part_plain = draw(300, lines_only(), region);
    draw(120, with_shadow, std::nullopt);  // another pose's shadow left in the mask
    const auto part = draw(300, with_shadow, region);
    int differing = 0;
    int left_out = 0;
    int shadowed = 0;  // pixels of the region the shadow darkens
    const auto same_at = [](const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b, std::size_t i) {
      return std::equal(a.begin() + static_cast<std::ptrdiff_t>(i), a.begin() + static_cast<std::ptrdiff_t>(i + 4),
                        b.begin() + static_cast<std::ptrdiff_t>(i));
    };
    for (int row_y = std::max(region.y, 0); row_y < std::min(region.y + region.height, height); ++row_y) {
      for (int column = std::max(region.x, 0); column < std::min(region.x + region.width, width); ++column) {
        const std::size_t i =
            (static_cast<std::size_t>(height - 1 - row_y) * width + static_cast<std::size_t>(column)) * 4;
        if (!same_at(part_plain, plain, i)) {
          ++left_out;
          continue;
        }
        differing += same_at(part, whole, i) ? 0 : 1;
        shadowed += same_at(whole, plain, i) ? 0 : 1;
      }
    }
    const std::string where = std::to_string(region.x) + "," + std::to_string(region.y) + " " +
                              std::to_string(region.width) + "x" + std::to_string(region.height);
    EXPECT_EQ(differing, 0) << "region " << where;
    EXPECT_LE(left_out, 8) << "region " << where;
    EXPECT_GT(shadowed, 10) << "the region misses the shadow: " << where;
  }
}

TEST_F(SceneRenderTest, HighlightedBoneIsDrawnInTheHighlightColour) {
  SceneStyle style = lines_only();
  const int joint = 5;
  style.highlight_joint = joint;
  const auto image = render(300, style);
  pose_frame(clip_, 300, PositionMode::Add, pose_);
  const glm::vec2 mid = (project(joint) + project(clip_.skeleton.parents[joint])) * 0.5f;
  EXPECT_LE(nearest_distance(image, static_cast<int>(mid.x), static_cast<int>(mid.y), style.palette.highlight), 40);
}

}  // namespace
}  // namespace bvhscope::gfx
