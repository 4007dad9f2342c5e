// The side panels' collapse and reopen buttons: a small arrow at a panel's top corner collapses
// it; a collapsed panel leaves a thin strip with an arrow that opens it again. Their rectangles
// are kept (window coordinates) for the state report.
#pragma once

#include <imgui.h>

#include "viewer/ui/layout.hpp"

namespace bvhscope::viewer {

struct PanelControls {
  Rect left_collapse;   // in the left panel (empty when it is collapsed)
  Rect right_collapse;  // in the right panel
  Rect left_reopen;     // in the left strip (empty when the panel is open)
  Rect right_reopen;    // in the right strip
};

// The width of a collapsed panel's strip, and of the arrow buttons, for the current font.
float panel_strip_width();

// An arrow button at the top right of the current window's content, pointing `direction`; true
// when clicked (drawn after the window's other items, so none of them takes its clicks). `rect` gets where it was
// drawn. The cursor is left where it was.
bool panel_collapse_button(const char* id, ImGuiDir direction, const char* tooltip, Rect& rect);

// A collapsed panel's strip over `area` with an arrow that opens it; true when clicked.
bool draw_panel_strip(const char* id, const Rect& area, ImGuiDir direction, const char* tooltip, Rect& rect);

}  // namespace bvhscope::viewer
