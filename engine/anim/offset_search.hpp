// compare --offset auto: the time offset of the other clip that gives the smallest MPJPE under the
// comparison's own options (alignment, joint set, scale). Offsets whose overlap is under half of the
// shorter clip are not considered (a few frames that happen to agree are not a match). The search
// runs on both clips thinned to about 300 frames over every whole offset, then on the clips as they
// are over the whole frames around the best, then to 0.01 frame between its neighbours.
#pragma once

#include <cstddef>

#include "anim/clip.hpp"
#include "anim/motion_compare.hpp"
#include "anim/result.hpp"

namespace bvhscope {

struct OffsetSearch {
  double offset = 0.0;    // in reference frames, as CompareOptions::offset
  double mpjpe = 0.0;     // at that offset, in the reference's units
  double earliest = 0.0;  // the range searched, in reference frames
  double latest = 0.0;
  std::size_t evaluations = 0;  // comparisons run
};

// `options.offset` is ignored; errors as compare_motion's (no joint matched, no overlap).
Result<OffsetSearch> find_time_offset(const Clip& reference, const Clip& other, const CompareOptions& options);

}  // namespace bvhscope
