#include "render/egl_context.hpp"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

#include "gfx/gl_debug.hpp"
#include "gfx/gl_loader.hpp"

namespace bvhscope::render {
namespace {

// `call` failed: "eglInitialize: EGL_NOT_INITIALIZED".
std::string failed(const char* call) { return std::string(call) + ": " + egl_error_name(eglGetError()); }

bool has_extension(const char* list, const char* name) {
  if (list == nullptr) return false;
  const std::size_t length = std::strlen(name);
  for (const char* at = std::strstr(list, name); at != nullptr; at = std::strstr(at + 1, name)) {
    const bool starts = at == list || at[-1] == ' ';
    const bool ends = at[length] == '\0' || at[length] == ' ';
    if (starts && ends) return true;
  }
  return false;
}

void note(std::string& reasons, const std::string& text) { reasons += (reasons.empty() ? "" : "; ") + text; }

// A display to try, with the name used in messages.
struct Candidate {
  EGLDisplay display;
  std::string name;
};

// eglGetPlatformDisplayEXT, or nullptr (noted for `where`) without EGL_EXT_platform_base.
PFNEGLGETPLATFORMDISPLAYEXTPROC platform_display_entry(const char* client, const char* where, std::string& reasons) {
  const auto entry = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (entry != nullptr && has_extension(client, "EGL_EXT_platform_base")) return entry;
  note(reasons, std::string(where) + ": no EGL_EXT_platform_base (eglGetPlatformDisplayEXT)");
  return nullptr;
}

void add_surfaceless(const char* client, std::vector<Candidate>& candidates, std::string& reasons) {
  const auto get_platform_display = platform_display_entry(client, "surfaceless", reasons);
  if (get_platform_display == nullptr) return;
  if (!has_extension(client, "EGL_MESA_platform_surfaceless")) {
    note(reasons, "surfaceless: no EGL_MESA_platform_surfaceless");
    return;
  }
  EGLDisplay display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (display == EGL_NO_DISPLAY) {
    note(reasons, "surfaceless: " + failed("eglGetPlatformDisplayEXT"));
    return;
  }
  candidates.push_back({display, "surfaceless"});
}

// Every EGL device (a GPU, or Mesa's software device), in the order EGL lists them.
void add_devices(const char* client, std::vector<Candidate>& candidates, std::string& reasons) {
  const auto get_platform_display = platform_display_entry(client, "device", reasons);
  if (get_platform_display == nullptr) return;
  const auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  if (query_devices == nullptr || !has_extension(client, "EGL_EXT_platform_device")) {
    note(reasons, "device: no EGL_EXT_platform_device");
    return;
  }
  constexpr EGLint kMaxDevices = 16;
  EGLDeviceEXT devices[kMaxDevices];
  EGLint count = 0;
  if (query_devices(kMaxDevices, devices, &count) != EGL_TRUE) {
    note(reasons, "device: " + failed("eglQueryDevicesEXT"));
    return;
  }
  if (count == 0) note(reasons, "device: no EGL device");
  for (EGLint i = 0; i < count; ++i) {
    EGLDisplay display = get_platform_display(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
    if (display == EGL_NO_DISPLAY) {
      note(reasons, "device " + std::to_string(i) + ": " + failed("eglGetPlatformDisplayEXT"));
    } else {
      candidates.push_back({display, "device"});
    }
  }
}

void add_default(std::vector<Candidate>& candidates, std::string& reasons) {
  EGLDisplay display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  if (display == EGL_NO_DISPLAY) {
    note(reasons, "default: " + failed("eglGetDisplay"));
    return;
  }
  candidates.push_back({display, "default"});
}

// The displays to try, best first; why any could not be had is appended to `reasons`.
std::vector<Candidate> candidate_displays(const EglPlatforms& platforms, std::string& reasons) {
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);  // nullptr without client extensions
  std::vector<Candidate> candidates;
  if (platforms.surfaceless) add_surfaceless(client, candidates, reasons);
  if (platforms.device) add_devices(client, candidates, reasons);
  if (platforms.default_display) add_default(candidates, reasons);
  return candidates;
}

}  // namespace

std::string egl_error_name(int code) {
  switch (code) {
    case EGL_SUCCESS:
      return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED:
      return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS:
      return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC:
      return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE:
      return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG:
      return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT:
      return "EGL_BAD_CONTEXT";
    case EGL_BAD_CURRENT_SURFACE:
      return "EGL_BAD_CURRENT_SURFACE";
    case EGL_BAD_DISPLAY:
      return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH:
      return "EGL_BAD_MATCH";
    case EGL_BAD_NATIVE_PIXMAP:
      return "EGL_BAD_NATIVE_PIXMAP";
    case EGL_BAD_NATIVE_WINDOW:
      return "EGL_BAD_NATIVE_WINDOW";
    case EGL_BAD_PARAMETER:
      return "EGL_BAD_PARAMETER";
    case EGL_BAD_SURFACE:
      return "EGL_BAD_SURFACE";
    case EGL_CONTEXT_LOST:
      return "EGL_CONTEXT_LOST";
    default: {
      char hex[16];
      std::snprintf(hex, sizeof hex, "0x%04X", static_cast<unsigned>(code));
      return std::string("EGL error ") + hex;
    }
  }
}

std::optional<EglContext> EglContext::create(std::string& error, const EglPlatforms& platforms) {
  std::string reasons;
  for (const Candidate& candidate : candidate_displays(platforms, reasons)) {
    const std::string& where = candidate.name;
    EGLDisplay display = candidate.display;
    if (eglInitialize(display, nullptr, nullptr) != EGL_TRUE) {
      note(reasons, where + ": " + failed("eglInitialize"));
      continue;
    }
    EglContext owner;  // from here, terminates the display on every early exit
    owner.display_ = display;
    owner.platform_ = where;
    if (eglBindAPI(EGL_OPENGL_API) != EGL_TRUE) {
      note(reasons, where + ": " + failed("eglBindAPI(EGL_OPENGL_API)"));
      continue;
    }
    const bool surfaceless = has_extension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context");
    // clang-format off
    const EGLint config_attributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                                        EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                        EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                                        EGL_NONE};
    // clang-format on
    EGLConfig config = nullptr;
    EGLint configs = 0;
    if (eglChooseConfig(display, config_attributes, &config, 1, &configs) != EGL_TRUE) {
      note(reasons, where + ": " + failed("eglChooseConfig"));
      continue;
    }
    if (configs == 0) {
      note(reasons, where + ": eglChooseConfig: no RGBA8 pbuffer config with EGL_OPENGL_BIT");
      continue;
    }
    // clang-format off
    const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3,
                                         EGL_CONTEXT_MINOR_VERSION, 3,
                                         EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                         EGL_CONTEXT_OPENGL_DEBUG, gfx::gl_debug_enabled() ? EGL_TRUE : EGL_FALSE,
                                         EGL_NONE};
    // clang-format on
    owner.context_ = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
    if (owner.context_ == EGL_NO_CONTEXT) {
      owner.context_ = nullptr;
      note(reasons, where + ": " + failed("eglCreateContext(OpenGL 3.3 core)"));
      continue;
    }
    if (!surfaceless) {  // a context needs a surface to be made current: a tiny unused pbuffer
      const EGLint pbuffer_attributes[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
      owner.surface_ = eglCreatePbufferSurface(display, config, pbuffer_attributes);
      if (owner.surface_ == EGL_NO_SURFACE) {
        owner.surface_ = nullptr;
        note(reasons, where + ": " + failed("eglCreatePbufferSurface"));
        continue;
      }
    }
    EGLSurface surface = owner.surface_ != nullptr ? owner.surface_ : EGL_NO_SURFACE;
    if (eglMakeCurrent(display, surface, surface, owner.context_) != EGL_TRUE) {
      note(reasons, where + ": " + failed("eglMakeCurrent"));
      continue;
    }
    if (!gfx::load_gl(eglGetProcAddress)) {
      note(reasons, where + ": the context does not provide OpenGL 3.3 core");
      continue;
    }
    const char* renderer = gfx::gl_renderer_string();
    owner.renderer_ = renderer != nullptr ? renderer : "";
    return std::optional<EglContext>(std::move(owner));
  }
  error = "no EGL display gives an OpenGL 3.3 core context (" + (reasons.empty() ? "no display tried" : reasons) + ")";
  return std::nullopt;
}

bool EglContext::make_current() const noexcept {
  if (display_ == nullptr || context_ == nullptr) return false;
  return eglMakeCurrent(display_, surface_, surface_, context_) == EGL_TRUE;
}

EglContext::~EglContext() {
  if (display_ == nullptr) return;
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (context_ != nullptr) eglDestroyContext(display_, context_);
  if (surface_ != nullptr) eglDestroySurface(display_, surface_);
  eglTerminate(display_);
  eglReleaseThread();
}

EglContext::EglContext(EglContext&& other) noexcept
    : display_(std::exchange(other.display_, nullptr)),
      surface_(std::exchange(other.surface_, nullptr)),
      context_(std::exchange(other.context_, nullptr)),
      platform_(std::move(other.platform_)),
      renderer_(std::move(other.renderer_)) {}

}  // namespace bvhscope::render
