#include "render/ground_cache.hpp"

#include <algorithm>
#include <string>

namespace bvhscope::render {

bool GroundCache::same(const Shown& a, const Shown& b) noexcept {
  const gfx::Palette& p = a.palette;
  const gfx::Palette& q = b.palette;
  return a.view_projection == b.view_projection && a.viewport.x == b.viewport.x && a.viewport.y == b.viewport.y &&
         a.viewport.width == b.viewport.width && a.viewport.height == b.viewport.height && a.fb_width == b.fb_width &&
         a.fb_height == b.fb_height && a.grid.center == b.grid.center && a.grid.minor_spacing == b.grid.minor_spacing &&
         a.grid.major_spacing == b.grid.major_spacing && a.grid.extent == b.grid.extent && a.show_grid == b.show_grid &&
         a.pixel_scale == b.pixel_scale && p.background_top == q.background_top &&
         p.background_bottom == q.background_bottom && p.floor == q.floor && p.grid_minor == q.grid_minor &&
         p.grid_major == q.grid_major;
}

GroundCache::Shown GroundCache::shown_by(const gfx::SceneView& view, const gfx::SceneStyle& style,
                                         const GroundGrid& grid, int fb_width, int fb_height) noexcept {
  Shown shown;
  shown.view_projection = view.projection * view.view;
  shown.viewport = view.viewport;
  shown.fb_width = fb_width;
  shown.fb_height = fb_height;
  shown.grid = grid;
  shown.show_grid = style.show_grid;
  shown.pixel_scale = style.pixel_scale;
  shown.palette = style.palette;
  return shown;
}

void GroundCache::begin_frame(const gfx::SceneView& view, const gfx::SceneStyle& style, const GroundGrid& grid,
                              int fb_width, int fb_height) noexcept {
  const Shown shown = shown_by(view, style, grid, fb_width, fb_height);
  // Moving: the ground changed at this frame and at the one before (a camera turning frame after
  // frame); a single change (a jump to a new framing) goes through the cache at once instead,
  // which the frames after it copy from.
  const bool changed = this_frame_ && !same(*this_frame_, shown);  // the first frame is no move
  moving_ = changed && changed_before_;
  changed_before_ = changed;
  this_frame_ = shown;
}

bool GroundCache::put_ground(const gfx::SceneView& view, const gfx::SceneStyle& style, const GroundGrid& grid,
                             int fb_width, int fb_height,
                             const std::function<void(const gfx::SceneView&)>& draw_ground) {
  if (fb_width <= 0 || fb_height <= 0) return false;
  const Shown shown = shown_by(view, style, grid, fb_width, fb_height);
  const gfx::Viewport& at = view.region ? *view.region : view.viewport;
  // The view's pixels in the framebuffer (a viewport may reach past it; a region never does).
  const int left = std::max(view.viewport.x, 0);
  const int bottom = std::max(view.viewport.y, 0);
  const int right = std::min(view.viewport.x + view.viewport.width, fb_width);
  const int top = std::min(view.viewport.y + view.viewport.height, fb_height);
  const bool whole_view = at.x <= left && at.y <= bottom && at.x + at.width >= right && at.y + at.height >= top;
  // A moving frame draws all its ground straight (every rectangle of it: one source on screen).
  if (moving_ && same(*this_frame_, shown) && !(drawn_ && same(*drawn_, shown))) {  // moving_: a frame began
    draw_ground(view);
    ++direct_draws_;
    direct_on_screen_ = true;
    return true;
  }
  // The framebuffer the ground goes into (making the target or drawing into it binds another).
  const gfx::DrawBinding window = gfx::DrawBinding::current();
  if (!target_ || target_->width() != fb_width || target_->height() != fb_height) {
    drawn_.reset();
    target_.reset();
    std::string error;
    target_ = gfx::RenderTarget::create(fb_width, fb_height, 0, error);
    window.restore();
    if (!target_) {
      direct_on_screen_ = false;  // no cache to mix with: the caller draws the ground in the window
      return false;
    }
  }
  if (!drawn_ || !same(*drawn_, shown)) {
    target_->bind();
    gfx::SceneView all = view;
    all.region.reset();
    draw_ground(all);
    window.restore();
    drawn_ = shown;
    ++redraws_;
  }
  target_->copy_rect_to_bound(at.x, at.y, at.width, at.height);
  if (whole_view) direct_on_screen_ = false;
  return true;
}

}  // namespace bvhscope::render
