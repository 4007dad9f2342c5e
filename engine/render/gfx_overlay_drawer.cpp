#include "render/gfx_overlay_drawer.hpp"

namespace bvhscope::render {

void GfxOverlayDrawer::draw(const Overlay& overlay, int fb_width, int fb_height) {
  error_.clear();
  const gfx::Viewport whole{0, 0, fb_width, fb_height};
  gfx::draw_overlay(overlay, whole, pass_, error_);
}

}  // namespace bvhscope::render
