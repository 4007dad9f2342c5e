#include "anim/parse_messages.hpp"

namespace bvhscope {

std::string quoted(std::string_view text) {
  constexpr std::size_t kMaxShown = 40;
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < kMaxShown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (text.size() > kMaxShown) out += "...";
  out += "'";
  return out;
}

std::string number_problem(NumberStatus status, std::string_view text) {
  switch (status) {
    case NumberStatus::Overflow:
      return "number " + quoted(text) + " is out of range";
    case NumberStatus::FloatOverflow:
      return "number " + quoted(text) + " is too large for a 32-bit float";
    default:
      return "expected a number, found " + quoted(text);
  }
}

}  // namespace bvhscope
