// The ground of a clip scene (background, floor and grid) drawn once into an offscreen target and
// copied under every frame while what it shows holds: the camera, the viewport, the floor's place
// and ruling, its colours and line widths. On a software renderer (llvmpipe) those passes fill
// the whole view every frame and are most of an idle frame's drawing; a copy of their pixels is a
// fraction of it. The frame is the same, pixel for pixel: the scene draws the ground, then clears
// depth and draws what stands over it, whether the ground was drawn or copied. While the camera
// moves, every frame redraws the whole view: from its second frame on, its ground is drawn straight
// into the framebuffer (a copy on top would cost a second pass over every pixel) and the cache is
// left until the camera holds. Drawn straight, the ground may differ from the cache's in the last
// bit of a few pixels (llvmpipe rasterises a window and a texture apart): the first frame after the
// camera holds redraws the whole view from the cache (needs_whole_view), so that what the window
// keeps is always one source's.
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
  // Once a frame, before any put_ground of it (whether or not the frame draws in the view): the
  // ground this frame shows, from which the cache tells whether the camera moves (the ground
  // changed at this frame and at the one before).
  void begin_frame(const gfx::SceneView& view, const gfx::SceneStyle& style, const GroundGrid& grid, int fb_width,
                   int fb_height) noexcept;
  // Puts the ground seen from `view` into the framebuffer bound for drawing (only view.region of
  // it when set), fb_width x fb_height pixels with no multisampling (a window's, on a software
  // renderer): copied when nothing it shows changed since it was drawn (the view, the style's
  // ground colours and widths, `grid`), else first drawn into the cache, the whole view, by
  // `draw_ground` (ClipScene::draw_ground from the given view, and style), and copied. In a frame
  // whose begin_frame found the camera moving, a ground the cache does not hold is drawn by
  // `draw_ground` from `view` straight into the framebuffer instead (every rectangle of the frame).
  // False, with nothing drawn, when the cache's target cannot be made: the caller draws the whole
  // scene. After true, the caller draws the scene over the ground.
  bool put_ground(const gfx::SceneView& view, const gfx::SceneStyle& style, const GroundGrid& grid, int fb_width,
                  int fb_height, const std::function<void(const gfx::SceneView&)>& draw_ground);
  // Whether this frame (after begin_frame) must redraw the whole view: the window shows ground
  // drawn straight into it and the camera no longer moves (the ground comes from the cache now).
  [[nodiscard]] bool needs_whole_view() const noexcept { return direct_on_screen_ && !moving_; }
  // Whether ground drawn straight into the framebuffer may be on screen: a frame with the camera
  // held must follow (needs_whole_view) before the window may be left as it is.
  [[nodiscard]] bool direct_on_screen() const noexcept { return direct_on_screen_; }
  // How many times the ground was drawn into the cache (and not only copied).
  [[nodiscard]] int redraws() const noexcept { return redraws_; }
  // How many times the ground was drawn straight into the framebuffer (rectangles of moving frames).
  [[nodiscard]] int direct_draws() const noexcept { return direct_draws_; }

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
  static Shown shown_by(const gfx::SceneView& view, const gfx::SceneStyle& style, const GroundGrid& grid, int fb_width,
                        int fb_height) noexcept;

  std::optional<gfx::RenderTarget> target_;
  std::optional<Shown> drawn_;       // what the cache holds
  std::optional<Shown> this_frame_;  // what this frame shows (begin_frame)
  bool changed_before_ = false;      // the frame before showed another ground than the one before it
  bool moving_ = false;              // this frame's ground and the frame before's both changed
  bool direct_on_screen_ = false;    // ground drawn straight into the framebuffer may be on screen
  int redraws_ = 0;
  int direct_draws_ = 0;
};

}  // namespace bvhscope::render
