// The list of loaded clips: colour, visibility, which one is active, removal, and the active
// clip's time and side-by-side offsets. Draws into the current window.
#pragma once

#include "viewer/actions.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

void draw_clip_list(const ViewerState& state, Actions& actions);

}  // namespace bvhscope::viewer
