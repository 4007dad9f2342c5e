// The panel on the right: the Joint tab (the inspector), the Clip tab (what the clip is: file,
// frames, rate, duration, joints; how it is read: position mode, units; its load warnings; the
// display and camera choices) and the Compare tab (ui/compare_panel).
#pragma once

#include "viewer/actions.hpp"
#include "viewer/ui/compare_panel.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/ui/problems_panel.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// Returns the panel's width after the user may have resized it from its left edge.
// `collapse_button` gets where its collapse arrow is; `collapse_clicked` whether it was clicked.
float draw_clip_panel(const Rect& area, const ViewerState& state, ComparePanelState& compare,
                      ProblemsPanelState& problems, Actions& actions, Rect& collapse_button, bool& collapse_clicked);

}  // namespace bvhscope::viewer
