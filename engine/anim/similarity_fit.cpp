#include "anim/similarity_fit.hpp"

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

namespace bvhscope {

SimilarityFit fit_similarity(std::span<const glm::dvec3> reference, std::span<const glm::dvec3> other,
                             std::vector<DirectionPair>& scratch) {
  SimilarityFit fit;
  const std::size_t count = std::min(reference.size(), other.size());
  if (count == 0) return fit;
  bool same = true;
  for (std::size_t i = 0; i < count; ++i) {
    fit.reference_centre += reference[i];
    fit.other_centre += other[i];
    same = same && reference[i] == other[i];
  }
  fit.reference_centre /= static_cast<double>(count);
  fit.other_centre /= static_cast<double>(count);
  if (same) {
    fit.same_points = true;
    return fit;
  }
  // Horn: the rotation maximising sum(dot(R * b_i, a_i)) over the centred points (their lengths
  // weigh them, as the least squares do).
  scratch.clear();
  double spread = 0.0;
  for (std::size_t i = 0; i < count; ++i) {
    const glm::dvec3 a = reference[i] - fit.reference_centre;
    const glm::dvec3 b = other[i] - fit.other_centre;
    spread += glm::dot(b, b);
    scratch.push_back({b, a, 1.0});
  }
  if (!(spread > 0.0)) return fit;  // every other point at one place: moved, not turned or scaled
  glm::dquat turn(1.0, 0.0, 0.0, 0.0);
  if (const auto best = best_rotation(scratch)) {
    turn = *best;
  } else {  // on one line: the shortest turn between the lines (their sums of signed directions)
    glm::dvec3 from(0.0);
    glm::dvec3 to(0.0);
    for (const DirectionPair& pair : scratch) {
      const double sign = glm::dot(pair.from, scratch.front().from) >= 0.0 ? 1.0 : -1.0;
      from += sign * pair.from;
      to += sign * pair.to;
    }
    if (glm::length(from) > 0.0 && glm::length(to) > 0.0) turn = shortest_rotation(from, to);
  }
  fit.rotation = glm::mat3_cast(turn);
  // The scale that then fits best: sum(dot(R b_i, a_i)) / sum(|b_i|^2), kept positive.
  double along = 0.0;
  for (const DirectionPair& pair : scratch) along += glm::dot(fit.rotation * pair.from, pair.to);
  if (along > 0.0) fit.scale = along / spread;
  return fit;
}

}  // namespace bvhscope
