#include "gfx/gl_object.hpp"

#include "gfx/gl.hpp"

namespace bvhscope::gfx {

unsigned BufferTraits::create() noexcept {
  GLuint name = 0;
  glGenBuffers(1, &name);
  return name;
}
void BufferTraits::destroy(unsigned name) noexcept { glDeleteBuffers(1, &name); }

unsigned VertexArrayTraits::create() noexcept {
  GLuint name = 0;
  glGenVertexArrays(1, &name);
  return name;
}
void VertexArrayTraits::destroy(unsigned name) noexcept { glDeleteVertexArrays(1, &name); }

unsigned TextureTraits::create() noexcept {
  GLuint name = 0;
  glGenTextures(1, &name);
  return name;
}
void TextureTraits::destroy(unsigned name) noexcept { glDeleteTextures(1, &name); }

unsigned FramebufferTraits::create() noexcept {
  GLuint name = 0;
  glGenFramebuffers(1, &name);
  return name;
}
void FramebufferTraits::destroy(unsigned name) noexcept { glDeleteFramebuffers(1, &name); }

unsigned RenderbufferTraits::create() noexcept {
  GLuint name = 0;
  glGenRenderbuffers(1, &name);
  return name;
}
void RenderbufferTraits::destroy(unsigned name) noexcept { glDeleteRenderbuffers(1, &name); }

void ShaderTraits::destroy(unsigned name) noexcept { glDeleteShader(name); }

unsigned ProgramTraits::create() noexcept { return glCreateProgram(); }
void ProgramTraits::destroy(unsigned name) noexcept { glDeleteProgram(name); }

}  // namespace bvhscope::gfx
