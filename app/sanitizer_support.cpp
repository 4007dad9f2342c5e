// Sanitizer builds only matter here: leaks inside Mesa's software GL driver (a few option strings
// per context) are not bvhscope's, so LeakSanitizer is told to skip them. The driver is pinned in
// memory (RTLD_NODELETE) so that, after glfwTerminate unloads GL, LeakSanitizer can still name it.
// g++ says it builds under AddressSanitizer with __SANITIZE_ADDRESS__, clang only through __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define BVHSCOPE_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BVHSCOPE_ADDRESS_SANITIZER 1
#endif
#endif

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
