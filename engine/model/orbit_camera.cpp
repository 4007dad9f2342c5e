#include "model/orbit_camera.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace bvhscope {
namespace {

constexpr float kRadiansPerPixel = 0.008f;
constexpr float kZoomPerStep = 0.85f;
constexpr float kFrameMargin = 1.08f;

}  // namespace

glm::vec3 OrbitCamera::forward() const noexcept {
  const float c = std::cos(pitch);
  return -glm::vec3(c * std::sin(yaw), std::sin(pitch), c * std::cos(yaw));
}

glm::vec3 OrbitCamera::right() const noexcept { return glm::vec3(std::cos(yaw), 0.0f, -std::sin(yaw)); }

glm::vec3 OrbitCamera::up() const noexcept { return glm::cross(right(), forward()); }

glm::mat4 OrbitCamera::view() const noexcept { return glm::lookAt(eye(), target, up()); }

float OrbitCamera::near_plane() const noexcept { return std::max(distance * 0.01f, 1e-4f); }

float OrbitCamera::far_plane() const noexcept { return distance * 4.0f + scene_radius * 8.0f; }

glm::mat4 OrbitCamera::projection(float aspect) const noexcept {
  const float ratio = aspect > 0.0f ? aspect : 1.0f;
  if (orthographic) {
    // As tall as the perspective view at the target; the depth range reaches behind the eye too
    // (nothing is behind an orthographic camera), so that zooming in never cuts the scene.
    const float half_height = distance * std::tan(fov_y * 0.5f);
    return glm::ortho(-half_height * ratio, half_height * ratio, -half_height, half_height,
                      -(distance + scene_radius * 8.0f), far_plane());
  }
  return glm::perspective(fov_y, ratio, near_plane(), far_plane());
}

namespace {

struct NamedView {
  CameraView view;
  float yaw;
  float pitch;
};
constexpr float kHalfPi = 1.57079632679489662f;
constexpr NamedView kViews[] = {
    {CameraView::Front, 0.0f, 0.0f},    {CameraView::Back, 2.0f * kHalfPi, 0.0f}, {CameraView::Right, kHalfPi, 0.0f},
    {CameraView::Left, -kHalfPi, 0.0f}, {CameraView::Top, 0.0f, kHalfPi},         {CameraView::Bottom, 0.0f, -kHalfPi},
};

}  // namespace

const char* camera_view_name(CameraView view) noexcept {
  switch (view) {
    case CameraView::Front:
      return "front";
    case CameraView::Back:
      return "back";
    case CameraView::Right:
      return "right";
    case CameraView::Left:
      return "left";
    case CameraView::Top:
      return "top";
    case CameraView::Bottom:
      return "bottom";
    case CameraView::Free:
      break;
  }
  return "free";
}

void OrbitCamera::look_from(CameraView view) noexcept {
  for (const NamedView& named : kViews) {
    if (named.view != view) continue;
    yaw = named.yaw;
    pitch = named.pitch;
  }
}

CameraView OrbitCamera::view_name() const noexcept {
  constexpr float kTolerance = 1.75e-4f;  // a hundredth of a degree
  for (const NamedView& named : kViews) {
    const float yaw_apart = std::abs(std::remainder(yaw - named.yaw, 4.0f * kHalfPi));
    if (std::abs(pitch - named.pitch) < kTolerance && yaw_apart < kTolerance) return named.view;
  }
  return CameraView::Free;
}

void OrbitCamera::orbit(float dx_pixels, float dy_pixels) noexcept {
  yaw -= dx_pixels * kRadiansPerPixel;
  // A top or bottom view looks straight down or up, beyond the drag's limit: dragging from it does
  // not jump back to the limit first.
  const float limit = std::max(kMaxPitch, std::abs(pitch));
  pitch = std::clamp(pitch + dy_pixels * kRadiansPerPixel, -limit, limit);
  yaw = std::remainder(yaw, 2.0f * glm::pi<float>());
}

void OrbitCamera::pan(float dx_pixels, float dy_pixels, float viewport_height) noexcept {
  if (!(viewport_height > 0.0f)) return;
  const float world_per_pixel = 2.0f * distance * std::tan(fov_y * 0.5f) / viewport_height;
  target += (-dx_pixels * right() + dy_pixels * up()) * world_per_pixel;
}

void OrbitCamera::zoom(float steps, glm::vec2 cursor_ndc, float aspect) noexcept {
  const float factor = std::pow(kZoomPerStep, steps);
  const float half_height = std::tan(fov_y * 0.5f) * distance;
  const glm::vec3 under_cursor =
      target + right() * (cursor_ndc.x * half_height * aspect) + up() * (cursor_ndc.y * half_height);
  const float next = std::clamp(distance * factor, scene_radius * 1e-3f, scene_radius * 1e3f);
  const float applied = next / distance;
  target = under_cursor + (target - under_cursor) * applied;
  distance = next;
}

void OrbitCamera::frame(const Bounds& bounds, float aspect) noexcept {
  if (bounds.empty()) return;
  const glm::vec3 center = bounds.center();
  const glm::vec3 half = bounds.size() * 0.5f;
  const float tan_y = std::tan(fov_y * 0.5f);
  const float tan_x = tan_y * (aspect > 0.0f ? aspect : 1.0f);
  const glm::vec3 r = right();
  const glm::vec3 u = up();
  const glm::vec3 f = forward();
  // The closest eye distance (from the centre, along -forward) at which all 8 corners of the box
  // are inside the frustum: for a corner at depth d + z, |x| <= tan_x (d + z) and |y| <= tan_y (d + z).
  float needed = 0.0f;
  for (int corner = 0; corner < 8; ++corner) {
    const glm::vec3 p((corner & 1) ? half.x : -half.x, (corner & 2) ? half.y : -half.y,
                      (corner & 4) ? half.z : -half.z);
    const float z = glm::dot(p, f);
    needed = std::max(needed, std::abs(glm::dot(p, r)) / tan_x - z);
    needed = std::max(needed, std::abs(glm::dot(p, u)) / tan_y - z);
  }
  const float radius = std::max(glm::length(half), 1e-3f);
  target = center;
  scene_radius = radius;
  distance = std::max(needed * kFrameMargin, radius * 0.5f);
}

void OrbitCamera::reset(const Bounds& bounds, float aspect) noexcept {
  yaw = kDefaultYaw;
  pitch = kDefaultPitch;
  frame(bounds, aspect);
}

glm::vec3 project_to_pixels(const glm::mat4& view_projection, const glm::vec3& world,
                            glm::vec2 viewport_size) noexcept {
  const glm::vec4 clip = view_projection * glm::vec4(world, 1.0f);
  if (clip.w <= 0.0f) return {-1.0f, -1.0f, -1.0f};
  const glm::vec3 ndc = glm::vec3(clip) / clip.w;
  return {(ndc.x * 0.5f + 0.5f) * viewport_size.x, (0.5f - ndc.y * 0.5f) * viewport_size.y, ndc.z * 0.5f + 0.5f};
}

}  // namespace bvhscope
