#include "gfx/shadow_mask.hpp"

#include "gfx/gl.hpp"

namespace bvhscope::gfx {
namespace {

// The unit the apply pass reads the mask from (the skeleton's buffers use 0 and 1).
constexpr int kMaskUnit = 2;

}  // namespace

ShadowMask::ShadowMask(ShaderProgram program, VertexArray vao, Framebuffer framebuffer, Texture texture) noexcept
    : program_(std::move(program)),
      vao_(std::move(vao)),
      framebuffer_(std::move(framebuffer)),
      texture_(std::move(texture)),
      mask_location_(program_.location("u_mask")),
      scale_location_(program_.location("u_scale")),
      pixels_location_(program_.location("u_pixels")) {}

std::optional<ShadowMask> ShadowMask::create(std::string& error) {
  std::optional<ShaderProgram> program = ShaderProgram::from_embedded("shadow_apply", error);
  if (!program) return std::nullopt;
  return ShadowMask(std::move(*program), VertexArray::create(), Framebuffer::create(), Texture::create());
}

void ShadowMask::prepare(int width, int height, int scale) {
  const ShadowMaskGrid grid = ShadowMaskGrid::covering(width, height, scale);
  if (grid.width == grid_.width && grid.height == grid_.height && grid.scale == grid_.scale) return;
  const GLint filter = scale == 1 ? GL_NEAREST : GL_LINEAR;
  glBindTexture(GL_TEXTURE_2D, texture_.name());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, grid.width, grid.height, 0, GL_RED, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer_.name());
  glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_.name(), 0);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(bound));
  grid_ = grid;
}

void ShadowMask::begin(const Viewport& texels) {
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  target_ = bound;
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer_.name());
  glScissor(texels.x, texels.y, texels.width, texels.height);
  glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  if (grid_.scale != 1) glViewport(0, 0, grid_.width, grid_.height);
}

void ShadowMask::apply(const Viewport& viewport, const Viewport& pixels) const {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(target_));
  glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ZERO, GL_ONE_MINUS_SRC_ALPHA);  // colour x (1 - darkness); the source colour is 0
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
  program_.use();
  glActiveTexture(GL_TEXTURE0 + kMaskUnit);
  glBindTexture(GL_TEXTURE_2D, texture_.name());
  ShaderProgram::set(mask_location_, kMaskUnit);
  ShaderProgram::set(scale_location_, grid_.scale);
  ShaderProgram::set(pixels_location_, glm::vec4(static_cast<float>(pixels.x), static_cast<float>(pixels.y),
                                                 static_cast<float>(pixels.x + pixels.width),
                                                 static_cast<float>(pixels.y + pixels.height)));
  glBindVertexArray(vao_.name());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindTexture(GL_TEXTURE_2D, 0);
  glActiveTexture(GL_TEXTURE0);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDisable(GL_BLEND);
}

}  // namespace bvhscope::gfx
