// The GLFW side of the viewer: the library's lifetime and one window with a GL 3.3 core context
// (multisampled when the display offers it), as move-only owners.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

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
  // Top-left of the window in screen pixels; none leaves it to the window manager. The window is
  // created hidden, moved, then shown, so it never appears elsewhere first.
  std::optional<std::pair<int, int>> position;
  std::string title = "bvhscope";
  bool visible = true;
  int samples = 4;  // MSAA; the window falls back to none when the display cannot
  // Software renderers (Mesa llvmpipe and the like) shade every sample on the CPU, where 4x MSAA
  // costs more than half of the frame: with this set, such a context gets a window without it.
  bool no_samples_on_software = false;
};

// Whether a GL_RENDERER string names a CPU rasterizer (llvmpipe, softpipe, swrast, SwiftShader).
bool is_software_renderer(std::string_view gl_renderer);

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
  // GL_RENDERER of the window's context.
  [[nodiscard]] const std::string& renderer() const noexcept { return renderer_; }
  // The monitor's content scale (1 on a 96 dpi display, 2 on a typical HiDPI one).
  [[nodiscard]] float content_scale() const noexcept;

 private:
  Window(GLFWwindow* handle, int samples) noexcept : handle_(handle), samples_(samples) {}
  GLFWwindow* handle_ = nullptr;
  int samples_ = 0;
  std::string renderer_;
};

}  // namespace bvhscope::viewer
