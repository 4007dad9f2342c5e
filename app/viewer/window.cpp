#include "viewer/window.hpp"

#include <algorithm>
#include <utility>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

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
  glfwWindowHint(GLFW_VISIBLE, options.visible ? GLFW_TRUE : GLFW_FALSE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  return glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
}

}  // namespace

std::optional<GlfwLibrary> GlfwLibrary::init(std::string& error) {
  if (glfwInit() != GLFW_TRUE) {
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
  GLFWwindow* handle = try_create(options, samples);
  if (handle == nullptr && samples > 0) {
    samples = 0;
    handle = try_create(options, samples);
  }
  if (handle == nullptr) {
    error = "cannot open an OpenGL 3.3 core window: " + last_glfw_error();
    return std::nullopt;
  }
  Window window(handle, samples);
  glfwMakeContextCurrent(handle);
  if (!gfx::load_gl(glfwGetProcAddress)) {
    error = "the OpenGL context does not provide version 3.3 core";
    return std::nullopt;
  }
  glfwSwapInterval(1);
  return window;
}

Window::~Window() {
  if (handle_ != nullptr) glfwDestroyWindow(handle_);
}

Window::Window(Window&& other) noexcept
    : handle_(std::exchange(other.handle_, nullptr)), samples_(other.samples_) {}

float Window::content_scale() const noexcept {
  float x = 1.0f;
  float y = 1.0f;
  glfwGetWindowContentScale(handle_, &x, &y);
  return std::clamp(std::max(x, y), 1.0f, 4.0f);
}

}  // namespace bvhscope::viewer
