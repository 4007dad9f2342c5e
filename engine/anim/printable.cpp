#include "anim/printable.hpp"

namespace bvhscope {
namespace {

// Bytes of `text` at `at` that printable() escapes (0 when the character there is kept), and the
// length of the character there (`step`).
std::size_t escaped_bytes(std::string_view text, std::size_t at, std::size_t& step) noexcept {
  const auto c = static_cast<unsigned char>(text[at]);
  step = 1;
  if (c < 0x20 || c == 0x7f) return 1;
  if (c < 0x80) return 0;
  const std::size_t length = utf8_sequence_length(text, at);
  if (length == 0) return c <= 0x9f ? 1 : 0;  // a stray byte: a C1 control to an 8-bit terminal
  step = length;
  // U+0080-U+009F, the C1 controls, which UTF-8 terminals act on too.
  if (c == 0xc2 && static_cast<unsigned char>(text[at + 1]) <= 0x9f) return 2;
  return 0;
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

bool is_printable(std::string_view text) noexcept {
  std::size_t step = 1;
  for (std::size_t i = 0; i < text.size(); i += step) {
    if (escaped_bytes(text, i, step) != 0) return false;
  }
  return true;
}

std::string printable(std::string_view text) {
  if (is_printable(text)) return std::string(text);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size() + 16);
  std::size_t step = 1;
  for (std::size_t i = 0; i < text.size(); i += step) {
    const std::size_t escaped = escaped_bytes(text, i, step);
    if (escaped == 0) {
      out.append(text.data() + i, step);
      continue;
    }
    for (std::size_t k = 0; k < escaped; ++k) {
      const auto c = static_cast<unsigned char>(text[i + k]);
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace bvhscope
