#include "viewer/ui/dialog_keys.hpp"

#include <imgui.h>
#include <imgui_internal.h>

namespace bvhscope::viewer {
namespace {

// The position of the current window in the open popup stack (-1 when it is not a popup).
int current_popup_level() {
  const ImGuiContext& g = *GImGui;
  const ImGuiWindow* window = ImGui::GetCurrentWindowRead();
  for (int i = 0; i < g.OpenPopupStack.Size; ++i) {
    if (g.OpenPopupStack[i].Window == window) return i;
  }
  return -1;
}

bool pressed(ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), false); }

}  // namespace

bool dialog_cancel_pressed() {
  if (!pressed(ImGuiKey_Escape)) return false;
  const int level = current_popup_level();
  if (level >= 0 && level + 1 < GImGui->OpenPopupStack.Size) {
    ImGui::ClosePopupToLevel(level + 1, true);  // a list open over the dialog closes first
    return false;
  }
  return true;
}

bool dialog_confirm_pressed() {
  if (!pressed(ImGuiKey_Enter) && !pressed(ImGuiKey_KeyPadEnter)) return false;
  if (ImGui::IsAnyItemActive()) return false;
  const int level = current_popup_level();
  return level < 0 || level + 1 == GImGui->OpenPopupStack.Size;
}

bool close_innermost_popup() {
  ImGuiContext& g = *GImGui;
  if (g.OpenPopupStack.Size == 0) return false;
  const ImGuiWindow* top = g.OpenPopupStack.back().Window;
  if (top != nullptr && (top->Flags & ImGuiWindowFlags_Modal) != 0) return false;
  ImGui::ClosePopupToLevel(g.OpenPopupStack.Size - 1, true);
  return true;
}

int open_popup_count() { return GImGui != nullptr ? GImGui->OpenPopupStack.Size : 0; }

}  // namespace bvhscope::viewer
