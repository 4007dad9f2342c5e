// The GLFW side of the viewer: the library's lifetime and one window with a GL 3.3 core context
// (multisampled when the display offers it), as move-only owners.
#pragma once

#include <optional>
#include <string>

struct GLFWwindow;

namespace bvhscope::viewer {

// glfwInit on creation, glfwTerminate on destruction.
class GlfwLibrary {
 public:
  static std::optional<GlfwLibrary> init(std::string& error);
  ~GlfwLibrary();
  GlfwLibrary(const GlfwLibrary&) = delete;
  GlfwLibrary& operator=(const GlfwLibrary&) = delete;
  GlfwLibrary(GlfwLibrary&& other) noexcept;
  GlfwLibrary& operator=(GlfwLibrary&&) = delete;

 private:
  GlfwLibrary() = default;
  bool owns_ = false;
};

struct WindowOptions {
  int width = 1440;
  int height = 900;
  std::string title = "bvhscope";
  bool visible = true;
  int samples = 4;  // MSAA; the window falls back to none when the display cannot
};

class Window {
 public:
  // Creates the window, makes its context current, loads GL and turns vsync on.
  static std::optional<Window> create(const WindowOptions& options, std::string& error);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;
  Window(Window&& other) noexcept;
  Window& operator=(Window&&) = delete;

  [[nodiscard]] GLFWwindow* handle() const noexcept { return handle_; }
  [[nodiscard]] int samples() const noexcept { return samples_; }
  // The monitor's content scale (1 on a 96 dpi display, 2 on a typical HiDPI one).
  [[nodiscard]] float content_scale() const noexcept;

 private:
  Window(GLFWwindow* handle, int samples) noexcept : handle_(handle), samples_(samples) {}
  GLFWwindow* handle_ = nullptr;
  int samples_ = 0;
};

}  // namespace bvhscope::viewer
