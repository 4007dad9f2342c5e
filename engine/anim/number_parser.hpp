// Number parsing for BVH text: decimal numbers to correctly rounded floats, fast for typical mocap values.
#pragma once

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

// The same grammar read into a correctly rounded double (frame times keep their full precision).
NumberScan scan_double(const char* first, const char* last, double& out) noexcept;

}  // namespace bvhscope
