// Text from a file (joint names, paths, messages quoting them) made safe to print on a terminal or
// to write into a CSV: control characters become visible escapes, so a name cannot move the
// cursor, retitle the window or recolour the terminal (`Chest\e]0;PWNED\a` prints as
// `Chest\x1b]0;PWNED\x07`). Valid UTF-8 ("Hüfte") is kept as it is.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace bvhscope {

// Length of the valid UTF-8 sequence starting at `at` (1 for ASCII), or 0 when the bytes there are
// not one (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
std::size_t utf8_sequence_length(std::string_view text, std::size_t at) noexcept;

// `text` with every control character written as \xNN (two lowercase hex digits per byte): the C0
// controls 0x00-0x1F (tab and line ends included), DEL 0x7F, the C1 controls U+0080-U+009F (bytes
// C2 80-C2 9F), and bytes 0x80-0x9F that are not part of a UTF-8 sequence (C1 controls to an
// 8-bit terminal). Other bytes that are not UTF-8 (a Latin-1 'é', 0xE9) are kept, as a path holds
// them. A backslash is kept as it is. Text that needs nothing is returned unchanged.
std::string printable(std::string_view text);

// True when printable(text) == text.
bool is_printable(std::string_view text) noexcept;

}  // namespace bvhscope
