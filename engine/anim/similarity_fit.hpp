// The similarity (a rotation about any axis, no reflection; a uniform scale; a translation) that
// best carries one set of points onto another in the least-squares sense (Procrustes, as papers'
// PA-MPJPE aligns a predicted pose to the ground truth frame by frame), by Horn's quaternion method.
#pragma once

#include <span>
#include <vector>

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

#include "anim/best_rotation.hpp"

namespace bvhscope {

struct SimilarityFit {
  glm::dmat3 rotation{1.0};
  double scale = 1.0;
  glm::dvec3 reference_centre{0.0};
  glm::dvec3 other_centre{0.0};
  // The two sets were the same points: apply leaves every point exactly where it is (the fit's
  // arithmetic would move it by rounding, and a PA error of 3e-19 where 0 is meant).
  bool same_points = false;
  // Where the other's point lands: rotation * (p - other_centre) * scale + reference_centre.
  [[nodiscard]] glm::dvec3 apply(const glm::dvec3& p) const noexcept {
    return same_points ? p : rotation * ((p - other_centre) * scale) + reference_centre;
  }
};

// The fit of `other[i]` onto `reference[i]` (same count). Points on one line leave a twist about it
// free: the rotation is then the shortest one between the lines; a single point (or all at one
// place) is only moved; the same points are left as they are (same_points). `scratch` is reused
// between calls.
SimilarityFit fit_similarity(std::span<const glm::dvec3> reference, std::span<const glm::dvec3> other,
                             std::vector<DirectionPair>& scratch);

}  // namespace bvhscope
