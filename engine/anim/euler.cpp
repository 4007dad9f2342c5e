#include "anim/euler.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace bvhscope {
namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;
// cos(b) at or below which a rotation is in gimbal lock (b within 6e-5 degrees of +-90): a and c are
// then one turn, split so that c keeps its previous value. The rotation written then differs from
// the exact one by at most this many radians times c's change (a few micrometres a metre).
constexpr double kGimbalCosine = 1e-6;

// Element at `row`, `column` of a column-major glm matrix.
double at(const glm::dmat3& m, int row, int column) noexcept { return m[column][row]; }

// +1 when (i, j, k) is a cyclic order of (0, 1, 2) (XYZ, YZX, ZXY), -1 otherwise.
double parity(const RotationOrder& order) noexcept { return (order[1] - order[0] + 3) % 3 == 1 ? 1.0 : -1.0; }

double wrap_half_turn(double degrees) noexcept {
  double wrapped = std::remainder(degrees, 360.0);
  if (wrapped <= -180.0) wrapped += 360.0;
  return wrapped;
}

// The angle (degrees) of a rotation about `axis`, read in the plane it turns (axis + 1, axis + 2).
double angle_about(const glm::dmat3& rotation, int axis) noexcept {
  const int p = (axis + 1) % 3;
  const int q = (axis + 2) % 3;
  return std::atan2(at(rotation, q, p), at(rotation, p, p)) * kDegrees;
}

double distance(const EulerAngles& a, const EulerAngles& b) noexcept {
  return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

}  // namespace

std::optional<RotationOrder> parse_rotation_order(std::string_view text) noexcept {
  if (text.size() != 3) return std::nullopt;
  RotationOrder order{};
  bool seen[3] = {false, false, false};
  for (std::size_t i = 0; i < 3; ++i) {
    const char c = text[i];
    const int axis = c == 'x' || c == 'X' ? 0 : c == 'y' || c == 'Y' ? 1 : c == 'z' || c == 'Z' ? 2 : -1;
    if (axis < 0 || seen[axis]) return std::nullopt;
    seen[axis] = true;
    order[i] = axis;
  }
  return order;
}

std::string rotation_order_name(const RotationOrder& order) {
  std::string name;
  for (const int axis : order) name += static_cast<char>('X' + axis);
  return name;
}

glm::dmat3 axis_rotation(int axis, double degrees) noexcept {
  double s = 0.0;
  double c = 1.0;
  const double turned = std::fmod(degrees, 360.0);
  const double quarters = turned / 90.0;
  if (quarters == std::floor(quarters)) {
    static constexpr double kSin[4] = {0.0, 1.0, 0.0, -1.0};
    static constexpr double kCos[4] = {1.0, 0.0, -1.0, 0.0};
    const int index = (static_cast<int>(quarters) % 4 + 4) % 4;
    s = kSin[index];
    c = kCos[index];
  } else {
    s = std::sin(turned / kDegrees);
    c = std::cos(turned / kDegrees);
  }
  glm::dmat3 m(1.0);
  const int a = (axis + 1) % 3;  // the plane turned: X (Y, Z), Y (Z, X), Z (X, Y)
  const int b = (axis + 2) % 3;
  m[a][a] = c;
  m[a][b] = s;
  m[b][a] = -s;
  m[b][b] = c;
  return m;
}

glm::dmat3 joint_rotation_exact(const Skeleton& skeleton, int joint, std::span<const float> frame) {
  glm::dmat3 rotation(1.0);
  const int first = skeleton.first_channels[joint];
  for (int c = first; c < first + skeleton.channel_counts[joint]; ++c) {
    const ChannelKind kind = skeleton.channel_kinds[c];
    if (is_rotation(kind))
      rotation = rotation * axis_rotation(channel_axis(kind), static_cast<double>(frame[static_cast<std::size_t>(c)]));
  }
  return rotation;
}

glm::dmat3 euler_rotation(const RotationOrder& order, const EulerAngles& angles) noexcept {
  return axis_rotation(order[0], angles[0]) * axis_rotation(order[1], angles[1]) * axis_rotation(order[2], angles[2]);
}

double nearest_turn(double degrees, double reference) noexcept {
  return degrees + 360.0 * std::round((reference - degrees) / 360.0);
}

EulerAngles nearest_equivalent(const EulerAngles& angles, const EulerAngles& previous) noexcept {
  EulerAngles first{};
  EulerAngles second{};
  const EulerAngles other = {angles[0] + 180.0, 180.0 - angles[1], angles[2] + 180.0};
  for (int i = 0; i < 3; ++i) {
    first[i] = nearest_turn(angles[i], previous[i]);
    second[i] = nearest_turn(other[i], previous[i]);
  }
  return distance(second, previous) < distance(first, previous) ? second : first;
}

EulerAngles euler_angles(const glm::dmat3& rotation, const RotationOrder& order,
                         const std::optional<EulerAngles>& previous) noexcept {
  const int i = order[0];
  const int j = order[1];
  const int k = order[2];
  const double s = parity(order);
  const double sin_b = std::clamp(s * at(rotation, i, k), -1.0, 1.0);
  const double cos_b = std::hypot(at(rotation, i, i), at(rotation, i, j));
  EulerAngles angles{};
  angles[1] = std::atan2(sin_b, cos_b) * kDegrees;
  if (cos_b > kGimbalCosine) {
    // a from the matrix, then c from what is left of the rotation once a and b are taken off: the
    // three recompose the matrix even near the gimbal case, where a alone is poorly conditioned.
    angles[0] = std::atan2(-s * at(rotation, j, k), at(rotation, k, k)) * kDegrees;
    const glm::dmat3 about_k =
        glm::transpose(axis_rotation(j, angles[1])) * glm::transpose(axis_rotation(i, angles[0])) * rotation;
    angles[2] = angle_about(about_k, k);
  } else {
    // Gimbal lock: a and c turn about the same axis. c keeps its previous value (0 without one)
    // and a takes the rest: R(i, a) = rotation * R(k, c)^T * R(j, b)^T.
    angles[2] = previous ? (*previous)[2] : 0.0;
    const glm::dmat3 about_i =
        rotation * glm::transpose(axis_rotation(k, angles[2])) * glm::transpose(axis_rotation(j, angles[1]));
    angles[0] = angle_about(about_i, i);
    if (previous) {
      angles[0] = nearest_turn(angles[0], (*previous)[0]);
      angles[1] = nearest_turn(angles[1], (*previous)[1]);
    }
    return angles;
  }
  if (!previous) {
    angles[0] = wrap_half_turn(angles[0]);
    angles[2] = wrap_half_turn(angles[2]);
    return angles;
  }
  return nearest_equivalent(angles, *previous);
}

}  // namespace bvhscope
