// The comparison's ghosts (compared clips drawn over the reference where they are measured): the
// clips drawn as ghosts when the scene was last built, and the storage the ghost poses are written
// through every frame (reused, so nothing is allocated while playing).
#pragma once

#include <vector>

#include <glm/vec3.hpp>

#include "anim/pose.hpp"

namespace bvhscope::viewer {

struct GhostScratch {
  std::vector<int> ids;                      // the clips drawn as ghosts when the scene was last built
  std::vector<int> scratch;                  // sync_ghosts', reused
  std::vector<glm::dvec3> reference_points;  // write_ghost_pose's, reused
  std::vector<glm::dvec3> other_points;
  Pose pose;
};

}  // namespace bvhscope::viewer
