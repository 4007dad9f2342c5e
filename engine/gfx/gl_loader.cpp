#include "gfx/gl_loader.hpp"

#include "gfx/gl.hpp"

namespace bvhscope::gfx {

bool load_gl(GlProcLoader loader) noexcept {
  const int version = gladLoadGL(loader);
  return version != 0 &&
         (GLAD_VERSION_MAJOR(version) > 3 || (GLAD_VERSION_MAJOR(version) == 3 && GLAD_VERSION_MINOR(version) >= 3));
}

const char* gl_version_string() noexcept { return reinterpret_cast<const char*>(glGetString(GL_VERSION)); }
const char* gl_renderer_string() noexcept { return reinterpret_cast<const char*>(glGetString(GL_RENDERER)); }

}  // namespace bvhscope::gfx
