// Which way is up in a clip, judged from its motion: where the figure meets a steady floor over the
// frames, which end its branches reach (two legs below, one spine above), its tallest extent, and
// the head above the feet when joints are named so (names help but are never required).
#pragma once

#include <string>

#include "anim/clip.hpp"
#include "anim/figure_sample.hpp"
#include "anim/up_axis.hpp"

namespace bvhscope {

struct UpAxisDecision {
  UpAxis axis = UpAxis::PosY;
  bool automatic = true;
  bool certain = true;  // false when the motion could not tell and +Y was assumed
  std::string reason;   // one sentence for people: the evidence
};

// The user's axis when `request` names one; otherwise the detected one, or +Y with the reason
// when the motion cannot tell (one frame and no cue, a lone hand).
UpAxisDecision decide_up_axis(const Clip& clip, const FigureSample& sample, UpAxisRequest request);

}  // namespace bvhscope
