// Rotations that carry directions onto directions: the shortest rotation from one direction to
// another (a swing), and the rotation that best carries a set of weighted directions onto another
// (Wahba's problem, solved by Horn's quaternion method). Double precision, no allocation.
#pragma once

#include <optional>
#include <span>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace bvhscope {

// The rotation by the smallest angle that turns the direction `from` onto `to` (neither need be
// unit length; both must be non-zero). Opposite directions turn by 180 degrees about the axis
// perpendicular to `from` nearest to `hint_axis` (or any perpendicular when the hint is parallel).
glm::dquat shortest_rotation(const glm::dvec3& from, const glm::dvec3& to,
                             const glm::dvec3& hint_axis = glm::dvec3(0.0, 0.0, 1.0)) noexcept;

// One pair of the best-rotation problem: R * from should point along `to`, counted by `weight`.
struct DirectionPair {
  glm::dvec3 from;
  glm::dvec3 to;
  double weight = 1.0;
};

// The rotation R maximising the sum of weight * dot(R * from, to) over the pairs (unit vectors
// are not required: longer vectors weigh more). nullopt when the pairs do not fix a rotation: no
// pair, or every `from` (or every `to`) on one line, where a twist about that line is free.
std::optional<glm::dquat> best_rotation(std::span<const DirectionPair> pairs) noexcept;

}  // namespace bvhscope
