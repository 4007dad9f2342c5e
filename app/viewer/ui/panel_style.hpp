// Small drawing helpers shared by the inspection panels: section titles, label/value rows and
// the flags of the fixed panels, so every panel looks the same.
#pragma once

#include <array>

#include <imgui.h>

#include <glm/vec3.hpp>

#include "viewer/ui/layout.hpp"

namespace bvhscope::viewer {

inline constexpr ImGuiWindowFlags kFixedPanelFlags =
    ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

// A dim capital title with a rule under it.
void panel_section(const char* title);
// The same, with a small "Copy" button at its right end; true when the button was clicked.
bool panel_section_with_copy(const char* title, const char* id);
// One row of a two-column table: a dim label, then printf-style text.
void panel_row(const char* label, const char* format, ...) IM_FMTARGS(2);
// Where the last item was drawn (window pixels): what the state report gives tests to click.
[[nodiscard]] Rect last_item_rect();
// The same as {x, y, width, height}, as the dialogs keep their buttons' boxes.
[[nodiscard]] std::array<float, 4> last_item_box();

// The accent and axis colours of the theme.
inline constexpr ImU32 kAccent = IM_COL32(232, 150, 52, 255);
inline constexpr ImU32 kSelectionBlue = IM_COL32(77, 199, 255, 255);
inline constexpr ImU32 kAxisColors[3] = {IM_COL32(235, 98, 92, 255), IM_COL32(120, 205, 90, 255),
                                         IM_COL32(90, 150, 245, 255)};

// An RGB colour (0..1 per channel) as an opaque ImGui colour.
inline ImU32 to_u32(const glm::vec3& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, 1.0f)); }

}  // namespace bvhscope::viewer
