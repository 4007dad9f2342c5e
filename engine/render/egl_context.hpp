// A GL 3.3 core context with no window and no X server, through EGL: Mesa's surfaceless platform,
// else an EGL device (a GPU or Mesa's software device), else the default display. For rendering
// into framebuffer objects only (`bvhscope render` over SSH, in a container, in CI). One at a time
// in a process: its destructor terminates the EGL display, which EGL shares process-wide.
#pragma once

#include <optional>
#include <string>

namespace bvhscope::render {

// The displays create() may try, in this order (all by default; fewer in tests of each way).
struct EglPlatforms {
  bool surfaceless = true;      // eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA)
  bool device = true;           // eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT) on each device
  bool default_display = true;  // eglGetDisplay(EGL_DEFAULT_DISPLAY)
};

class EglContext {
 public:
  // Creates the context, makes it current on this thread and loads GL through eglGetProcAddress.
  // nullopt with `error` saying, for each display tried, which EGL call failed and its error name.
  static std::optional<EglContext> create(std::string& error, const EglPlatforms& platforms = {});
  ~EglContext();
  EglContext(const EglContext&) = delete;
  EglContext& operator=(const EglContext&) = delete;
  EglContext(EglContext&& other) noexcept;
  EglContext& operator=(EglContext&&) = delete;

  // Makes it current on this thread again (another context may have been since); false when EGL refuses.
  [[nodiscard]] bool make_current() const noexcept;
  // "surfaceless", "device" or "default": the display the context lives on.
  [[nodiscard]] const std::string& platform() const noexcept { return platform_; }
  // GL_RENDERER of the context ("llvmpipe (LLVM 15.0.6, 256 bits)" on Mesa's software renderer).
  [[nodiscard]] const std::string& renderer() const noexcept { return renderer_; }

 private:
  EglContext() = default;
  // EGLDisplay, EGLSurface (a small pbuffer, or none with EGL_KHR_surfaceless_context), EGLContext.
  void* display_ = nullptr;
  void* surface_ = nullptr;
  void* context_ = nullptr;
  std::string platform_;
  std::string renderer_;
};

// The name of an EGL error code ("EGL_BAD_MATCH"), or its number in hex when unknown.
std::string egl_error_name(int code);

}  // namespace bvhscope::render
