#include "viewer/ui/icons.hpp"

#include <imgui.h>
#include <algorithm>

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

void draw_pin(ImDrawList* draw, ImVec2 at, float size, ImU32 colour) {
  // A push pin standing up: its cap, its body, the collar it rests on, and the needle.
  const auto p = [&](float x, float y) { return ImVec2(at.x + size * x, at.y + size * y); };
  draw->AddRectFilled(p(0.34f, 0.14f), p(0.66f, 0.24f), colour, 1.0f);
  draw->AddRectFilled(p(0.41f, 0.24f), p(0.59f, 0.48f), colour);
  draw->AddRectFilled(p(0.26f, 0.48f), p(0.74f, 0.57f), colour, 1.0f);
  draw->AddLine(p(0.5f, 0.57f), p(0.5f, 0.88f), colour, std::max(size * 0.08f, 1.2f));
}

void draw_tab_icon(ImDrawList* draw, TabIcon icon, ImVec2 centre, float size, ImU32 colour) {
  const float h = size * 0.5f;
  const auto p = [&](float x, float y) { return ImVec2(centre.x + h * x, centre.y + h * y); };
  const float line = std::max(size * 0.1f, 1.2f);
  switch (icon) {
    case TabIcon::Joint:  // a bone between two joints
      draw->AddLine(p(-0.55f, 0.55f), p(0.55f, -0.55f), colour, line * 1.6f);
      draw->AddCircleFilled(p(-0.6f, 0.6f), h * 0.32f, colour);
      draw->AddCircleFilled(p(0.6f, -0.6f), h * 0.32f, colour);
      break;
    case TabIcon::Clip:  // a film frame with its sprocket holes
      draw->AddRect(p(-0.9f, -0.75f), p(0.9f, 0.75f), colour, 1.0f, ImDrawFlags_None, line);
      for (const float x : {-0.55f, 0.0f, 0.55f}) {
        draw->AddRectFilled(p(x - 0.12f, -0.6f), p(x + 0.12f, -0.38f), colour);
        draw->AddRectFilled(p(x - 0.12f, 0.38f), p(x + 0.12f, 0.6f), colour);
      }
      break;
    case TabIcon::Compare:  // two heads, one over the other
      draw->AddCircle(p(-0.3f, 0.0f), h * 0.62f, colour, 0, line);
      draw->AddCircleFilled(p(0.32f, 0.0f), h * 0.62f, colour);
      break;
    case TabIcon::Problems:  // a warning triangle
      draw->AddTriangle(p(0.0f, -0.85f), p(0.95f, 0.8f), p(-0.95f, 0.8f), colour, line);
      draw->AddLine(p(0.0f, -0.3f), p(0.0f, 0.25f), colour, line);
      draw->AddCircleFilled(p(0.0f, 0.52f), line * 0.7f, colour);
      break;
  }
}

}  // namespace bvhscope::viewer
