// The full-width panel under the view: transport buttons, loop, speed, sampling, the frame field
// (the active clip's own frame), the timeline track that scrubs while dragged and jumps on click,
// and with several clips one lane per clip under it: its extent on the shared clock, where it
// holds its first and last frames, its name; drag a lane to change the clip's time offset.
#pragma once

#include <vector>

#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// Height the panel needs with the current font and clips, in window units.
float timeline_panel_height(const ViewerState& state);

// `lanes` gets each clip's bar in window units (index = clip index; empty when no lanes are drawn,
// zero height for a lane scrolled out of sight).
void draw_timeline_panel(const Rect& area, const ViewerState& state, Actions& actions, std::vector<Rect>& lanes);

}  // namespace bvhscope::viewer
