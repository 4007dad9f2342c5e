#include "viewer/ui/panel_style.hpp"

#include <cstdarg>

namespace bvhscope::viewer {

void panel_section(const char* title) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextUnformatted(title);
  ImGui::PopStyleColor();
  ImGui::Separator();
}

bool panel_section_with_copy(const char* title, const char* id) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(title);
  ImGui::PopStyleColor();
  ImGui::PushID(id);
  const float width = ImGui::CalcTextSize("Copy").x + ImGui::GetStyle().FramePadding.x * 2.0f;
  ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - width);
  const bool clicked = ImGui::SmallButton("Copy");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Copy these values to the clipboard");
  ImGui::PopID();
  ImGui::Separator();
  return clicked;
}

void panel_row(const char* label, const char* format, ...) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextDisabled("%s", label);
  ImGui::TableSetColumnIndex(1);
  va_list args;
  va_start(args, format);
  ImGui::TextV(format, args);
  va_end(args);
}

}  // namespace bvhscope::viewer
