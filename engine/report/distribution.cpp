#include "report/distribution.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope::report {
namespace {

// numpy.percentile's default ("linear"): position p * (n - 1) between the sorted values.
double quantile(const std::vector<double>& sorted, double p) {
  const double position = p * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  const double fraction = position - static_cast<double>(below);
  return sorted[below] + (sorted[above] - sorted[below]) * fraction;
}

}  // namespace

Distribution describe(const std::vector<double>& values, std::size_t bin_count) {
  Distribution d;
  std::vector<double> sorted;
  for (const double value : values)
    if (std::isfinite(value)) sorted.push_back(value);
  d.count = sorted.size();
  d.bins.assign(std::max<std::size_t>(bin_count, 1), 0);
  if (sorted.empty()) return d;
  std::sort(sorted.begin(), sorted.end());
  d.min = sorted.front();
  d.max = sorted.back();
  d.q1 = quantile(sorted, 0.25);
  d.median = quantile(sorted, 0.5);
  d.q3 = quantile(sorted, 0.75);
  // A set whose middle half is one value (30 fps everywhere) marks what differs from it, but not
  // rounding noise: the spread is at least a billionth of the values' size.
  const double spread = std::max(d.q3 - d.q1, 1e-9 * std::max({1.0, std::abs(d.q1), std::abs(d.q3)}));
  d.low_fence = d.q1 - 1.5 * spread;
  d.high_fence = d.q3 + 1.5 * spread;
  const double width = (d.max - d.min) / static_cast<double>(d.bins.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double value = values[i];
    if (!std::isfinite(value)) continue;
    if (d.count >= 4 && (value < d.low_fence || value > d.high_fence)) d.outliers.push_back(i);
    const std::size_t bin =
        width > 0.0 ? std::min(d.bins.size() - 1, static_cast<std::size_t>((value - d.min) / width)) : 0;
    ++d.bins[bin];
  }
  return d;
}

}  // namespace bvhscope::report
