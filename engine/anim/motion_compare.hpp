// Comparing two clips of the same motion: world positions of matched joints frame by frame, after
// an optional alignment, summarised as MPJPE (mean per-joint position error), per joint and per frame.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anim/clip.hpp"
#include "anim/joint_matching.hpp"
#include "anim/position_mode.hpp"
#include "anim/result.hpp"
#include "anim/up_axis.hpp"

namespace bvhscope {

// None: world positions as they are. Root: each clip's first root subtracted from its joints, frame
// by frame. Rigid: after Root, per frame, the other's matched joints turned about the up axis and
// moved by the rotation and translation that best fit them onto the reference's (least squares).
enum class Alignment : std::uint8_t { None, Root, Rigid };

std::string_view alignment_name(Alignment alignment) noexcept;  // "none", "root", "rigid"
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
  long long offset = 0;              // the other clip is read at reference frame k + offset
  std::optional<FrameRange> frames;  // reference frames to compare (intersected with the overlap)
  PositionMode reference_mode = PositionMode::Add;
  PositionMode other_mode = PositionMode::Add;
  UpAxis up = UpAxis::PosY;  // the axis Rigid turns about
  double other_scale = 1.0;  // multiplies the other clip's positions (into the reference's units)
  std::vector<std::pair<std::string, std::string>> explicit_pairs;  // (reference name, other name)
  bool keep_errors = true;  // fill CompareResult::errors (frames x pairs doubles: only when needed)
};

struct JointError {
  JointPair joints;
  double mean = 0.0;
  double max = 0.0;
};

struct CompareResult {
  JointMatching matching;
  std::size_t first_frame = 0;         // the first compared reference frame
  std::size_t frames_compared = 0;     // consecutive reference frames from first_frame
  std::vector<JointError> per_joint;   // one per matched pair, in matching.pairs order
  std::vector<double> per_frame_mean;  // one per compared frame
  std::vector<double> errors;          // frames_compared x pairs, frame-major
  double mpjpe = 0.0;                  // mean of `errors`
  double max_error = 0.0;
  std::size_t worst_frame = 0;  // reference frame of max_error
  std::size_t worst_pair = 0;   // index into matching.pairs of max_error
};

// Reference frame k (time k * reference frame time) against the other clip sampled with linear
// interpolation at time (k + offset) * reference frame time. Frames whose time falls outside the
// other clip are not compared. Errors (as values): no joint matched, no frame to compare.
Result<CompareResult> compare_motion(const Clip& reference, const Clip& other, const CompareOptions& options);

}  // namespace bvhscope
