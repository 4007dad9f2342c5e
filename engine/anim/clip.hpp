// Clip: a fully loaded BVH file (skeleton, motion, where it came from, and the load's warnings).
#pragma once

#include <string>
#include <vector>

#include "anim/diagnostic.hpp"
#include "anim/motion.hpp"
#include "anim/skeleton.hpp"

namespace bvhscope {

struct Clip {
  std::string source;  // the path or name the text came from
  Skeleton skeleton;
  Motion motion;
  double declared_frame_time = 0.0;  // as written; motion.frame_time holds the rate used for playback
  std::vector<Diagnostic> warnings;  // located warnings of the load, in file order
};

}  // namespace bvhscope
