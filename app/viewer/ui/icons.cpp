#include "viewer/ui/icons.hpp"

#include <imgui.h>

namespace bvhscope::viewer {
namespace {

void triangle_right(ImDrawList* draw, ImVec2 c, float s, ImU32 color) {
  draw->AddTriangleFilled(ImVec2(c.x - s * 0.55f, c.y - s), ImVec2(c.x - s * 0.55f, c.y + s),
                          ImVec2(c.x + s * 0.85f, c.y), color);
}
void triangle_left(ImDrawList* draw, ImVec2 c, float s, ImU32 color) {
  draw->AddTriangleFilled(ImVec2(c.x + s * 0.55f, c.y - s), ImVec2(c.x - s * 0.85f, c.y),
                          ImVec2(c.x + s * 0.55f, c.y + s), color);
}
void bar(ImDrawList* draw, float x, ImVec2 c, float s, float width, ImU32 color) {
  draw->AddRectFilled(ImVec2(x, c.y - s), ImVec2(x + width, c.y + s), color, 1.0f);
}

}  // namespace

bool icon_button(const char* id, Icon icon, const char* tooltip) {
  const float size = ImGui::GetFrameHeight();
  const bool clicked = ImGui::Button(id, ImVec2(size * 1.25f, size));
  if (ImGui::IsItemHovered() && tooltip != nullptr) ImGui::SetTooltip("%s", tooltip);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  const ImVec2 c((min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f);
  const float s = size * 0.22f;
  const float w = size * 0.09f;
  const ImU32 color = ImGui::GetColorU32(ImGuiCol_Text);
  switch (icon) {
    case Icon::First:
      bar(draw, c.x - s * 1.1f, c, s, w, color);
      triangle_left(draw, ImVec2(c.x + s * 0.2f, c.y), s, color);
      break;
    case Icon::StepBack:
      triangle_left(draw, ImVec2(c.x - s * 0.1f, c.y), s, color);
      bar(draw, c.x + s * 0.7f, c, s, w, color);
      break;
    case Icon::Play:
      triangle_right(draw, ImVec2(c.x + s * 0.1f, c.y), s * 1.1f, color);
      break;
    case Icon::Pause:
      bar(draw, c.x - s * 0.65f, c, s, w * 1.6f, color);
      bar(draw, c.x + s * 0.65f - w * 1.6f, c, s, w * 1.6f, color);
      break;
    case Icon::StepForward:
      bar(draw, c.x - s * 0.7f - w, c, s, w, color);
      triangle_right(draw, ImVec2(c.x + s * 0.1f, c.y), s, color);
      break;
    case Icon::Last:
      triangle_right(draw, ImVec2(c.x - s * 0.2f, c.y), s, color);
      bar(draw, c.x + s * 1.1f - w, c, s, w, color);
      break;
  }
  return clicked;
}

}  // namespace bvhscope::viewer
