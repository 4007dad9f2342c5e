// One distribution of the report as an inline SVG: a histogram of the files' values, the median
// marked, the range written under it, and each outlier a red mark linking to its row (its name and
// value in the mark's tooltip).
#pragma once

#include <string>
#include <vector>

#include "report/distribution.hpp"

namespace bvhscope::report {

struct HistogramText {
  std::string title;  // "Duration"
  std::string unit;   // "s" (written after numbers)
  int decimals = 2;
};

// `values`, `row_ids` and `names` are the files' (NaN: no value). The outliers are d.outliers.
std::string svg_histogram(const Distribution& d, const std::vector<double>& values,
                          const std::vector<std::string>& row_ids, const std::vector<std::string>& names,
                          const HistogramText& text);

}  // namespace bvhscope::report
