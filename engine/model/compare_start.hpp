// A comparison asked for on the command line (`bvhscope REF OTHER... --compare`, and `render` with
// the same options): the first clip is the reference, every other clip is compared with it.
#pragma once

#include "anim/motion_compare.hpp"

namespace bvhscope {

struct CompareStart {
  Alignment alignment = Alignment::None;
  bool ghost = false;         // compared clips drawn over the reference, translucent
  double colour_max_m = 0.0;  // the error colour scale's top in metres (0: automatic)
};

}  // namespace bvhscope
