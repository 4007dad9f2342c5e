// The comparison's ghosts (compared clips drawn over the reference where they are measured): the
// clips drawn as ghosts when the scene was last built, and the storage the ghost poses are aligned
// with every frame (reused, so nothing is allocated while playing).
#pragma once

#include <vector>

#include <glm/vec3.hpp>

#include "anim/pose.hpp"
#include "model/clip_slot.hpp"
#include "model/comparison.hpp"

namespace bvhscope::render {

struct GhostScratch {
  // The other clip's pose moved where it is measured: aligned on the reference for this frame as
  // compare_motion aligns it (from the poses on screen), to be placed as the reference is placed.
  // Its world matrices into `out` (their storage reused).
  void aligned_pose(const ClipSlot& slot, const ClipSlot& reference, const ClipComparison& compared, Pose& out);

  std::vector<int> ids;                      // the clips drawn as ghosts when the scene was last built
  std::vector<int> scratch;                  // sync_ghosts', reused
  std::vector<glm::dvec3> reference_points;  // write_ghost_pose's, reused
  std::vector<glm::dvec3> other_points;
};

}  // namespace bvhscope::render
