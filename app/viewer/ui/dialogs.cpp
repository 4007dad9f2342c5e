#include "viewer/ui/dialogs.hpp"

#include <imgui.h>

namespace bvhscope::viewer {
namespace {

constexpr const char* kRows[][2] = {
    {"Space", "play / pause"},
    {"Left / Right", "previous / next frame"},
    {"Home / End", "first / last frame"},
    {"F", "frame the whole motion"},
    {"R", "reset the camera"},
    {"C", "follow the root"},
    {"S", "solid / line bones"},
    {"G / T / P", "grid / root path / clip panel"},
    {"Ctrl+O / Ctrl+R", "open / reload"},
    {"Left drag", "orbit"},
    {"Right or middle drag, Shift+left", "pan"},
    {"Wheel", "zoom towards the cursor"},
    {"Drop .bvh files", "open them"},
};


void open_path_popup(DialogState& dialogs, Actions& actions) {
  if (dialogs.open_path_requested) {
    ImGui::OpenPopup("Open BVH File");
    dialogs.open_path_requested = false;
  }
  ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 36.0f, 0.0f), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal("Open BVH File", nullptr, ImGuiWindowFlags_NoSavedSettings)) return;
  ImGui::TextUnformatted("Path of a .bvh file:");
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(-1.0f);
  const bool entered = ImGui::InputText("##path", dialogs.path_buffer.data(), dialogs.path_buffer.size(),
                                        ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::Spacing();
  const bool open = ImGui::Button("Open") || entered;
  ImGui::SameLine();
  if (open) {
    const std::string path(dialogs.path_buffer.c_str());
    if (!path.empty()) actions.open_path = path;
    ImGui::CloseCurrentPopup();
  }
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void shortcuts_popup(DialogState& dialogs) {
  if (dialogs.shortcuts_requested) {
    ImGui::OpenPopup("Keyboard and Mouse");
    dialogs.shortcuts_requested = false;
  }
  if (!ImGui::BeginPopupModal("Keyboard and Mouse", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
    return;
  }
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
    for (const auto& row : kRows) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(row[0]);
      ImGui::TableSetColumnIndex(1);
      ImGui::TextDisabled("%s", row[1]);
    }
    ImGui::EndTable();
  }
  if (ImGui::Button("Close") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace

void draw_dialogs(DialogState& dialogs, Actions& actions) {
  open_path_popup(dialogs, actions);
  shortcuts_popup(dialogs);
}

}  // namespace bvhscope::viewer
