// Draws the background gradient over the whole viewport.
#pragma once

#include <optional>
#include <string>

#include "gfx/gl_object.hpp"
#include "gfx/scene_style.hpp"
#include "gfx/shader_program.hpp"

namespace bvhscope::gfx {

class BackgroundPass {
 public:
  static std::optional<BackgroundPass> create(std::string& error);
  void draw(const Palette& palette) const;
  // Multiplies the viewport's colour by (1 - destination alpha): applies a shadow mask written to
  // alpha. Colour writes only; alpha is left as it is.
  void darken_by_destination_alpha() const;

 private:
  BackgroundPass(ShaderProgram program, VertexArray vao) noexcept;
  ShaderProgram program_;
  VertexArray vao_;  // empty: the vertex shader makes its own positions
  int top_ = -1;
  int bottom_ = -1;
};

}  // namespace bvhscope::gfx
