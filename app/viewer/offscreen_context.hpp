// The GL 3.3 core context `bvhscope render` draws with: a hidden GLFW window when there is a
// display, else (or when that window cannot be made) an EGL context with no window at all. Either
// way the picture is drawn into a framebuffer object, so both give the same kind of image.
#pragma once

#include <optional>
#include <string>

#include "viewer/egl_context.hpp"
#include "viewer/window.hpp"

namespace bvhscope::viewer {

class OffscreenContext {
 public:
  // The context made current with GL loaded; nullopt with `error` saying what is missing (the
  // display, and why EGL failed) when neither way gives one.
  // `egl_only`: no hidden window even with a display (a worker thread: GLFW is main-thread only).
  static std::optional<OffscreenContext> create(int width, int height, std::string& error, bool egl_only = false);

  // The hidden window; nullptr on EGL (no window, no GLFW).
  [[nodiscard]] GLFWwindow* window() const noexcept { return window_ ? window_->handle() : nullptr; }
  [[nodiscard]] bool headless() const noexcept { return egl_.has_value(); }

 private:
  OffscreenContext() = default;
  // Destroyed in reverse: the window before the library.
  std::optional<GlfwLibrary> glfw_;
  std::optional<Window> window_;
  std::optional<EglContext> egl_;
};

// Whether DISPLAY or WAYLAND_DISPLAY names a display.
bool display_named();

}  // namespace bvhscope::viewer
