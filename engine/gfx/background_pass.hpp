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

 private:
  BackgroundPass(ShaderProgram program, VertexArray vao) noexcept;
  ShaderProgram program_;
  VertexArray vao_;  // empty: the vertex shader makes its own positions
  int top_ = -1;
  int bottom_ = -1;
};

}  // namespace bvhscope::gfx
