// The headless renderer's OverlayDrawer: an Overlay drawn over the bound framebuffer by engine/gfx's
// OverlayPass (distance-field boxes, lines, dots and text from the embedded UI font), the pass made
// on first use and again when the overlay asks for another text size. No ImGui.
#pragma once

#include <optional>
#include <string>

#include "gfx/overlay_pass.hpp"
#include "render/scene_drawer.hpp"

namespace bvhscope::render {

class GfxOverlayDrawer final : public OverlayDrawer {
 public:
  void draw(const Overlay& overlay, int fb_width, int fb_height) override;

  // Why the last draw drew nothing (no font in this build, a shader error); empty when it drew.
  [[nodiscard]] const std::string& error() const noexcept { return error_; }

 private:
  std::optional<gfx::OverlayPass> pass_;
  std::string error_;
};

}  // namespace bvhscope::render
