#include "gfx/background_pass.hpp"

#include "gfx/gl.hpp"

namespace bvhscope::gfx {

BackgroundPass::BackgroundPass(ShaderProgram program, VertexArray vao) noexcept
    : program_(std::move(program)),
      vao_(std::move(vao)),
      top_(program_.location("u_top")),
      bottom_(program_.location("u_bottom")) {}

std::optional<BackgroundPass> BackgroundPass::create(std::string& error) {
  std::optional<ShaderProgram> program = ShaderProgram::from_embedded("background", error);
  if (!program) return std::nullopt;
  return BackgroundPass(std::move(*program), VertexArray::create());
}

void BackgroundPass::draw(const Palette& palette) const {
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glDisable(GL_BLEND);
  program_.use();
  ShaderProgram::set(top_, palette.background_top);
  ShaderProgram::set(bottom_, palette.background_bottom);
  glBindVertexArray(vao_.name());
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

}  // namespace bvhscope::gfx
