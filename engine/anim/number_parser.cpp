#include "anim/number_parser.hpp"

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

namespace bvhscope {
namespace {

// The decimal number at the start of a span, split into parts without any rounding yet.
struct DecimalParts {
  const char* end = nullptr;             // past the number; nullptr when the grammar did not match
  const char* unsigned_begin = nullptr;  // first digit or dot (from_chars takes no '+')
  bool negative = false;
  std::uint64_t mantissa = 0;  // the first 19 significant digits
  bool truncated = false;      // more than 19 significant digits were present
  int exponent = 0;            // value = mantissa * 10^exponent (when not truncated)
  int magnitude = 0;           // decimal exponent of the leading significant digit, roughly
};

constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

DecimalParts split_decimal(const char* first, const char* last) noexcept {
  DecimalParts parts;
  const char* p = first;
  if (p < last && (*p == '-' || *p == '+')) {
    parts.negative = *p == '-';
    ++p;
  }
  parts.unsigned_begin = p;
  int significant = 0;
  int integer_digits_after_limit = 0;
  bool any_digit = false;
  while (p < last && is_digit(*p)) {
    any_digit = true;
    const auto digit = static_cast<std::uint64_t>(*p - '0');
    if (significant < 19) {
      parts.mantissa = parts.mantissa * 10 + digit;
      if (parts.mantissa != 0) ++significant;
    } else {
      ++integer_digits_after_limit;
      if (digit != 0) parts.truncated = true;
    }
    ++p;
  }
  int fraction_exponent = 0;
  if (p < last && *p == '.') {
    ++p;
    while (p < last && is_digit(*p)) {
      any_digit = true;
      if (significant < 19) {
        parts.mantissa = parts.mantissa * 10 + static_cast<std::uint64_t>(*p - '0');
        if (parts.mantissa != 0) ++significant;
        --fraction_exponent;
      } else if (*p != '0') {
        parts.truncated = true;
      }
      ++p;
    }
  }
  if (!any_digit) return parts;  // end stays nullptr: "", "-", ".", "+.", "nan", "inf"
  int written_exponent = 0;
  if (p < last && (*p == 'e' || *p == 'E')) {
    const char* q = p + 1;
    bool exponent_negative = false;
    if (q < last && (*q == '-' || *q == '+')) {
      exponent_negative = *q == '-';
      ++q;
    }
    if (q < last && is_digit(*q)) {
      while (q < last && is_digit(*q)) {
        if (written_exponent < 100000) written_exponent = written_exponent * 10 + (*q - '0');
        ++q;
      }
      if (exponent_negative) written_exponent = -written_exponent;
      p = q;
    }
    // "7e" and "7e+" without digits: the number is "7"; the caller sees what follows.
  }
  parts.end = p;
  parts.exponent = fraction_exponent + integer_digits_after_limit + written_exponent;
  parts.magnitude = parts.exponent + significant - 1;
  return parts;
}

constexpr std::array<float, 11> kFloatPowers = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
constexpr std::array<double, 23> kDoublePowers = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                  1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                  1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Exact for mantissa <= 2^53 and |exponent| <= 22: both operands are exact doubles and IEEE
// multiplication or division rounds once.
double exact_double(std::uint64_t mantissa, int exponent) noexcept {
  const auto m = static_cast<double>(mantissa);
  return exponent >= 0 ? m * kDoublePowers[static_cast<std::size_t>(exponent)]
                       : m / kDoublePowers[static_cast<std::size_t>(-exponent)];
}

// True when rounding `value` (a correctly rounded double) to float could differ from rounding the
// exact decimal: only when the double sits exactly halfway between two floats.
bool is_float_midpoint(double value) noexcept {
  const auto bits = std::bit_cast<std::uint64_t>(value);
  constexpr std::uint64_t kLowBits = (std::uint64_t{1} << 29) - 1;
  return (bits & kLowBits) == (std::uint64_t{1} << 28);
}

NumberScan slow_float(const DecimalParts& parts, float& out) noexcept {
  float value = 0.0f;
  const auto [ptr, ec] = std::from_chars(parts.unsigned_begin, parts.end, value);
  if (ec == std::errc{} && ptr == parts.end) {
    out = parts.negative ? -value : value;
    return {parts.end, NumberStatus::Ok};
  }
  // Out of float range: overflow is an error, underflow rounds towards zero like IEEE does.
  double wide = 0.0;
  const auto [wide_ptr, wide_ec] = std::from_chars(parts.unsigned_begin, parts.end, wide);
  if (wide_ec == std::errc{} && wide_ptr == parts.end) {
    if (wide > static_cast<double>(std::numeric_limits<float>::max())) return {parts.end, NumberStatus::FloatOverflow};
    const auto narrow = static_cast<float>(wide);
    out = parts.negative ? -narrow : narrow;
    return {parts.end, NumberStatus::Ok};
  }
  if (parts.magnitude >= 0) return {parts.end, NumberStatus::Overflow};
  out = parts.negative ? -0.0f : 0.0f;
  return {parts.end, NumberStatus::Ok};
}

}  // namespace

NumberScan scan_float(const char* first, const char* last, float& out) noexcept {
  const DecimalParts parts = split_decimal(first, last);
  if (parts.end == nullptr) return {first, NumberStatus::Invalid};
  if (!parts.truncated) {
    if (parts.mantissa == 0) {
      out = parts.negative ? -0.0f : 0.0f;
      return {parts.end, NumberStatus::Ok};
    }
    if (parts.mantissa <= (std::uint64_t{1} << 24) && parts.exponent >= -10 && parts.exponent <= 10) {
      const auto m = static_cast<float>(parts.mantissa);
      const float value = parts.exponent >= 0 ? m * kFloatPowers[static_cast<std::size_t>(parts.exponent)]
                                              : m / kFloatPowers[static_cast<std::size_t>(-parts.exponent)];
      out = parts.negative ? -value : value;
      return {parts.end, NumberStatus::Ok};
    }
    if (parts.mantissa <= (std::uint64_t{1} << 53) && parts.exponent >= -22 && parts.exponent <= 22) {
      const double wide = exact_double(parts.mantissa, parts.exponent);
      if (!is_float_midpoint(wide)) {
        const auto value = static_cast<float>(wide);
        out = parts.negative ? -value : value;
        return {parts.end, NumberStatus::Ok};
      }
    }
  }
  return slow_float(parts, out);
}

NumberScan scan_double(const char* first, const char* last, double& out) noexcept {
  const DecimalParts parts = split_decimal(first, last);
  if (parts.end == nullptr) return {first, NumberStatus::Invalid};
  if (!parts.truncated && parts.mantissa <= (std::uint64_t{1} << 53) && parts.exponent >= -22 && parts.exponent <= 22) {
    const double value = exact_double(parts.mantissa, parts.exponent);
    out = parts.negative ? -value : value;
    return {parts.end, NumberStatus::Ok};
  }
  double value = 0.0;
  const auto [ptr, ec] = std::from_chars(parts.unsigned_begin, parts.end, value);
  if (ec == std::errc{} && ptr == parts.end) {
    out = parts.negative ? -value : value;
    return {parts.end, NumberStatus::Ok};
  }
  if (parts.magnitude >= 0) return {parts.end, NumberStatus::Overflow};
  out = parts.negative ? -0.0 : 0.0;
  return {parts.end, NumberStatus::Ok};
}

}  // namespace bvhscope
