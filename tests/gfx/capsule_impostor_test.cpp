// The solid style's bones and joint spheres checked against a reference ray caster on the CPU:
// silhouettes under perspective (a sphere's disc, a bone side-on and end-on, the camera inside a
// bone's bounding box), the exact surface normal in the shading, depth between capsules and
// against the floor, and antialiased edges when the target is multisampled.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/bone_radii.hpp"
#include "anim/pose.hpp"
#include "anim/skeleton.hpp"
#include "gfx/gl.hpp"
#include "gfx/render_target.hpp"
#include "gfx/scene_renderer.hpp"
#include "gfx/shader_program.hpp"
#include "gfx/skeleton_pass.hpp"
#include "gl_test_context.hpp"
#include "model/clip_placement.hpp"
#include "model/scene_scale.hpp"

namespace bvhscope::gfx {
namespace {

constexpr int kWidth = 320;
constexpr int kHeight = 240;
constexpr double kFovY = 0.7;
constexpr float kNoGround = -1.0e4f;  // a ground_y far below everything: no contact darkening

// ---------------------------------------------------------------------------------------------
// The reference: capsules as exact geometry in double precision, hit by the ray through each
// pixel's centre, and shaded with the solid style's lighting (shaders/capsule.frag).

struct Capsule {
  glm::dvec3 a{0.0};
  glm::dvec3 b{0.0};
  double radius = 1.0;
  glm::dvec3 color{1.0};
};

// The solid style's light direction.
const glm::dvec3 kLightDir = glm::normalize(glm::dvec3(0.35, 0.9, 0.45));

glm::dvec3 nearest_on_segment(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b) {
  const glm::dvec3 ab = b - a;
  const double len2 = glm::dot(ab, ab);
  const double u = len2 > 0.0 ? std::clamp(glm::dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
  return a + ab * u;
}

double distance_to_capsule(const glm::dvec3& p, const Capsule& c) {
  return glm::length(p - nearest_on_segment(p, c.a, c.b)) - c.radius;
}

// The smallest distance between the ray's line and the capsule's segment: the ray hits the capsule
// exactly when this is below the radius (for a capsule in front of the eye). The squared distance
// from the line is a quadratic in the segment's parameter, minimised and clamped to the segment.
double line_segment_distance(const glm::dvec3& eye, const glm::dvec3& dir, const glm::dvec3& a, const glm::dvec3& b,
                             double* depth_along_ray = nullptr) {
  const auto across = [&](const glm::dvec3& w) { return w - dir * glm::dot(w, dir); };
  const glm::dvec3 w0 = across(a - eye);
  const glm::dvec3 w1 = across(b - a);
  const double len2 = glm::dot(w1, w1);
  const double u = len2 > 1e-300 ? std::clamp(-glm::dot(w0, w1) / len2, 0.0, 1.0) : 0.0;
  if (depth_along_ray != nullptr) *depth_along_ray = glm::dot(a + (b - a) * u - eye, dir);
  return glm::length(w0 + w1 * u);
}

// Distance along the ray to the capsule's surface by sphere tracing its distance field, or -1.
double trace(const glm::dvec3& eye, const glm::dvec3& dir, const Capsule& c) {
  double t = 0.0;
  for (int i = 0; i < 5000; ++i) {
    const double d = distance_to_capsule(eye + dir * t, c);
    if (d < 1e-10 * (1.0 + t)) return t;
    t += d;
    if (t > 1e6) break;
  }
  return -1.0;
}

glm::dvec3 shade(const glm::dvec3& base, const glm::dvec3& n, const glm::dvec3& p, const glm::dvec3& eye,
                 double ground_y, double contact_height) {
  const glm::dvec3 v = glm::normalize(eye - p);
  const glm::dvec3 sky(0.78, 0.82, 0.90);
  const glm::dvec3 earth(0.32, 0.30, 0.29);
  const glm::dvec3 ambient = glm::mix(earth, sky, n.y * 0.5 + 0.5);
  const double diffuse = std::max(glm::dot(n, kLightDir), 0.0);
  const double specular = std::pow(std::max(glm::dot(n, glm::normalize(kLightDir + v)), 0.0), 40.0) * 0.22;
  const double fill = std::max(glm::dot(n, v), 0.0);
  const double rim = std::pow(1.0 - fill, 3.0) * 0.18;
  const double x = std::clamp((p.y - ground_y) / contact_height, 0.0, 1.0);
  const double contact = 0.6 + 0.4 * x * x * (3.0 - 2.0 * x);
  return glm::clamp(
      base * (ambient * 0.55 + diffuse * 0.5 + fill * 0.28) * contact + specular + rim * glm::dvec3(0.55, 0.65, 0.85),
      0.0, 1.0);
}

struct Camera {
  glm::dvec3 eye{0.0, 0.0, 10.0};
  glm::dvec3 target{0.0};
  glm::dvec3 up{0.0, 1.0, 0.0};
  double near = 0.05;
  double far = 100.0;
  double ortho_half_height = 0.0;  // above 0: an orthographic view this many units above and below the centre

  [[nodiscard]] SceneView view() const {
    SceneView v;
    v.view = glm::lookAt(glm::vec3(eye), glm::vec3(target), glm::vec3(up));
    const auto half_h = static_cast<float>(ortho_half_height);
    const float half_w = half_h * static_cast<float>(kWidth) / kHeight;
    v.projection = ortho_half_height > 0.0
                       ? glm::ortho(-half_w, half_w, -half_h, half_h, static_cast<float>(near), static_cast<float>(far))
                       : glm::perspective(static_cast<float>(kFovY), static_cast<float>(kWidth) / kHeight,
                                          static_cast<float>(near), static_cast<float>(far));
    v.eye = glm::vec3(eye);
    v.viewport = {0, 0, kWidth, kHeight};
    return v;
  }
  // The unit ray through the centre of pixel (x, y), y counted from the top row.
  [[nodiscard]] glm::dvec3 ray(int x, int y) const {
    const glm::dvec3 f = glm::normalize(target - eye);
    if (ortho_half_height > 0.0) return f;
    return glm::normalize(f + view_plane_offset(x, y, std::tan(kFovY * 0.5)));
  }
  // Where that ray starts: the eye, or for an orthographic view the pixel's place on the eye's plane.
  [[nodiscard]] glm::dvec3 origin(int x, int y) const {
    return ortho_half_height > 0.0 ? eye + view_plane_offset(x, y, ortho_half_height) : eye;
  }
  // The pixel's centre on a plane across the view axis whose top edge is `half_h` above its middle.
  [[nodiscard]] glm::dvec3 view_plane_offset(int x, int y, double half_h) const {
    const glm::dvec3 f = glm::normalize(target - eye);
    const glm::dvec3 r = glm::normalize(glm::cross(f, up));
    const glm::dvec3 u = glm::cross(r, f);
    const double half_w = half_h * kWidth / kHeight;
    const double sx = ((x + 0.5) / kWidth * 2.0 - 1.0) * half_w;
    const double sy = (1.0 - (y + 0.5) / kHeight * 2.0) * half_h;
    return r * sx + u * sy;
  }
  // World size of one pixel at `depth` along the view axis, in this view.
  [[nodiscard]] double pixel_at(double depth) const {
    return ortho_half_height > 0.0 ? 2.0 * ortho_half_height / kHeight : pixel_size(depth);
  }
  // World size of one pixel at `depth` along the view axis.
  [[nodiscard]] static double pixel_size(double depth) { return depth * 2.0 * std::tan(kFovY * 0.5) / kHeight; }
  [[nodiscard]] double view_depth(const glm::dvec3& p) const { return glm::dot(p - eye, glm::normalize(target - eye)); }
  // Focal length in pixels.
  [[nodiscard]] static double focal() { return (kHeight * 0.5) / std::tan(kFovY * 0.5); }
};

// What the reference sees through one pixel.
struct Expected {
  int capsule = -1;       // nearest capsule hit, -1 for none
  glm::dvec3 point{0.0};  // the hit
  glm::dvec3 color{0.0};  // shaded
  bool boundary = false;  // some silhouette passes within `guard` pixels, or two hits nearly tie
};

Expected expect(const Camera& camera, const std::vector<Capsule>& capsules, int x, int y,
                double ground_y = static_cast<double>(kNoGround), double contact_height = 1.0, double guard = 0.75) {
  const glm::dvec3 dir = camera.ray(x, y);
  const glm::dvec3 from = camera.origin(x, y);
  Expected e;
  double best = 1e300;
  double second = 1e300;
  for (std::size_t i = 0; i < capsules.size(); ++i) {
    const Capsule& c = capsules[i];
    double along = 0.0;
    const double d = line_segment_distance(from, dir, c.a, c.b, &along);
    if (std::abs(d - c.radius) <
        guard * camera.pixel_at(std::max(along, 1e-9) * glm::dot(dir, glm::normalize(camera.target - camera.eye)))) {
      e.boundary = true;
    }
    if (d >= c.radius) continue;
    const double t = trace(from, dir, c);
    if (t < 0.0) continue;
    if (t < best) {
      second = best;
      best = t;
      e.capsule = static_cast<int>(i);
    } else if (t < second) {
      second = t;
    }
  }
  if (e.capsule < 0) return e;
  if (second - best < 1e-3 * best) e.boundary = true;
  const Capsule& c = capsules[static_cast<std::size_t>(e.capsule)];
  e.point = from + dir * best;
  const glm::dvec3 n = glm::normalize(e.point - nearest_on_segment(e.point, c.a, c.b));
  e.color = shade(c.color, n, e.point, from, ground_y, contact_height);
  return e;
}

// ---------------------------------------------------------------------------------------------
// Drawing: each clip is one skeleton of bones (pairs of joints) in the shared bone buffer, with its
// own colour and figure size (which bounds its bones' radii, anim/bone_radii). Its pose is its rest
// pose: the OFFSETs are the pose's bones.

struct TestClip {
  Skeleton skeleton;
  Pose pose;
  float figure_size = 1.0f;
  glm::vec3 color{1.0f};
};

// Sets the skeleton's OFFSETs to the pose's bones (and the roots' positions).
void take_offsets_from_pose(TestClip& clip) {
  clip.skeleton.offsets.clear();
  for (int j = 0; j < clip.skeleton.joint_count(); ++j) {
    const int parent = clip.skeleton.parents[static_cast<std::size_t>(j)];
    clip.skeleton.offsets.push_back(clip.pose.position(j) -
                                    (parent == kNoParent ? glm::vec3(0.0f) : clip.pose.position(parent)));
  }
}

// A clip of `bones` independent bones (each a root joint and its child), or of lone root joints.
// `radius` is the thickest a bone can be (a long bone's radius): the figure's size follows from it.
TestClip make_bones(const std::vector<std::pair<glm::vec3, glm::vec3>>& bones, float radius, glm::vec3 color) {
  TestClip clip;
  clip.figure_size = radius / kMaxRadiusPerSize;
  clip.color = color;
  for (const auto& [from, to] : bones) {
    const int root = clip.skeleton.joint_count();
    clip.skeleton.parents.push_back(kNoParent);
    clip.skeleton.parents.push_back(root);
    clip.pose.world.push_back(glm::translate(glm::mat4(1.0f), from));
    clip.pose.world.push_back(glm::translate(glm::mat4(1.0f), to));
  }
  clip.pose.local = clip.pose.world;
  take_offsets_from_pose(clip);
  return clip;
}

// Lone joints (no bones) have spheres of the smallest bone radius: a figure size that makes their
// radius `radius` × kJointPerBoneRadius.
TestClip make_joints(const std::vector<glm::vec3>& joints, float radius, glm::vec3 color) {
  TestClip clip;
  clip.figure_size = radius / kMinRadiusPerSize;
  clip.color = color;
  for (const glm::vec3& p : joints) {
    clip.skeleton.parents.push_back(kNoParent);
    clip.pose.world.push_back(glm::translate(glm::mat4(1.0f), p));
  }
  clip.pose.local = clip.pose.world;
  take_offsets_from_pose(clip);
  return clip;
}

// The capsules the reference should see for these clips: bones with their radii (anim/bone_radii,
// tested on its own), and joint spheres (in the joint colour mix) when `joints`.
std::vector<Capsule> reference_of(const std::vector<TestClip>& clips, bool joints) {
  const Palette palette;
  std::vector<Capsule> capsules;
  for (const TestClip& clip : clips) {
    const std::vector<float> bones = bone_radii(clip.skeleton, clip.figure_size);
    const std::vector<float> spheres = joint_radii(clip.skeleton, bones, clip.figure_size);
    std::size_t bone = 0;
    for (int j = 0; j < clip.skeleton.joint_count(); ++j) {
      const int parent = clip.skeleton.parents[static_cast<std::size_t>(j)];
      if (parent == kNoParent) continue;
      const glm::dvec3 a(clip.pose.position(parent));
      const glm::dvec3 b(clip.pose.position(j));
      capsules.push_back({a, b, static_cast<double>(bones[bone++]), glm::dvec3(clip.color)});
    }
    if (!joints) continue;
    for (int j = 0; j < clip.skeleton.joint_count(); ++j) {
      const glm::dvec3 p(clip.pose.position(j));
      capsules.push_back({p, p, static_cast<double>(spheres[static_cast<std::size_t>(j)]),
                          glm::dvec3(glm::mix(clip.color, palette.joint, 0.35f))});
    }
  }
  return capsules;
}

struct Image {
  std::vector<std::uint8_t> rgba;
  [[nodiscard]] glm::ivec3 at(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(y) * kWidth + static_cast<std::size_t>(x)) * 4;
    return {rgba[i], rgba[i + 1], rgba[i + 2]};
  }
  [[nodiscard]] int alpha(int x, int y) const {
    return rgba[(static_cast<std::size_t>(y) * kWidth + static_cast<std::size_t>(x)) * 4 + 3];
  }
  [[nodiscard]] bool background(int x, int y) const { return at(x, y) == glm::ivec3(0); }
  [[nodiscard]] int sum(int x, int y) const {
    const glm::ivec3 c = at(x, y);
    return c.x + c.y + c.z;
  }
};

int color_error(glm::ivec3 got, const glm::dvec3& want) {
  const glm::ivec3 w(glm::round(want * 255.0));
  return std::max({std::abs(got.x - w.x), std::abs(got.y - w.y), std::abs(got.z - w.z)});
}

class CapsuleImpostorTest : public test::GlTest {
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
    target_.reset();
    std::string error;
    target_ = RenderTarget::create(kWidth, kHeight, samples, error);
    ASSERT_TRUE(target_) << error;
  }

  static std::vector<ClipLook> looks_of(const std::vector<TestClip>& clips) {
    std::vector<ClipLook> looks;
    for (const TestClip& clip : clips) looks.push_back({false, clip.color, clip.color, true, -1, -1});
    return looks;
  }

  // The clips drawn alone by the skeleton pass on `background` (black), in solid style.
  // `selected`: a joint of the first clip drawn marked.
  Image draw(const std::vector<TestClip>& clips, const Camera& camera, bool joints = false, int samples = 0,
             glm::vec3 background = glm::vec3(0.0f), int selected = -1) {
    if (!target_ || target_->samples() != samples) use_target(samples);
    std::vector<SkeletonSlot> slots;
    for (const TestClip& clip : clips) slots.push_back({&clip.skeleton, clip.figure_size, {}});
    pass_->set_skeletons(slots);
    std::vector<ClipLook> looks = looks_of(clips);
    if (!looks.empty()) looks.front().selected = selected;
    pass_->set_looks(looks);
    for (std::size_t i = 0; i < clips.size(); ++i) pass_->write_pose(i, clips[i].skeleton, clips[i].pose, Placement{});
    pass_->upload();
    target_->bind();
    clear_framebuffer(kWidth, kHeight, background.x, background.y, background.z);
    SceneStyle style;
    style.show_joints = joints;
    pass_->draw(camera.view(), style, kNoGround);
    return Image{target_->read_rgba()};
  }

  void below_the_floor();

  std::optional<RenderTarget> target_;
  std::optional<ShaderProgram> lines_;  // the line program the pass draws with (SceneRenderer's in the app)
  std::optional<SkeletonPass> pass_;
  std::optional<SceneRenderer> scene_;
};

// Every pixel of the image against the reference: coverage everywhere but within `guard` pixels
// of a silhouette, and the shaded colour within `tolerance` levels where a capsule is.
void expect_matches_reference(const Image& image, const Camera& camera, const std::vector<Capsule>& capsules,
                              int tolerance = 3) {
  int covered = 0;
  int wrong_coverage = 0;
  int wrong_color = 0;
  std::string first;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      const Expected e = expect(camera, capsules, x, y);
      if (e.boundary) continue;
      const bool drawn = !image.background(x, y);
      if (drawn != (e.capsule >= 0)) {
        if (wrong_coverage++ == 0) {
          first = "coverage at " + std::to_string(x) + "," + std::to_string(y) + (drawn ? " drawn" : " empty");
        }
        continue;
      }
      if (e.capsule < 0) continue;
      ++covered;
      const int err = color_error(image.at(x, y), e.color);
      if (err > tolerance && wrong_color++ == 0) {
        const glm::ivec3 c = image.at(x, y);
        first += " colour at " + std::to_string(x) + "," + std::to_string(y) + ": " + std::to_string(c.x) + "," +
                 std::to_string(c.y) + "," + std::to_string(c.z) + " off by " + std::to_string(err);
      }
    }
  }
  EXPECT_GT(covered, 50) << "the reference sees too little of the capsules to compare";
  EXPECT_EQ(wrong_coverage, 0) << first;
  EXPECT_EQ(wrong_color, 0) << first;
}

// ---------------------------------------------------------------------------------------------

TEST_F(CapsuleImpostorTest, AJointSphereIsADiscOfItsProjectedRadiusLitFromTheLight) {
  Camera camera;
  camera.eye = {0.0, 0.0, 6.0};
  const float radius = 1.0f;  // drawn at 1.06
  const std::vector<TestClip> clips = {make_joints({glm::vec3(0.0f)}, radius, glm::vec3(0.93f, 0.70f, 0.46f))};
  const Image image = draw(clips, camera, true);

  const double r = static_cast<double>(radius) * 1.06;
  const double expected_px = Camera::focal() * r / std::sqrt(36.0 - r * r);  // tan(asin(r / d)) × focal
  int area = 0;
  int left = kWidth;
  int right = -1;
  int top = kHeight;
  int bottom = -1;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      if (image.background(x, y)) continue;
      ++area;
      if (y == kHeight / 2) left = std::min(left, x), right = std::max(right, x);
      if (x == kWidth / 2) top = std::min(top, y), bottom = std::max(bottom, y);
    }
  }
  EXPECT_NEAR(std::sqrt(area / M_PI), expected_px, 0.5) << "disc radius from its area";
  EXPECT_NEAR((right - left + 1) * 0.5, expected_px, 1.0) << "horizontal extent " << left << ".." << right;
  EXPECT_NEAR((bottom - top + 1) * 0.5, expected_px, 1.0) << "vertical extent " << top << ".." << bottom;
  EXPECT_NEAR((left + right + 1) * 0.5, kWidth / 2, 1.0);
  EXPECT_NEAR((top + bottom + 1) * 0.5, kHeight / 2, 1.0);

  // Lit from the upper right front (the light), darker on the far side.
  const int off = static_cast<int>(expected_px * 0.6);
  EXPECT_GT(image.sum(kWidth / 2 + off / 2, kHeight / 2 - off),
            image.sum(kWidth / 2 - off / 2, kHeight / 2 + off) + 60);
  // And the shading of every pixel is that of the exact sphere's normal there.
  expect_matches_reference(image, camera, reference_of(clips, true));
}

TEST_F(CapsuleImpostorTest, AnOffAxisSphereIsTheEllipsePerspectiveMakesOfIt) {
  Camera camera;
  camera.eye = {0.0, 0.0, 3.0};
  // Near the corner of a wide view: the projection is stretched away from the centre.
  const std::vector<TestClip> clips = {make_joints({glm::vec3(1.2f, 0.75f, 0.0f)}, 0.3f, glm::vec3(0.8f, 0.8f, 0.8f))};
  const Image image = draw(clips, camera, true);
  expect_matches_reference(image, camera, reference_of(clips, true));
}

TEST_F(CapsuleImpostorTest, ABoneSideOnAndEndOnHasTheSilhouetteWidthOfItsRadius) {
  const double radius = 0.4;
  const std::vector<TestClip> clips = {make_bones({{glm::vec3(-2.0f, 0.0f, 0.0f), glm::vec3(2.0f, 0.0f, 0.0f)}},
                                                  static_cast<float>(radius), glm::vec3(0.9f, 0.7f, 0.5f))};

  Camera side;
  side.eye = {0.0, 0.0, 8.0};
  const Image side_on = draw(clips, side);
  int top = kHeight;
  int bottom = -1;
  for (int y = 0; y < kHeight; ++y) {
    if (!side_on.background(kWidth / 2, y)) top = std::min(top, y), bottom = std::max(bottom, y);
  }
  // A cylinder at distance d: its silhouette is tangent at angle asin(r / d) from the centre line.
  const double side_px = Camera::focal() * radius / std::sqrt(64.0 - radius * radius);
  EXPECT_NEAR((bottom - top + 1) * 0.5, side_px, 1.0) << top << ".." << bottom;
  int left = kWidth;
  int right = -1;
  for (int x = 0; x < kWidth; ++x) {
    if (!side_on.background(x, kHeight / 2)) left = std::min(left, x), right = std::max(right, x);
  }
  // Lengthwise: out to the end caps' tangents.
  const double end = 2.0;
  const double d = std::sqrt(end * end + 64.0);
  const double cap_angle = std::atan2(end, 8.0) + std::asin(radius / d);
  EXPECT_NEAR((right - left + 1) * 0.5, Camera::focal() * std::tan(cap_angle), 1.0) << left << ".." << right;
  expect_matches_reference(side_on, side, reference_of(clips, false));

  Camera end_on;
  end_on.eye = {8.0, 0.0, 0.0};
  const Image along = draw(clips, end_on);
  int area = 0;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) area += along.background(x, y) ? 0 : 1;
  }
  // End-on the near cap (6 units away) outlines it.
  const double end_px = Camera::focal() * radius / std::sqrt(36.0 - radius * radius);
  EXPECT_NEAR(std::sqrt(area / M_PI), end_px, 0.5);
  expect_matches_reference(along, end_on, reference_of(clips, false));
}

TEST_F(CapsuleImpostorTest, BonesMatchTheReferenceFromGrazingAndCloseViews) {
  const std::vector<TestClip> clips = {make_bones({{glm::vec3(-2.0f, 0.0f, 0.0f), glm::vec3(2.0f, 0.5f, 0.3f)},
                                                   {glm::vec3(0.0f, -1.0f, 1.0f), glm::vec3(0.2f, 1.5f, -1.0f)},
                                                   {glm::vec3(1.0f, 1.0f, 1.0f), glm::vec3(1.05f, 1.0f, 1.0f)}},
                                                  0.35f, glm::vec3(0.9f, 0.7f, 0.5f)),
                                       make_bones({{glm::vec3(-1.0f, -1.2f, -1.0f), glm::vec3(1.5f, -1.0f, -0.5f)}},
                                                  0.25f, glm::vec3(0.5f, 0.7f, 0.95f))};
  const std::vector<Capsule> capsules = reference_of(clips, true);
  const std::vector<Camera> cameras = {
      {{0.0, 1.0, 7.0}, {0.0, 0.0, 0.0}},
      {{-4.5, 0.0, -0.1}, {2.0, 0.5, 0.3}},                  // almost along the first bone, from behind its start
      {{0.3, 1.0, 0.8}, {2.0, 0.5, 0.3}},                    // close to the first bone, looking along it
      {{0.5, 6.0, 0.5}, {0.0, 0.0, 0.0}, {0.0, 0.0, -1.0}},  // from above
  };
  for (std::size_t i = 0; i < cameras.size(); ++i) {
    SCOPED_TRACE("camera " + std::to_string(i));
    expect_matches_reference(draw(clips, cameras[i], true), cameras[i], capsules);
  }
}

// An orthographic view (the viewer's front, side and top views) casts parallel rays: its
// rectangles bound each capsule's image as exactly as a perspective view's do.
TEST_F(CapsuleImpostorTest, AnOrthographicViewDrawsBonesAndSpheresAsTheParallelRaysSeeThem) {
  const std::vector<TestClip> clips = {make_bones({{glm::vec3(-2.0f, 0.0f, 0.0f), glm::vec3(2.0f, 0.5f, 0.3f)},
                                                   {glm::vec3(0.0f, -1.0f, 1.0f), glm::vec3(0.2f, 1.5f, -1.0f)},
                                                   {glm::vec3(-1.5f, 1.2f, 0.5f), glm::vec3(-1.0f, 1.3f, -2.0f)}},
                                                  0.3f, glm::vec3(0.9f, 0.7f, 0.5f))};
  const std::vector<Camera> cameras = {
      {{3.0, 2.0, 8.0}, {0.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, 0.05, 100.0, 2.5},
      {{8.0, 0.5, -1.0}, {0.0, 0.5, -1.0}, {0.0, 1.0, 0.0}, 0.05, 100.0, 1.8},  // along the third bone's width
  };
  for (std::size_t i = 0; i < cameras.size(); ++i) {
    for (const int samples : {0, 4}) {
      SCOPED_TRACE("camera " + std::to_string(i) + ", samples " + std::to_string(samples));
      expect_matches_reference(draw(clips, cameras[i], true, samples), cameras[i], reference_of(clips, true));
    }
  }
}

// The rectangles are as tight as the capsules' images: the default margin beyond them must still
// reach every pixel an antialiased edge fades into, however the capsule lies (across the view, end
// on, in a corner of a wide view, close to the camera, seen orthographically). A margin of 40
// pixels draws each pixel a capsule can reach: no pixel it tints may be left as background.
TEST_F(CapsuleImpostorTest, TheDefaultMarginReachesEveryPixelAnAntialiasedEdgeFadesInto) {
  const std::vector<TestClip> clips = {
      make_bones({{glm::vec3(-2.0f, 0.0f, 0.0f), glm::vec3(2.0f, 0.5f, 0.3f)},
                  {glm::vec3(0.0f, -1.0f, 1.0f), glm::vec3(0.2f, 1.5f, -1.0f)},
                  {glm::vec3(1.0f, 1.0f, 1.0f), glm::vec3(1.05f, 1.0f, 1.0f)},
                  {glm::vec3(2.6f, 1.6f, 0.0f), glm::vec3(3.3f, 2.0f, -0.4f)},
                  {glm::vec3(-3.2f, -1.8f, 0.5f), glm::vec3(-2.6f, -1.2f, 0.0f)}},
                 0.3f, glm::vec3(0.9f, 0.7f, 0.5f)),
      make_joints({glm::vec3(-3.0f, 1.9f, 0.2f), glm::vec3(3.1f, -1.9f, 0.0f)}, 0.35f, glm::vec3(0.8f, 0.8f, 0.8f))};
  const std::vector<Camera> cameras = {
      {{0.0, 0.5, 6.5}, {0.0, 0.0, 0.0}},    // the outer capsules in the view's corners
      {{-4.5, 0.0, -0.1}, {2.0, 0.5, 0.3}},  // along the first bone
      {{0.3, 1.0, 0.8}, {2.0, 0.5, 0.3}},    // close, looking along it
      {{3.0, 2.0, 8.0}, {0.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, 0.05, 100.0, 3.0},  // orthographic
  };
  for (std::size_t i = 0; i < cameras.size(); ++i) {
    SCOPED_TRACE("camera " + std::to_string(i));
    pass_->set_rectangle_margin(40.0f);
    const Image wide = draw(clips, cameras[i], true, 4);
    pass_->set_rectangle_margin(SkeletonPass::kRectangleMargin);
    const Image tight = draw(clips, cameras[i], true, 4);
    int tinted = 0;
    int edges = 0;  // tinted pixels beside a background one: the silhouettes' antialiased edges
    int lost = 0;
    std::string first_lost;
    for (int y = 1; y + 1 < kHeight; ++y) {
      for (int x = 1; x + 1 < kWidth; ++x) {
        if (wide.background(x, y)) continue;
        ++tinted;
        const bool edge = wide.background(x - 1, y) || wide.background(x + 1, y) || wide.background(x, y - 1) ||
                          wide.background(x, y + 1);
        edges += edge ? 1 : 0;
        if (tight.background(x, y) && lost++ == 0) first_lost = std::to_string(x) + "," + std::to_string(y);
      }
    }
    EXPECT_GT(tinted, 2000);
    EXPECT_GT(edges, 200);
    EXPECT_EQ(lost, 0) << "pixels a wide margin tints left as background, first at " << first_lost;
  }
}

// The camera inside the box around a bone (where the box's corners cannot all be projected) but
// outside the bone: the bone is still drawn exactly, whichever way the camera looks.
TEST_F(CapsuleImpostorTest, ABoneStaysWhenTheCameraIsInsideItsBoundingBox) {
  const std::vector<TestClip> clips = {
      make_bones({{glm::vec3(-2.0f, 0.0f, 0.0f), glm::vec3(2.0f, 0.0f, 0.0f)}}, 0.6f, glm::vec3(0.9f, 0.7f, 0.5f))};
  // Inside the box (|y|, |z| < 0.6, |x| < 2.6) but 0.6 × √2 − 0.6 ≈ 0.25 or more from the capsule.
  const std::vector<Camera> cameras = {
      {{2.55, 0.55, 0.55}, {0.0, 0.0, 0.0}},   // past the end, looking back along the bone
      {{0.0, 0.55, 0.55}, {0.0, 0.0, 0.0}},    // beside the middle, looking at the axis
      {{0.0, 0.55, 0.55}, {-2.0, 0.0, 0.3}},   // beside the middle, looking along it
      {{-1.0, -0.58, 0.5}, {3.0, 0.5, -0.5}},  // below, looking past it
  };
  for (std::size_t i = 0; i < cameras.size(); ++i) {
    SCOPED_TRACE("camera " + std::to_string(i));
    Camera camera = cameras[i];
    camera.near = 0.01;
    expect_matches_reference(draw(clips, camera), camera, reference_of(clips, false));
  }
}

TEST_F(CapsuleImpostorTest, CrossingBonesHideEachOtherByTrueDepthOnBothSidesOfTheCrossing) {
  // An X seen from +Z: red runs from far left to near right, green from near left to far right.
  const glm::vec3 red(0.95f, 0.15f, 0.1f);
  const glm::vec3 green(0.1f, 0.9f, 0.2f);
  const std::vector<TestClip> clips = {
      make_bones({{glm::vec3(-2.0f, -0.5f, -1.5f), glm::vec3(2.0f, 0.5f, 1.5f)}}, 0.5f, red),
      make_bones({{glm::vec3(-2.0f, 0.5f, 1.5f), glm::vec3(2.0f, -0.5f, -1.5f)}}, 0.5f, green)};
  Camera camera;
  camera.eye = {0.0, 0.0, 9.0};
  const Image image = draw(clips, camera);
  const std::vector<Capsule> capsules = reference_of(clips, false);
  int red_wins = 0;
  int green_wins = 0;
  int wrong = 0;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      const glm::dvec3 dir = camera.ray(x, y);
      // Only where both are hit: the overlap around the crossing.
      if (line_segment_distance(camera.eye, dir, capsules[0].a, capsules[0].b) > capsules[0].radius - 0.02 ||
          line_segment_distance(camera.eye, dir, capsules[1].a, capsules[1].b) > capsules[1].radius - 0.02) {
        continue;
      }
      const Expected e = expect(camera, capsules, x, y);
      if (e.boundary || e.capsule < 0) continue;
      const glm::ivec3 c = image.at(x, y);
      const bool drawn_red = c.x > c.y;
      (e.capsule == 0 ? red_wins : green_wins) += 1;
      if (drawn_red != (e.capsule == 0) || color_error(c, e.color) > 3) ++wrong;
    }
  }
  EXPECT_GT(red_wins, 100);
  EXPECT_GT(green_wins, 100);
  EXPECT_EQ(wrong, 0) << "of " << red_wins + green_wins << " overlapping pixels";
}

TEST_F(CapsuleImpostorTest, AJointSphereAndItsBoneIntersectByDepth) {
  // A fat joint sphere half inside a thinner bone: the bone shows where it is nearer, and the
  // sphere elsewhere (a depth buffer with the proxy's depth would let one cover the other).
  const std::vector<TestClip> clips = {
      make_bones({{glm::vec3(-2.0f, 0.0f, 0.0f), glm::vec3(2.0f, 0.0f, 0.0f)}}, 0.45f, glm::vec3(0.9f, 0.7f, 0.5f))};
  Camera camera;
  camera.eye = {-1.0, 2.5, 6.0};
  expect_matches_reference(draw(clips, camera, true), camera, reference_of(clips, true));
}

// With and without multisampling (the cut along the floor is antialiased with it).
TEST_F(CapsuleImpostorTest, ABoneBelowTheFloorIsHiddenUnderIt) {
  std::string error;
  scene_ = SceneRenderer::create(error);
  ASSERT_TRUE(scene_) << error;
  for (const int samples : {0, 4}) {
    SCOPED_TRACE("samples " + std::to_string(samples));
    use_target(samples);
    below_the_floor();
  }
}

void CapsuleImpostorTest::below_the_floor() {
  // A bone dipping through the floor at y = 0, seen from above the floor.
  const float height = 10.0f;  // radius 0.03 × height = 0.3
  TestClip clip =
      make_bones({{glm::vec3(-2.0f, -0.8f, 0.0f), glm::vec3(2.0f, 0.8f, 0.0f)}}, 0.3f, glm::vec3(0.9f, 0.7f, 0.5f));
  GroundGrid grid;
  grid.center = {0.0f, 0.0f, 0.0f};
  grid.extent = 20.0f;
  const std::vector<const Skeleton*> skeletons = {&clip.skeleton};
  const std::vector<float> heights = {height};
  scene_->set_skeletons(skeletons, heights);
  scene_->set_ground(grid);
  Camera camera;
  camera.eye = {1.0, 4.0, 8.0};
  camera.target = {0.0, 0.0, 0.0};
  SceneStyle style;
  style.show_joints = false;
  style.show_shadow = false;
  style.show_axes = false;
  const auto render = [&](bool visible) {
    std::vector<ClipLook> looks = {{false, clip.color, clip.color, visible, -1, -1}};
    scene_->set_looks(looks);
    scene_->write_pose(0, clip.skeleton, clip.pose, Placement{});
    scene_->upload_poses();
    target_->bind();
    clear_framebuffer(kWidth, kHeight, 0.0f, 0.0f, 0.0f);
    scene_->draw(camera.view(), style, 0);
    return Image{target_->read_rgba()};
  };
  const Image with_bone = render(true);
  const Image floor_only = render(false);
  const std::vector<Capsule> capsules = reference_of({clip}, false);
  int above = 0;
  int below = 0;
  int shown_below = 0;
  int missing_above = 0;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      const Expected e = expect(camera, capsules, x, y);
      if (e.boundary || e.capsule < 0) continue;
      // Rays that meet the bone within a pixel's height of the floor line are left out.
      if (std::abs(e.point.y) < 2.0 * Camera::pixel_size(camera.view_depth(e.point))) continue;
      const bool same_as_floor = color_error(with_bone.at(x, y), glm::dvec3(floor_only.at(x, y)) / 255.0) <= 1;
      if (e.point.y < 0.0) {
        ++below;
        if (!same_as_floor) ++shown_below;
      } else {
        ++above;
        if (same_as_floor) ++missing_above;
      }
    }
  }
  EXPECT_GT(above, 100);
  EXPECT_GT(below, 100);
  EXPECT_EQ(shown_below, 0) << "of " << below << " pixels where the bone is under the floor";
  EXPECT_EQ(missing_above, 0) << "of " << above << " pixels where the bone is above the floor";
}

// Pixels darker than any fully covered pixel of a white bone on black can be: partly covered ones.
int partly_covered_pixels(const Image& image, int darkest_surface) {
  int count = 0;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      const int s = image.sum(x, y);
      if (s > 0 && s < darkest_surface) ++count;
    }
  }
  return count;
}

TEST_F(CapsuleImpostorTest, EdgesAreAntialiasedWithMultisamplingAndHardWithout) {
  // A slanted white bone and a joint sphere on black.
  const std::vector<TestClip> clips = {
      make_bones({{glm::vec3(-2.2f, -0.9f, 0.0f), glm::vec3(2.2f, 0.6f, 0.5f)}}, 0.5f, glm::vec3(1.0f)),
      make_joints({glm::vec3(0.5f, 1.4f, 0.0f)}, 0.5f, glm::vec3(1.0f))};
  Camera camera;
  camera.eye = {0.0, 0.0, 8.0};
  const Image hard = draw(clips, camera, true, 0);
  int darkest = 3 * 255;
  int silhouette = 0;  // pixels on the silhouette: drawn with an empty neighbour
  for (int y = 1; y + 1 < kHeight; ++y) {
    for (int x = 1; x + 1 < kWidth; ++x) {
      if (hard.background(x, y)) continue;
      darkest = std::min(darkest, hard.sum(x, y));
      if (hard.background(x - 1, y) || hard.background(x + 1, y) || hard.background(x, y - 1) ||
          hard.background(x, y + 1)) {
        ++silhouette;
      }
    }
  }
  ASSERT_GT(silhouette, 200);
  ASSERT_GT(darkest, 90) << "the lit white surface should never be this dark";
  EXPECT_EQ(partly_covered_pixels(hard, darkest), 0) << "samples = 0: every pixel is the surface or the background";

  const Image smooth = draw(clips, camera, true, 4);
  ASSERT_EQ(target_->samples(), 4);
  // Along the silhouette most pixels are partly covered (a few land on whole-pixel coverage).
  const int blended = partly_covered_pixels(smooth, darkest);
  EXPECT_GT(blended, silhouette / 3) << "of " << silhouette << " silhouette pixels";
  // Coverage goes into the samples, not into the image's alpha (PNG output keeps opaque pixels).
  int translucent = 0;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) translucent += smooth.alpha(x, y) != 255 ? 1 : 0;
  }
  EXPECT_EQ(translucent, 0);
  // The edge fades from the surface's own colour to what is behind: on grey, no pixel is darker
  // than both the grey and the surface next to it (shading a grazing ray as a miss, black, or with
  // a made-up normal leaves a dark fringe).
  const glm::vec3 grey(0.25f);
  const Image on_grey = draw(clips, camera, true, 4, grey);
  const int grey_sum = 3 * static_cast<int>(std::lround(grey.x * 255.0f));
  int fringe = 0;
  int edge = 0;
  std::string first;
  for (int y = 1; y + 1 < kHeight; ++y) {
    for (int x = 1; x + 1 < kWidth; ++x) {
      int surface = 3 * 255;  // the darkest fully covered neighbour in the hard image
      bool near_edge = false;
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          if (hard.background(x + dx, y + dy)) {
            near_edge = true;
          } else {
            surface = std::min(surface, hard.sum(x + dx, y + dy));
          }
        }
      }
      if (!near_edge || surface == 3 * 255) continue;
      ++edge;
      if (on_grey.sum(x, y) < std::min(surface, grey_sum) - 12 && fringe++ == 0) {
        first = std::to_string(x) + "," + std::to_string(y) + ": " + std::to_string(on_grey.sum(x, y)) + " against " +
                std::to_string(surface) + " and " + std::to_string(grey_sum);
      }
    }
  }
  EXPECT_GT(edge, silhouette);
  EXPECT_EQ(fringe, 0) << "edge pixels darker than the surface and the background, first at " << first;
}

// How many pixels of column x, over rows [y0, y1), `in` accepts.
template <typename In>
int run_in_column(int x, int y0, int y1, In in) {
  int count = 0;
  for (int y = y0; y < y1; ++y) count += in(x, y) ? 1 : 0;
  return count;
}

// A long and a short bone of one figure, side-on: each is as wide as its own radius, worked out by
// hand from anim/bone_radii's rule (not one radius for the whole figure).
TEST_F(CapsuleImpostorTest, ALongAndAShortBoneAreEachAsThickAsTheirOwnRadius) {
  // The rest pose without its roots spans 2 units (y from -1 to 1) and the figure is 10 units: a
  // unit of length is 5 of the figure's. Radii are bounded to [0.003, 0.03] × 10 = [0.03, 0.3].
  TestClip clip = make_bones({{glm::vec3(-2.0f, 1.0f, 0.0f), glm::vec3(2.0f, 1.0f, 0.0f)},       // 4 long
                              {glm::vec3(-0.05f, -1.0f, 0.0f), glm::vec3(0.05f, -1.0f, 0.0f)}},  // 0.1 long
                             0.3f, glm::vec3(0.9f, 0.7f, 0.5f));
  ASSERT_FLOAT_EQ(clip.figure_size, 10.0f);
  const double long_radius = 0.3;     // 0.25 × 4 × 5 = 5, lowered to the maximum
  const double short_radius = 0.125;  // 0.25 × 0.1 × 5, between the bounds
  const std::vector<TestClip> clips = {clip};
  Camera camera;
  camera.eye = {0.0, 0.0, 5.0};
  const Image image = draw(clips, camera);
  const std::vector<Capsule> capsules = {
      {glm::dvec3(-2.0, 1.0, 0.0), glm::dvec3(2.0, 1.0, 0.0), long_radius, glm::dvec3(clip.color)},
      {glm::dvec3(-0.05, -1.0, 0.0), glm::dvec3(0.05, -1.0, 0.0), short_radius, glm::dvec3(clip.color)}};
  expect_matches_reference(image, camera, capsules);
  // Across each bone through the middle column: the drawn width is the reference's.
  const int x = kWidth / 2;
  const auto drawn = [&](int px, int py) { return !image.background(px, py); };
  const auto hits = [&](const Capsule& c) {
    return [&](int px, int py) { return line_segment_distance(camera.eye, camera.ray(px, py), c.a, c.b) < c.radius; };
  };
  const int long_px = run_in_column(x, 0, kHeight / 2, drawn);
  const int short_px = run_in_column(x, kHeight / 2, kHeight, drawn);
  EXPECT_NEAR(long_px, run_in_column(x, 0, kHeight / 2, hits(capsules[0])), 1);
  EXPECT_NEAR(short_px, run_in_column(x, kHeight / 2, kHeight, hits(capsules[1])), 1);
  // About 2 × focal × r / distance: 40 and 16 pixels.
  EXPECT_GT(long_px, 35);
  EXPECT_LT(short_px, 19);
}

// Selecting the end joint of a short bone marks it with a sphere the size of that joint, and the
// end joint of a long bone of the same figure with one the size of that one.
TEST_F(CapsuleImpostorTest, AMarkedJointIsMarkedAtItsOwnSize) {
  // The figure of the test above: bone radii 0.3 (4 long) and 0.125 (0.1 long); joints 0 and 1 are
  // the long bone's ends, 2 and 3 the short one's.
  const TestClip clip = make_bones({{glm::vec3(-2.0f, 1.0f, 0.0f), glm::vec3(2.0f, 1.0f, 0.0f)},
                                    {glm::vec3(-0.05f, -1.0f, 0.0f), glm::vec3(0.05f, -1.0f, 0.0f)}},
                                   0.3f, glm::vec3(0.9f, 0.7f, 0.5f));
  // A marked joint's sphere: its own (1.06 × its thickest bone) × 1.25, × 1.15 for a selection.
  const double mark = 1.06 * 1.25 * 1.15;
  const std::vector<TestClip> clips = {clip};
  for (const auto& [joint, bone_radius_of_joint] : {std::pair{3, 0.125}, std::pair{1, 0.3}}) {
    const double bone_radius = bone_radius_of_joint;  // a plain local: a lambda below captures it
    SCOPED_TRACE("joint " + std::to_string(joint));
    const glm::dvec3 centre(clip.pose.position(joint));
    Camera camera;
    camera.eye = centre + glm::dvec3(0.0, 0.0, 6.0);
    camera.target = centre;
    const Image image = draw(clips, camera, true, 0, glm::vec3(0.0f), joint);
    // The mark is drawn in the highlight colour (blue), the figure in warm clay.
    const auto marked = [&](int px, int py) {
      const glm::ivec3 c = image.at(px, py);
      return c.z > c.x + 40;
    };
    const auto in_mark = [&](int px, int py) {
      return line_segment_distance(camera.eye, camera.ray(px, py), centre, centre) < bone_radius * mark;
    };
    const int x = kWidth / 2;
    const int expected = run_in_column(x, 0, kHeight, in_mark);
    EXPECT_NEAR(run_in_column(x, 0, kHeight, marked), expected, 1.5);
    EXPECT_NEAR(expected, 2.0 * Camera::focal() * bone_radius * mark / 6.0, 1.5);  // 21 and 50 pixels
  }
}

// A chain of 16 bones from one root: bones go to the GPU seven to an instance (two whole instances
// and two bones more), each with the sphere of its child joint, and the root's sphere on its own.
TEST_F(CapsuleImpostorTest, AChainOfBonesAndItsJointsAreAllThere) {
  TestClip chain;
  chain.figure_size = 4.0f;
  chain.color = glm::vec3(0.9f, 0.7f, 0.5f);
  for (int j = 0; j <= 16; ++j) {
    const float a = 0.4f * static_cast<float>(j);
    chain.skeleton.parents.push_back(j - 1);
    chain.pose.world.push_back(glm::translate(
        glm::mat4(1.0f), glm::vec3(-2.4f + 0.3f * static_cast<float>(j), 0.8f * std::sin(a), 0.5f * std::cos(a))));
  }
  chain.pose.local = chain.pose.world;
  take_offsets_from_pose(chain);
  const std::vector<TestClip> clips = {chain};
  Camera camera;
  camera.eye = {0.5, 1.5, 6.0};
  expect_matches_reference(draw(clips, camera, true), camera, reference_of(clips, true));
  EXPECT_EQ(pass_->bone_count(), 16u);
}

// The one upload a frame covers the whole bone buffer, so a driver can replace its storage rather
// than wait for the last frame's draws (a partial write also crashed Mesa's no-op driver).
TEST_F(CapsuleImpostorTest, TheUploadCoversTheWholeBoneBuffer) {
  const std::vector<TestClip> clips = {
      make_bones({{glm::vec3(-1.0f, 0.0f, 0.0f), glm::vec3(1.0f, 0.0f, 0.0f)}}, 0.3f, glm::vec3(1.0f))};
  draw(clips, Camera{});
  glBindBuffer(GL_ARRAY_BUFFER, pass_->buffer_name());
  GLint size = 0;
  glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  EXPECT_EQ(static_cast<std::size_t>(size), pass_->buffer_bytes());
}

// A thin bone far away seen side-on: its box's faces are then tangent to the silhouette, and the
// edge's outer half fades out only in the pixels the box's margin adds. Antialiasing moves light
// across the edge but keeps its total: the same as the hard image's to within a small share.
TEST_F(CapsuleImpostorTest, AntialiasingKeepsTheEdgeCentredOnTheSilhouette) {
  const std::vector<TestClip> clips = {
      make_bones({{glm::vec3(-2.5f, -0.4f, 0.0f), glm::vec3(2.5f, 0.4f, 0.0f)}}, 0.06f, glm::vec3(1.0f))};
  Camera camera;
  camera.eye = {0.0, 0.0, 8.0};
  const auto total = [](const Image& image) {
    long long sum = 0;
    for (int y = 0; y < kHeight; ++y) {
      for (int x = 0; x < kWidth; ++x) sum += image.sum(x, y);
    }
    return static_cast<double>(sum);
  };
  const double hard = total(draw(clips, camera, false, 0));
  const double smooth = total(draw(clips, camera, false, 4));
  EXPECT_NEAR(smooth / hard, 1.0, 0.012);
}

}  // namespace
}  // namespace bvhscope::gfx
