#include "viewer/imgui_session.hpp"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "viewer/ui_theme.hpp"

namespace bvhscope::viewer {
namespace {

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
  ImGui_ImplOpenGL3_Init("#version 330 core");
}

ImGuiSession::ImGuiSession(float content_scale) {
  create_context(content_scale);
  ImGui_ImplOpenGL3_Init("#version 330 core");
}

ImGuiSession::~ImGuiSession() {
  ImGui_ImplOpenGL3_Shutdown();
  if (glfw_) ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

void ImGuiSession::begin_frame() {
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
