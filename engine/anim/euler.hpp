// Euler angles in BVH's convention (R = R(c1) * R(c2) * R(c3), degrees, channels in file order):
// rotation orders by name, rotation matrices in double precision, and the angles of a matrix in any
// of the six orders, continuous with a previous frame's angles where asked.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <glm/mat3x3.hpp>

#include "anim/skeleton.hpp"

namespace bvhscope {

// Three distinct axes (0 X, 1 Y, 2 Z) in the order their channels are written.
using RotationOrder = std::array<int, 3>;
using EulerAngles = std::array<double, 3>;  // degrees, one per axis of the order

// "XYZ", "zxy" ... (any case); nullopt for anything else.
std::optional<RotationOrder> parse_rotation_order(std::string_view text) noexcept;
std::string rotation_order_name(const RotationOrder& order);

// R(axis, degrees) in double precision, exact at multiples of 90 degrees.
glm::dmat3 axis_rotation(int axis, double degrees) noexcept;
// The joint's rotation channels composed in file order, in double precision.
glm::dmat3 joint_rotation_exact(const Skeleton& skeleton, int joint, std::span<const float> frame);
glm::dmat3 euler_rotation(const RotationOrder& order, const EulerAngles& angles) noexcept;

// Angles (a, b, c) with R(order[0], a) * R(order[1], b) * R(order[2], c) = rotation (a proper
// rotation). Without `previous`: the principal solution, |b| <= 90 and a, c in (-180, 180]. With it:
// of the two solutions (a, b, c) and (a + 180, 180 - b, c + 180), each angle moved by whole turns to
// the one nearest `previous`, the nearer; c is read from what is left once a and b are taken off, so
// the three recompose the matrix to rounding even near b = +-90. In the gimbal case (cos b <= 1e-6:
// b within 6e-5 degrees of +-90) a and c turn about the same axis: c keeps its previous value (0
// without one), a takes the rest, and a and b are moved by whole turns nearest `previous`.
EulerAngles euler_angles(const glm::dmat3& rotation, const RotationOrder& order,
                         const std::optional<EulerAngles>& previous = std::nullopt) noexcept;

// `angles` or the other solution of the same rotation, each angle moved by whole turns, whichever
// is nearest `previous` (the sum of the absolute differences).
EulerAngles nearest_equivalent(const EulerAngles& angles, const EulerAngles& previous) noexcept;
// `degrees` plus the whole turns that bring it nearest `reference`.
double nearest_turn(double degrees, double reference) noexcept;

}  // namespace bvhscope
