#include "cli/number_text.hpp"

#include <charconv>
#include <system_error>

namespace bvhscope::cli {

std::string shortest(double value) {
  char digits[32];
  return std::string(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
}

std::string fixed(double value, int decimals) {
  char digits[64];
  const auto [end, error] = std::to_chars(digits, digits + sizeof digits, value, std::chars_format::fixed, decimals);
  if (error != std::errc{}) return shortest(value);
  return std::string(digits, end);
}

}  // namespace bvhscope::cli
