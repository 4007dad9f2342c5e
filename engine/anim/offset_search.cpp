#include "anim/offset_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "anim/convert_timing.hpp"

namespace bvhscope {
namespace {

constexpr std::size_t kCoarseFrames = 300;

// Every `stride`-th frame of the clip, the frame time `stride` times longer.
Clip thinned(const Clip& clip, std::size_t stride) {
  std::vector<std::size_t> frames;
  for (std::size_t f = 0; f < clip.motion.frame_count; f += stride) frames.push_back(f);
  return pick_frames(clip, frames, clip.motion.frame_time * static_cast<double>(stride));
}

// The offsets (in reference frames) whose overlap is at least half of the shorter clip: [low, high].
struct OffsetRange {
  double low = 0.0;
  double high = 0.0;
};
OffsetRange overlapping_offsets(const Clip& reference, const Clip& other) {
  const double reference_span = static_cast<double>(reference.motion.frame_count - 1);
  // The other clip's length in reference frames.
  const double other_span =
      static_cast<double>(other.motion.frame_count - 1) * other.motion.frame_time / reference.motion.frame_time;
  const double needed = 0.5 * std::min(reference_span, other_span);
  // Reference frames k in [0, R] meet the other's [0, O] at k + offset: the overlap is
  // min(R, O - offset) - max(0, -offset), at least `needed` for offsets in [needed - R, O - needed].
  return {needed - reference_span, other_span - needed};
}

}  // namespace

Result<OffsetSearch> find_time_offset(const Clip& reference, const Clip& other, const CompareOptions& options) {
  if (reference.motion.frame_count == 0 || other.motion.frame_count == 0)
    return Diagnostic{reference.motion.frame_count == 0 ? reference.source : other.source, 0, 0,
                      "has no frames to compare"};
  OffsetSearch search;
  CompareOptions trial = options;
  trial.keep_errors = false;
  std::optional<Diagnostic> first_error;
  // The MPJPE at `offset` of `a` against `b`; infinity where nothing overlaps (--frames).
  const auto mpjpe_at = [&](const Clip& a, const Clip& b, double offset) {
    trial.offset = offset;
    ++search.evaluations;
    Result<CompareResult> compared = compare_motion(a, b, trial);
    if (!compared) {
      if (!first_error) first_error = compared.error();
      return std::numeric_limits<double>::infinity();
    }
    return compared.value().mpjpe;
  };

  const OffsetRange range = overlapping_offsets(reference, other);
  search.earliest = std::ceil(range.low);
  search.latest = std::floor(range.high);
  double best = search.earliest;
  double best_error = std::numeric_limits<double>::infinity();

  // Coarse: both clips thinned to about kCoarseFrames frames, every whole offset of the thinned clips.
  const std::size_t stride =
      std::max<std::size_t>(1, (reference.motion.frame_count + kCoarseFrames - 1) / kCoarseFrames);
  if (stride > 1) {
    const double step = static_cast<double>(stride) * reference.motion.frame_time;
    const auto other_stride = static_cast<std::size_t>(std::max(1.0, std::round(step / other.motion.frame_time)));
    const Clip coarse_reference = thinned(reference, stride);
    const Clip coarse_other = thinned(other, other_stride);
    if (options.frames)
      trial.frames = FrameRange{options.frames->first / stride, (options.frames->last + stride - 1) / stride};
    const OffsetRange coarse = overlapping_offsets(coarse_reference, coarse_other);
    for (double d = std::ceil(coarse.low); d <= std::floor(coarse.high); d += 1.0) {
      const double error = mpjpe_at(coarse_reference, coarse_other, d);
      if (error < best_error) {
        best_error = error;
        best = d * static_cast<double>(stride);
      }
    }
    trial.frames = options.frames;
    best_error = std::numeric_limits<double>::infinity();
  }
  // Whole frames of the clips as they are: every offset (short clips), or those around the coarse best.
  const double around = stride > 1 ? static_cast<double>(stride) : std::numeric_limits<double>::infinity();
  const double low = std::max(search.earliest, best - around);
  const double high = std::min(search.latest, best + around);
  for (double offset = low; offset <= high; offset += 1.0) {
    const double error = mpjpe_at(reference, other, offset);
    if (error < best_error) {
      best_error = error;
      best = offset;
    }
  }
  if (!std::isfinite(best_error)) {
    if (first_error) return *first_error;
    return Diagnostic{other.source, 0, 0,
                      "no offset lets it overlap half of " + reference.source + " (--offset auto needs that)"};
  }
  // A fraction of a frame: golden-section search between the neighbours of the best whole offset.
  constexpr double kGolden = 0.6180339887498949;
  double a = std::max(search.earliest, best - 1.0);
  double b = std::min(search.latest, best + 1.0);
  double x1 = b - kGolden * (b - a);
  double x2 = a + kGolden * (b - a);
  double f1 = mpjpe_at(reference, other, x1);
  double f2 = mpjpe_at(reference, other, x2);
  while (b - a > 0.01) {
    if (f1 <= f2) {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - kGolden * (b - a);
      f1 = mpjpe_at(reference, other, x1);
    } else {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + kGolden * (b - a);
      f2 = mpjpe_at(reference, other, x2);
    }
  }
  for (const auto& [x, f] : {std::pair{x1, f1}, std::pair{x2, f2}}) {
    if (f < best_error) {
      best_error = f;
      best = x;
    }
  }
  // Report a round offset when it is as good (a whole frame, else two decimals).
  const double rounded = std::round(best * 100.0) / 100.0;
  if (rounded != best) {
    const double error = mpjpe_at(reference, other, rounded);
    if (error <= best_error) {
      best_error = error;
      best = rounded;
    }
  }
  search.offset = best;
  search.mpjpe = best_error;
  return search;
}

}  // namespace bvhscope
