// A set of values as the report's plots show them: quartiles, Tukey's fences (1.5 interquartile
// ranges beyond the quartiles, that range at least a billionth of the values) and the values outside them (the
// outliers, marked and linked), and equal-width bins between the smallest and the largest value.
#pragma once

#include <cstddef>
#include <vector>

namespace bvhscope::report {

struct Distribution {
  std::size_t count = 0;
  double min = 0.0, max = 0.0;
  double q1 = 0.0, median = 0.0, q3 = 0.0;
  double low_fence = 0.0, high_fence = 0.0;
  std::vector<std::size_t> outliers;  // indices into the values given, beyond a fence
  std::vector<std::size_t> bins;      // counts, over [min, max] in equal widths
};

// `values` may hold NaN for files without the value (left out). Quartiles by linear interpolation
// between order statistics (numpy's default). With fewer than 4 values there are no outliers.
Distribution describe(const std::vector<double>& values, std::size_t bin_count);

}  // namespace bvhscope::report
