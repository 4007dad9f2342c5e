// Loading the GL 3.3 core entry points through the window system's procedure lookup.
#pragma once

namespace bvhscope::gfx {

using GlProc = void (*)();
using GlProcLoader = GlProc (*)(const char* name);

// Loads the GL functions for the current context; false when the context lacks GL 3.3 core. In builds
// with GL debug output (gl_debug.hpp), also turns on the recording of the context's GL errors.
bool load_gl(GlProcLoader loader) noexcept;

// "4.5 (Core Profile) Mesa 22.3.6, llvmpipe (LLVM 15.0.6, 256 bits)" for the current context.
const char* gl_version_string() noexcept;
const char* gl_renderer_string() noexcept;

}  // namespace bvhscope::gfx
