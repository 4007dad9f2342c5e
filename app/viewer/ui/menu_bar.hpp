// The main menu bar: File (open, recent, reload, watch, quit), View (style, overlays, camera,
// panel) and Help (shortcuts).
#pragma once

#include <string>
#include <vector>

#include "viewer/actions.hpp"
#include "viewer/ui/view_buttons.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// Returns the bar's height.
// With a clip, the view buttons (view_buttons.hpp) at its right end; `view_buttons` says where.
float draw_menu_bar(const ViewerState& state, const std::vector<std::string>& recent_files,
                    ViewButtonsState& view_buttons, Actions& actions);

}  // namespace bvhscope::viewer
