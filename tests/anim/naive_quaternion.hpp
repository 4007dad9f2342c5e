// Plain double quaternions for tests, written apart from glm and the engine: rotations about X, Y
// and Z in BVH's convention (right-handed, degrees), products, slerp along the shorter arc and
// rotating a point. What a test compares the engine's interpolation and posing against.
#pragma once

#include <array>
#include <cmath>
#include <string_view>

namespace bvhscope::test {

using NaiveVector = std::array<double, 3>;

struct NaiveQuat {
  double w = 1.0;
  double x = 0.0;
  double y = 0.0;
  double z = 0.0;
};

// The turn of `degrees` about axis 'X', 'Y' or 'Z' (counter-clockwise looking down the axis).
inline NaiveQuat naive_axis_quat(char axis, double degrees) {
  const double half = degrees * 3.14159265358979323846 / 360.0;
  NaiveQuat q{std::cos(half), 0.0, 0.0, 0.0};
  (axis == 'X' ? q.x : axis == 'Y' ? q.y : q.z) = std::sin(half);
  return q;
}

// a then b applied to a point as a * b * point (BVH composes a joint's channels in file order).
inline NaiveQuat operator*(const NaiveQuat& a, const NaiveQuat& b) {
  return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
          a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}

// The rotation of three channels: `axes` like "YXZ", `degrees` in the same order.
inline NaiveQuat naive_euler_quat(std::string_view axes, const NaiveVector& degrees) {
  NaiveQuat q;
  for (std::size_t i = 0; i < 3; ++i) q = q * naive_axis_quat(axes[i], degrees[i]);
  return q;
}

// From a to b by the fraction t of the shorter arc between them.
inline NaiveQuat naive_slerp(const NaiveQuat& a, NaiveQuat b, double t) {
  double cosine = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
  if (cosine < 0.0) {
    cosine = -cosine;
    b = {-b.w, -b.x, -b.y, -b.z};
  }
  double wa = 1.0 - t;
  double wb = t;
  if (cosine < 0.9999999) {
    const double angle = std::acos(cosine);
    wa = std::sin((1.0 - t) * angle) / std::sin(angle);
    wb = std::sin(t * angle) / std::sin(angle);
  }
  NaiveQuat q{wa * a.w + wb * b.w, wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z};
  const double norm = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  return {q.w / norm, q.x / norm, q.y / norm, q.z / norm};
}

// The point v turned by q (q * v * conjugate(q)).
inline NaiveVector naive_rotate(const NaiveQuat& q, const NaiveVector& v) {
  const NaiveQuat p = q * NaiveQuat{0.0, v[0], v[1], v[2]} * NaiveQuat{q.w, -q.x, -q.y, -q.z};
  return {p.x, p.y, p.z};
}

inline double naive_distance(const NaiveVector& a, const NaiveVector& b) {
  return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

}  // namespace bvhscope::test
