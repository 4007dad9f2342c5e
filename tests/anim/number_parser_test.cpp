// scan_float / scan_double: BVH's number grammar and correctly rounded values.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "anim/number_parser.hpp"

namespace bvhscope {
namespace {

struct Scanned {
  NumberStatus status;
  std::size_t consumed;
  float value;
};

Scanned scan(std::string_view text) {
  float value = 12345.0f;
  const NumberScan result = scan_float(text.data(), text.data() + text.size(), value);
  // The inline fast path must agree with the general one on everything.
  float fast_value = 12345.0f;
  const NumberScan fast = scan_float_fast(text.data(), text.data() + text.size(), fast_value);
  EXPECT_EQ(fast.status, result.status) << text;
  EXPECT_EQ(fast.end, result.end) << text;
  if (result.status == NumberStatus::Ok) {
    EXPECT_EQ(std::memcmp(&fast_value, &value, sizeof(float)), 0) << text;
  }
  return {result.status, static_cast<std::size_t>(result.end - text.data()), value};
}

// The reference: libstdc++'s from_chars, correctly rounded per the C++ standard.
float reference(const std::string& text) {
  float value = 0.0f;
  const char* begin = text.data() + (text[0] == '+' ? 1 : 0);
  const auto result = std::from_chars(begin, text.data() + text.size(), value);
  EXPECT_EQ(result.ec, std::errc{}) << text;
  return value;
}

TEST(NumberParser, ReadsTheFormsRealFilesUse) {
  EXPECT_EQ(scan("0").value, 0.0f);
  EXPECT_EQ(scan("12.5").value, 12.5f);
  EXPECT_EQ(scan("-7.25").value, -7.25f);
  EXPECT_EQ(scan("+1").value, 1.0f);
  EXPECT_EQ(scan(".5").value, 0.5f);
  EXPECT_EQ(scan("-.5").value, -0.5f);
  EXPECT_EQ(scan("5.").value, 5.0f);
  EXPECT_EQ(scan("1E-05").value, 1e-05f);
  EXPECT_EQ(scan("5.1072e-06").value, 5.1072e-06f);
  EXPECT_EQ(scan("1e+3").value, 1000.0f);
  EXPECT_EQ(scan(".0083333").value, 0.0083333f);
  EXPECT_EQ(scan("0.000000").value, 0.0f);
}

TEST(NumberParser, KeepsTheSignOfZero) {
  const Scanned negative_zero = scan("-0");
  EXPECT_EQ(negative_zero.status, NumberStatus::Ok);
  EXPECT_TRUE(std::signbit(negative_zero.value));
  EXPECT_TRUE(std::signbit(scan("-0.000000").value));
  EXPECT_FALSE(std::signbit(scan("0.0").value));
}

TEST(NumberParser, StopsAtTheEndOfTheNumber) {
  EXPECT_EQ(scan("1.5 2").consumed, 3u);
  EXPECT_EQ(scan("1.5,2").consumed, 3u);  // the caller refuses the comma
  EXPECT_EQ(scan("-2e3x").consumed, 4u);
  EXPECT_EQ(scan("7e").consumed, 1u) << "a bare exponent marker is not part of a number";
  EXPECT_EQ(scan("7e+").consumed, 1u);
  EXPECT_EQ(scan("7e+2").consumed, 4u);
}

TEST(NumberParser, RefusesWhatIsNotANumber) {
  for (const char* text :
       {"", "-", "+", ".", "-.", "nan", "NaN", "inf", "-inf", "Infinity", "1.#INF", "abc", "e5", ",5"}) {
    const Scanned result = scan(text);
    if (result.status == NumberStatus::Ok) {
      EXPECT_LT(result.consumed, std::strlen(text)) << "'" << text << "' must not be read whole";
    } else {
      EXPECT_EQ(result.status, NumberStatus::Invalid) << text;
      EXPECT_EQ(result.consumed, 0u) << text;
    }
  }
}

TEST(NumberParser, ReportsOverflowOfFloatAndOfDouble) {
  EXPECT_EQ(scan("1e39").status, NumberStatus::FloatOverflow);
  EXPECT_EQ(scan("-3.5e38").status, NumberStatus::FloatOverflow);
  EXPECT_EQ(scan("1e400").status, NumberStatus::Overflow);
  EXPECT_EQ(scan("-1e99999999999").status, NumberStatus::Overflow);
  EXPECT_EQ(scan("3.4028234e38").status, NumberStatus::Ok);
  EXPECT_EQ(scan("3.4028234e38").value, std::numeric_limits<float>::max());
}

TEST(NumberParser, UnderflowRoundsTowardsZero) {
  const Scanned tiny = scan("1e-50");
  EXPECT_EQ(tiny.status, NumberStatus::Ok);
  EXPECT_EQ(tiny.value, 0.0f);
  const Scanned negative_tiny = scan("-1e-500");
  EXPECT_EQ(negative_tiny.status, NumberStatus::Ok);
  EXPECT_EQ(negative_tiny.value, 0.0f);
  EXPECT_TRUE(std::signbit(negative_tiny.value));
  EXPECT_EQ(scan("1e-40").value, reference("1e-40"));  // subnormal
}

TEST(NumberParser, LongMantissasAreCorrectlyRounded) {
  for (const char* text :
       {"0.1234567890123456789012345", "123456789012345678901234567890", "1.00000005960464477539062500001",
        "1.000000059604644775390625", "0.000000000000000000000000000001234"}) {
    EXPECT_EQ(scan(text).value, reference(text)) << text;
  }
}

// Halfway cases are where a double-then-float conversion can round twice; the parser must not.
TEST(NumberParser, FloatMidpointsAreRoundedOnce) {
  // 1 + 2^-24 is exactly halfway between 1 and the next float: ties-to-even gives 1.
  EXPECT_EQ(scan("1.000000059604644775390625").value, 1.0f);
  // 1 + 3 * 2^-24 is halfway between 1 + 2^-23 and 1 + 2^-22: ties to even gives 1 + 2^-22.
  EXPECT_EQ(scan("1.000000178813934326171875").value, reference("1.000000178813934326171875"));
}

TEST(NumberParser, AgreesWithFromCharsOnAMillionMocapLikeValues) {
  std::mt19937_64 random(20261122);
  std::uniform_int_distribution<int> decimals(0, 9);
  std::uniform_int_distribution<int> integer_digits(0, 4);
  std::uniform_int_distribution<int> digit(0, 9);
  std::uniform_int_distribution<int> exponent(-12, 12);
  std::uniform_int_distribution<int> shape(0, 9);
  int mismatches = 0;
  for (int i = 0; i < 1'000'000; ++i) {
    std::string text;
    if (shape(random) == 0) text += '-';
    const int integers = integer_digits(random);
    for (int d = 0; d < integers; ++d) text += static_cast<char>('0' + digit(random));
    if (integers == 0) text += '0';
    const int fraction = decimals(random);
    if (fraction > 0) {
      text += '.';
      for (int d = 0; d < fraction; ++d) text += static_cast<char>('0' + digit(random));
    }
    if (shape(random) == 1) text += 'e' + std::to_string(exponent(random));
    const Scanned result = scan(text);
    const float expected = reference(text[0] == '-' ? text.substr(1) : text) * (text[0] == '-' ? -1.0f : 1.0f);
    if (result.status != NumberStatus::Ok || result.consumed != text.size() ||
        std::memcmp(&result.value, &expected, sizeof(float)) != 0) {
      if (++mismatches < 10) ADD_FAILURE() << text << " gave " << result.value << ", expected " << expected;
    }
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(NumberParser, FastPathEdgeShapes) {
  // 2^24 + 1 needs rounding (the float path stops at 2^24); 19 digits is the fast path's limit.
  for (const char* text : {"16777217", "16777216", "1677721.7", "9999999999999999999", "99999999999999999999",
                           "0.00000000001", "123456789.123456789", "-0.0000000000000000001", "4.0000001", "7."}) {
    const Scanned result = scan(text);
    EXPECT_EQ(result.status, NumberStatus::Ok) << text;
    EXPECT_EQ(result.value,
              reference(text[0] == '-' ? std::string(text + 1) : std::string(text)) * (text[0] == '-' ? -1.0f : 1.0f))
        << text;
  }
}

TEST(NumberParser, DoublesKeepFullPrecision) {
  double value = 0.0;
  const std::string text = "0.0417083750417";
  const NumberScan result = scan_double(text.data(), text.data() + text.size(), value);
  EXPECT_EQ(result.status, NumberStatus::Ok);
  EXPECT_EQ(value, 0.0417083750417);
  const std::string leading_dot = ".0083333";
  EXPECT_EQ(scan_double(leading_dot.data(), leading_dot.data() + leading_dot.size(), value).status, NumberStatus::Ok);
  EXPECT_EQ(value, 0.0083333);
}

}  // namespace
}  // namespace bvhscope
