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
      mask_location_(program_.location("u_mask")) {}

std::optional<ShadowMask> ShadowMask::create(std::string& error) {
  std::optional<ShaderProgram> program = ShaderProgram::from_embedded("shadow_apply", error);
  if (!program) return std::nullopt;
  return ShadowMask(std::move(*program), VertexArray::create(), Framebuffer::create(), Texture::create());
}

void ShadowMask::begin(int width, int height, const Viewport& cleared) {
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  target_ = bound;
  if (width != width_ || height != height_) {
    glBindTexture(GL_TEXTURE_2D, texture_.name());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer_.name());
    glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_.name(), 0);
    width_ = width;
    height_ = height;
  }
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer_.name());
  glScissor(cleared.x, cleared.y, cleared.width, cleared.height);
  glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

void ShadowMask::apply() const {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(target_));
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ZERO, GL_ONE_MINUS_SRC_ALPHA);  // colour x (1 - darkness); the source colour is 0
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
  program_.use();
  glActiveTexture(GL_TEXTURE0 + kMaskUnit);
  glBindTexture(GL_TEXTURE_2D, texture_.name());
  ShaderProgram::set(mask_location_, kMaskUnit);
  glBindVertexArray(vao_.name());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindTexture(GL_TEXTURE_2D, 0);
  glActiveTexture(GL_TEXTURE0);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDisable(GL_BLEND);
}

}  // namespace bvhscope::gfx
