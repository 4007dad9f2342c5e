#include "viewer/window.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <utility>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "gfx/gl_debug.hpp"
#include "gfx/gl_loader.hpp"

namespace bvhscope::viewer {
namespace {

std::string last_glfw_error() {
  const char* description = nullptr;
  glfwGetError(&description);
  return description != nullptr ? description : "unknown GLFW error";
}

GLFWwindow* try_create(const WindowOptions& options, int samples) {
  glfwDefaultWindowHints();
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_SAMPLES, samples);
  glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, gfx::gl_debug_enabled() ? GLFW_TRUE : GLFW_FALSE);
  glfwWindowHint(GLFW_VISIBLE, options.visible ? GLFW_TRUE : GLFW_FALSE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  return glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
}

}  // namespace

std::optional<GlfwLibrary> GlfwLibrary::init(std::string& error) {
  // A busy X server can refuse a new connection for a moment (seen in CI while other processes
  // hammered it): with a display named, a few more tries over two seconds before giving up.
  bool started = glfwInit() == GLFW_TRUE;
  const char* display = std::getenv("DISPLAY");
  const bool retry = display != nullptr && display[0] != '\0';
  for (int attempt = 0; !started && retry && attempt < 20; ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    started = glfwInit() == GLFW_TRUE;
  }
  if (!started) {
    error = "cannot start GLFW: " + last_glfw_error();
    return std::nullopt;
  }
  GlfwLibrary library;
  library.owns_ = true;
  return library;
}

GlfwLibrary::~GlfwLibrary() {
  if (owns_) glfwTerminate();
}

GlfwLibrary::GlfwLibrary(GlfwLibrary&& other) noexcept : owns_(std::exchange(other.owns_, false)) {}

std::optional<Window> Window::create(const WindowOptions& options, std::string& error) {
  int samples = std::max(options.samples, 0);
  WindowOptions first = options;
  const bool may_redo = options.no_samples_on_software && samples > 0;
  // Shown once its renderer is known (so a redo never flashes) and it stands where asked.
  const bool show_later = options.visible && (may_redo || options.position);
  if (show_later) first.visible = false;
  GLFWwindow* handle = try_create(first, samples);
  if (handle == nullptr && samples > 0) {
    samples = 0;
    handle = try_create(first, samples);
  }
  if (handle == nullptr) {
    error = "cannot open an OpenGL 3.3 core window: " + last_glfw_error();
    return std::nullopt;
  }
  std::optional<Window> window(Window(handle, samples));
  glfwMakeContextCurrent(handle);
  if (!gfx::load_gl(glfwGetProcAddress)) {
    error = "the OpenGL context does not provide version 3.3 core";
    return std::nullopt;
  }
  const char* renderer = gfx::gl_renderer_string();
  window->renderer_ = renderer != nullptr ? renderer : "";
  if (may_redo && samples > 0) {
    if (is_software_renderer(window->renderer_)) {
      window.reset();
      WindowOptions plain = options;
      plain.samples = 0;
      plain.no_samples_on_software = false;
      return create(plain, error);
    }
  }
  if (options.position) glfwSetWindowPos(handle, options.position->first, options.position->second);
  if (show_later) glfwShowWindow(handle);
  glfwSwapInterval(1);
  return window;
}

bool is_software_renderer(std::string_view gl_renderer) {
  std::string name(gl_renderer);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* software : {"llvmpipe", "softpipe", "swrast", "swiftshader", "software rasterizer"}) {
    if (name.find(software) != std::string::npos) return true;
  }
  return false;
}

Window::~Window() {
  if (handle_ != nullptr) glfwDestroyWindow(handle_);
}

Window::Window(Window&& other) noexcept
    : handle_(std::exchange(other.handle_, nullptr)), samples_(other.samples_), renderer_(std::move(other.renderer_)) {}

float Window::content_scale() const noexcept {
  float x = 1.0f;
  float y = 1.0f;
  glfwGetWindowContentScale(handle_, &x, &y);
  return std::clamp(std::max(x, y), 1.0f, 4.0f);
}

}  // namespace bvhscope::viewer
