// The resolve of a multisampled colour texture into a single-sample framebuffer by a shader of our
// own (shaders/resolve.*), rows turned over so that they read back top row first. The same
// pixels as glBlitFramebuffer's resolve, but llvmpipe keeps our shader's compiled code in Mesa's
// disk cache, where the blit's resolve shader was compiled again by LLVM in every process (about
// 30 ms before a video's first frame), and the rows need no swapping afterwards.
#pragma once

#include <optional>
#include <string>

#include "gfx/gl_object.hpp"
#include "gfx/shader_program.hpp"

namespace bvhscope::gfx {

class SampleResolve {
 public:
  static std::optional<SampleResolve> create(std::string& error);

  // Into the framebuffer bound for drawing (single-sample, target_width x target_height like the
  // texture): pixel (px, y0 + height - 1 - (py - y0)) of the rectangle x, y0 (from the bottom
  // left), width x height becomes the mean of the `samples` samples (all the texture has) of
  // `texture` (a GL_TEXTURE_2D_MULTISAMPLE) at (px, py). The viewport, scissor, blending, colour
  // mask, program, vertex array and active texture unit are left as they were, texture unit 0's
  // multisample binding empty. Expects what the app never turns on: front faces culled, rasterizer
  // discard, polygon modes other than fill, a logic op, clip distances.
  void resolve(unsigned texture, int samples, int target_width, int target_height, int x, int y0, int width,
               int height) const;

 private:
  SampleResolve(ShaderProgram program, VertexArray vao) noexcept;
  ShaderProgram program_;
  VertexArray vao_;  // empty: the triangle comes from gl_VertexID
  int color_location_;
  int samples_location_;
  int row_sum_location_;
};

}  // namespace bvhscope::gfx
