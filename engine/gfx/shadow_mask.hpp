// The soft shadow's darkness mask: a single-sample one-channel texture the size of the view where
// every bone's shadow is drawn keeping the maximum, then multiplied into the colour of the
// framebuffer that was bound (multisampled or not) in one pass. Drawing the many overlapping
// shadow quads into one sample a pixel instead of the target's four (and clearing one byte a
// pixel) is what a software renderer saves; the shader runs once a pixel either way, so the
// darkness is the same.
#pragma once

#include <optional>
#include <string>

#include "gfx/gl_object.hpp"
#include "gfx/scene_style.hpp"
#include "gfx/shader_program.hpp"

namespace bvhscope::gfx {

class ShadowMask {
 public:
  static std::optional<ShadowMask> create(std::string& error);

  // Binds the mask for drawing, sized to cover framebuffer pixels 0..width x 0..height (kept
  // while the size stays), and clears `cleared` to no darkness. The viewport and scissor are left
  // as they are: the bones' shadows are drawn with the framebuffer's own pixel coordinates.
  void begin(int width, int height, const Viewport& cleared);
  // Binds the framebuffer that was bound at begin() again and multiplies its colour by
  // (1 - darkness) inside the scissor set by the caller; alpha is left as it is.
  void apply() const;

 private:
  ShadowMask(ShaderProgram program, VertexArray vao, Framebuffer framebuffer, Texture texture) noexcept;
  ShaderProgram program_;
  VertexArray vao_;  // empty: the vertex shader makes its own positions
  Framebuffer framebuffer_;
  Texture texture_;
  int width_ = 0;
  int height_ = 0;
  int mask_location_ = -1;
  int target_ = 0;  // the framebuffer bound at begin()
};

}  // namespace bvhscope::gfx
