// A clip's look for motion comparison, checked on real pixels: per-joint colours (lines graded from
// the parent joint's colour to the child's, joint spheres and dots in their joint's, the clip colour
// when there are none, the colour buffer uploaded only when a colour changed) and ghosts (opacity
// below 1: blended once over the opaque clips, with and without multisampling, in both styles,
// casting no shadow).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/bone_radii.hpp"
#include "anim/pose.hpp"
#include "anim/skeleton.hpp"
#include "gfx/render_target.hpp"
#include "gfx/scene_renderer.hpp"
#include "gfx/shader_program.hpp"
#include "gfx/skeleton_pass.hpp"
#include "gl_test_context.hpp"
#include "model/clip_placement.hpp"
#include "model/draw_detail.hpp"
#include "model/orbit_camera.hpp"
#include "model/scene_scale.hpp"

namespace bvhscope::gfx {
namespace {

constexpr int kWidth = 320;
constexpr int kHeight = 240;
constexpr float kFovY = 0.7f;
constexpr float kNoGround = -1.0e4f;  // far below everything: no contact darkening

const glm::vec3 kRed(1.0f, 0.0f, 0.0f);
const glm::vec3 kBlue(0.0f, 0.0f, 1.0f);

// A clip of joints at fixed positions (its rest pose is its pose): parents[j] is j's parent.
struct TestClip {
  Skeleton skeleton;
  Pose pose;
  float figure_size = 1.0f;
};

TestClip make_clip(const std::vector<int>& parents, const std::vector<glm::vec3>& positions, float bone_radius) {
  TestClip clip;
  clip.figure_size = bone_radius / kMaxRadiusPerSize;  // long bones get this radius (anim/bone_radii)
  clip.skeleton.parents = parents;
  for (std::size_t j = 0; j < parents.size(); ++j) {
    clip.pose.world.push_back(glm::translate(glm::mat4(1.0f), positions[j]));
    const glm::vec3 parent =
        parents[j] == kNoParent ? glm::vec3(0.0f) : positions[static_cast<std::size_t>(parents[j])];
    clip.skeleton.offsets.push_back(positions[j] - parent);
  }
  clip.pose.local = clip.pose.world;
  return clip;
}

// One bone from `from` (joint 0) to `to` (joint 1).
TestClip make_bone(glm::vec3 from, glm::vec3 to, float radius) { return make_clip({kNoParent, 0}, {from, to}, radius); }

struct Image {
  std::vector<std::uint8_t> rgba;
  [[nodiscard]] glm::ivec3 at(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(y) * kWidth + static_cast<std::size_t>(x)) * 4;
    return {rgba[i], rgba[i + 1], rgba[i + 2]};
  }
};

glm::ivec3 to_levels(glm::vec3 c) { return glm::ivec3(glm::round(glm::clamp(c, 0.0f, 1.0f) * 255.0f)); }

int difference(glm::ivec3 a, glm::ivec3 b) {
  return std::max({std::abs(a.x - b.x), std::abs(a.y - b.y), std::abs(a.z - b.z)});
}

std::string text(glm::ivec3 c) { return std::to_string(c.x) + "," + std::to_string(c.y) + "," + std::to_string(c.z); }

// The solid style's lighting of base colour `base` at point p with normal n (shaders/capsule.frag).
glm::vec3 shade(glm::vec3 base, glm::vec3 n, glm::vec3 p, glm::vec3 eye) {
  const glm::vec3 light = glm::normalize(glm::vec3(0.35f, 0.9f, 0.45f));
  const glm::vec3 v = glm::normalize(eye - p);
  const glm::vec3 ambient = glm::mix(glm::vec3(0.32f, 0.30f, 0.29f), glm::vec3(0.78f, 0.82f, 0.90f), n.y * 0.5f + 0.5f);
  const float diffuse = std::max(glm::dot(n, light), 0.0f);
  const float specular = std::pow(std::max(glm::dot(n, glm::normalize(light + v)), 0.0f), 40.0f) * 0.22f;
  const float fill = std::max(glm::dot(n, v), 0.0f);
  const float rim = std::pow(1.0f - fill, 3.0f) * 0.18f;
  return base * (ambient * 0.55f + diffuse * 0.5f + fill * 0.28f) + specular + rim * glm::vec3(0.55f, 0.65f, 0.85f);
}

struct Camera {
  glm::vec3 eye{0.0f, 0.0f, 10.0f};
  glm::vec3 target{0.0f};
  [[nodiscard]] SceneView view() const {
    SceneView v;
    v.view = glm::lookAt(eye, target, glm::vec3(0.0f, 1.0f, 0.0f));
    v.projection = glm::perspective(kFovY, static_cast<float>(kWidth) / kHeight, 0.05f, 100.0f);
    v.eye = eye;
    v.viewport = {0, 0, kWidth, kHeight};
    return v;
  }
  // Pixel coordinates (x right, y down from the top row) of a world point.
  [[nodiscard]] glm::vec2 project(glm::vec3 p) const {
    const SceneView v = view();
    return glm::vec2(project_to_pixels(v.projection * v.view, p, glm::vec2(kWidth, kHeight)));
  }
  // The unit ray through the centre of pixel (x, y).
  [[nodiscard]] glm::vec3 ray(int x, int y) const {
    const SceneView v = view();
    const glm::mat4 inverse = glm::inverse(v.projection * v.view);
    const glm::vec4 far = inverse * glm::vec4((static_cast<float>(x) + 0.5f) / kWidth * 2.0f - 1.0f,
                                              1.0f - (static_cast<float>(y) + 0.5f) / kHeight * 2.0f, 1.0f, 1.0f);
    return glm::normalize(glm::vec3(far) / far.w - eye);
  }
};

// The look of a clip in `color`, with its joints' colours and opacity.
ClipLook look_of(glm::vec3 color, std::vector<glm::vec3> joint_colors = {}, float opacity = 1.0f) {
  ClipLook look;
  look.use_palette = false;
  look.line_color = color;
  look.solid_color = color;
  look.joint_colors = std::move(joint_colors);
  look.opacity = opacity;
  return look;
}

class ClipLookTest : public test::GlTest {
 protected:
  void SetUp() override {
    test::GlTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    std::string error;
    lines_ = ShaderProgram::from_embedded("lines", error);
    ASSERT_TRUE(lines_) << error;
    pass_ = SkeletonPass::create(*lines_, error);
    ASSERT_TRUE(pass_) << error;
  }

  void TearDown() override {  // GL objects go before the context does
    pass_.reset();
    lines_.reset();
    scene_.reset();
    target_.reset();
    test::GlTest::TearDown();
  }

  void use_target(int samples) {
    if (target_ && target_->samples() == samples) return;
    target_.reset();
    std::string error;
    target_ = RenderTarget::create(kWidth, kHeight, samples, error);
    ASSERT_TRUE(target_) << error;
  }

  // The clips drawn by the skeleton pass alone on `background`.
  Image draw(const std::vector<const TestClip*>& clips, const std::vector<ClipLook>& looks, const SceneStyle& style,
             int samples = 0, glm::vec3 background = glm::vec3(0.0f), const Camera& camera = Camera{},
             const std::vector<DrawDetail>& details = {}) {
    use_target(samples);
    std::vector<SkeletonSlot> slots;
    for (std::size_t i = 0; i < clips.size(); ++i) {
      slots.push_back({&clips[i]->skeleton, clips[i]->figure_size, i < details.size() ? details[i] : DrawDetail{}});
    }
    pass_->set_skeletons(slots);
    pass_->set_looks(looks);
    for (std::size_t i = 0; i < clips.size(); ++i)
      pass_->write_pose(i, clips[i]->skeleton, clips[i]->pose, Placement{});
    pass_->upload();
    target_->bind();
    clear_framebuffer(kWidth, kHeight, background.x, background.y, background.z);
    pass_->draw(camera.view(), style, kNoGround);
    return Image{target_->read_rgba()};
  }

  static SceneStyle lines_style(bool joints) {
    SceneStyle style;
    style.bones = BoneStyle::Lines;
    style.show_joints = joints;
    return style;
  }
  static SceneStyle solid_style(bool joints) {
    SceneStyle style;
    style.show_joints = joints;
    return style;
  }

  std::optional<RenderTarget> target_;
  std::optional<ShaderProgram> lines_;  // the line program the pass draws with (SceneRenderer's in the app)
  std::optional<SkeletonPass> pass_;
  std::optional<SceneRenderer> scene_;
};

// ---------------------------------------------------------------------------------------------
// Per-joint colours

// The brightest pixel of column x within `r` rows of y (a line is 2-3 pixels wide).
glm::ivec3 brightest_near(const Image& image, int x, int y, int r = 2) {
  glm::ivec3 best(-1);
  for (int dy = -r; dy <= r; ++dy) {
    const glm::ivec3 c = image.at(x, std::clamp(y + dy, 0, kHeight - 1));
    if (c.x + c.y + c.z > best.x + best.y + best.z) best = c;
  }
  return best;
}

// A side-on bone at constant depth: its colour runs linearly across the screen from the parent's
// red to the child's blue, so at the fraction f of the way along it is (1 - f) red + f blue.
TEST_F(ClipLookTest, ALinesBoneIsGradedFromItsParentJointsColourToItsChilds) {
  const TestClip bone = make_bone({-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}, 0.2f);
  const Camera camera;
  const Image image = draw({&bone}, {look_of(glm::vec3(0.9f, 0.7f, 0.5f), {kRed, kBlue})}, lines_style(false));
  const glm::vec2 a = camera.project({-2.0f, 0.0f, 0.0f});
  const glm::vec2 b = camera.project({2.0f, 0.0f, 0.0f});
  ASSERT_GT(b.x - a.x, 100.0f);
  int last_red = 256;
  int last_blue = -1;
  for (const float along : {0.05f, 0.25f, 0.5f, 0.75f, 0.95f}) {
    const int x = static_cast<int>(a.x + along * (b.x - a.x));
    const float f = (static_cast<float>(x) + 0.5f - a.x) / (b.x - a.x);  // at the pixel's centre
    const glm::ivec3 got = brightest_near(image, x, static_cast<int>(a.y));
    const glm::ivec3 want = to_levels((1.0f - f) * kRed + f * kBlue);
    EXPECT_LE(difference(got, want), 3) << "at " << f << " of the bone: " << text(got) << " for " << text(want);
    EXPECT_LT(got.x, last_red) << "red falls towards the child";
    EXPECT_GT(got.z, last_blue) << "blue rises towards the child";
    last_red = got.x;
    last_blue = got.z;
  }
  // Near each end, that joint's colour.
  EXPECT_GT(brightest_near(image, static_cast<int>(a.x) + 3, static_cast<int>(a.y)).x, 240);
  EXPECT_GT(brightest_near(image, static_cast<int>(b.x) - 3, static_cast<int>(b.y)).z, 240);
}

// Joint dots are discs in their joint's colour (darker only at the rim).
TEST_F(ClipLookTest, LinesJointDotsAreInTheirJointsColour) {
  const TestClip bone = make_bone({-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}, 0.2f);
  const Camera camera;
  const glm::vec3 green(0.1f, 0.8f, 0.3f);
  const glm::vec3 purple(0.6f, 0.2f, 0.9f);
  const Image image = draw({&bone}, {look_of(glm::vec3(0.9f, 0.7f, 0.5f), {green, purple})}, lines_style(true));
  const glm::vec2 a = camera.project({-2.0f, 0.0f, 0.0f});
  const glm::vec2 b = camera.project({2.0f, 0.0f, 0.0f});
  EXPECT_LE(difference(image.at(static_cast<int>(a.x), static_cast<int>(a.y)), to_levels(green)), 1);
  EXPECT_LE(difference(image.at(static_cast<int>(b.x), static_cast<int>(b.y)), to_levels(purple)), 1);
}

// Solid style: the pixel over a joint sphere's centre is the sphere's lit surface, facing the eye,
// in the joint's own colour (not mixed with the clip's or the palette's joint colour); the middle
// of the bone is lit in the mean of its two joints' colours. Without joint colours (or with the
// wrong count) the clip's colours are as they always were.
TEST_F(ClipLookTest, SolidJointSpheresAndBonesTakeTheJointsColours) {
  const TestClip bone = make_bone({-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}, 0.3f);
  const Camera camera;
  const glm::vec3 clay(0.93f, 0.70f, 0.46f);
  const glm::vec3 green(0.1f, 0.8f, 0.2f);
  const glm::vec3 violet(0.7f, 0.1f, 0.9f);
  const std::vector<float> spheres =
      joint_radii(bone.skeleton, bone_radii(bone.skeleton, bone.figure_size), bone.figure_size);
  // The pixel over joint j's sphere's centre and the colour the lighting gives it there.
  const auto sphere_pixel = [&](int j, glm::vec3 base, glm::ivec2& at) {
    const glm::vec3 centre(bone.pose.position(j));
    const float sphere = spheres[static_cast<std::size_t>(j)];
    const glm::vec2 p = camera.project(centre);
    at = glm::ivec2(p);
    const glm::vec3 ray = camera.ray(at.x, at.y);
    const glm::vec3 oc = camera.eye - centre;
    const float b = glm::dot(oc, ray);
    const float t = -b - std::sqrt(b * b - (glm::dot(oc, oc) - sphere * sphere));
    const glm::vec3 hit = camera.eye + ray * t;
    return to_levels(shade(base, glm::normalize(hit - centre), hit, camera.eye));
  };
  // The bone's side facing the eye, where the ray through the pixel over its middle meets the
  // cylinder of radius 0.3 around the x axis, and the mix of its joints' colours there.
  const glm::ivec2 mid_px(camera.project({0.0f, 0.0f, 0.3f}));
  const glm::vec3 mid_ray = camera.ray(mid_px.x, mid_px.y);
  const float qa = mid_ray.y * mid_ray.y + mid_ray.z * mid_ray.z;
  const float qb = camera.eye.z * mid_ray.z;
  const float qc = camera.eye.z * camera.eye.z - 0.3f * 0.3f;
  const glm::vec3 middle = camera.eye + mid_ray * ((-qb - std::sqrt(qb * qb - qa * qc)) / qa);
  const glm::vec3 mid_normal = glm::normalize(glm::vec3(0.0f, middle.y, middle.z));
  const float mid_along = (middle.x + 2.0f) / 4.0f;

  for (const int samples : {0, 4}) {
    SCOPED_TRACE("samples " + std::to_string(samples));
    const Image coloured = draw({&bone}, {look_of(clay, {green, violet})}, solid_style(true), samples);
    glm::ivec2 at;
    glm::ivec3 want = sphere_pixel(0, green, at);
    EXPECT_LE(difference(coloured.at(at.x, at.y), want), 3) << text(coloured.at(at.x, at.y)) << " for " << text(want);
    EXPECT_GT(coloured.at(at.x, at.y).y, coloured.at(at.x, at.y).x + 60) << "green dominates";
    want = sphere_pixel(1, violet, at);
    EXPECT_LE(difference(coloured.at(at.x, at.y), want), 3) << text(coloured.at(at.x, at.y)) << " for " << text(want);
    EXPECT_GT(coloured.at(at.x, at.y).z, coloured.at(at.x, at.y).y + 60) << "blue dominates";
    want = to_levels(shade(glm::mix(green, violet, mid_along), mid_normal, middle, camera.eye));
    EXPECT_LE(difference(coloured.at(mid_px.x, mid_px.y), want), 3) << text(coloured.at(mid_px.x, mid_px.y));

    // The clip colour: bones in it, spheres in its mix with the palette's joint colour.
    for (const std::vector<glm::vec3>& none : {std::vector<glm::vec3>{}, std::vector<glm::vec3>{green}}) {
      const Image plain = draw({&bone}, {look_of(clay, none)}, solid_style(true), samples);
      want = sphere_pixel(1, glm::mix(clay, Palette{}.joint, 0.35f), at);
      EXPECT_LE(difference(plain.at(at.x, at.y), want), 3) << text(plain.at(at.x, at.y)) << " for " << text(want);
      want = to_levels(shade(clay, mid_normal, middle, camera.eye));
      EXPECT_LE(difference(plain.at(mid_px.x, mid_px.y), want), 3) << text(plain.at(mid_px.x, mid_px.y));
    }
  }
}

// A selected joint is marked in the highlight colour over its joint colour, as before.
TEST_F(ClipLookTest, AMarkStillOverridesTheJointColours) {
  const TestClip bone = make_bone({-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}, 0.3f);
  const Camera camera;
  std::vector<ClipLook> looks = {look_of(glm::vec3(0.9f), {kRed, kRed})};
  looks[0].selected = 1;
  const Image image = draw({&bone}, looks, solid_style(true));
  const glm::ivec2 end(camera.project({2.0f, 0.0f, 0.0f}));
  const glm::ivec3 c = image.at(end.x, end.y);
  EXPECT_GT(c.z, c.x + 40) << text(c) << ": the highlight's blue, not the joint's red";
}

// A skeleton drawn with an even subset of its bones as lines (a huge one): each segment runs from
// its start joint's colour to its end joint's, by joint index.
TEST_F(ClipLookTest, AReducedSkeletonsSegmentsTakeTheirJointsColours) {
  // A straight chain of 41 joints across the view; joint j's colour goes from red to blue.
  std::vector<int> parents;
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> colors;
  for (int j = 0; j <= 40; ++j) {
    parents.push_back(j - 1);
    positions.emplace_back(-3.0f + 0.15f * static_cast<float>(j), 0.0f, 0.0f);
    colors.push_back(glm::mix(kRed, kBlue, static_cast<float>(j) / 40.0f));
  }
  const TestClip chain = make_clip(parents, positions, 0.05f);
  DrawDetail detail;
  detail.solid = false;
  detail.joint_dots = false;
  detail.shadow = false;
  detail.every_bone = false;
  detail.drawn_bones = 4;
  const ReducedBones segments = reduced_bones(chain.skeleton, detail.drawn_bones);
  ASSERT_LT(segments.size(), 40u);
  ASSERT_GE(segments.size(), 2u);
  const Camera camera;
  for (const BoneStyle bones : {BoneStyle::Lines, BoneStyle::Solid}) {
    SceneStyle style;
    style.bones = bones;
    const Image image = draw({&chain}, {look_of(glm::vec3(0.9f), colors)}, style, 0, glm::vec3(0.0f), camera, {detail});
    for (std::size_t s = 0; s < segments.size(); ++s) {
      const glm::vec3 from = positions[static_cast<std::size_t>(segments.from[s])];
      const glm::vec3 to = positions[static_cast<std::size_t>(segments.to[s])];
      // A quarter of the way along the segment: the mix of its ends' colours there (linear).
      const glm::vec2 a = camera.project(from);
      const glm::vec2 b = camera.project(to);
      const int x = static_cast<int>(a.x + 0.25f * (b.x - a.x));
      const float f = (static_cast<float>(x) + 0.5f - a.x) / (b.x - a.x);
      const glm::vec3 want = glm::mix(colors[static_cast<std::size_t>(segments.from[s])],
                                      colors[static_cast<std::size_t>(segments.to[s])], f);
      const glm::ivec3 got = brightest_near(image, x, static_cast<int>(a.y));
      EXPECT_LE(difference(got, to_levels(want)), 3) << "segment " << s << ": " << text(got);
    }
  }
}

// The colour buffer goes to the GPU once when colours change (whatever number of clips changed),
// and not at all when they are the same.
TEST_F(ClipLookTest, JointColoursAreUploadedOnceWhenChangedAndNeverWhenNot) {
  const TestClip a = make_bone({-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}, 0.2f);
  const TestClip b = make_bone({-2.0f, 1.0f, 0.0f}, {2.0f, 1.0f, 0.0f}, 0.2f);
  std::vector<ClipLook> looks = {look_of(glm::vec3(1.0f), {kRed, kBlue}), look_of(glm::vec3(1.0f), {kBlue, kRed})};
  draw({&a, &b}, looks, lines_style(false));
  EXPECT_EQ(pass_->color_buffer_bytes(), (4u + 4u) * 4u) << "one RGBA8 a point: 2 per bone, 1 per joint";
  const std::size_t before = pass_->color_upload_count();
  for (int frame = 0; frame < 5; ++frame) pass_->set_looks(looks);
  EXPECT_EQ(pass_->color_upload_count(), before) << "unchanged colours";
  looks[0].joint_colors[0] = glm::vec3(0.5f);
  looks[1].joint_colors[1] = glm::vec3(0.25f);
  pass_->set_looks(looks);
  EXPECT_EQ(pass_->color_upload_count(), before + 1) << "two clips changed: one upload";
  looks[1].joint_colors.clear();
  pass_->set_looks(looks);
  EXPECT_EQ(pass_->color_upload_count(), before + 1) << "back to the clip colour: nothing to upload";
}

// ---------------------------------------------------------------------------------------------
// Ghosts

// Every pixel of `ghost` against the blend of `opaque` (the ghost drawn opaque) over `without` (no
// ghost) by `opacity`, within `tolerance` levels: where the ghost is in front of everything, that is
// its one nearest surface blended once (a second blend where its shapes overlap would be off by a
// quarter of the difference). Returns the number of pixels the ghost changes.
int expect_blend(const Image& ghost, const Image& opaque, const Image& without, float opacity, int tolerance = 2) {
  int changed = 0;
  int wrong = 0;
  std::string first;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      const glm::vec3 want = opacity * glm::vec3(opaque.at(x, y)) + (1.0f - opacity) * glm::vec3(without.at(x, y));
      const glm::ivec3 got = ghost.at(x, y);
      if (opaque.at(x, y) != without.at(x, y)) ++changed;
      if (difference(got, glm::ivec3(glm::round(want))) > tolerance && wrong++ == 0) {
        first = std::to_string(x) + "," + std::to_string(y) + ": " + text(got) + " for " + text(glm::ivec3(want)) +
                " (ghost drawn opaque " + text(opaque.at(x, y)) + ", without " + text(without.at(x, y)) + ")";
      }
    }
  }
  EXPECT_EQ(wrong, 0) << "pixels off the blend, first at " << first;
  return changed;
}

// An opaque bone and, in front of it, a ghost of two crossing bones with joint spheres (its own
// shapes overlap at the crossing and at every joint), listed first but drawn after the opaque clip:
// the ghost is its opaque picture blended by its opacity over the picture without it, pixel for
// pixel, with and without multisampling, in both styles. Spot checks: over the opaque bone
// 0.5 ghost + 0.5 opaque, over the background 0.5 ghost + 0.5 background, elsewhere untouched.
TEST_F(ClipLookTest, AGhostIsItsNearestSurfaceBlendedOnceOverWhatIsBehind) {
  const TestClip opaque = make_bone({-3.0f, -1.5f, -1.0f}, {3.0f, -1.5f, -1.0f}, 0.5f);
  const TestClip ghost =
      make_clip({kNoParent, 0, kNoParent, 2},
                {{-2.0f, -2.5f, 1.0f}, {2.0f, 1.5f, 1.0f}, {-2.0f, 1.5f, 1.2f}, {2.0f, -2.5f, 1.2f}}, 0.4f);
  const glm::vec3 background(0.25f, 0.3f, 0.35f);
  const glm::vec3 opaque_color(0.9f, 0.3f, 0.2f);
  const glm::vec3 ghost_color(0.2f, 0.5f, 0.95f);
  const Camera camera;
  for (const int samples : {0, 4}) {
    for (const bool lines : {false, true}) {
      SCOPED_TRACE(std::string(lines ? "lines" : "solid") + ", samples " + std::to_string(samples));
      const SceneStyle style = lines ? lines_style(true) : solid_style(true);
      ClipLook hidden = look_of(ghost_color);
      hidden.visible = false;
      const Image without =
          draw({&ghost, &opaque}, {hidden, look_of(opaque_color)}, style, samples, background, camera);
      const Image as_opaque =
          draw({&ghost, &opaque}, {look_of(ghost_color), look_of(opaque_color)}, style, samples, background, camera);
      const Image blended = draw({&ghost, &opaque}, {look_of(ghost_color, {}, 0.5f), look_of(opaque_color)}, style,
                                 samples, background, camera);
      EXPECT_GT(expect_blend(blended, as_opaque, without, 0.5f), lines ? 300 : 3000);
      if (lines) continue;
      // Where the first ghost bone crosses the opaque one (x = -1, y = -1.5, in front of it), where
      // it is over the background only (x = 1, y = 0.5), and on the opaque bone away from the ghost.
      const glm::ivec2 over(camera.project({-1.0f, -1.5f, 1.0f}));
      const glm::ivec2 alone(camera.project({1.0f, 0.5f, 1.0f}));
      const glm::ivec2 uncovered(camera.project({2.9f, -1.5f, -1.0f}));
      const glm::vec3 g(as_opaque.at(over.x, over.y));
      EXPECT_GT(g.z, g.x + 60) << "the ghost's blue is what the opaque picture has there";
      EXPECT_LE(difference(blended.at(over.x, over.y),
                           glm::ivec3(glm::round(0.5f * g + 0.5f * glm::vec3(without.at(over.x, over.y))))),
                2);
      const glm::vec3 bg = glm::round(background * 255.0f);
      EXPECT_LE(difference(without.at(alone.x, alone.y), glm::ivec3(bg)), 1);
      EXPECT_LE(difference(blended.at(alone.x, alone.y),
                           glm::ivec3(glm::round(0.5f * glm::vec3(as_opaque.at(alone.x, alone.y)) + 0.5f * bg))),
                2);
      EXPECT_EQ(blended.at(uncovered.x, uncovered.y), without.at(uncovered.x, uncovered.y));
    }
  }
}

// Two capsules of one ghost lying exactly on each other (the same bone twice): the pixel is the
// same as with one of them, where two blends would darken it towards the ghost's colour.
TEST_F(ClipLookTest, TwoCoincidentCapsulesOfAGhostBlendOnce) {
  const TestClip once = make_bone({-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}, 0.5f);
  const TestClip twice =
      make_clip({kNoParent, 0, kNoParent, 2},
                {{-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}, {-2.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}}, 0.5f);
  const glm::vec3 background(0.8f, 0.8f, 0.8f);
  for (const int samples : {0, 4}) {
    SCOPED_TRACE("samples " + std::to_string(samples));
    const Image one = draw({&once}, {look_of(kBlue, {}, 0.5f)}, solid_style(true), samples, background);
    const Image two = draw({&twice}, {look_of(kBlue, {}, 0.5f)}, solid_style(true), samples, background);
    const glm::ivec2 centre(kWidth / 2, kHeight / 2);
    EXPECT_NE(one.at(centre.x, centre.y), glm::ivec3(glm::round(background * 255.0f))) << "the ghost is there";
    int differing = 0;
    for (int y = 0; y < kHeight; ++y) {
      for (int x = 0; x < kWidth; ++x) differing += difference(one.at(x, y), two.at(x, y)) > 1 ? 1 : 0;
    }
    EXPECT_EQ(differing, 0);
  }
}

// A ghost's selected joint is marked as an opaque clip's is: the highlight over it is not blended.
TEST_F(ClipLookTest, AGhostsMarkIsOpaque) {
  // Joint 2 is selected: its bone (1 to 2) and sphere are marked, the bone 0 to 1 is not.
  const TestClip bone =
      make_clip({kNoParent, 0, 1}, {{-2.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}, {2.0f, 0.0f, 0.0f}}, 0.3f);
  const Camera camera;
  const glm::ivec2 end(camera.project({2.0f, 0.0f, 0.0f}));
  for (const bool lines : {false, true}) {
    SCOPED_TRACE(lines ? "lines" : "solid");
    const SceneStyle style = lines ? lines_style(true) : solid_style(true);
    std::vector<ClipLook> looks = {look_of(glm::vec3(0.9f, 0.3f, 0.2f), {kRed, kRed, kRed})};
    looks[0].selected = 2;
    const Image opaque = draw({&bone}, looks, style);
    looks[0].opacity = 0.5f;
    const Image ghost = draw({&bone}, looks, style);
    EXPECT_GT(opaque.at(end.x, end.y).z, opaque.at(end.x, end.y).x + 40) << "the highlight's blue";
    EXPECT_LE(difference(ghost.at(end.x, end.y), opaque.at(end.x, end.y)), 1) << text(ghost.at(end.x, end.y));
    const glm::ivec2 middle(camera.project({-1.0f, 0.0f, 0.0f}));
    EXPECT_GT(difference(ghost.at(middle.x, middle.y), opaque.at(middle.x, middle.y)), 40) << "the bone is a ghost";
  }
}

// Through the scene renderer (shadow and floor): the floor under a ghost is as it is without the
// ghost, where the same clip drawn opaque darkens it.
TEST_F(ClipLookTest, AGhostCastsNoShadow) {
  std::string error;
  scene_ = SceneRenderer::create(error);
  ASSERT_TRUE(scene_) << error;
  use_target(4);
  const TestClip ghost = make_bone({-1.5f, 0.4f, 0.0f}, {1.5f, 0.4f, 0.0f}, 0.25f);
  const TestClip other = make_bone({-1.5f, 0.4f, -4.0f}, {1.5f, 0.4f, -4.0f}, 0.25f);
  GroundGrid grid;
  grid.center = {0.0f, 0.0f, 0.0f};
  grid.extent = 20.0f;
  const std::vector<const Skeleton*> skeletons = {&ghost.skeleton, &other.skeleton};
  const std::vector<float> heights = {ghost.figure_size, other.figure_size};
  scene_->set_skeletons(skeletons, heights);
  scene_->set_ground(grid);
  Camera camera;
  camera.eye = {0.0f, 5.0f, 7.0f};
  SceneStyle style;
  style.show_axes = false;
  const auto render = [&](bool visible, float opacity) {
    std::vector<ClipLook> looks = {look_of(glm::vec3(0.2f, 0.5f, 0.95f), {}, opacity), look_of(glm::vec3(0.9f))};
    looks[0].visible = visible;
    scene_->set_looks(looks);
    scene_->write_pose(0, ghost.skeleton, ghost.pose, Placement{});
    scene_->write_pose(1, other.skeleton, other.pose, Placement{});
    scene_->upload_poses();
    target_->bind();
    clear_framebuffer(kWidth, kHeight, 0.0f, 0.0f, 0.0f);
    scene_->draw(camera.view(), style, 0);
    return Image{target_->read_rgba()};
  };
  const Image without = render(false, 1.0f);
  const Image opaque = render(true, 1.0f);
  const Image ghosted = render(true, 0.5f);
  // The floor straight under the bone's middle, and under one of its ends (the bone hides neither).
  for (const glm::vec3 floor : {glm::vec3(0.0f), glm::vec3(1.2f, 0.0f, 0.0f)}) {
    const glm::ivec2 p(camera.project(floor));
    const glm::ivec3 lit = without.at(p.x, p.y);
    EXPECT_LT(opaque.at(p.x, p.y).x + opaque.at(p.x, p.y).y + opaque.at(p.x, p.y).z, lit.x + lit.y + lit.z - 15)
        << "the opaque clip's shadow is there";
    EXPECT_EQ(ghosted.at(p.x, p.y), lit) << "no shadow under the ghost at " << p.x << "," << p.y;
  }
  // And the ghost itself shows, between the floor and its opaque picture.
  const glm::ivec2 bone(camera.project({0.0f, 0.4f, 0.0f}));
  EXPECT_NE(ghosted.at(bone.x, bone.y), without.at(bone.x, bone.y));
  EXPECT_NE(ghosted.at(bone.x, bone.y), opaque.at(bone.x, bone.y));
}

}  // namespace
}  // namespace bvhscope::gfx
