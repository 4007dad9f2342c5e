#include "anim/best_rotation.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

namespace bvhscope {
namespace {

using Matrix4 = std::array<std::array<double, 4>, 4>;

// A symmetric 4x4 matrix's eigenvalues (on the diagonal of `a` when done) and eigenvectors (the
// columns of `vectors`), by cyclic Jacobi rotations: exact to rounding for the small, well-scaled
// matrices of Horn's method, in a few sweeps.
void jacobi_eigen(Matrix4& a, Matrix4& vectors) noexcept {
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) vectors[i][j] = i == j ? 1.0 : 0.0;
  for (int sweep = 0; sweep < 64; ++sweep) {
    double off = 0.0;
    double diagonal = 0.0;
    for (int p = 0; p < 4; ++p) {
      diagonal += a[p][p] * a[p][p];
      for (int q = p + 1; q < 4; ++q) off += a[p][q] * a[p][q];
    }
    if (off <= 1e-32 * diagonal || off == 0.0) return;
    for (int p = 0; p < 3; ++p) {
      for (int q = p + 1; q < 4; ++q) {
        if (a[p][q] == 0.0) continue;
        const double theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
        const double t = (theta >= 0.0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0);
        const double s = t * c;
        for (int k = 0; k < 4; ++k) {  // A * J
          const double kp = a[k][p];
          const double kq = a[k][q];
          a[k][p] = c * kp - s * kq;
          a[k][q] = s * kp + c * kq;
        }
        for (int k = 0; k < 4; ++k) {  // J^T * (A * J)
          const double pk = a[p][k];
          const double qk = a[q][k];
          a[p][k] = c * pk - s * qk;
          a[q][k] = s * pk + c * qk;
        }
        for (int k = 0; k < 4; ++k) {  // V * J
          const double kp = vectors[k][p];
          const double kq = vectors[k][q];
          vectors[k][p] = c * kp - s * kq;
          vectors[k][q] = s * kp + c * kq;
        }
      }
    }
  }
}

}  // namespace

glm::dquat shortest_rotation(const glm::dvec3& from, const glm::dvec3& to, const glm::dvec3& hint_axis) noexcept {
  const glm::dvec3 u = glm::normalize(from);
  const glm::dvec3 v = glm::normalize(to);
  const double cosine = glm::dot(u, v);
  if (cosine > -1.0 + 1e-12) {
    const glm::dvec3 axis = glm::cross(u, v);
    return glm::normalize(glm::dquat(1.0 + cosine, axis.x, axis.y, axis.z));
  }
  // Opposite: half a turn about a perpendicular of `from`, the one nearest the hint.
  glm::dvec3 axis = hint_axis - u * glm::dot(hint_axis, u);
  if (glm::length(axis) < 1e-6) axis = glm::cross(u, std::abs(u.x) < 0.9 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0));
  axis = glm::normalize(axis);
  return {0.0, axis.x, axis.y, axis.z};
}

std::optional<glm::dquat> best_rotation(std::span<const DirectionPair> pairs) noexcept {
  // Horn (1987): the unit quaternion maximising the sum is the eigenvector of the largest
  // eigenvalue of N, built from the correlation S = sum(weight * from * to^T).
  double s[3][3] = {};
  double scale = 0.0;
  for (const DirectionPair& pair : pairs) {
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) s[i][j] += pair.weight * pair.from[i] * pair.to[j];
    scale += std::abs(pair.weight) * glm::length(pair.from) * glm::length(pair.to);
  }
  if (!(scale > 0.0) || !std::isfinite(scale)) return std::nullopt;
  const double xx = s[0][0], xy = s[0][1], xz = s[0][2];
  const double yx = s[1][0], yy = s[1][1], yz = s[1][2];
  const double zx = s[2][0], zy = s[2][1], zz = s[2][2];
  Matrix4 n{{{xx + yy + zz, yz - zy, zx - xz, xy - yx},
             {yz - zy, xx - yy - zz, xy + yx, zx + xz},
             {zx - xz, xy + yx, -xx + yy - zz, yz + zy},
             {xy - yx, zx + xz, yz + zy, -xx - yy + zz}}};
  Matrix4 vectors{};
  jacobi_eigen(n, vectors);
  int best = 0;
  for (int i = 1; i < 4; ++i)
    if (n[i][i] > n[best][best]) best = i;
  double second = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < 4; ++i)
    if (i != best) second = std::max(second, n[i][i]);
  // Directions on one line leave a twist free: the two largest eigenvalues are then equal.
  if (n[best][best] - second <= 1e-9 * scale) return std::nullopt;
  const glm::dquat q(vectors[0][best], vectors[1][best], vectors[2][best], vectors[3][best]);
  return glm::normalize(q);
}

}  // namespace bvhscope
