// best_rotation (Horn's method) and shortest_rotation against rotations built from axis and angle.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/best_rotation.hpp"

namespace bvhscope {
namespace {

// The angle between two rotations, in radians (0 when they are the same rotation, q or -q).
double angle_between(const glm::dquat& a, const glm::dquat& b) {
  const double d = std::min(1.0, std::abs(glm::dot(glm::normalize(a), glm::normalize(b))));
  return 2.0 * std::acos(d);
}

glm::dquat axis_angle(glm::dvec3 axis, double radians) { return glm::angleAxis(radians, glm::normalize(axis)); }

TEST(BestRotation, FindsTheRotationThatCarriedTheDirections) {
  const std::vector<glm::dquat> rotations = {axis_angle({0, 1, 0}, 0.3), axis_angle({1, 2, 3}, 2.9),
                                             axis_angle({-1, 0.5, 0.2}, 3.14159), axis_angle({0, 0, 1}, 1e-7),
                                             glm::dquat(1, 0, 0, 0)};
  const std::vector<glm::dvec3> from = {{1, 0, 0}, {0, 1, 0}, {0.3, -0.2, 0.9}, {-2, 0.1, 0.4}};
  for (const glm::dquat& rotation : rotations) {
    std::vector<DirectionPair> pairs;
    for (const glm::dvec3& v : from) pairs.push_back({v, rotation * v, 1.0});
    const std::optional<glm::dquat> found = best_rotation(pairs);
    ASSERT_TRUE(found.has_value());
    EXPECT_LT(angle_between(*found, rotation), 1e-9)
        << found->w << " " << found->x << " " << found->y << " " << found->z;
  }
}

TEST(BestRotation, TwoDirectionsAreEnoughAndWeightsFavourTheHeavierPair) {
  const glm::dquat rotation = axis_angle({0.2, 1, -0.4}, 1.2);
  const std::vector<DirectionPair> two = {{{1, 0, 0}, rotation * glm::dvec3(1, 0, 0), 1.0},
                                          {{0, 1, 0}, rotation * glm::dvec3(0, 1, 0), 1.0}};
  ASSERT_TRUE(best_rotation(two).has_value());
  EXPECT_LT(angle_between(*best_rotation(two), rotation), 1e-9);
  // Two pairs that disagree: a 90-degree turn about Z for the first, none for the second. With the
  // first weighing 1000 times more, the result is within a few milliradians of the first's turn
  // where the pair can tell (X onto Y).
  const std::vector<DirectionPair> disagreeing = {
      {{1, 0, 0}, {0, 1, 0}, 1000.0}, {{0, 0, 1}, {0, 0, 1}, 1.0}, {{0, 1, 0}, {0, 1, 0}, 1.0}};
  const std::optional<glm::dquat> found = best_rotation(disagreeing);
  ASSERT_TRUE(found.has_value());
  EXPECT_GT(glm::dot(*found * glm::dvec3(1, 0, 0), glm::dvec3(0, 1, 0)), 0.999);
}

TEST(BestRotation, DirectionsOnOneLineLeaveTheTwistFree) {
  EXPECT_FALSE(best_rotation({}).has_value());
  const std::vector<DirectionPair> one = {{{1, 0, 0}, {0, 1, 0}, 1.0}};
  EXPECT_FALSE(best_rotation(one).has_value());
  const std::vector<DirectionPair> line = {{{1, 0, 0}, {0, 1, 0}, 1.0}, {{-2, 0, 0}, {0, -2, 0}, 1.0}};
  EXPECT_FALSE(best_rotation(line).has_value());
}

TEST(ShortestRotation, TurnsByTheAngleBetweenAboutTheirCommonPerpendicular) {
  const glm::dquat q = shortest_rotation({2, 0, 0}, {0, 0, 5});
  EXPECT_NEAR(glm::angle(q), M_PI / 2, 1e-12);
  EXPECT_NEAR(glm::length(q * glm::dvec3(1, 0, 0) - glm::dvec3(0, 0, 1)), 0.0, 1e-12);
  EXPECT_NEAR(glm::length(q * glm::dvec3(0, 1, 0) - glm::dvec3(0, 1, 0)), 0.0, 1e-12);  // the axis stays
  const glm::dquat same = shortest_rotation({0, 3, 0}, {0, 1, 0});
  EXPECT_NEAR(glm::angle(same), 0.0, 1e-7);
  // Opposite directions: half a turn about the hint's part perpendicular to `from`.
  const glm::dquat half = shortest_rotation({1, 0, 0}, {-1, 0, 0}, {0.5, 0, 1});
  EXPECT_NEAR(glm::length(half * glm::dvec3(1, 0, 0) - glm::dvec3(-1, 0, 0)), 0.0, 1e-12);
  EXPECT_NEAR(glm::length(half * glm::dvec3(0, 0, 1) - glm::dvec3(0, 0, 1)), 0.0, 1e-12);
}

}  // namespace
}  // namespace bvhscope
