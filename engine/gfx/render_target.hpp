// An offscreen framebuffer with multisampling, resolved and read back as RGBA8 rows (top row first)
// for PNG output, video frames and pixel tests. Multisampled, its colour is a multisample texture
// resolved by gfx/sample_resolve.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gfx/gl_object.hpp"
#include "gfx/sample_resolve.hpp"

namespace bvhscope::gfx {

class RenderTarget {
 public:
  // `samples` is clamped to what the implementation allows (0 or 1: no multisampling).
  static std::optional<RenderTarget> create(int width, int height, int samples, std::string& error);

  void bind() const noexcept;  // draw into this target (viewport set to its size)
  static void bind_default() noexcept;
  // Resolves the samples and returns width × height × 4 bytes, top row first.
  [[nodiscard]] std::vector<std::uint8_t> read_rgba() const;
  // The same into `rgba` (resized; no allocation once it has the size: video frames).
  void read_rgba_into(std::vector<std::uint8_t>& rgba) const;
  // Only the rectangle x, y (from the bottom left), width x height: resolves those pixels and
  // returns width × height × 4 bytes into `rgba`, top row first (a video frame's changed part).
  void read_rgba_rect_into(int x, int y, int width, int height, std::vector<std::uint8_t>& rgba) const;

  // Copies the colour of the rectangle x, y (from the bottom left), width x height of `source`
  // (the same size and samples) to the same place here: every sample as it is. Depth and stencil
  // are not copied (the scene clears depth where it draws; ghosts clear their stencil).
  void copy_rect_from(const RenderTarget& source, int x, int y, int width, int height) const noexcept;

  // Copies the colour of the rectangle x, y (from the bottom left), width x height to the same
  // place of the framebuffer bound for drawing (a window's), which must have no multisampling when
  // this target has none, or the same samples; the binding stays.
  void copy_rect_to_bound(int x, int y, int width, int height) const noexcept;

  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] int samples() const noexcept { return samples_; }

 private:
  RenderTarget() = default;
  int width_ = 0;
  int height_ = 0;
  int samples_ = 0;
  Framebuffer draw_fbo_;
  Renderbuffer color_;                      // without multisampling
  Texture color_samples_;                   // with multisampling (a GL_TEXTURE_2D_MULTISAMPLE)
  std::unique_ptr<SampleResolve> resolve_;  // with multisampling
  Renderbuffer depth_;
  Framebuffer resolve_fbo_;
  Renderbuffer resolve_color_;
};

// The framebuffer bound for drawing, to bind again after drawing into another (0: the window's).
class DrawBinding {
 public:
  [[nodiscard]] static DrawBinding current() noexcept;
  void restore() const noexcept;

 private:
  explicit DrawBinding(unsigned name) noexcept : name_(name) {}
  unsigned name_ = 0;
};

// Clears the whole bound framebuffer (colour and depth).
void clear_framebuffer(int width, int height, float r, float g, float b) noexcept;
// Clears the rectangle x, y (from the bottom left), width x height of the bound framebuffer
// (colour and depth); the rest keeps its pixels.
void clear_framebuffer_rect(int x, int y, int width, int height, float r, float g, float b) noexcept;

}  // namespace bvhscope::gfx
