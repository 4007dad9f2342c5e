// The GL 3.3 core context `bvhscope render` (and File > Export video, on its worker thread) draws
// with: an EGL context with no window (engine/render/egl_context), with or without a display. The
// picture is drawn into a framebuffer object, so a display adds nothing: Mesa draws the same
// pixels through EGL as through a hidden GLX window (tests/app/headless_render_test).
#pragma once

#include <optional>
#include <string>

#include "render/egl_context.hpp"

namespace bvhscope::render {

// Multisampling of every offscreen picture (render, video, grids): 4 samples a pixel.
inline constexpr int kOffscreenSamples = 4;

class OffscreenContext {
 public:
  // The context made current with GL loaded; nullopt with `error` saying why EGL failed and what
  // to install.
  static std::optional<OffscreenContext> create(std::string& error);

  [[nodiscard]] const EglContext& egl() const noexcept { return *egl_; }

 private:
  OffscreenContext() = default;
  std::optional<EglContext> egl_;
};

// Whether DISPLAY or WAYLAND_DISPLAY names a display.
bool display_named();

}  // namespace bvhscope::render
