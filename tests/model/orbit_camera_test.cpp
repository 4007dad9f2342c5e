// OrbitCamera: framing, orbit, pan and zoom towards the cursor as plain math.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "model/orbit_camera.hpp"

namespace bvhscope {
namespace {

Bounds box(glm::vec3 min, glm::vec3 max) {
  Bounds b;
  b.add(min);
  b.add(max);
  return b;
}

bool inside_view(const OrbitCamera& camera, float aspect, const glm::vec3& point) {
  const glm::vec3 p = project_to_pixels(camera.projection(aspect) * camera.view(), point, {1000.0f * aspect, 1000.0f});
  return p.x >= 0 && p.y >= 0 && p.x <= 1000.0f * aspect && p.y <= 1000.0f && p.z > 0 && p.z < 1;
}

class FrameTest : public ::testing::TestWithParam<float> {};

TEST_P(FrameTest, EveryCornerOfTheBoundsIsInViewAndTheViewIsTight) {
  for (const Bounds& bounds :
       {box({-1, 0, -1}, {1, 1.8f, 1}), box({0, 0, 0}, {400, 170, 30}), box({-0.01f, 0, 0}, {0.01f, 0.02f, 0.01f})}) {
    OrbitCamera camera;
    const float aspect = GetParam();
    camera.reset(bounds, aspect);
    EXPECT_EQ(camera.target, bounds.center());
    float max_ndc = 0.0f;
    for (int corner = 0; corner < 8; ++corner) {
      const glm::vec3 p((corner & 1) ? bounds.max.x : bounds.min.x, (corner & 2) ? bounds.max.y : bounds.min.y,
                        (corner & 4) ? bounds.max.z : bounds.min.z);
      EXPECT_TRUE(inside_view(camera, aspect, p)) << "corner " << corner;
      const glm::vec4 clip = camera.projection(aspect) * camera.view() * glm::vec4(p, 1.0f);
      max_ndc = std::max({max_ndc, std::abs(clip.x / clip.w), std::abs(clip.y / clip.w)});
    }
    EXPECT_GT(max_ndc, 0.8f) << "the bounds should fill most of the view";
  }
}

INSTANTIATE_TEST_SUITE_P(Aspects, FrameTest, ::testing::Values(0.5f, 1.0f, 16.0f / 9.0f, 3.0f));

TEST(OrbitCamera, OrbitKeepsTheTargetAndDistance) {
  OrbitCamera camera;
  camera.target = {1, 2, 3};
  camera.distance = 10.0f;
  camera.orbit(120.0f, -40.0f);
  EXPECT_EQ(camera.target, glm::vec3(1, 2, 3));
  EXPECT_NEAR(glm::length(camera.eye() - camera.target), 10.0f, 1e-4f);
}

TEST(OrbitCamera, PitchIsClampedShortOfThePoles) {
  OrbitCamera camera;
  camera.orbit(0.0f, 1e6f);
  EXPECT_LE(camera.pitch, OrbitCamera::kMaxPitch);
  camera.orbit(0.0f, -1e6f);
  EXPECT_GE(camera.pitch, -OrbitCamera::kMaxPitch);
  EXPECT_TRUE(std::isfinite(camera.view()[0][0]));
}

TEST(OrbitCamera, PanMovesTheSceneWithTheCursor) {
  OrbitCamera camera;
  camera.distance = 10.0f;
  const float aspect = 1.0f;
  const glm::vec3 point(0.0f);
  const glm::vec3 before = project_to_pixels(camera.projection(aspect) * camera.view(), point, {800, 800});
  camera.pan(50.0f, 20.0f, 800.0f);
  const glm::vec3 after = project_to_pixels(camera.projection(aspect) * camera.view(), point, {800, 800});
  EXPECT_NEAR(after.x - before.x, 50.0f, 0.5f);
  EXPECT_NEAR(after.y - before.y, 20.0f, 0.5f);
}

TEST(OrbitCamera, ZoomKeepsThePointUnderTheCursorInPlace) {
  OrbitCamera camera;
  camera.distance = 10.0f;
  camera.scene_radius = 5.0f;
  const float aspect = 1.5f;
  const glm::vec2 cursor_ndc(0.4f, -0.3f);
  // The point under the cursor on the plane through the target.
  const float half = std::tan(camera.fov_y * 0.5f) * camera.distance;
  const glm::vec3 under =
      camera.target + camera.right() * (cursor_ndc.x * half * aspect) + camera.up() * (cursor_ndc.y * half);
  const glm::vec3 before = project_to_pixels(camera.projection(aspect) * camera.view(), under, {1500, 1000});
  camera.zoom(3.0f, cursor_ndc, aspect);
  const glm::vec3 after = project_to_pixels(camera.projection(aspect) * camera.view(), under, {1500, 1000});
  EXPECT_LT(camera.distance, 10.0f);
  EXPECT_NEAR(after.x, before.x, 0.5f);
  EXPECT_NEAR(after.y, before.y, 0.5f);
  EXPECT_NEAR(before.x, (0.4f * 0.5f + 0.5f) * 1500.0f, 0.5f);
}

TEST(OrbitCamera, ProjectionPutsTheTargetInTheMiddle) {
  OrbitCamera camera;
  camera.target = {5, 1, -2};
  camera.distance = 3.0f;
  const glm::vec3 p = project_to_pixels(camera.projection(2.0f) * camera.view(), camera.target, {800, 400});
  EXPECT_NEAR(p.x, 400.0f, 1e-2f);
  EXPECT_NEAR(p.y, 200.0f, 1e-2f);
}

}  // namespace
}  // namespace bvhscope
