// Sanitizer builds only matter here: leaks inside Mesa's software GL driver (a few option strings
// per context) are not bvhscope's, so LeakSanitizer is told to skip them. The driver is pinned in
// memory (RTLD_NODELETE) so that, after glfwTerminate unloads GL, LeakSanitizer can still name it.
#include "io/address_sanitizer.hpp"

#if defined(BVHSCOPE_ADDRESS_SANITIZER)
#include <dlfcn.h>

namespace {

[[gnu::constructor]] void pin_software_gl_driver() {
  dlopen("/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so", RTLD_NOW | RTLD_NODELETE);
}

}  // namespace

extern "C" const char* __lsan_default_suppressions() {  // NOLINT: the sanitizer's hook name
  return "leak:swrast_dri.so\nleak:libGLX_mesa.so\nleak:libLLVM\n";
}
#endif
