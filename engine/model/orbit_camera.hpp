// OrbitCamera: the viewer's camera as plain math (no GL): orbit about a target, pan, zoom towards
// the cursor, frame a bounding box, and project world points to pixels. Y is up, as in BVH.
#pragma once

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "anim/measure.hpp"

namespace bvhscope {

// The named views of Blender's numpad, in the upright frame (+Y up): Front looks along -Z (Numpad
// 1), Back along +Z (Ctrl+1), Right along -X (Numpad 3), Left along +X (Ctrl+3), Top down -Y
// (Numpad 7, the front at the bottom of the screen), Bottom up +Y (Ctrl+7). Free: any other.
enum class CameraView : unsigned char { Free, Front, Back, Right, Left, Top, Bottom };
const char* camera_view_name(CameraView view) noexcept;

struct OrbitCamera {
  static constexpr float kDefaultYaw = 0.60f;    // radians about +Y; 0 looks from +Z at -Z
  static constexpr float kDefaultPitch = 0.28f;  // radians above the horizon
  static constexpr float kMaxPitch = 1.55f;

  glm::vec3 target{0.0f};
  float distance = 5.0f;
  float yaw = kDefaultYaw;
  float pitch = kDefaultPitch;
  float fov_y = 0.70f;        // radians (40 degrees)
  float scene_radius = 1.0f;  // sets the depth range; framing updates it
  // An orthographic projection as tall as the perspective one is at the target (switching keeps
  // the size of what is at the target), with no depth to its scale: judging contact and sliding.
  bool orthographic = false;

  [[nodiscard]] glm::vec3 forward() const noexcept;  // unit vector from the eye to the target
  [[nodiscard]] glm::vec3 right() const noexcept;
  [[nodiscard]] glm::vec3 up() const noexcept;  // the screen's up direction in world space
  [[nodiscard]] glm::vec3 eye() const noexcept { return target - forward() * distance; }
  [[nodiscard]] glm::mat4 view() const noexcept;
  [[nodiscard]] glm::mat4 projection(float aspect) const noexcept;
  [[nodiscard]] float near_plane() const noexcept;
  [[nodiscard]] float far_plane() const noexcept;

  // Turns by a mouse drag in pixels (right drag turns the scene to the right; pitch is clamped).
  void orbit(float dx_pixels, float dy_pixels) noexcept;
  // Moves the target so the scene follows a drag of (dx, dy) pixels in a view `viewport_height` tall.
  void pan(float dx_pixels, float dy_pixels, float viewport_height) noexcept;
  // Zooms by `steps` wheel notches (positive = closer), keeping the point under the cursor
  // (`cursor_ndc` in [-1, 1], y up) fixed on screen.
  void zoom(float steps, glm::vec2 cursor_ndc, float aspect) noexcept;
  // Centres `bounds` and moves back until its bounding sphere fits the view; keeps the direction.
  void frame(const Bounds& bounds, float aspect) noexcept;
  // frame() from the default direction.
  void reset(const Bounds& bounds, float aspect) noexcept;
  // Looks from a named view (not Free), keeping the target and the distance.
  void look_from(CameraView view) noexcept;
  // The named view the camera looks from (within a hundredth of a degree), else Free.
  [[nodiscard]] CameraView view_name() const noexcept;
};
// The same camera position and direction (a framing the user has not moved since).
[[nodiscard]] inline bool same_view(const OrbitCamera& a, const OrbitCamera& b) noexcept {
  return a.target == b.target && a.distance == b.distance && a.yaw == b.yaw && a.pitch == b.pitch;
}

// Window pixel (x right, y down, origin top-left of the viewport) of a world point, and its depth
// in [0, 1]; z < 0 or > 1 means outside the depth range.
glm::vec3 project_to_pixels(const glm::mat4& view_projection, const glm::vec3& world, glm::vec2 viewport_size) noexcept;

}  // namespace bvhscope
