#include "retarget/limb_reach.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "anim/best_rotation.hpp"

namespace bvhscope {

std::optional<LimbTurns> reach_with_limb(const glm::dvec3& root, const glm::dvec3& middle, const glm::dvec3& end,
                                         const glm::dvec3& wanted) {
  const glm::dvec3 upper_bone = middle - root;
  const glm::dvec3 lower_bone = end - middle;
  const double a = glm::length(upper_bone);
  const double b = glm::length(lower_bone);
  const glm::dvec3 to_wanted = wanted - root;
  const double distance = glm::length(to_wanted);
  if (!(a > 0.0) || !(b > 0.0) || !(distance > 1e-9 * (a + b))) return std::nullopt;
  const glm::dvec3 along = to_wanted / distance;
  // The bend: the knee's side of the line from the hip to the ankle, as posed now.
  const glm::dvec3 reach_now = end - root;
  const double reach_length = glm::length(reach_now);
  glm::dvec3 bend = upper_bone - glm::dot(upper_bone, along) * along;
  if (reach_length > 0.0) {
    const glm::dvec3 now_along = reach_now / reach_length;
    const glm::dvec3 side = upper_bone - glm::dot(upper_bone, now_along) * now_along;
    // The knee's offset from the hip-ankle line, carried to the new line.
    if (glm::length(side) > 1e-6 * a) bend = shortest_rotation(now_along, along) * side;
  }
  const double d = std::clamp(distance, std::abs(a - b) + 1e-9 * (a + b), (a + b) * (1.0 - 1e-9));
  const double x = (a * a - b * b + d * d) / (2.0 * d);
  const double y = std::sqrt(std::max(0.0, a * a - x * x));
  glm::dvec3 knee_side = bend - glm::dot(bend, along) * along;
  if (glm::length(knee_side) < 1e-9 * a) {
    if (y > 1e-6 * a) return std::nullopt;  // must bend, but no plane says which way
    knee_side = glm::dvec3(0.0);
  } else {
    knee_side = glm::normalize(knee_side);
  }
  const glm::dvec3 new_middle = root + along * x + knee_side * y;
  const glm::dvec3 new_end = root + along * d;
  LimbTurns turns;
  turns.upper = shortest_rotation(upper_bone, new_middle - root, glm::cross(upper_bone, lower_bone));
  turns.lower = shortest_rotation(turns.upper * lower_bone, new_end - new_middle, glm::cross(upper_bone, lower_bone));
  return turns;
}

}  // namespace bvhscope
