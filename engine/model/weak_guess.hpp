// A clip's weak guesses: an up axis or a position mode the motion could not decide (assumed, not
// detected), which the viewer marks with a badge on the clip's name tag and list row, with the
// reason and the choices that settle it.
#pragma once

#include <string>

#include "model/prepared_clip.hpp"

namespace bvhscope {

struct WeakGuess {
  bool up_axis = false;        // +Y (or another axis) assumed: the motion could not tell
  bool position_mode = false;  // add (or replace) assumed: the channels could not tell
  std::string badge;           // short, for the badge: "+y up?", "add?", "+y up? add?" ("" when none)
  std::string reason;          // for the badge's tooltip: each guess and its evidence, a line each

  [[nodiscard]] bool any() const noexcept { return up_axis || position_mode; }
};

// The weak guesses of a prepared clip: automatic decisions that are not certain. A choice the user
// made is never one.
WeakGuess weak_guess_of(const PreparedClip& prepared);

}  // namespace bvhscope
