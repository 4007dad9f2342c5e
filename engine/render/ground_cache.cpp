#include "render/ground_cache.hpp"

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

bool GroundCache::put_ground(const gfx::SceneView& view, const gfx::SceneStyle& style, const GroundGrid& grid,
                             int fb_width, int fb_height, const std::function<void()>& draw_ground) {
  if (fb_width <= 0 || fb_height <= 0) return false;
  Shown shown;
  shown.view_projection = view.projection * view.view;
  shown.viewport = view.viewport;
  shown.fb_width = fb_width;
  shown.fb_height = fb_height;
  shown.grid = grid;
  shown.show_grid = style.show_grid;
  shown.pixel_scale = style.pixel_scale;
  shown.palette = style.palette;
  const gfx::Viewport& at = view.region ? *view.region : view.viewport;
  // The framebuffer the ground goes into (making the target or drawing into it binds another).
  const gfx::DrawBinding window = gfx::DrawBinding::current();
  if (!target_ || target_->width() != fb_width || target_->height() != fb_height) {
    drawn_.reset();
    target_.reset();
    std::string error;
    target_ = gfx::RenderTarget::create(fb_width, fb_height, 0, error);
    window.restore();
    if (!target_) return false;
  }
  if (!drawn_ || !same(*drawn_, shown)) {
    target_->bind();
    draw_ground();
    window.restore();
    drawn_ = shown;
    ++redraws_;
  }
  target_->copy_rect_to_bound(at.x, at.y, at.width, at.height);
  return true;
}

}  // namespace bvhscope::render
