// The value axis of a curve plot: an automatic range that ignores outliers (one T-pose frame at
// 65 m/s does not flatten a walk's speed), the frames it leaves off-scale, and the user's own
// zoom and pan of it, until reset.
#pragma once

#include <cstddef>
#include <optional>
#include <span>

namespace bvhscope {

struct ValueRange {
  double low = 0.0;
  double high = 1.0;
  bool operator==(const ValueRange&) const = default;
};

struct RobustRange {
  ValueRange range;           // what the plot shows (before its margin)
  std::size_t off_scale = 0;  // frames with a value of any curve outside `range`
  std::size_t frames = 0;     // frames looked at
  [[nodiscard]] bool clipped() const noexcept { return off_scale > 0; }
};

// Over frames first..last (inclusive, clamped to each curve) of `curves` (one value per frame
// each): the 0.5th to 99.5th percentile of all their values, widened by that spread on
// either side but never past the smallest or largest value. A curve without outliers shows whole
// (its minimum to its maximum); values beyond are off-scale. Percentiles come from at most 65 536
// evenly spaced values; the off-scale count looks at every frame. Non-finite values are left out.
[[nodiscard]] RobustRange robust_range(std::span<const std::span<const float>> curves, std::size_t first,
                                       std::size_t last);

// The range the plot shows: automatic until the user zooms or pans it, theirs until reset().
class ValueView {
 public:
  [[nodiscard]] ValueRange shown(const ValueRange& automatic) const noexcept { return manual_.value_or(automatic); }
  [[nodiscard]] bool manual() const noexcept { return manual_.has_value(); }
  // Divides the shown range by `factor` (above 1 zooms in) keeping `anchor` (a value) at the same
  // place; the range stays above 1e-9 of a unit and below 1e12.
  void zoom(double factor, double anchor, const ValueRange& automatic) noexcept;
  // Moves the shown range by `delta` (positive: towards larger values on screen).
  void pan(double delta, const ValueRange& automatic) noexcept;
  void reset() noexcept { manual_.reset(); }

 private:
  std::optional<ValueRange> manual_;
};

}  // namespace bvhscope
