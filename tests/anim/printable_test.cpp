// printable(): text from a file made safe for a terminal or a CSV. Control characters (C0, DEL,
// C1 in UTF-8 or as stray bytes) are escaped as \xNN; valid UTF-8 and other bytes stay.
#include <gtest/gtest.h>

#include <string>

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
  for (const std::string text :
       {"H\xc3\xbc"
        "fte",
        "\xe8\x85\xb0", "\xf0\x9f\xa6\xb4 bone", "caf\xe9 walk", "\xc2\xa0nbsp", "Hips:L [1].x \\ back\\slash", ""}) {
    EXPECT_EQ(printable(text), text) << text;
    EXPECT_TRUE(is_printable(text)) << text;
  }
  EXPECT_FALSE(is_printable("\x1b"));
  // Escaping what is already escaped changes nothing: messages may pass through twice.
  const std::string once = printable("A\x1b[2J\xc2\x85");
  EXPECT_EQ(printable(once), once);
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
