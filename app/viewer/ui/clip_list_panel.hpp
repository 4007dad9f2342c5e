// The list of loaded clips: colour, visibility, which one is active, removal, and the active
// clip's time and side-by-side offsets. Draws into the current window.
#pragma once

#include <string>
#include <vector>

#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/ui/weak_guess_badge.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// Remove all asks first (a modal: Remove all / Cancel, Enter / Esc); as last drawn, for tests.
struct RemoveAllPrompt {
  Rect button;          // the Remove all button (empty when not drawn)
  bool asking = false;  // the question is open
};

// The list as last drawn, for the state report.
struct ClipListDrawn {
  RemoveAllPrompt remove_all;
  std::vector<std::string> names;  // each clip's name as drawn in its row (cut in the middle when long)
  std::vector<Rect> badges;        // each row's weak-guess badge (empty when it has none)
  WeakGuessMenu weak_guess_menu;   // a badge's choices, a row's or a name tag's (cleared by the frame)
};

void draw_clip_list(const ViewerState& state, ClipListDrawn& drawn, Actions& actions);

}  // namespace bvhscope::viewer
