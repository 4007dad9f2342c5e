#include "viewer/ui_theme.hpp"

#include <imgui.h>

#include "gfx/ui_font.hpp"

namespace bvhscope::viewer {
namespace {

ImVec4 rgb(int r, int g, int b, float a = 1.0f) {
  return {static_cast<float>(r) / 255.0f, static_cast<float>(g) / 255.0f, static_cast<float>(b) / 255.0f, a};
}

void apply_colors(ImGuiStyle& style) {
  ImVec4* c = style.Colors;
  const ImVec4 accent = rgb(232, 150, 52);
  const ImVec4 accent_soft = rgb(232, 150, 52, 0.55f);
  c[ImGuiCol_Text] = rgb(222, 224, 228);
  c[ImGuiCol_TextDisabled] = rgb(128, 132, 140);
  c[ImGuiCol_WindowBg] = rgb(32, 34, 38);
  c[ImGuiCol_ChildBg] = rgb(28, 30, 34);
  c[ImGuiCol_PopupBg] = rgb(36, 38, 43, 0.98f);
  c[ImGuiCol_Border] = rgb(54, 57, 64);
  c[ImGuiCol_BorderShadow] = rgb(0, 0, 0, 0.0f);
  c[ImGuiCol_FrameBg] = rgb(46, 49, 55);
  c[ImGuiCol_FrameBgHovered] = rgb(58, 62, 70);
  c[ImGuiCol_FrameBgActive] = rgb(66, 70, 79);
  c[ImGuiCol_TitleBg] = rgb(28, 30, 34);
  c[ImGuiCol_TitleBgActive] = rgb(34, 36, 41);
  c[ImGuiCol_TitleBgCollapsed] = rgb(28, 30, 34);
  c[ImGuiCol_MenuBarBg] = rgb(26, 28, 31);
  c[ImGuiCol_ScrollbarBg] = rgb(28, 30, 34);
  c[ImGuiCol_ScrollbarGrab] = rgb(66, 70, 78);
  c[ImGuiCol_ScrollbarGrabHovered] = rgb(82, 86, 96);
  c[ImGuiCol_ScrollbarGrabActive] = rgb(96, 100, 110);
  c[ImGuiCol_CheckMark] = accent;
  c[ImGuiCol_SliderGrab] = accent_soft;
  c[ImGuiCol_SliderGrabActive] = accent;
  c[ImGuiCol_Button] = rgb(52, 56, 63);
  c[ImGuiCol_ButtonHovered] = rgb(66, 71, 80);
  c[ImGuiCol_ButtonActive] = rgb(80, 86, 97);
  c[ImGuiCol_Header] = rgb(52, 56, 63);
  c[ImGuiCol_HeaderHovered] = rgb(64, 68, 77);
  c[ImGuiCol_HeaderActive] = rgb(74, 79, 89);
  c[ImGuiCol_Separator] = rgb(54, 57, 64);
  c[ImGuiCol_SeparatorHovered] = accent_soft;
  c[ImGuiCol_SeparatorActive] = accent;
  c[ImGuiCol_ResizeGrip] = rgb(0, 0, 0, 0.0f);
  c[ImGuiCol_ResizeGripHovered] = accent_soft;
  c[ImGuiCol_ResizeGripActive] = accent;
  c[ImGuiCol_Tab] = rgb(40, 43, 48);
  c[ImGuiCol_TabHovered] = rgb(66, 71, 80);
  c[ImGuiCol_TabActive] = rgb(56, 60, 68);
  c[ImGuiCol_PlotHistogram] = accent;
  c[ImGuiCol_PlotHistogramHovered] = rgb(245, 175, 80);
  c[ImGuiCol_TextSelectedBg] = rgb(232, 150, 52, 0.35f);
  c[ImGuiCol_NavHighlight] = accent;
  c[ImGuiCol_ModalWindowDimBg] = rgb(0, 0, 0, 0.45f);
}

}  // namespace

void apply_ui_theme(float content_scale) {
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  style.WindowPadding = ImVec2(10, 10);
  style.FramePadding = ImVec2(8, 4);
  style.ItemSpacing = ImVec2(8, 6);
  style.ItemInnerSpacing = ImVec2(6, 4);
  style.WindowRounding = 0.0f;
  style.ChildRounding = 3.0f;
  style.FrameRounding = 3.0f;
  style.PopupRounding = 4.0f;
  style.GrabRounding = 3.0f;
  style.ScrollbarRounding = 3.0f;
  style.TabRounding = 3.0f;
  style.WindowBorderSize = 1.0f;
  style.FrameBorderSize = 0.0f;
  style.ScrollbarSize = 12.0f;
  style.GrabMinSize = 10.0f;
  style.WindowTitleAlign = ImVec2(0.0f, 0.5f);
  apply_colors(style);
  style.ScaleAllSizes(content_scale);

  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const std::string_view font = gfx::ui_font_ttf();
  if (!font.empty()) {
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // the bytes live in the executable
    config.OversampleH = 2;
    config.PixelSnapH = false;
    // ImGui's API takes a mutable pointer but does not write through it when it does not own the data.
    io.Fonts->AddFontFromMemoryTTF(const_cast<char*>(font.data()), static_cast<int>(font.size()),  // NOLINT
                                   15.0f * content_scale, &config);
    return;
  }
  ImFontConfig config;
  config.SizePixels = 13.0f * content_scale;
  io.Fonts->AddFontDefault(&config);
}

}  // namespace bvhscope::viewer
