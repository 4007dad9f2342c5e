// Text from a file (joint names, paths, messages quoting them) made safe to print on a terminal or
// to write into a CSV: characters a terminal acts on or that reorder or hide text become visible
// escapes, so a name cannot move the cursor, retitle the window, recolour the terminal or show
// itself backwards (`Chest\e]0;PWNED\a` prints as `Chest\x1b]0;PWNED\x07`, U+202E as `\u{202e}`).
// Valid UTF-8 ("Hüfte") is kept as it is. The same set of characters is what convert replaces in
// the names it writes (with_safe_characters).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace bvhscope {

// Length of the valid UTF-8 sequence starting at `at` (1 for ASCII), or 0 when the bytes there are
// not one (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
std::size_t utf8_sequence_length(std::string_view text, std::size_t at) noexcept;

// True for the Unicode format and separator characters that hide or reorder text on a screen:
// U+061C, U+200B-U+200F (zero widths, LRM, RLM), U+2028-U+202E (line and paragraph separators,
// bidi embeddings and overrides), U+2060-U+206F (word joiner, invisible operators, bidi isolates),
// U+FEFF (BOM) and U+FFF9-U+FFFB (interlinear annotation).
bool is_hiding_code_point(char32_t code_point) noexcept;

// `text` with every unsafe character made visible:
// - the C0 controls 0x00-0x1F (tab and line ends included) and DEL 0x7F as \xNN (two lowercase hex
//   digits);
// - the C1 controls U+0080-U+009F as the \xNN of their two bytes (\xc2\x9b);
// - every byte that is not part of valid UTF-8 (a stray 0x9B, CSI to an 8-bit terminal; a Latin-1
//   'é', 0xE9) as \xNN;
// - the hiding characters above (is_hiding_code_point) as \u{NNNN} (lowercase hex).
// A backslash is kept as it is. Text that needs nothing is returned unchanged, and escaping twice
// changes nothing more.
std::string printable(std::string_view text);

// True when printable(text) == text.
bool is_printable(std::string_view text) noexcept;

// `text` with every character printable() escapes replaced by `replacement` (one per character;
// one per byte of invalid UTF-8), every other byte kept: the joint names convert writes.
std::string with_safe_characters(std::string_view text, char replacement = '_');

}  // namespace bvhscope
