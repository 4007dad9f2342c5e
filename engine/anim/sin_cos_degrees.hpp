// The sine and cosine of a rotation channel's angle in degrees, one arithmetic for every poser:
// the scalar form (pose.cpp) and GCC vectors of floats (compare's lanes) give the same bits,
// because both run the same float operations in the same order (the library is built without FMA
// contraction). The angle is reduced exactly to [-45, 45] degrees about a whole number of quarter
// turns, turned into radians and fed to polynomials: exact at multiples of 90 degrees (no
// cos(90°) = -4.4e-8 residue in every T-pose), within about an ulp of the true value elsewhere.
#pragma once

#include <cmath>
#include <cstdint>

namespace bvhscope {

// Angles with |degrees| > 360 (and NaN, infinities) go through this first: fmod is exact, so whole
// turns are removed without losing precision; NaN stays NaN.
inline float within_a_turn(float degrees) noexcept {
  return std::abs(degrees) <= 360.0f ? degrees : std::fmod(degrees, 360.0f);
}

namespace sin_cos_detail {

inline constexpr float kRound = 0x1.8p23f;  // adding and subtracting it rounds to a whole number
inline constexpr float kRadiansPerDegree = 0.0174532925f;

// Taylor coefficients of sin x / x and cos x in x^2: for |x| <= pi/4 the first term left out is
// below 2e-9, far under a float's rounding.
inline constexpr float kSin[4] = {-1.0f / 6.0f, 1.0f / 120.0f, -1.0f / 5040.0f, 1.0f / 362880.0f};
inline constexpr float kCos[5] = {-1.0f / 2.0f, 1.0f / 24.0f, -1.0f / 720.0f, 1.0f / 40320.0f, -1.0f / 3628800.0f};

// `Real` is float or a GCC vector of floats, `Whole` the (vector of) int32 of the same size.
// d: the angle within a turn (within_a_turn). Everything by reference and inlined: a vector wider
// than the target's registers is never passed by value.
template <typename Real, typename Whole>
[[gnu::always_inline]] inline void sin_cos(const Real& d, Real& s, Real& c) noexcept {
  const Real shifted = d * (1.0f / 90.0f) + kRound;
  const Real quarters = shifted - kRound;                         // the nearest whole number of quarter turns
  const Whole quadrant = __builtin_bit_cast(Whole, shifted) & 3;  // low mantissa bits: quarters mod 4
  // |d| <= 360: d - 90 q needs no more bits than d has, so the subtraction is exact.
  const Real x = (d - quarters * 90.0f) * kRadiansPerDegree;
  const Real x2 = x * x;
  const Real sin_x = x + x * x2 * (kSin[0] + x2 * (kSin[1] + x2 * (kSin[2] + x2 * kSin[3])));
  const Real cos_x = 1.0f + x2 * (kCos[0] + x2 * (kCos[1] + x2 * (kCos[2] + x2 * (kCos[3] + x2 * kCos[4]))));
  // Quarter turns: (sin, cos) -> (cos, -sin) -> (-sin, -cos) -> (-cos, sin); negated as 0 - v so
  // that an exact 0 stays +0 as in a table of sines. (mask ? a : b works lane by lane on vectors.)
  const Real sine = (quadrant & 1) != 0 ? cos_x : sin_x;
  const Real cosine = (quadrant & 1) != 0 ? sin_x : cos_x;
  s = quadrant >= 2 ? 0.0f - sine : sine;
  c = quadrant == 1 || quadrant == 2 ? 0.0f - cosine : cosine;
}

}  // namespace sin_cos_detail

inline void sin_cos_degrees(float degrees, float& s, float& c) noexcept {
  sin_cos_detail::sin_cos<float, std::int32_t>(within_a_turn(degrees), s, c);
}

}  // namespace bvhscope
