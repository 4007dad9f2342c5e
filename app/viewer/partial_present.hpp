// Shows only the rectangles of a frame that changed, on a software renderer under X11: the back
// buffer is copied to the window rectangle by rectangle (glXCopySubBufferMESA) instead of swapped
// whole, so it keeps the whole picture from one frame to the next and a frame draws (FrameDamage)
// and sends to the X server only its changed parts. Elsewhere (a GPU, EGL, Wayland) frames are
// swapped as usual.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "model/pixel_rect.hpp"

namespace bvhscope::viewer {

class PartialPresent {
 public:
  // For the current context (a GLX one): when `software` (a CPU rasterizer draws it), GLX offers
  // glXCopySubBufferMESA and `setting` (BVHSCOPE_PARTIAL_FRAMES; nullptr when unset) is not "0".
  [[nodiscard]] static std::optional<PartialPresent> find(bool software, const char* setting);

  // Puts `rects` of the back buffer (framebuffer pixels, GL's convention) on the window; the back
  // buffer keeps its contents.
  void present(std::span<const PixelRect> rects) const;

 private:
  using CopySubBuffer = void (*)(void* display, unsigned long drawable, int x, int y, int width, int height);
  PartialPresent(CopySubBuffer copy, void* display, unsigned long drawable) noexcept
      : copy_(copy), display_(display), drawable_(drawable) {}
  CopySubBuffer copy_;
  void* display_;
  unsigned long drawable_;
};

}  // namespace bvhscope::viewer
