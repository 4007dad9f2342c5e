#include "anim/printable.hpp"

namespace bvhscope {
namespace {

enum class Escape { None, Bytes, CodePoint };

// The code point of the valid UTF-8 sequence of `length` bytes at `at`.
char32_t decode(std::string_view text, std::size_t at, std::size_t length) noexcept {
  const auto byte = [&](std::size_t i) { return static_cast<char32_t>(static_cast<unsigned char>(text[at + i])); };
  if (length == 1) return byte(0);
  static constexpr char32_t kLeadMask[] = {0, 0, 0x1f, 0x0f, 0x07};
  char32_t code_point = byte(0) & kLeadMask[length];
  for (std::size_t i = 1; i < length; ++i) code_point = (code_point << 6) | (byte(i) & 0x3f);
  return code_point;
}

// How printable() writes the character at `at`: kept, as the \xNN of its `step` bytes, or as
// \u{...} of `code_point`. `step` is the length of the character there (1 for a byte that is not
// UTF-8).
Escape escape_at(std::string_view text, std::size_t at, std::size_t& step, char32_t& code_point) noexcept {
  const auto c = static_cast<unsigned char>(text[at]);
  step = 1;
  code_point = c;
  if (c < 0x20 || c == 0x7f) return Escape::Bytes;
  if (c < 0x80) return Escape::None;
  const std::size_t length = utf8_sequence_length(text, at);
  if (length == 0) return Escape::Bytes;  // not UTF-8: a stray byte (0x9B is CSI to an 8-bit terminal)
  step = length;
  code_point = decode(text, at, length);
  if (code_point <= 0x9f) return Escape::Bytes;  // U+0080-U+009F, the C1 controls UTF-8 terminals act on
  if (is_hiding_code_point(code_point)) return Escape::CodePoint;
  return Escape::None;
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view text, std::size_t at) noexcept {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned min_second = 0x80;
  unsigned max_second = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) min_second = 0xa0;  // no overlong forms
    if (lead == 0xed) max_second = 0x9f;  // no surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) min_second = 0x90;
    if (lead == 0xf4) max_second = 0x8f;  // nothing past U+10FFFF
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  if (byte(at + 1) < min_second || byte(at + 1) > max_second) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(at + i) < 0x80 || byte(at + i) > 0xbf) return 0;
  }
  return length;
}

bool is_hiding_code_point(char32_t code_point) noexcept {
  return code_point == 0x061c || (code_point >= 0x200b && code_point <= 0x200f) ||
         (code_point >= 0x2028 && code_point <= 0x202e) || (code_point >= 0x2060 && code_point <= 0x206f) ||
         code_point == 0xfeff || (code_point >= 0xfff9 && code_point <= 0xfffb);
}

bool is_printable(std::string_view text) noexcept {
  std::size_t step = 1;
  char32_t code_point = 0;
  for (std::size_t i = 0; i < text.size(); i += step) {
    if (escape_at(text, i, step, code_point) != Escape::None) return false;
  }
  return true;
}

std::string printable(std::string_view text) {
  if (is_printable(text)) return std::string(text);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size() + 16);
  std::size_t step = 1;
  char32_t code_point = 0;
  for (std::size_t i = 0; i < text.size(); i += step) {
    switch (escape_at(text, i, step, code_point)) {
      case Escape::None:
        out.append(text.data() + i, step);
        break;
      case Escape::Bytes:
        for (std::size_t k = 0; k < step; ++k) {
          const auto c = static_cast<unsigned char>(text[i + k]);
          out += "\\x";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        }
        break;
      case Escape::CodePoint: {
        std::string digits;
        for (char32_t rest = code_point; rest > 0; rest >>= 4) digits.insert(digits.begin(), kHex[rest & 15]);
        out += "\\u{" + digits + "}";
        break;
      }
    }
  }
  return out;
}

std::string with_safe_characters(std::string_view text, char replacement) {
  if (is_printable(text)) return std::string(text);
  std::string out;
  out.reserve(text.size());
  std::size_t step = 1;
  char32_t code_point = 0;
  for (std::size_t i = 0; i < text.size(); i += step) {
    if (escape_at(text, i, step, code_point) == Escape::None) {
      out.append(text.data() + i, step);
    } else {
      out += replacement;
    }
  }
  return out;
}

}  // namespace bvhscope
