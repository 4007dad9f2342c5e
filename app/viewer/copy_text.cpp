#include "viewer/copy_text.hpp"

#include <cmath>
#include <cstdio>

namespace bvhscope::viewer {

std::string copy_number(double value) {
  if (!std::isfinite(value)) return std::isnan(value) ? "nan" : value > 0.0 ? "inf" : "-inf";
  char text[64];
  std::snprintf(text, sizeof(text), "%.4f", value);
  std::string result(text);
  // A value that rounds to zero prints as "-0.0000" when negative: the sign means nothing there.
  if (result.front() == '-' && result.find_first_not_of("-0.") == std::string::npos) result.erase(0, 1);
  return result;
}

std::string copy_numbers(std::initializer_list<double> values) {
  std::string text;
  for (const double value : values) {
    if (!text.empty()) text += ", ";
    text += copy_number(value);
  }
  return text;
}

}  // namespace bvhscope::viewer
