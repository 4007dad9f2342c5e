// What the scene renderer draws and how: bone style, toggles, colours, and the view to draw from.
// Plain data with no GL, shared by the viewer, the render command and the tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace bvhscope::gfx {

enum class BoneStyle : std::uint8_t { Solid, Lines };

struct Palette {
  glm::vec3 background_top{0.235f, 0.255f, 0.290f};
  glm::vec3 background_bottom{0.105f, 0.112f, 0.125f};
  glm::vec3 floor{0.205f, 0.215f, 0.235f};
  glm::vec3 grid_minor{0.36f, 0.38f, 0.41f};
  glm::vec3 grid_major{0.50f, 0.53f, 0.57f};
  glm::vec3 bone{1.0f, 0.62f, 0.18f};    // lines style: a saturated amber that reads on dark grey
  glm::vec3 solid{0.93f, 0.70f, 0.46f};  // solid style: warm clay, shaded
  glm::vec3 joint{0.96f, 0.93f, 0.86f};
  glm::vec3 highlight{0.30f, 0.78f, 1.0f};
  glm::vec3 hover{0.72f, 0.90f, 1.0f};
  glm::vec3 trail{0.30f, 0.78f, 1.0f};
  glm::vec3 trajectory{0.35f, 0.80f, 0.62f};
  glm::vec3 axis_x{0.90f, 0.29f, 0.27f};
  glm::vec3 axis_y{0.45f, 0.80f, 0.30f};
  glm::vec3 axis_z{0.30f, 0.52f, 0.95f};
};

struct SceneStyle {
  BoneStyle bones = BoneStyle::Solid;
  bool show_grid = true;
  bool show_axes = true;
  bool show_trajectory = false;
  bool show_joints = true;
  bool show_shadow = true;
  float pixel_scale = 1.0f;  // the monitor's content scale: line widths and point sizes follow it
  int highlight_joint = -1;  // a joint of the first clip drawn in the highlight colour (-1: none)
  // The selected joint's trail: frames [trail_first, trail_last] of the path given to set_trail.
  bool show_trail = false;
  std::size_t trail_first = 0;
  std::size_t trail_last = 0;
  std::size_t trail_current = 0;
  Palette palette;
};

// How one clip of several is drawn: its colours (or the palette's), whether it shows, and which of
// its joints is selected (highlight colour) or hovered (a softer highlight); -1 for none.
// `joint_colors`, with one colour per joint of the clip's skeleton, replaces the clip's colours:
// each joint is drawn in its own and each bone graded from its parent's to its child's (motion
// comparison: each joint's error). Any other size: the clip's colours. `opacity` below 1 draws the
// clip as a ghost: after every opaque clip, only its nearest surface blended over them, no shadow.
// (The new fields have `{}`/`=` initialisers so that positional `{...}` initialisations of the first
// six stay free of -Wmissing-field-initializers.)
struct ClipLook {
  bool use_palette = true;
  glm::vec3 line_color{1.0f};
  glm::vec3 solid_color{1.0f};
  bool visible = true;
  int selected = -1;
  int hovered = -1;
  std::vector<glm::vec3> joint_colors{};
  float opacity = 1.0f;
};

// A rectangle of the framebuffer in pixels, origin at the bottom left (GL's convention).
struct Viewport {
  int x = 0;
  int y = 0;
  int width = 1;
  int height = 1;
  [[nodiscard]] float aspect() const noexcept {
    return height > 0 ? static_cast<float>(width) / static_cast<float>(height) : 1.0f;
  }
};

struct SceneView {
  glm::mat4 view{1.0f};
  glm::mat4 projection{1.0f};
  glm::vec3 eye{0.0f};
  Viewport viewport;
  // Only this rectangle of the framebuffer (inside the viewport) is drawn, as the whole draw would
  // draw it there (a video frame redrawn where the figures move); the whole viewport without it.
  std::optional<Viewport> region;
};

}  // namespace bvhscope::gfx
