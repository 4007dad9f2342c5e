#include "model/curve_pyramid.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope {

CurvePyramid::CurvePyramid(std::vector<float> values) : values_(std::move(values)) {
  std::size_t below = values_.size();
  for (std::size_t level = 1; below > 1; ++level) {
    const std::size_t runs = (below + 1) / 2;
    std::vector<float> low(runs);
    std::vector<float> high(runs);
    std::vector<double> sum(runs);
    for (std::size_t i = 0; i < runs; ++i) {
      const std::size_t a = 2 * i;
      const std::size_t b = std::min(a + 1, below - 1);
      if (level == 1) {
        low[i] = std::min(values_[a], values_[b]);
        high[i] = std::max(values_[a], values_[b]);
        sum[i] = static_cast<double>(values_[a]) + (b != a ? static_cast<double>(values_[b]) : 0.0);
      } else {
        low[i] = std::min(low_.back()[a], low_.back()[b]);
        high[i] = std::max(high_.back()[a], high_.back()[b]);
        sum[i] = sum_.back()[a] + (b != a ? sum_.back()[b] : 0.0);
      }
    }
    low_.push_back(std::move(low));
    high_.push_back(std::move(high));
    sum_.push_back(std::move(sum));
    below = runs;
  }
}

CurvePyramid::Reduction CurvePyramid::reduce(std::size_t first, std::size_t last) const noexcept {
  Reduction out{values_[first], values_[first], 0.0};
  const auto take_value = [&](std::size_t f) {
    out.low = std::min(out.low, values_[f]);
    out.high = std::max(out.high, values_[f]);
    out.sum += static_cast<double>(values_[f]);
  };
  const auto take_run = [&](std::size_t level, std::size_t i) {
    out.low = std::min(out.low, low_[level - 1][i]);
    out.high = std::max(out.high, high_[level - 1][i]);
    out.sum += sum_[level - 1][i];
  };
  // Bottom-up: at each level take the unpaired run at either end, then go up a level.
  auto a = static_cast<long long>(first);
  auto b = static_cast<long long>(last);
  for (std::size_t level = 0; a <= b; ++level) {
    if ((a & 1) != 0) {
      if (level == 0)
        take_value(static_cast<std::size_t>(a));
      else
        take_run(level, static_cast<std::size_t>(a));
      ++a;
    }
    if (a <= b && (b & 1) == 0) {
      if (level == 0)
        take_value(static_cast<std::size_t>(b));
      else
        take_run(level, static_cast<std::size_t>(b));
      --b;
    }
    if (a > b) break;
    a /= 2;
    b /= 2;
  }
  return out;
}

void CurvePyramid::columns(double first, double last, std::size_t columns, ColumnEnvelope& out) const {
  out.low.assign(columns, 0.0f);
  out.high.assign(columns, 0.0f);
  out.mean.assign(columns, 0.0f);
  out.count.assign(columns, 0);
  if (values_.empty() || columns == 0 || !(last > first)) return;
  const double width = (last - first) / static_cast<double>(columns);
  const double end = static_cast<double>(values_.size() - 1);
  for (std::size_t c = 0; c < columns; ++c) {
    const double from = std::max(std::ceil(first + static_cast<double>(c) * width), 0.0);
    double to = c + 1 == columns ? std::floor(last) : std::ceil(first + static_cast<double>(c + 1) * width) - 1.0;
    to = std::min(to, end);
    if (to < from) continue;
    const auto a = static_cast<std::size_t>(from);
    const auto b = static_cast<std::size_t>(to);
    const Reduction r = reduce(a, b);
    out.low[c] = r.low;
    out.high[c] = r.high;
    out.count[c] = b - a + 1;
    out.mean[c] = static_cast<float>(r.sum / static_cast<double>(out.count[c]));
  }
}

}  // namespace bvhscope
