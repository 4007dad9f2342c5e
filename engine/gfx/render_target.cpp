#include "gfx/render_target.hpp"

#include <algorithm>
#include <cstring>

#include "gfx/gl.hpp"

namespace bvhscope::gfx {

std::optional<RenderTarget> RenderTarget::create(int width, int height, int samples, std::string& error) {
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  GLint max_color_samples = 0;
  glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &max_color_samples);
  max_samples = std::min(max_samples, max_color_samples);
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
  if (width < 1 || height < 1 || width > max_size || height > max_size) {
    error = "image size " + std::to_string(width) + "x" + std::to_string(height) + " is outside 1.." +
            std::to_string(max_size) + " pixels";
    return std::nullopt;
  }
  RenderTarget target;
  target.width_ = width;
  target.height_ = height;
  target.samples_ = std::clamp(samples, 0, static_cast<int>(max_samples));
  const bool multisampled = target.samples_ > 1;
  if (multisampled) {
    std::optional<SampleResolve> resolve = SampleResolve::create(error);
    if (!resolve) return std::nullopt;
    target.resolve_ = std::make_unique<SampleResolve>(std::move(*resolve));
    target.color_samples_ = Texture::create();
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, target.color_samples_.name());
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, target.samples_, GL_RGBA8, width, height, GL_TRUE);
    // GL may give more samples than asked for (a count the driver has): the resolve averages all.
    GLint given = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &given);
    if (given > target.samples_) target.samples_ = given;
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
  } else {
    target.color_ = Renderbuffer::create();
    glBindRenderbuffer(GL_RENDERBUFFER, target.color_.name());
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, target.samples_, GL_RGBA8, width, height);
  }
  target.depth_ = Renderbuffer::create();
  glBindRenderbuffer(GL_RENDERBUFFER, target.depth_.name());
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, target.samples_, GL_DEPTH24_STENCIL8, width, height);
  target.draw_fbo_ = Framebuffer::create();
  glBindFramebuffer(GL_FRAMEBUFFER, target.draw_fbo_.name());
  if (multisampled) {
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                           target.color_samples_.name(), 0);
  } else {
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, target.color_.name());
  }
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, target.depth_.name());
  const GLenum draw_status = glCheckFramebufferStatus(GL_FRAMEBUFFER);

  target.resolve_color_ = Renderbuffer::create();
  glBindRenderbuffer(GL_RENDERBUFFER, target.resolve_color_.name());
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  target.resolve_fbo_ = Framebuffer::create();
  glBindFramebuffer(GL_FRAMEBUFFER, target.resolve_fbo_.name());
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, target.resolve_color_.name());
  const GLenum resolve_status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (draw_status != GL_FRAMEBUFFER_COMPLETE || resolve_status != GL_FRAMEBUFFER_COMPLETE) {
    error = "the offscreen framebuffer is incomplete";
    return std::nullopt;
  }
  return target;
}

void RenderTarget::bind() const noexcept {
  glBindFramebuffer(GL_FRAMEBUFFER, draw_fbo_.name());
  glViewport(0, 0, width_, height_);
}

void RenderTarget::bind_default() noexcept { glBindFramebuffer(GL_FRAMEBUFFER, 0); }

std::vector<std::uint8_t> RenderTarget::read_rgba() const {
  std::vector<std::uint8_t> rgba;
  read_rgba_into(rgba);
  return rgba;
}

void RenderTarget::read_rgba_into(std::vector<std::uint8_t>& rgba) const {
  read_rgba_rect_into(0, 0, width_, height_, rgba);
}

void RenderTarget::read_rgba_rect_into(int x, int y, int width, int height, std::vector<std::uint8_t>& rgba) const {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve_fbo_.name());
  if (resolve_) {  // resolved with the rows turned over: read top row first
    resolve_->resolve(color_samples_.name(), samples_, width_, height_, x, y, width, height);
  } else {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, draw_fbo_.name());
    glBlitFramebuffer(x, y, x + width, y + height, x, y, x + width, y + height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolve_fbo_.name());
  const auto row_bytes = static_cast<std::size_t>(width) * 4;
  rgba.resize(row_bytes * static_cast<std::size_t>(height));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(x, y, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (resolve_) return;
  // GL's rows are bottom first: swapped in place.
  for (int row = 0; row < height / 2; ++row) {
    std::uint8_t* top = rgba.data() + static_cast<std::size_t>(row) * row_bytes;
    std::uint8_t* bottom = rgba.data() + static_cast<std::size_t>(height - 1 - row) * row_bytes;
    std::swap_ranges(top, top + row_bytes, bottom);
  }
}

void RenderTarget::copy_rect_from(const RenderTarget& source, int x, int y, int width, int height) const noexcept {
  // The same format, samples and rectangle: Mesa copies the memory (no shader, no resolve).
  glDisable(GL_SCISSOR_TEST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, source.draw_fbo_.name());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw_fbo_.name());
  glBlitFramebuffer(x, y, x + width, y + height, x, y, x + width, y + height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void RenderTarget::copy_rect_to_bound(int x, int y, int width, int height) const noexcept {
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  glDisable(GL_SCISSOR_TEST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, draw_fbo_.name());
  glBlitFramebuffer(x, y, x + width, y + height, x, y, x + width, y + height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(bound));
}

DrawBinding DrawBinding::current() noexcept {
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  return DrawBinding(static_cast<unsigned>(bound));
}

void DrawBinding::restore() const noexcept { glBindFramebuffer(GL_FRAMEBUFFER, name_); }

void clear_framebuffer(int width, int height, float r, float g, float b) noexcept {
  glDisable(GL_SCISSOR_TEST);
  glViewport(0, 0, width, height);
  glDepthMask(GL_TRUE);
  glClearColor(r, g, b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

void clear_framebuffer_rect(int x, int y, int width, int height, float r, float g, float b) noexcept {
  glScissor(x, y, width, height);
  glEnable(GL_SCISSOR_TEST);
  glDepthMask(GL_TRUE);
  glClearColor(r, g, b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
}

}  // namespace bvhscope::gfx
