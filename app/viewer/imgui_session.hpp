// Dear ImGui's lifetime for one window: context, GLFW and OpenGL3 backends, theme and font at the
// monitor's content scale. No imgui.ini is written (the layout is the viewer's own and persists
// in its settings). Headless (no window, e.g. an EGL context): the OpenGL3 backend only, the
// display size and time step given with each frame.
#pragma once

struct GLFWwindow;

namespace bvhscope::viewer {

class ImGuiSession {
 public:
  // Install the viewer's own GLFW callbacks before this, so the backend chains them.
  ImGuiSession(GLFWwindow* window, float content_scale);
  // Without a window: no platform backend (no input); frames start with begin_headless_frame.
  explicit ImGuiSession(float content_scale);
  ~ImGuiSession();
  ImGuiSession(const ImGuiSession&) = delete;
  ImGuiSession& operator=(const ImGuiSession&) = delete;

  // ImGui_ImplOpenGL3_NewFrame, ImGui_ImplGlfw_NewFrame, ImGui::NewFrame.
  static void begin_frame();
  // For a headless session: what the GLFW backend would set for a `width` x `height` window at
  // scale 1 with no mouse over it (display size, framebuffer scale, time step), then as above.
  static void begin_headless_frame(float width, float height, float delta_seconds);
  // ImGui::Render (call before drawing the scene) and the draw-data render (after it).
  static void end_frame();
  static void render_draw_data();
  // Key, character or mouse button events held back for the coming frames (see KeyTrickle and
  // MouseTrickle): the event loop must keep drawing until they are handed over.
  [[nodiscard]] static bool input_pending() noexcept;
  // A window (a popup, a modal, a tooltip) that was hidden in the frame just built while it
  // measured its size: it shows only in the next frame, which the event loop must draw.
  [[nodiscard]] static bool window_hidden_for_sizing() noexcept;

 private:
  bool glfw_ = false;
};

}  // namespace bvhscope::viewer
