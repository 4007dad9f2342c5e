#include "viewer/offscreen_context.hpp"

#include <cstdlib>
#include <utility>

namespace bvhscope::viewer {
namespace {

bool set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && value[0] != '\0';
}

}  // namespace

bool display_named() { return set("DISPLAY") || set("WAYLAND_DISPLAY"); }

std::optional<OffscreenContext> OffscreenContext::create(int width, int height, std::string& error, bool egl_only) {
  const bool display = display_named() && !egl_only;
  std::string window_error;
  if (display) {
    std::optional<GlfwLibrary> glfw = GlfwLibrary::init(window_error);
    if (glfw) {
      WindowOptions options;
      options.width = width;
      options.height = height;
      options.visible = false;
      options.samples = 0;  // the framebuffer object has its own samples
      std::optional<Window> window = Window::create(options, window_error);
      if (window) {
        std::optional<OffscreenContext> context(OffscreenContext{});
        context->glfw_.emplace(std::move(*glfw));
        context->window_.emplace(std::move(*window));
        return context;
      }
    }  // GLFW terminated before EGL is tried
  }
  std::string egl_error;
  std::optional<EglContext> egl = EglContext::create(egl_error);
  if (egl) {
    std::optional<OffscreenContext> context(OffscreenContext{});
    context->egl_.emplace(std::move(*egl));
    return context;
  }
  if (egl_only) {
    error = "no EGL: " + egl_error + "; install libegl-mesa0 (Debian)";
  } else if (!display) {
    error = "no display (DISPLAY and WAYLAND_DISPLAY are not set) and no EGL: " + egl_error +
            "; install libegl-mesa0 (Debian) to render without a display, or set DISPLAY to an X server (Xvfb works)";
  } else {
    error = window_error + "; and no EGL: " + egl_error + "; install libegl-mesa0 (Debian) to render without a display";
  }
  return std::nullopt;
}

}  // namespace bvhscope::viewer
