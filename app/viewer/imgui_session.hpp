// Dear ImGui's lifetime for one window: context, GLFW and OpenGL3 backends, theme and font at the
// monitor's content scale. No imgui.ini is written (the layout is the viewer's own and persists
// in its settings).
#pragma once

struct GLFWwindow;

namespace bvhscope::viewer {

class ImGuiSession {
 public:
  // Install the viewer's own GLFW callbacks before this, so the backend chains them.
  ImGuiSession(GLFWwindow* window, float content_scale);
  ~ImGuiSession();
  ImGuiSession(const ImGuiSession&) = delete;
  ImGuiSession& operator=(const ImGuiSession&) = delete;

  // ImGui_ImplOpenGL3_NewFrame, ImGui_ImplGlfw_NewFrame, ImGui::NewFrame.
  static void begin_frame();
  // ImGui::Render (call before drawing the scene) and the draw-data render (after it).
  static void end_frame();
  static void render_draw_data();
};

}  // namespace bvhscope::viewer
