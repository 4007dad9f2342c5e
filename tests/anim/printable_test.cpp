// printable(): text from a file made safe for a terminal or a CSV. Control characters (C0, DEL,
// C1) and bytes that are not UTF-8 are escaped as \xNN, the Unicode characters that hide or
// reorder text (bidi overrides, zero widths, BOM) as \u{NNNN}; other valid UTF-8 stays.
// with_safe_characters(): the same characters replaced by '_' (the names convert writes).
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "anim/diagnostic.hpp"
#include "anim/parse_messages.hpp"
#include "anim/printable.hpp"

namespace bvhscope {
namespace {

TEST(Printable, EscapesTerminalControlSequences) {
  EXPECT_EQ(printable("Chest\x1b]0;PWNED\a\x1b[31m"), "Chest\\x1b]0;PWNED\\x07\\x1b[31m");
  EXPECT_EQ(printable(std::string("Ch\0est", 6)), "Ch\\x00est");
  EXPECT_EQ(printable("a\tb\nc\rd\x7f"), "a\\x09b\\x0ac\\x0dd\\x7f");
}

TEST(Printable, EscapesC1ControlsWhetherUtf8OrStrayBytes) {
  EXPECT_EQ(printable("x\xc2\x9b"
                      "31mx"),
            "x\\xc2\\x9b31mx");  // U+009B CSI, valid UTF-8
  EXPECT_EQ(printable("x\x9b"
                      "31m"),
            "x\\x9b31m");  // a stray 0x9B: CSI to an 8-bit terminal
  EXPECT_EQ(printable("\x80\x9f"), "\\x80\\x9f");
}

TEST(Printable, KeepsUtf8AndOtherText) {
  for (const std::string text : {"H\xc3\xbc"
                                 "fte",
                                 "\xe8\x85\xb0", "\xf0\x9f\xa6\xb4 bone", "\xc2\xa0nbsp",
                                 "\xe2\x80\x90"
                                 "dash\xe2\x81\xb0",
                                 "Hips:L [1].x \\ back\\slash", ""}) {
    EXPECT_EQ(printable(text), text) << text;
    EXPECT_TRUE(is_printable(text)) << text;
  }
  EXPECT_FALSE(is_printable("\x1b"));
  // Escaping what is already escaped changes nothing: messages may pass through twice.
  const std::string once = printable("A\x1b[2J\xc2\x85");
  EXPECT_EQ(printable(once), once);
}

// Issue 26: a Latin-1 byte, a cut sequence, an overlong form, a surrogate reached the terminal raw.
TEST(Printable, EscapesBytesThatAreNotUtf8) {
  EXPECT_EQ(printable("caf\xe9 walk"), "caf\\xe9 walk");
  EXPECT_EQ(printable("a\xe2\x80"), "a\\xe2\\x80");                  // cut short
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");                    // an overlong '/'
  EXPECT_EQ(printable("\xed\xa0\x80x"), "\\xed\\xa0\\x80x");         // a surrogate
  EXPECT_EQ(printable("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
  EXPECT_EQ(printable("\xff\xfe"), "\\xff\\xfe");
}

// Issue 26: U+202E (RIGHT-TO-LEFT OVERRIDE) in a joint name reversed the rest of the line.
TEST(Printable, EscapesCharactersThatHideOrReorderText) {
  EXPECT_EQ(printable("Hips\xe2\x80\xaeLR"), "Hips\\u{202e}LR");
  const std::pair<const char*, const char*> cases[] = {
      {"\xd8\x9c", "\\u{61c}"},      {"\xe2\x80\x8b", "\\u{200b}"}, {"\xe2\x80\x8f", "\\u{200f}"},
      {"\xe2\x80\xa8", "\\u{2028}"}, {"\xe2\x80\xa9", "\\u{2029}"}, {"\xe2\x80\xaa", "\\u{202a}"},
      {"\xe2\x81\xa6", "\\u{2066}"}, {"\xe2\x81\xa9", "\\u{2069}"}, {"\xef\xbb\xbf", "\\u{feff}"},
  };
  for (const auto& [text, expected] : cases) {
    EXPECT_EQ(printable(text), expected) << expected;
    EXPECT_FALSE(is_printable(text)) << expected;
  }
  const std::string once = printable("a\xe2\x80\xae\xe9");
  EXPECT_EQ(printable(once), once);
}

TEST(Printable, SafeCharactersReplaceEachEscapedCharacterByOneUnderscore) {
  EXPECT_EQ(with_safe_characters("Chest\x1b]0;x\a"), "Chest_]0;x_");
  EXPECT_EQ(with_safe_characters("Hips\xe2\x80\xaeLR"), "Hips_LR");
  EXPECT_EQ(with_safe_characters("caf\xe9\xc2\x85 \x7f"), "caf__ _");
  EXPECT_EQ(with_safe_characters("H\xc3\xbc"
                                 "fte Left:Arm {1}"),
            "H\xc3\xbc"
            "fte Left:Arm {1}");
}

TEST(Printable, QuotedTokensUseItAndNeverSplitACharacter) {
  EXPECT_EQ(bvhscope::quoted("a\x1b[31mb"), "'a\\x1b[31mb'");
  EXPECT_EQ(bvhscope::quoted("x\xc2\x9b"), "'x\\xc2\\x9b'");
  // 39 ASCII bytes then a two-byte letter: the cut falls before the letter, not inside it.
  const std::string long_name = std::string(39, 'a') + "\xc3\xbc" + "tail";
  EXPECT_EQ(bvhscope::quoted(long_name), "'" + std::string(39, 'a') + "...'");
}

TEST(Printable, DiagnosticsAreEscapedForTheTerminal) {
  const Diagnostic d{"dir\x1b]0;x\a/walk.bvh", 3, 4, "channel 1 (Chest\x1b[31m Xrotation)"};
  EXPECT_EQ(format_diagnostic(d, Severity::Error),
            "dir\\x1b]0;x\\x07/walk.bvh:3:4: error: channel 1 (Chest\\x1b[31m Xrotation)");
}

}  // namespace
}  // namespace bvhscope
