#include "viewer/ui/view_buttons.hpp"
#include "viewer/ui/panel_style.hpp"

#include <algorithm>

#include <imgui.h>

namespace bvhscope::viewer {
namespace {

// A small button `width` wide (the wider of its two labels: the row never changes size), lit when
// `on`; true when clicked.
bool view_button(const char* label, float width, bool on, const char* tip) {
  if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  const bool clicked = ImGui::Button(label, ImVec2(width, 0.0f));
  if (on) ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
  return clicked;
}

}  // namespace

void draw_view_buttons(const OrbitCamera& camera, ViewButtonsState& drawn, Actions& actions) {
  drawn = {};
  const ImGuiStyle& style = ImGui::GetStyle();
  const auto width_of = [&](const char* a, const char* b) {
    return std::max(ImGui::CalcTextSize(a).x, ImGui::CalcTextSize(b).x) + 2.0f * style.FramePadding.x;
  };
  const float row = width_of("Front", "Back") + width_of("Right", "Left") + width_of("Top", "Bottom") +
                    width_of("Ortho", "Persp") + 3.0f * style.ItemSpacing.x;
  const float start = ImGui::GetWindowContentRegionMax().x - row;
  if (start < ImGui::GetCursorPosX() + style.ItemSpacing.x) return;  // no room beside the menus
  ImGui::SetCursorPosX(start);
  const CameraView now = camera.view_name();
  const bool ctrl = ImGui::GetIO().KeyCtrl;
  // One button a pair of opposite views: it names and lights the side looked from; a click on the
  // lit one, or a Ctrl+click, turns to the opposite side (as Blender's gizmo does).
  const auto pair = [&](CameraView side, CameraView opposite, const char* side_name, const char* opposite_name,
                        const char* tip, Rect& where) {
    const bool on_opposite = now == opposite;
    const bool lit = now == side || on_opposite;
    if (view_button(on_opposite || (ctrl && !lit) ? opposite_name : side_name, width_of(side_name, opposite_name), lit,
                    tip)) {
      if (now == side) {
        actions.camera_view = opposite;
      } else if (on_opposite) {
        actions.camera_view = side;
      } else {
        actions.camera_view = ctrl ? opposite : side;
      }
    }
    where = last_item_rect();
  };
  pair(CameraView::Front, CameraView::Back, "Front", "Back",
       "Front view: looking along -Z (Numpad 1)\nClick again or Ctrl+click: Back (Ctrl+Numpad 1)", drawn.front);
  ImGui::SameLine();
  pair(CameraView::Right, CameraView::Left, "Right", "Left",
       "Right view: looking along -X (Numpad 3)\nClick again or Ctrl+click: Left (Ctrl+Numpad 3)", drawn.right);
  ImGui::SameLine();
  pair(CameraView::Top, CameraView::Bottom, "Top", "Bottom",
       "Top view: looking down -Y, the front at the bottom (Numpad 7)\nClick again or Ctrl+click: Bottom "
       "(Ctrl+Numpad 7)",
       drawn.top);
  ImGui::SameLine();
  if (view_button(camera.orthographic ? "Ortho" : "Persp", width_of("Ortho", "Persp"), camera.orthographic,
                  camera.orthographic ? "Orthographic: no perspective, sizes true at any depth\nClick: perspective "
                                        "(Numpad 5)"
                                      : "Perspective\nClick: orthographic, sizes true at any depth (Numpad 5)"))
    actions.toggle_projection = true;
  drawn.projection = last_item_rect();
}

}  // namespace bvhscope::viewer
