// The list of loaded clips: colour, visibility, which one is active, removal, and the active
// clip's time and side-by-side offsets. Draws into the current window.
#pragma once

#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// Remove all asks first (a modal: Remove all / Cancel, Enter / Esc); as last drawn, for tests.
struct RemoveAllPrompt {
  Rect button;          // the Remove all button (empty when not drawn)
  bool asking = false;  // the question is open
};

void draw_clip_list(const ViewerState& state, RemoveAllPrompt& remove_all, Actions& actions);

}  // namespace bvhscope::viewer
