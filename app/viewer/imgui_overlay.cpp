#include "viewer/imgui_overlay.hpp"

#include <cstddef>

#include <imgui.h>

namespace bvhscope::viewer {
namespace {

// At most what one box (a rounded rectangle, its border, a dot or a line) adds to ImGui's buffers,
// text aside (4 vertices and 6 indices a character).
constexpr std::size_t kMaxShapeVertices = 160;
constexpr std::size_t kMaxShapeIndices = 480;

// Room for `vertices` and `indices` more in the draw list. The write pointers follow the storage
// (something may have been drawn into the list already this frame: they would point into the old
// storage).
void reserve_draw_list(ImDrawList* draw, std::size_t vertices, std::size_t indices) {
  const auto reserve = [](auto& buffer, std::size_t more) {
    const int needed = buffer.Size + static_cast<int>(more);
    if (buffer.Capacity < needed) buffer.reserve(needed + needed / 2);
  };
  reserve(draw->VtxBuffer, vertices);
  reserve(draw->IdxBuffer, indices);
  draw->_VtxWritePtr = draw->VtxBuffer.Data + draw->VtxBuffer.Size;
  draw->_IdxWritePtr = draw->IdxBuffer.Data + draw->IdxBuffer.Size;
}

ImVec2 to_im(glm::vec2 v) { return {v.x, v.y}; }

ImU32 to_colour(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, c.w)); }

ImDrawFlags corner_flags(unsigned char corners) {
  if (corners == kCornersAll) return ImDrawFlags_RoundCornersAll;
  if (corners == 0) return ImDrawFlags_RoundCornersNone;
  ImDrawFlags flags = 0;
  if ((corners & kCornerTopLeft) != 0) flags |= ImDrawFlags_RoundCornersTopLeft;
  if ((corners & kCornerTopRight) != 0) flags |= ImDrawFlags_RoundCornersTopRight;
  if ((corners & kCornerBottomRight) != 0) flags |= ImDrawFlags_RoundCornersBottomRight;
  if ((corners & kCornerBottomLeft) != 0) flags |= ImDrawFlags_RoundCornersBottomLeft;
  return flags;
}

}  // namespace

glm::vec2 ImGuiTextMetrics::measure(std::string_view text) const {
  const ImVec2 size = ImGui::CalcTextSize(text.data(), text.data() + text.size());
  return {size.x, size.y};
}

float ImGuiTextMetrics::line_height() const { return ImGui::GetFontSize(); }

void draw_overlay_imgui(const Overlay& overlay, ImDrawList* draw) {
  std::size_t shapes = 0;
  for (const OverlayItem& item : overlay.items) shapes += item.kind == OverlayItem::Kind::Text ? 0 : 1;
  const std::size_t characters = overlay.text_bytes.size();
  reserve_draw_list(draw, 4 * characters + kMaxShapeVertices * shapes, 6 * characters + kMaxShapeIndices * shapes);
  const OverlayItem* clip = nullptr;  // the item whose clip rectangle is pushed
  for (const OverlayItem& item : overlay.items) {
    const bool same_clip =
        clip != nullptr ? item.clip_min == clip->clip_min && item.clip_max == clip->clip_max : !item.clipped();
    if (!same_clip) {
      if (clip != nullptr) draw->PopClipRect();
      clip = nullptr;
      if (item.clipped()) {
        draw->PushClipRect(to_im(item.clip_min), to_im(item.clip_max), true);
        clip = &item;
      }
    }
    switch (item.kind) {
      case OverlayItem::Kind::Box:
        if (item.colour.w > 0.0f)
          draw->AddRectFilled(to_im(item.min), to_im(item.max), to_colour(item.colour), item.rounding,
                              corner_flags(item.corners));
        if (item.border.w > 0.0f && item.border_width > 0.0f)
          draw->AddRect(to_im(item.min), to_im(item.max), to_colour(item.border), item.rounding,
                        corner_flags(item.corners), item.border_width);
        break;
      case OverlayItem::Kind::Line:
        draw->AddLine(to_im(item.min), to_im(item.max), to_colour(item.colour), item.border_width);
        break;
      case OverlayItem::Kind::Dot:
        draw->AddCircleFilled(to_im(item.min), item.rounding, to_colour(item.colour));
        break;
      case OverlayItem::Kind::Text: {
        const std::string_view text = overlay.text(item);
        draw->AddText(to_im(item.min), to_colour(item.colour), text.data(), text.data() + text.size());
        break;
      }
    }
  }
  if (clip != nullptr) draw->PopClipRect();
}

}  // namespace bvhscope::viewer
