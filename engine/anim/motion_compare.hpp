// Comparing two clips of the same motion: world positions of matched joints frame by frame, after
// an optional alignment, summarised as MPJPE (mean per-joint position error), per joint and per frame.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>

#include "anim/clip.hpp"
#include "anim/joint_matching.hpp"
#include "anim/measure.hpp"
#include "anim/position_mode.hpp"
#include "anim/result.hpp"
#include "anim/up_axis.hpp"

namespace bvhscope {

// None: world positions as they are. Root: each clip's first root subtracted from its joints, frame
// by frame. Rigid: after Root, per frame, the other's matched joints turned about the up axis and
// moved by the rotation and translation that best fit them onto the reference's (least squares).
// Procrustes: per frame, the other's matched joints turned about any axis, scaled and moved by the
// similarity that best fits them onto the reference's (least squares): what PA-MPJPE measures.
enum class Alignment : std::uint8_t { None, Root, Rigid, Procrustes };

std::string_view alignment_name(Alignment alignment) noexcept;  // "none", "root", "rigid", "procrustes"
std::optional<Alignment> parse_alignment(std::string_view text) noexcept;

// Reference frames first..last, inclusive.
struct FrameRange {
  std::size_t first = 0;
  std::size_t last = 0;
};
// "A:B" with 0 <= A <= B (decimal digits only); nullopt otherwise.
std::optional<FrameRange> parse_frame_range(std::string_view text) noexcept;

struct CompareOptions {
  Alignment alignment = Alignment::None;
  double offset = 0.0;               // the other clip is read at reference frame k + offset (may be fractional)
  std::optional<FrameRange> frames;  // reference frames to compare (intersected with the overlap)
  PositionMode reference_mode = PositionMode::Add;
  PositionMode other_mode = PositionMode::Add;
  UpAxis up = UpAxis::PosY;  // the axis Rigid turns about
  double other_scale = 1.0;  // multiplies the other clip's positions (into the reference's units)
  std::vector<std::pair<std::string, std::string>> explicit_pairs;  // (reference name, other name)
  // When not empty, one flag per reference joint: matched pairs whose reference joint is false are
  // left out (compare --joints, anim/joint_set.hpp); empty: every matched pair is compared.
  std::vector<bool> reference_joint_set;
  bool keep_errors = true;  // fill CompareResult::errors (frames x pairs doubles: only when needed)
  unsigned threads = 0;     // at most this many threads for the per-frame work (0: available_threads())
  // Checked between blocks of frames: once it reads true, compare_motion stops with an error
  // ("cancelled"). The viewer's comparison stops work that a newer one replaces.
  const std::atomic<bool>* cancel = nullptr;
};

struct JointError {
  JointPair joints;
  double mean = 0.0;
  double max = 0.0;
};

struct CompareResult {
  JointMatching matching;              // the pairs compared (in the joint set)
  std::vector<int> left_out;           // reference joints matched but outside the joint set, in file order
  std::size_t first_frame = 0;         // the first compared reference frame
  std::size_t frames_compared = 0;     // consecutive reference frames from first_frame
  std::vector<JointError> per_joint;   // one per matched pair, in matching.pairs order
  std::vector<double> per_frame_mean;  // one per compared frame
  std::vector<double> errors;          // frames_compared x pairs, frame-major
  double mpjpe = 0.0;                  // mean of `errors`
  // PA-MPJPE, whatever the alignment: per frame, the mean distance after the other's matched joints
  // are fitted onto the reference's by a similarity (Alignment::Procrustes), averaged over frames.
  double pa_mpjpe = 0.0;
  double max_error = 0.0;
  std::size_t worst_frame = 0;  // reference frame of max_error
  std::size_t worst_pair = 0;   // index into matching.pairs of max_error
};

// How the other clip's positions are scaled into the reference's units: by the ratio of the two unit
// guesses when both are known and differ, else 1; `reason` says which ("both in cm", "other in mm,
// reference in cm", "a unit guess is unknown: ...").
struct UnitScale {
  double other_scale = 1.0;
  std::string reason;
};
UnitScale unit_scale(const UnitGuess& reference, const UnitGuess& other);

// Where the other clip's point p lands after the alignment of one frame, in the reference's file
// coordinates: rotation * (p * scale) + translation. (compare_motion measures the same distances
// from root-relative points; this is the transform that draws the other clip where it is measured.)
struct FrameAlignment {
  glm::dmat3 rotation{1.0};
  glm::dvec3 translation{0.0};
  double scale = 1.0;
  [[nodiscard]] glm::dvec3 apply(const glm::dvec3& p) const noexcept { return rotation * (p * scale) + translation; }
};

// The alignment of one frame from the two clips' matched joint positions (world, file coordinates;
// `reference_points[i]` pairs with `other_points[i]`) and their roots, as compare_motion aligns them.
FrameAlignment align_frame(Alignment alignment, std::span<const glm::dvec3> reference_points,
                           std::span<const glm::dvec3> other_points, const glm::dvec3& reference_root,
                           const glm::dvec3& other_root, double other_scale, UpAxis up);

// The fractional frame of the other clip compared with reference frame k (before clamping): whole
// frames within rounding snap to the whole frame.
double other_frame_position(const Clip& reference, const Clip& other, double offset, std::size_t k) noexcept;

// Reference frame k (time k * reference frame time) against the other clip sampled with linear
// interpolation at time (k + offset) * reference frame time. Frames whose time falls outside the
// other clip are not compared. Errors (as values): no joint matched, no frame to compare.
Result<CompareResult> compare_motion(const Clip& reference, const Clip& other, const CompareOptions& options);

}  // namespace bvhscope
