// Number parsing for BVH text: decimal numbers to correctly rounded floats, fast for typical mocap values.
#pragma once

#include <cstddef>
#include <cstdint>

namespace bvhscope {

enum class NumberStatus : std::uint8_t {
  Ok,
  Invalid,        // not a number in BVH's grammar: [+-] digits [. digits] [(e|E) [+-] digits]
  Overflow,       // magnitude beyond the largest finite double
  FloatOverflow,  // a finite double but beyond the largest finite float
};

struct NumberScan {
  const char* end;  // one past the last character consumed (== first when nothing was)
  NumberStatus status;
};

// Reads the longest number at [first, last) and stores the correctly rounded float in `out`.
// Underflow rounds to (signed) zero or a subnormal, as IEEE rounding does. Accepts "1E-05",
// "-0", ".5", "5.", "+1"; refuses "nan", "inf", "1.#INF" and lone signs or dots. The caller
// checks what follows the number (BVH needs whitespace or a line end there).
NumberScan scan_float(const char* first, const char* last, float& out) noexcept;

// scan_float for the shape nearly every BVH value has, "[-]digits[.digits]" with at most 19 digits
// and no exponent, inline for the frame-row loop; anything else goes to scan_float.
inline NumberScan scan_float_fast(const char* first, const char* last, float& out) noexcept;

namespace detail {
inline constexpr float kExactFloatPowers[11] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
inline constexpr double kExactDoublePowers[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                                  1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                  1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
inline bool is_digit(char c) noexcept { return static_cast<unsigned char>(c - '0') < 10; }
// True when a correctly rounded double lies exactly halfway between two floats (double rounding risk).
inline bool is_float_midpoint(double value) noexcept {
  std::uint64_t bits;
  __builtin_memcpy(&bits, &value, sizeof bits);
  return (bits & ((std::uint64_t{1} << 29) - 1)) == (std::uint64_t{1} << 28);
}
}  // namespace detail

inline NumberScan scan_float_fast(const char* first, const char* last, float& out) noexcept {
  const char* p = first;
  const bool negative = p < last && *p == '-';
  p += negative ? 1 : 0;
  std::uint64_t mantissa = 0;
  const char* digits_begin = p;
  while (p < last && detail::is_digit(*p)) mantissa = mantissa * 10 + static_cast<std::uint64_t>(*p++ - '0');
  const auto integer_digits = p - digits_begin;
  std::ptrdiff_t fraction_digits = 0;
  if (p < last && *p == '.') {
    const char* fraction_begin = ++p;
    while (p < last && detail::is_digit(*p)) mantissa = mantissa * 10 + static_cast<std::uint64_t>(*p++ - '0');
    fraction_digits = p - fraction_begin;
  }
  const auto digits = integer_digits + fraction_digits;
  if (digits == 0 || digits > 19 || (p < last && (*p == 'e' || *p == 'E'))) return scan_float(first, last, out);
  float value;
  if (mantissa <= (std::uint64_t{1} << 24) && fraction_digits <= 10) {
    // Both operands exact: one IEEE division rounds correctly.
    value = static_cast<float>(mantissa) / detail::kExactFloatPowers[fraction_digits];
  } else if (mantissa <= (std::uint64_t{1} << 53) && fraction_digits <= 22) {
    const double wide = static_cast<double>(mantissa) / detail::kExactDoublePowers[fraction_digits];
    if (detail::is_float_midpoint(wide)) return scan_float(first, last, out);
    value = static_cast<float>(wide);
  } else {
    return scan_float(first, last, out);
  }
  out = negative ? -value : value;
  return {p, NumberStatus::Ok};
}

// The same grammar read into a correctly rounded double (frame times keep their full precision).
NumberScan scan_double(const char* first, const char* last, double& out) noexcept;

}  // namespace bvhscope
