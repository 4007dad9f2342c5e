// GL errors reported by the driver (KHR_debug), recorded so that tests and the viewer's state report
// can show that a run made none. On in debug and test builds (BVHSCOPE_GL_DEBUG), off otherwise.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace bvhscope::gfx {

// Whether this build asks for debug contexts and records GL errors (the BVHSCOPE_GL_DEBUG option).
bool gl_debug_enabled() noexcept;

// Turns on synchronous debug output of type ERROR for the current context and records each such
// message but the shader compiler's (a shader error is a value of ShaderProgram) (also printed on stderr as "bvhscope:
// GL error: ..."). Called by load_gl() when gl_debug_enabled(); false when the context has no KHR_debug.
bool enable_gl_error_reports() noexcept;

// GL errors recorded since the start or the last take_gl_errors(), in every context of the process.
std::size_t gl_error_count() noexcept;
// The recorded messages (the first 32 kept in full), clearing the record.
std::vector<std::string> take_gl_errors();

}  // namespace bvhscope::gfx
