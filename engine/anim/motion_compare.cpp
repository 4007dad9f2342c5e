#include "anim/motion_compare.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <glm/geometric.hpp>

#include "anim/pose.hpp"

namespace bvhscope {
namespace {

using dvec3 = glm::dvec3;

struct RigidFit {
  dvec3 reference_centre{0.0};
  dvec3 other_centre{0.0};
  double cos_angle = 1.0;
  double sin_angle = 0.0;
};

// The turn about `up` (and the centres) that best fits the other's points onto the reference's:
// `count` points, the i-th of each read through `reference(i)` and `other(i)`.
template <typename Reference, typename Other>
RigidFit fit_about_axis(std::size_t count, const Reference& reference, const Other& other, const dvec3& up) {
  RigidFit fit;
  if (count == 0) return fit;
  for (std::size_t i = 0; i < count; ++i) {
    fit.reference_centre += reference(i);
    fit.other_centre += other(i);
  }
  fit.reference_centre /= static_cast<double>(count);
  fit.other_centre /= static_cast<double>(count);
  double cross_sum = 0.0;
  double dot_sum = 0.0;
  for (std::size_t i = 0; i < count; ++i) {
    dvec3 r = reference(i) - fit.reference_centre;
    dvec3 o = other(i) - fit.other_centre;
    r -= up * glm::dot(r, up);
    o -= up * glm::dot(o, up);
    cross_sum += glm::dot(glm::cross(o, r), up);
    dot_sum += glm::dot(o, r);
  }
  const double angle = std::atan2(cross_sum, dot_sum);
  fit.cos_angle = std::cos(angle);
  fit.sin_angle = std::sin(angle);
  return fit;
}

// Rodrigues' formula about the unit axis `up`.
dvec3 turn(const RigidFit& fit, const dvec3& v, const dvec3& up) {
  return v * fit.cos_angle + glm::cross(up, v) * fit.sin_angle + up * glm::dot(up, v) * (1.0 - fit.cos_angle);
}

// The other's points turned about `up` and moved so that they best fit the reference's points.
void fit_rigid_about_axis(const std::vector<dvec3>& reference, std::vector<dvec3>& other, const dvec3& up) {
  if (reference.empty()) return;
  const RigidFit fit = fit_about_axis(
      reference.size(), [&](std::size_t i) { return reference[i]; }, [&](std::size_t i) { return other[i]; }, up);
  for (dvec3& point : other) point = turn(fit, point - fit.other_centre, up) + fit.reference_centre;
}

}  // namespace

UnitScale unit_scale(const UnitGuess& reference, const UnitGuess& other) {
  if (reference.unit == "unknown" || other.unit == "unknown")
    return {1.0, "a unit guess is unknown: both clips taken in the same unit"};
  if (reference.unit == other.unit || other.metres_per_unit == reference.metres_per_unit)
    return {1.0, "both in " + std::string(reference.unit)};
  return {other.metres_per_unit / reference.metres_per_unit,
          "other in " + std::string(other.unit) + ", reference in " + std::string(reference.unit)};
}

FrameAlignment align_frame(Alignment alignment, std::span<const dvec3> reference_points,
                           std::span<const dvec3> other_points, const dvec3& reference_root, const dvec3& other_root,
                           double other_scale, UpAxis up) {
  FrameAlignment aligned;
  aligned.scale = other_scale;
  if (alignment == Alignment::None) return aligned;
  // Root: p -> (p - other_root) * s + reference_root.
  aligned.translation = reference_root - other_root * other_scale;
  if (alignment == Alignment::Root || reference_points.empty()) return aligned;
  // The fit of compare_motion on root-relative points, without copying them (drawn every frame).
  const auto ref_at = [&](std::size_t i) { return reference_points[i] - reference_root; };
  const auto other_at = [&](std::size_t i) { return (other_points[i] - other_root) * other_scale; };
  const dvec3 axis(up_axis_vector(up));
  const RigidFit fit = fit_about_axis(reference_points.size(), ref_at, other_at, axis);
  // p -> turn((p - other_root) * s - other_centre) + reference_centre + reference_root, as a matrix.
  glm::dmat3 rotation(1.0);
  for (int c = 0; c < 3; ++c) {
    dvec3 basis(0.0);
    basis[c] = 1.0;
    rotation[c] = turn(fit, basis, axis);
  }
  aligned.rotation = rotation;
  aligned.translation =
      rotation * (-other_root * other_scale - fit.other_centre) + fit.reference_centre + reference_root;
  return aligned;
}

double other_frame_position(const Clip& reference, const Clip& other, double offset, std::size_t k) noexcept {
  const double rate_ratio = reference.motion.frame_time / other.motion.frame_time;  // exactly 1 for one rate
  const double position = (static_cast<double>(k) + offset) * rate_ratio;
  // A whole frame within rounding is that frame: a clip against itself or a copy compares exactly.
  const double whole = std::round(position);
  return std::abs(position - whole) < 1e-9 * std::max(1.0, std::abs(whole)) ? whole : position;
}

std::string_view alignment_name(Alignment alignment) noexcept {
  switch (alignment) {
    case Alignment::None:
      return "none";
    case Alignment::Root:
      return "root";
    case Alignment::Rigid:
      return "rigid";
  }
  return "none";
}

std::optional<Alignment> parse_alignment(std::string_view text) noexcept {
  if (text == "none") return Alignment::None;
  if (text == "root") return Alignment::Root;
  if (text == "rigid") return Alignment::Rigid;
  return std::nullopt;
}

std::optional<FrameRange> parse_frame_range(std::string_view text) noexcept {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  auto number = [](std::string_view digits) -> std::optional<std::size_t> {
    if (digits.empty() || digits.size() > 18) return std::nullopt;
    for (const char c : digits)
      if (c < '0' || c > '9') return std::nullopt;
    std::size_t value = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return value;
  };
  const auto first = number(text.substr(0, colon));
  const auto last = number(text.substr(colon + 1));
  if (!first || !last || *first > *last) return std::nullopt;
  return FrameRange{*first, *last};
}

Result<CompareResult> compare_motion(const Clip& reference, const Clip& other, const CompareOptions& options) {
  CompareResult result;
  result.matching = match_joints(reference.skeleton, other.skeleton, options.explicit_pairs);
  const std::vector<JointPair>& pairs = result.matching.pairs;
  if (pairs.empty())
    return Diagnostic{other.source, 0, 0, "no joint of it matches a joint of " + reference.source + " by name"};
  if (reference.motion.frame_count == 0 || other.motion.frame_count == 0)
    return Diagnostic{reference.motion.frame_count == 0 ? reference.source : other.source, 0, 0,
                      "has no frames to compare"};

  const double other_last = static_cast<double>(other.motion.frame_count - 1);
  constexpr double kSlack = 1e-9;  // frame positions this close to the clip's ends are inside it
  auto other_position = [&](std::size_t k) { return other_frame_position(reference, other, options.offset, k); };
  std::size_t first = reference.motion.frame_count;
  std::size_t last = 0;
  for (std::size_t k = 0; k < reference.motion.frame_count; ++k) {
    if (options.frames && (k < options.frames->first || k > options.frames->last)) continue;
    const double position = other_position(k);
    if (position < -kSlack || position > other_last + kSlack) continue;
    first = std::min(first, k);
    last = std::max(last, k);
  }
  if (first > last)
    return Diagnostic{other.source, 0, 0,
                      "no frame of " + reference.source + " falls inside it (check --offset and --frames)"};

  result.first_frame = first;
  result.frames_compared = last - first + 1;
  if (options.keep_errors) result.errors.resize(result.frames_compared * pairs.size());
  result.per_frame_mean.resize(result.frames_compared);
  result.per_joint.resize(pairs.size());
  for (std::size_t j = 0; j < pairs.size(); ++j) result.per_joint[j].joints = pairs[j];

  const int ref_root = reference.skeleton.roots.empty() ? 0 : reference.skeleton.roots.front();
  const int other_root = other.skeleton.roots.empty() ? 0 : other.skeleton.roots.front();
  const dvec3 up(up_axis_vector(options.up));
  Pose ref_pose;
  Pose other_pose;
  std::vector<dvec3> ref_points(pairs.size());
  std::vector<dvec3> other_points(pairs.size());
  double total = 0.0;
  for (std::size_t f = 0; f < result.frames_compared; ++f) {
    const std::size_t k = first + f;
    pose_frame(reference, k, options.reference_mode, ref_pose);
    sample_pose(other, std::clamp(other_position(k), 0.0, other_last), Sampling::Linear, options.other_mode,
                other_pose);
    const dvec3 ref_origin = options.alignment == Alignment::None ? dvec3(0.0) : dvec3(ref_pose.position(ref_root));
    const dvec3 other_origin =
        options.alignment == Alignment::None ? dvec3(0.0) : dvec3(other_pose.position(other_root));
    for (std::size_t j = 0; j < pairs.size(); ++j) {
      ref_points[j] = dvec3(ref_pose.position(pairs[j].reference)) - ref_origin;
      other_points[j] = (dvec3(other_pose.position(pairs[j].other)) - other_origin) * options.other_scale;
    }
    if (options.alignment == Alignment::Rigid) fit_rigid_about_axis(ref_points, other_points, up);
    double frame_sum = 0.0;
    for (std::size_t j = 0; j < pairs.size(); ++j) {
      const double error = glm::length(ref_points[j] - other_points[j]);
      if (options.keep_errors) result.errors[f * pairs.size() + j] = error;
      frame_sum += error;
      JointError& joint = result.per_joint[j];
      joint.mean += error;
      joint.max = std::max(joint.max, error);
      if (error > result.max_error) {
        result.max_error = error;
        result.worst_frame = k;
        result.worst_pair = j;
      }
    }
    result.per_frame_mean[f] = frame_sum / static_cast<double>(pairs.size());
    total += frame_sum;
  }
  if (result.max_error == 0.0) result.worst_frame = first;
  for (JointError& joint : result.per_joint) joint.mean /= static_cast<double>(result.frames_compared);
  result.mpjpe = total / static_cast<double>(result.frames_compared * pairs.size());
  return result;
}

}  // namespace bvhscope
