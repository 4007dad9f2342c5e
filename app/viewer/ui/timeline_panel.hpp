// The full-width panel under the view: transport buttons, loop, speed, sampling, the frame field,
// and the timeline track that scrubs while dragged and jumps on click.
#pragma once

#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// Height the panel needs with the current font, in window units.
float timeline_panel_height();

void draw_timeline_panel(const Rect& area, const ViewerState& state, Actions& actions);

}  // namespace bvhscope::viewer
