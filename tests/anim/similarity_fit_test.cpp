// fit_similarity: a set of points turned, scaled and moved is fitted back exactly (the rotation, the
// scale and the centres); points on a line are turned the shortest way; a reflection is never used.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/similarity_fit.hpp"

namespace bvhscope {
namespace {

TEST(SimilarityFit, RecoversATurnAScaleAndAMove) {
  const std::vector<glm::dvec3> reference = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}, {0, 0, 3}, {1, 1, 1}, {-2, 0.5, 1}};
  const glm::dmat3 turn(glm::rotate(glm::dmat4(1.0), glm::radians(40.0), glm::normalize(glm::dvec3(1, 2, 3))));
  std::vector<glm::dvec3> other;
  // other = (turn * reference) / 2.5 + move: the fit must undo it.
  for (const glm::dvec3& p : reference) other.push_back(turn * p / 2.5 + glm::dvec3(4, -1, 7));
  std::vector<DirectionPair> scratch;
  const SimilarityFit fit = fit_similarity(reference, other, scratch);
  EXPECT_NEAR(fit.scale, 2.5, 1e-12);
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) EXPECT_NEAR(fit.rotation[c][r], glm::transpose(turn)[c][r], 1e-12);
  for (std::size_t i = 0; i < reference.size(); ++i) {
    const glm::dvec3 back = fit.apply(other[i]);
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(back[c], reference[i][c], 1e-12) << "point " << i;
  }
}

TEST(SimilarityFit, TheSamePointsStayExactlyWhereTheyAre) {
  // Centring and un-centring 0.1 about a centre of 0.3 does not give 0.1 back in doubles.
  const std::vector<glm::dvec3> points = {{0.1, 0.7, -0.3}, {0.2, 1.9, 0.05}, {1.3, 0.1, 0.35}, {-0.4, 2.2, 0.9}};
  std::vector<DirectionPair> scratch;
  const SimilarityFit fit = fit_similarity(points, points, scratch);
  EXPECT_TRUE(fit.same_points);
  for (const glm::dvec3& p : points) EXPECT_EQ(fit.apply(p), p);
  // One point moved by the least a double can: a fit of its own, no longer "the same".
  std::vector<glm::dvec3> moved = points;
  moved[2].x = std::nextafter(moved[2].x, 2.0);
  EXPECT_FALSE(fit_similarity(points, moved, scratch).same_points);
}

TEST(SimilarityFit, AMirrorImageIsNotReflected) {
  // The other is the reference mirrored across x = 0: the best proper fit cannot match every point.
  const std::vector<glm::dvec3> reference = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {2, 1, 0.5}};
  std::vector<glm::dvec3> other;
  for (const glm::dvec3& p : reference) other.push_back({-p.x, p.y, p.z});
  std::vector<DirectionPair> scratch;
  const SimilarityFit fit = fit_similarity(reference, other, scratch);
  EXPECT_NEAR(glm::determinant(fit.rotation), 1.0, 1e-12);
  double error = 0.0;
  for (std::size_t i = 0; i < reference.size(); ++i) error += glm::length(fit.apply(other[i]) - reference[i]);
  EXPECT_GT(error, 0.1);
}

TEST(SimilarityFit, PointsOnALineTurnTheShortestWayAndScale) {
  const std::vector<glm::dvec3> reference = {{0, 0, 0}, {0, 1, 0}, {0, 2, 0}};
  const std::vector<glm::dvec3> other = {{5, 0, 0}, {7, 0, 0}, {9, 0, 0}};  // along +x, twice as long
  std::vector<DirectionPair> scratch;
  const SimilarityFit fit = fit_similarity(reference, other, scratch);
  EXPECT_NEAR(fit.scale, 0.5, 1e-12);
  for (std::size_t i = 0; i < reference.size(); ++i) {
    const glm::dvec3 back = fit.apply(other[i]);
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(back[c], reference[i][c], 1e-12) << "point " << i;
  }
}

}  // namespace
}  // namespace bvhscope
