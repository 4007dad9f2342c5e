#include "model/plot_range.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace bvhscope {
namespace {

constexpr std::size_t kMaxSample = 65536;
constexpr double kLowQuantile = 0.005;
constexpr double kHighQuantile = 0.995;
constexpr double kFence = 1.0;

double quantile(std::vector<float>& sample, double q) {
  const auto at = static_cast<std::size_t>(std::floor(q * static_cast<double>(sample.size() - 1) + 0.5));
  std::nth_element(sample.begin(), sample.begin() + static_cast<std::ptrdiff_t>(at), sample.end());
  return static_cast<double>(sample[at]);
}

}  // namespace

RobustRange robust_range(std::span<const std::span<const float>> curves, std::size_t first, std::size_t last) {
  RobustRange out;
  std::size_t values = 0;
  std::size_t end = 0;  // one past the last frame any curve has
  for (const std::span<const float> curve : curves) {
    const std::size_t stop = std::min(last + 1, curve.size());
    if (stop > first) values += stop - first;
    end = std::max(end, stop);
  }
  if (values == 0 || last < first) return out;
  out.frames = end - first;
  const std::size_t stride = (values + kMaxSample - 1) / kMaxSample;
  std::vector<float> sample;
  sample.reserve(values / stride + curves.size());
  double lowest = 0.0;
  double highest = 0.0;
  bool any = false;
  for (const std::span<const float> curve : curves) {
    const std::size_t stop = std::min(last + 1, curve.size());
    for (std::size_t f = first; f < stop; ++f) {
      const float v = curve[f];
      if (!std::isfinite(v)) continue;
      lowest = any ? std::min(lowest, static_cast<double>(v)) : static_cast<double>(v);
      highest = any ? std::max(highest, static_cast<double>(v)) : static_cast<double>(v);
      any = true;
      if ((f - first) % stride == 0) sample.push_back(v);
    }
  }
  if (!any) return out;
  if (sample.empty()) sample.push_back(static_cast<float>(lowest));
  const double low_q = quantile(sample, kLowQuantile);
  const double high_q = quantile(sample, kHighQuantile);
  const double spread = high_q - low_q;
  out.range.low = std::max(lowest, low_q - kFence * spread);
  out.range.high = std::min(highest, high_q + kFence * spread);
  for (std::size_t f = first; f < end; ++f) {
    for (const std::span<const float> curve : curves) {
      if (f >= curve.size() || !std::isfinite(curve[f])) continue;
      const auto v = static_cast<double>(curve[f]);
      if (v < out.range.low || v > out.range.high) {
        ++out.off_scale;
        break;
      }
    }
  }
  return out;
}

void ValueView::zoom(double factor, double anchor, const ValueRange& automatic) noexcept {
  if (!std::isfinite(factor) || !(factor > 0.0) || !std::isfinite(anchor)) return;
  const ValueRange now = shown(automatic);
  const double span = now.high - now.low;
  if (!(span > 0.0)) return;
  const double next = std::clamp(span / factor, 1e-9, 1e12);
  const double t = std::clamp((anchor - now.low) / span, 0.0, 1.0);
  const double low = anchor - t * next;
  manual_ = ValueRange{low, low + next};
}

void ValueView::pan(double delta, const ValueRange& automatic) noexcept {
  if (!std::isfinite(delta)) return;
  const ValueRange now = shown(automatic);
  manual_ = ValueRange{now.low + delta, now.high + delta};
}

}  // namespace bvhscope
