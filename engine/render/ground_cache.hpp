// The ground of a clip scene (background, floor and grid) drawn once into an offscreen target and
// copied under every frame while what it shows holds: the camera, the viewport, the floor's place
// and ruling, its colours and line widths. On a software renderer (llvmpipe) those passes fill
// the whole view every frame and are most of an idle frame's drawing; a copy of their pixels is a
// fraction of it. The frame is the same, pixel for pixel: the scene draws the ground, then clears
// depth and draws what stands over it, whether the ground was drawn or copied.
#pragma once

#include <functional>
#include <optional>

#include <glm/mat4x4.hpp>

#include "gfx/render_target.hpp"
#include "gfx/scene_style.hpp"
#include "model/scene_scale.hpp"

namespace bvhscope::render {

class GroundCache {
 public:
  // Puts the ground seen from `view` into the framebuffer bound for drawing (only view.region of
  // it when set), fb_width x fb_height pixels with no multisampling (a window's, on a software
  // renderer): copied when nothing it shows changed since it was drawn (the view, the style's
  // ground colours and widths, `grid`), else first drawn into the cache, the whole view, by
  // `draw_ground` (ClipScene::draw_ground from the same view without its region, and style).
  // False, with nothing drawn, when it cannot (its target cannot be made): the caller draws the
  // whole scene. After true, the caller draws the scene over the ground.
  bool put_ground(const gfx::SceneView& view, const gfx::SceneStyle& style, const GroundGrid& grid, int fb_width,
                  int fb_height, const std::function<void()>& draw_ground);
  // How many times the ground was drawn into the cache (and not only copied).
  [[nodiscard]] int redraws() const noexcept { return redraws_; }

 private:
  // What the ground's pixels depend on.
  struct Shown {
    glm::mat4 view_projection{1.0f};
    gfx::Viewport viewport;
    int fb_width = 0;
    int fb_height = 0;
    GroundGrid grid;
    bool show_grid = true;
    float pixel_scale = 1.0f;
    gfx::Palette palette;
  };
  static bool same(const Shown& a, const Shown& b) noexcept;

  std::optional<gfx::RenderTarget> target_;
  std::optional<Shown> drawn_;
  int redraws_ = 0;
};

}  // namespace bvhscope::render
