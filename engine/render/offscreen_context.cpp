#include "render/offscreen_context.hpp"

#include <cstdlib>
#include <utility>

namespace bvhscope::render {
namespace {

bool set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && value[0] != '\0';
}

}  // namespace

bool display_named() { return set("DISPLAY") || set("WAYLAND_DISPLAY"); }

std::optional<OffscreenContext> OffscreenContext::create(std::string& error) {
  std::string egl_error;
  std::optional<EglContext> egl = EglContext::create(egl_error);
  if (egl) {
    std::optional<OffscreenContext> context(OffscreenContext{});
    context->egl_.emplace(std::move(*egl));
    return context;
  }
  if (display_named()) {
    error = "no EGL: " + egl_error + "; install libegl-mesa0 (Debian)";
  } else {
    // EGL's default display may reach an X server (Xvfb works) when no other way does.
    error = "no display (DISPLAY and WAYLAND_DISPLAY are not set) and no EGL: " + egl_error +
            "; install libegl-mesa0 (Debian) to render without a display, or set DISPLAY to an X server (Xvfb works)";
  }
  return std::nullopt;
}

}  // namespace bvhscope::render
