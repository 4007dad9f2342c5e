#include "anim/parse_messages.hpp"

#include <algorithm>

#include "anim/printable.hpp"

namespace bvhscope {

std::string quoted(std::string_view text) {
  constexpr std::size_t kMaxShown = 40;
  // Cut at a character boundary at most kMaxShown bytes in, so a UTF-8 name is never split.
  std::size_t shown = 0;
  while (shown < text.size()) {
    const std::size_t length = std::max<std::size_t>(1, utf8_sequence_length(text, shown));
    if (shown + length > kMaxShown) break;
    shown += length;
  }
  // Appended piece by piece: GCC 12 at -O3 warns falsely (-Wrestrict) on "'" + std::string.
  std::string out(1, '\'');
  out += printable(text.substr(0, shown));
  if (shown < text.size()) out += "...";
  out += '\'';
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
