// The soft shadow's darkness mask: a single-sample one-channel texture covering the framebuffer
// where every bone's shadow is drawn keeping the maximum, then multiplied into the colour of the
// framebuffer that was bound (multisampled or not) in one pass. Drawing the many overlapping
// shadow quads into one sample a pixel instead of the target's four (and clearing one byte a
// pixel) is what a software renderer saves. In a big view a texel spans 2x2 pixels, read back
// with bilinear filtering: the shadow is soft over several pixels even at its sharpest there, and
// a quarter of the texels cost a quarter of the time (on llvmpipe the shadow was a fifth of a
// 1280x720 video's time, more than the figure itself).
#pragma once

#include <optional>
#include <string>

#include "gfx/gl_object.hpp"
#include "gfx/scene_style.hpp"
#include "gfx/shader_program.hpp"
#include "gfx/shadow_mask_grid.hpp"

namespace bvhscope::gfx {

class ShadowMask {
 public:
  static std::optional<ShadowMask> create(std::string& error);

  // Sizes the mask to cover framebuffer pixels 0..width x 0..height at `scale`
  // (ShadowMaskGrid::scale_for), kept while they stay; grid() says where its texels are.
  void prepare(int width, int height, int scale);
  [[nodiscard]] const ShadowMaskGrid& grid() const noexcept { return grid_; }
  // Binds the mask for drawing and clears `texels` (at scale 1 framebuffer pixels) to no darkness. At scale 1 the
  // viewport and scissor are left as they are: the bones' shadows are drawn with the framebuffer's own pixel
  // coordinates. At scale 2 the viewport is the whole mask and the scissor `texels`.
  void begin(const Viewport& texels);
  // Binds the framebuffer that was bound at begin() again, with `viewport` its viewport, and
  // multiplies its colour by (1 - darkness) at framebuffer pixels `pixels` (the caller's scissor
  // set to them too); alpha is left as it is.
  void apply(const Viewport& viewport, const Viewport& pixels) const;

 private:
  ShadowMask(ShaderProgram program, VertexArray vao, Framebuffer framebuffer, Texture texture) noexcept;
  ShaderProgram program_;
  VertexArray vao_;  // empty: the vertex shader makes its own positions
  Framebuffer framebuffer_;
  Texture texture_;
  ShadowMaskGrid grid_;  // the texture's
  int mask_location_ = -1;
  int scale_location_ = -1;
  int pixels_location_ = -1;
  int target_ = 0;  // the framebuffer bound at begin()
};

}  // namespace bvhscope::gfx
