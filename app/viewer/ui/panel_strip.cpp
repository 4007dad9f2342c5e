#include "viewer/ui/panel_strip.hpp"

#include "viewer/ui/panel_style.hpp"

namespace bvhscope::viewer {
float panel_strip_width() { return ImGui::GetFrameHeight() * 1.3f; }

bool panel_collapse_button(const char* id, ImGuiDir direction, const char* tooltip, Rect& rect) {
  const ImVec2 cursor = ImGui::GetCursorPos();
  ImGui::SetCursorPos(
      ImVec2(ImGui::GetWindowContentRegionMax().x - ImGui::GetFrameHeight(), ImGui::GetWindowContentRegionMin().y));
  const bool clicked = ImGui::ArrowButton(id, direction);
  rect = last_item_rect();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
  ImGui::SetCursorPos(cursor);
  return clicked;
}

bool draw_panel_strip(const char* id, const Rect& area, ImGuiDir direction, const char* tooltip, Rect& rect) {
  rect = {};
  if (area.width <= 0.0f) return false;
  ImGui::SetNextWindowPos(ImVec2(area.x, area.y));
  ImGui::SetNextWindowSize(ImVec2(area.width, area.height));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(3.0f, 6.0f));
  bool clicked = false;
  if (ImGui::Begin(id, nullptr, kFixedPanelFlags | ImGuiWindowFlags_NoScrollbar)) {
    clicked = ImGui::ArrowButton("##open", direction);
    rect = last_item_rect();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
    // The whole strip opens the panel too: it is a thin target otherwise.
    if (!clicked && ImGui::IsWindowHovered() && ImGui::IsMouseClicked(0)) clicked = true;
  }
  ImGui::End();
  ImGui::PopStyleVar();
  return clicked;
}

}  // namespace bvhscope::viewer
