#include "viewer/partial_present.hpp"

#include <cstring>

#include <GLFW/glfw3.h>

namespace bvhscope::viewer {
namespace {

// GLX's entry points through GLFW's loader (glXGetProcAddress), so that bvhscope needs neither
// X11's nor GLX's headers nor a link to libGL: Display* is passed as void*, GLXDrawable is an XID.
using CurrentDisplay = void* (*)();
using CurrentDrawable = unsigned long (*)();

template <typename Function>
Function entry(const char* name) {
  return reinterpret_cast<Function>(glfwGetProcAddress(name));
}

}  // namespace

std::optional<PartialPresent> PartialPresent::find(bool software, const char* setting) {
  if (!software || (setting != nullptr && std::strcmp(setting, "0") == 0)) return std::nullopt;
  if (glfwGetCurrentContext() == nullptr || glfwExtensionSupported("GLX_MESA_copy_sub_buffer") == GLFW_FALSE)
    return std::nullopt;
  const auto copy = entry<CopySubBuffer>("glXCopySubBufferMESA");
  const auto display = entry<CurrentDisplay>("glXGetCurrentDisplay");
  const auto drawable = entry<CurrentDrawable>("glXGetCurrentDrawable");
  if (copy == nullptr || display == nullptr || drawable == nullptr) return std::nullopt;
  void* current_display = display();
  const unsigned long current_drawable = drawable();
  if (current_display == nullptr || current_drawable == 0) return std::nullopt;
  return PartialPresent(copy, current_display, current_drawable);
}

void PartialPresent::present(std::span<const PixelRect> rects) const {
  for (const PixelRect& r : rects) {
    if (!r.empty()) copy_(display_, drawable_, r.x, r.y, r.width, r.height);
  }
}

}  // namespace bvhscope::viewer
