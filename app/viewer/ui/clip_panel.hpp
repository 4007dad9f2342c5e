// The panel on the right: what the clip is (file, frames, rate, duration, joints), how it is
// read (position mode, units), its load warnings, and the display and camera choices.
#pragma once

#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// Returns the panel's width after the user may have resized it from its left edge.
float draw_clip_panel(const Rect& area, const ViewerState& state, Actions& actions);

}  // namespace bvhscope::viewer
