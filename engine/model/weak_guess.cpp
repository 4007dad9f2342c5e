#include "model/weak_guess.hpp"

#include "anim/position_mode.hpp"
#include "anim/up_axis.hpp"

namespace bvhscope {

WeakGuess weak_guess_of(const PreparedClip& prepared) {
  WeakGuess guess;
  const UpAxisDecision& up = prepared.measures.up;
  const PositionModeDecision& mode = prepared.decision;
  guess.up_axis = !prepared.up_request.axis && up.automatic && !up.certain;
  guess.position_mode = prepared.mode_request == PositionModeRequest::Auto && mode.automatic && !mode.certain;
  const auto add = [&](const std::string& badge, const std::string& reason) {
    guess.badge += (guess.badge.empty() ? "" : " ") + badge;
    guess.reason += (guess.reason.empty() ? "" : "\n") + reason;
  };
  if (guess.up_axis) add(std::string(up_axis_name(up.axis)) + " up?", "Up axis, a guess: " + up.reason);
  if (guess.position_mode) {
    add(std::string(position_mode_name(mode.mode)) + "?", "Position channels, a guess: " + mode.reason);
  }
  return guess;
}

}  // namespace bvhscope
