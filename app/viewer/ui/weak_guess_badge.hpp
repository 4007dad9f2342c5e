// A clip's weak guesses (model/weak_guess) where people look: an amber badge on its list row and
// on its name tag in the view, the reason on hover, and on click the choices that settle it (the
// up axis, add or replace), applied to that clip. Panels read state and fill Actions.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "model/clip_set.hpp"
#include "viewer/actions.hpp"
#include "viewer/joint_label_overlay.hpp"
#include "viewer/ui/layout.hpp"

namespace bvhscope::viewer {

// The choices of the badge's menu as last drawn (for the state report); cleared every frame.
struct WeakGuessMenu {
  std::vector<std::string> labels;
  std::vector<Rect> items;
  void clear() noexcept {
    labels.clear();
    items.clear();
  }
};

// The badge as a small amber button at the cursor, `height` high, for the clip at `index` (whose
// weak_guess must be one); its rectangle in `drawn`.
void weak_guess_button(const ClipSlot& slot, int index, float height, Rect& drawn, WeakGuessMenu& menu,
                       Actions& actions);

// The badges the view's name tags carried last frame (`badges`), made to answer the pointer: the
// reason on hover, the choices on click. The view does not take a click on a badge.
void weak_guess_tag_buttons(const ClipSet& clips, std::span<const TagBadge> badges, WeakGuessMenu& menu,
                            Actions& actions);

}  // namespace bvhscope::viewer
