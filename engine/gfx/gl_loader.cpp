#include "gfx/gl_loader.hpp"

#include "gfx/gl.hpp"
#include "gfx/gl_debug.hpp"

namespace bvhscope::gfx {

bool load_gl(GlProcLoader loader) noexcept {
  const int version = gladLoadGL(loader);
  const bool core_3_3 = version != 0 && (GLAD_VERSION_MAJOR(version) > 3 ||
                                         (GLAD_VERSION_MAJOR(version) == 3 && GLAD_VERSION_MINOR(version) >= 3));
  if (core_3_3 && gl_debug_enabled()) enable_gl_error_reports();
  return core_3_3;
}

const char* gl_version_string() noexcept { return reinterpret_cast<const char*>(glGetString(GL_VERSION)); }
const char* gl_renderer_string() noexcept { return reinterpret_cast<const char*>(glGetString(GL_RENDERER)); }

}  // namespace bvhscope::gfx
