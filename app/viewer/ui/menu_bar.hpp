// The main menu bar: File (open, recent, reload, watch, quit), View (style, overlays, camera,
// panel) and Help (shortcuts).
#pragma once

#include <string>
#include <vector>

#include "viewer/actions.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// Returns the bar's height.
float draw_menu_bar(const ViewerState& state, const std::vector<std::string>& recent_files, Actions& actions);

}  // namespace bvhscope::viewer
