#include "viewer/offscreen_context.hpp"

#include <cstdlib>

namespace bvhscope::viewer {
namespace {

bool set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && value[0] != '\0';
}

}  // namespace

bool display_named() { return set("DISPLAY") || set("WAYLAND_DISPLAY"); }

std::optional<OffscreenContext> OffscreenContext::create(int width, int height, std::string& error) {
  OffscreenContext context;
  const bool display = display_named();
  std::string window_error;
  if (display) {
    context.glfw_ = GlfwLibrary::init(window_error);
    if (context.glfw_) {
      WindowOptions options;
      options.width = width;
      options.height = height;
      options.visible = false;
      options.samples = 0;  // the framebuffer object has its own samples
      context.window_ = Window::create(options, window_error);
      if (context.window_) return context;
      context.glfw_.reset();
    }
  }
  std::string egl_error;
  context.egl_ = EglContext::create(egl_error);
  if (context.egl_) return context;
  if (!display) {
    error = "no display (DISPLAY and WAYLAND_DISPLAY are not set) and no EGL: " + egl_error +
            "; install libegl-mesa0 (Debian) to render without a display, or set DISPLAY to an X server (Xvfb works)";
  } else {
    error = window_error + "; and no EGL: " + egl_error + "; install libegl-mesa0 (Debian) to render without a display";
  }
  return std::nullopt;
}

}  // namespace bvhscope::viewer
