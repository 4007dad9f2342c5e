#include "gfx/sample_resolve.hpp"

#include "gfx/gl.hpp"

namespace bvhscope::gfx {

SampleResolve::SampleResolve(ShaderProgram program, VertexArray vao) noexcept
    : program_(std::move(program)),
      vao_(std::move(vao)),
      color_location_(program_.location("u_color")),
      samples_location_(program_.location("u_samples")),
      row_sum_location_(program_.location("u_row_sum")) {}

std::optional<SampleResolve> SampleResolve::create(std::string& error) {
  std::optional<ShaderProgram> program = ShaderProgram::from_embedded("resolve", error);
  if (!program) return std::nullopt;
  return SampleResolve(std::move(*program), VertexArray::create());
}

void SampleResolve::resolve(unsigned texture, int samples, int target_width, int target_height, int x, int y0,
                            int width, int height) const {
  // What the draw changes, to give back: the viewport, scissor, blend, colour mask, program,
  // vertex array and active unit. Depth and stencil tests pass in a framebuffer without those
  // buffers.
  GLint viewport[4] = {};
  glGetIntegerv(GL_VIEWPORT, viewport);
  GLint scissor[4] = {};
  glGetIntegerv(GL_SCISSOR_BOX, scissor);
  const GLboolean scissor_on = glIsEnabled(GL_SCISSOR_TEST);
  const GLboolean blend_on = glIsEnabled(GL_BLEND);
  GLboolean color_mask[4] = {};
  glGetBooleanv(GL_COLOR_WRITEMASK, color_mask);
  GLint program = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &program);
  GLint vao = 0;
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vao);
  GLint unit = 0;
  glGetIntegerv(GL_ACTIVE_TEXTURE, &unit);

  glViewport(0, 0, target_width, target_height);
  glScissor(x, y0, width, height);
  glEnable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  program_.use();
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, texture);
  ShaderProgram::set(color_location_, 0);
  ShaderProgram::set(samples_location_, samples);
  ShaderProgram::set(row_sum_location_, 2 * y0 + height - 1);
  glBindVertexArray(vao_.name());
  glDrawArrays(GL_TRIANGLES, 0, 3);

  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
  glActiveTexture(static_cast<GLenum>(unit));
  glBindVertexArray(static_cast<GLuint>(vao));
  glUseProgram(static_cast<GLuint>(program));
  glColorMask(color_mask[0], color_mask[1], color_mask[2], color_mask[3]);
  if (blend_on == GL_TRUE) glEnable(GL_BLEND);
  if (scissor_on != GL_TRUE) glDisable(GL_SCISSOR_TEST);
  glScissor(scissor[0], scissor[1], scissor[2], scissor[3]);
  glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
}

}  // namespace bvhscope::gfx
