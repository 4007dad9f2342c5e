#include "viewer/imgui_session.hpp"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "viewer/key_trickle.hpp"
#include "viewer/mouse_trickle.hpp"
#include "viewer/ui_theme.hpp"

namespace bvhscope::viewer {
namespace {

// The window's key and character events, handed to the backend a frame at a time (see KeyTrickle).
KeyTrickle& trickle() {
  static KeyTrickle instance;
  return instance;
}
GLFWwindow* trickle_window = nullptr;

// The window's mouse button events, a change of each button a frame (see MouseTrickle); the
// backend's callback (which chains the viewer's) still sees each one as it comes.
MouseTrickle& mouse_trickle() {
  static MouseTrickle instance;
  return instance;
}
GLFWmousebuttonfun backend_mouse_button = nullptr;

void trickle_mouse_button(GLFWwindow* window, int button, int action, int mods) {
  mouse_trickle().push(button, action == GLFW_PRESS, glfwGetTime());
  if (backend_mouse_button != nullptr) backend_mouse_button(window, button, action, mods);
}

void trickle_key(GLFWwindow* /*window*/, int key, int scancode, int action, int mods) {
  trickle().push(InputEvent{InputEvent::Kind::Key, key, scancode, action, mods, 0});
}

void trickle_char(GLFWwindow* /*window*/, unsigned int codepoint) {
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

// After the backend's new frame: the buttons as this frame's share of the events has them, and a
// press's time since the previous one as its events say (ImGui 1.86 measures double-clicks
// between frames: it is given the events' gap instead, by dating the previous click back).
void release_mouse() {
  if (trickle_window == nullptr) return;
  ImGuiIO& io = ImGui::GetIO();
  const MouseTrickle::Frame frame = mouse_trickle().take_frame(static_cast<double>(io.MouseDoubleClickTime));
  const bool pending = mouse_trickle().pending();
  for (int b = 0; b < MouseTrickle::kButtons; ++b) {
    const auto i = static_cast<std::size_t>(b);
    bool down = frame.down[i];
    if (!pending) {
      const bool held = glfwGetMouseButton(trickle_window, b) == GLFW_PRESS;
      if (held != down) mouse_trickle().settle(b, held);
      down = held;
    }
    io.MouseDown[b] = down;
    // ImGui's clock for this frame is GetTime() + DeltaTime (NewFrame adds it).
    if (frame.since_last_press[i])
      io.MouseClickedTime[b] = ImGui::GetTime() + static_cast<double>(io.DeltaTime) - *frame.since_last_press[i];
  }
  if (pending) glfwPostEmptyEvent();
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
  glfwSetKeyCallback(window, trickle_key);
  glfwSetCharCallback(window, trickle_char);
  backend_mouse_button = glfwSetMouseButtonCallback(window, trickle_mouse_button);
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
    backend_mouse_button = nullptr;
  }
  ImGui::DestroyContext();
}

bool ImGuiSession::input_pending() noexcept { return trickle().pending() || mouse_trickle().pending(); }

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
  release_mouse();
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
