// Drawing a bvhscope::Overlay (labels, tags, the hover name, captions: placed by
// model/overlay_labels) with ImGui, and measuring text with ImGui's current font for that placement.
#pragma once

#include "model/overlay.hpp"

struct ImDrawList;

namespace bvhscope::viewer {

// Text sizes as ImGui's current font lays them out (needs a current ImGui context).
class ImGuiTextMetrics final : public TextMetrics {
 public:
  [[nodiscard]] glm::vec2 measure(std::string_view text) const override;
  [[nodiscard]] float line_height() const override;
};

// Adds the overlay's items to `draw`, in order, each clipped to its clip rectangle. Makes room in
// the list's buffers for all of them first, so that a frame drawing more than any before does not
// grow them piecemeal.
void draw_overlay_imgui(const Overlay& overlay, ImDrawList* draw);

}  // namespace bvhscope::viewer
