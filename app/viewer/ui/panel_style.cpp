#include "viewer/ui/panel_style.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <string_view>

#include "viewer/ui/readout_fit.hpp"

namespace bvhscope::viewer {

void panel_section(const char* title) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  readout_line(title);
  ImGui::PopStyleColor();
  ImGui::Separator();
}

bool panel_section_with_copy(const char* title, const char* id) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::AlignTextToFramePadding();
  const float width = ImGui::CalcTextSize("Copy").x + ImGui::GetStyle().FramePadding.x * 2.0f;
  readout_line(title, ImGui::GetContentRegionAvail().x - width - ImGui::GetStyle().ItemSpacing.x);
  ImGui::PopStyleColor();
  ImGui::PushID(id);
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
  readout_textv(format, args);
  va_end(args);
}

Rect last_item_rect() {
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  return {min.x, min.y, max.x - min.x, max.y - min.y};
}

std::array<float, 4> last_item_box() {
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 size = ImGui::GetItemRectSize();
  return {min.x, min.y, size.x, size.y};
}

}  // namespace bvhscope::viewer
