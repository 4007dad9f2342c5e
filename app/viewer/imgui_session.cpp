#include "viewer/imgui_session.hpp"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "viewer/key_trickle.hpp"
#include "viewer/ui_theme.hpp"

namespace bvhscope::viewer {
namespace {

// The window's key and character events, handed to the backend a frame at a time (see KeyTrickle).
KeyTrickle& trickle() {
  static KeyTrickle instance;
  return instance;
}
GLFWwindow* trickle_window = nullptr;

void on_key(GLFWwindow* /*window*/, int key, int scancode, int action, int mods) {
  trickle().push(InputEvent{InputEvent::Kind::Key, key, scancode, action, mods, 0});
}

void on_char(GLFWwindow* /*window*/, unsigned int codepoint) {
  trickle().push(InputEvent{InputEvent::Kind::Char, 0, 0, 0, 0, codepoint});
}

// This frame's share of the held-back events, through the backend's callbacks (which chain the
// viewer's own key callback); more waiting: the event loop is woken for the next frame at once.
void release_input() {
  if (trickle_window == nullptr) return;
  for (const InputEvent& event : trickle().take_frame()) {
    if (event.kind == InputEvent::Kind::Key) {
      ImGui_ImplGlfw_KeyCallback(trickle_window, event.key, event.scancode, event.action, event.mods);
    } else {
      ImGui_ImplGlfw_CharCallback(trickle_window, event.codepoint);
    }
  }
  if (trickle().pending()) glfwPostEmptyEvent();
}

void create_context(float content_scale) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  apply_ui_theme(content_scale);
}

}  // namespace

ImGuiSession::ImGuiSession(GLFWwindow* window, float content_scale) : glfw_(true) {
  create_context(content_scale);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  // Over the backend's key and character callbacks (it restores the viewer's on shutdown).
  trickle_window = window;
  glfwSetKeyCallback(window, on_key);
  glfwSetCharCallback(window, on_char);
  ImGui_ImplOpenGL3_Init("#version 330 core");
}

ImGuiSession::ImGuiSession(float content_scale) {
  create_context(content_scale);
  ImGui_ImplOpenGL3_Init("#version 330 core");
}

ImGuiSession::~ImGuiSession() {
  ImGui_ImplOpenGL3_Shutdown();
  if (glfw_) {
    ImGui_ImplGlfw_Shutdown();
    trickle_window = nullptr;
  }
  ImGui::DestroyContext();
}

bool ImGuiSession::input_pending() noexcept { return trickle().pending(); }

bool ImGuiSession::window_hidden_for_sizing() noexcept {
  // Child windows are hidden too while scrolled out or under a collapsed parent: only top-level ones.
  const ImGuiContext& context = *ImGui::GetCurrentContext();
  for (const ImGuiWindow* window : context.Windows) {
    if (window->Active && window->Hidden && (window->Flags & ImGuiWindowFlags_ChildWindow) == 0) return true;
  }
  return false;
}

void ImGuiSession::begin_frame() {
  release_input();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
}

void ImGuiSession::begin_headless_frame(float width, float height, float delta_seconds) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(width, height);
  io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
  io.DeltaTime = delta_seconds > 0.0f ? delta_seconds : 1.0f / 60.0f;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
}

void ImGuiSession::end_frame() { ImGui::Render(); }

void ImGuiSession::render_draw_data() { ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData()); }

}  // namespace bvhscope::viewer
