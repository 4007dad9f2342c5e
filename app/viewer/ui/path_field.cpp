#include "viewer/ui/path_field.hpp"

#include <imgui.h>

namespace bvhscope::viewer {

PathFieldResult path_field(const char* id, char* buffer, std::size_t size, bool browse_shown, bool can_browse) {
  PathFieldResult result;
  const char* label = "Browse...";
  const ImGuiStyle& style = ImGui::GetStyle();
  const float button =
      browse_shown ? ImGui::CalcTextSize(label).x + style.FramePadding.x * 2.0f + style.ItemSpacing.x : 0.0f;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - button);
  result.entered =
      ImGui::InputText(id, buffer, size, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  if (browse_shown) {
    ImGui::SameLine();
    ImGui::BeginDisabled(!can_browse);
    ImGui::PushID(id);
    result.browse = ImGui::Button(label);
    ImGui::PopID();
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("Choose the file in the system's save dialog");
  }
  return result;
}

}  // namespace bvhscope::viewer
