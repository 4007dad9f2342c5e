// parse_bvh refuses what is not BVH with "file:line:col: message", 1-based; never crashes.
#include <gtest/gtest.h>

#include <string>

#include "test_support.hpp"

namespace bvhscope {
namespace {

// Line numbers below refer to test::kTwoJoints:
//  1 HIERARCHY             8     OFFSET 0 10 0        15 }
//  2 ROOT Hips             9     CHANNELS 3 Z X Y     16 MOTION
//  3 {                    10     End Site             17 Frames: 2
//  4   OFFSET 0 0 0       11     {                    18 Frame Time: 0.5
//  5   CHANNELS 6 ...     12       OFFSET 0 5 0       19 1 2 3 0 0 0 0 0 0
//  6   JOINT Chest        13     }                    20 4 5 6 90 0 0 0 0 0
//  7   {                  14   }
struct ErrorCase {
  const char* name;
  std::string text;
  int line;
  int column;
  std::string message;
};

std::string edit(std::string_view from, std::string_view to) {
  std::string text(test::kTwoJoints);
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

std::string cut_after(std::string_view marker) {
  const std::string text(test::kTwoJoints);
  return text.substr(0, text.find(marker) + marker.size());
}

// The same edit on a file whose header is more than 4 KiB long (a 4090-byte root name), so that
// what follows lies past the first 4 KiB, where a binary file is told apart at once.
std::string late_edit(std::string_view from, std::string_view to) {
  std::string text = edit(from, to);
  text.replace(text.find("ROOT Hips"), 9, "ROOT " + std::string(4090, 'H'));
  return text;
}
const std::string kNul(1, '\0');
const std::string kNulInFile = "binary data (a NUL byte) in the file: not a BVH text file";

std::vector<ErrorCase> error_cases() {
  return {
      {"empty", "", 1, 1, "empty file: expected HIERARCHY"},
      {"whitespace_only", "  \n\t\r\n ", 3, 2, "empty file: expected HIERARCHY"},
      {"binary",
       std::string("\x7f"
                   "ELF\x02\x01\x01\0\0\0",
                   10),
       1, 8, "binary data (a NUL byte) in the file: not a BVH text file"},
      {"utf16", std::string("\xff\xfeH\0I\0E\0", 8), 1, 1,
       "the file is UTF-16 encoded; BVH files are read as ASCII or UTF-8 (re-save it as UTF-8)"},
      {"not_bvh", "hello world\n", 1, 1, "expected HIERARCHY at the start of the file, found 'hello'"},
      {"motion_without_root", "HIERARCHY\nMOTION\n", 2, 1, "MOTION before any ROOT: the hierarchy is empty"},
      {"truncated_hierarchy", cut_after("Xrotation Yrotation\n    End Site\n"), 11, 1,
       "expected '{' to open End Site, found end of file"},
      {"truncated_in_joint", cut_after("    CHANNELS 3 Zrotation Xrotation Yrotation\n"), 10, 1,
       "unexpected end of file: joint 'Chest' (line 6) is not closed"},
      {"hierarchy_without_motion", cut_after("  }\n}\n"), 16, 1, "unexpected end of file: expected MOTION"},
      {"missing_closing_brace", edit("  }\n}\n", "  }\n"), 15, 1,
       "unexpected MOTION: joint 'Hips' (line 2) is not closed with '}'"},
      {"extra_closing_brace", edit("  }\n}\n", "  }\n}\n}\n"), 16, 1, "unmatched '}': no joint is open here"},
      {"missing_opening_brace", edit("  JOINT Chest\n  {\n", "  JOINT Chest\n"), 7, 5,
       "expected '{' to open joint 'Chest', found 'OFFSET'"},
      {"stray_opening_brace", edit("    OFFSET 0 10 0\n", "    OFFSET 0 10 0\n    {\n"), 9, 5,
       "unexpected '{' in joint 'Chest'"},
      {"joint_without_name", edit("JOINT Chest", "JOINT"), 6, 8, "JOINT without a name"},
      {"garbage_between_roots", edit("}\nMOTION", "}\nFOO\nMOTION"), 16, 1, "expected ROOT or MOTION, found 'FOO'"},
      {"unknown_keyword_in_joint", edit("    OFFSET 0 10 0\n", "    OFFSET 0 10 0\n    SCALE 1 1 1\n"), 9, 5,
       "unexpected 'SCALE' in joint 'Chest'"},
      {"missing_offset", edit("    OFFSET 0 10 0\n", ""), 13, 3, "joint 'Chest' has no OFFSET"},
      {"end_site_missing_offset", edit("      OFFSET 0 5 0\n", ""), 12, 5, "End Site of 'Chest' has no OFFSET"},
      {"offset_too_few_values", edit("OFFSET 0 10 0", "OFFSET 0 10"), 8, 5,
       "malformed OFFSET: expected 3 numbers, found 2"},
      {"offset_not_a_number", edit("OFFSET 0 10 0", "OFFSET 0 ten 0"), 8, 14,
       "expected a number, found 'ten' in OFFSET"},
      {"offset_comma", edit("OFFSET 0 10 0", "OFFSET 0,10,0"), 8, 12, "expected a number, found '0,10,0' in OFFSET"},
      {"offset_too_many_values", edit("OFFSET 0 10 0", "OFFSET 0 10 0 7"), 8, 19,
       "malformed OFFSET: more than 3 values ('7')"},
      {"second_offset", edit("    OFFSET 0 10 0\n", "    OFFSET 0 10 0\n    OFFSET 0 1 0\n"), 9, 5,
       "second OFFSET in joint 'Chest'"},
      {"unknown_channel", edit("CHANNELS 3 Zrotation Xrotation Yrotation", "CHANNELS 3 Zrotation Xrotation Yscale"), 9,
       36, "unknown channel 'Yscale'"},
      {"duplicate_channel",
       edit("CHANNELS 3 Zrotation Xrotation Yrotation", "CHANNELS 3 Zrotation Xrotation Zrotation"), 9, 36,
       "duplicate channel 'Zrotation'"},
      {"channel_count_not_a_number", edit("CHANNELS 3 Z", "CHANNELS three Z"), 9, 14,
       "CHANNELS count must be a whole number from 0 to 6, found 'three'"},
      {"channel_count_too_large", edit("CHANNELS 3 Z", "CHANNELS 7 Z"), 9, 14,
       "CHANNELS count must be from 0 to 6, found 7"},
      {"channel_count_negative", edit("CHANNELS 3 Z", "CHANNELS -1 Z"), 9, 14,
       "CHANNELS count must be from 0 to 6, found -1"},
      {"channel_count_missing", edit("CHANNELS 3 Zrotation Xrotation Yrotation", "CHANNELS"), 9, 5,
       "CHANNELS without a channel count"},
      {"channels_fewer_than_declared", edit("CHANNELS 3 Z", "CHANNELS 4 Z"), 9, 14,
       "CHANNELS declares 4 channels but lists 3"},
      {"channels_more_than_declared", edit("CHANNELS 3 Z", "CHANNELS 2 Z"), 9, 36,
       "CHANNELS declares 2 channels but lists more"},
      {"second_channels",
       edit("    CHANNELS 3 Zrotation Xrotation Yrotation\n",
            "    CHANNELS 3 Zrotation Xrotation Yrotation\n    CHANNELS 1 Xposition\n"),
       10, 5, "second CHANNELS in joint 'Chest'"},
      {"end_site_with_children", edit("      OFFSET 0 5 0\n", "      OFFSET 0 5 0\n      JOINT Finger\n"), 13, 7,
       "an End Site cannot have children (missing '}'?)"},
      {"end_site_with_end_site", edit("      OFFSET 0 5 0\n", "      OFFSET 0 5 0\n      End Site\n"), 13, 7,
       "an End Site cannot have children (missing '}'?)"},
      {"end_site_with_channels", edit("      OFFSET 0 5 0\n", "      OFFSET 0 5 0\n      CHANNELS 1 Xrotation\n"), 13,
       7, "an End Site cannot have CHANNELS"},
      {"end_without_site", edit("End Site", "End Sit"), 10, 9, "expected 'Site' after 'End', found 'Sit'"},
      {"missing_frames", edit("Frames: 2\n", ""), 17, 1, "expected 'Frames:', found 'Frame'"},
      {"frames_without_colon", edit("Frames: 2", "Frames 2"), 17, 8, "expected ':' after 'Frames'"},
      {"frames_without_count", edit("Frames: 2", "Frames:"), 17, 8, "missing frame count after 'Frames:'"},
      {"frames_not_a_number", edit("Frames: 2", "Frames: two"), 17, 9,
       "frame count must be a whole number, found 'two'"},
      {"frames_fractional", edit("Frames: 2", "Frames: 2.5"), 17, 9, "frame count must be a whole number, found '2.5'"},
      {"frames_negative", edit("Frames: 2", "Frames: -2"), 17, 9, "negative frame count '-2'"},
      {"frames_too_large", edit("Frames: 2", "Frames: 99999999999999999999999"), 17, 9,
       "frame count '99999999999999999999999' is too large"},
      {"frames_trailing_text", edit("Frames: 2", "Frames: 2 frames"), 17, 11,
       "unexpected 'frames' after the frame count"},
      {"missing_frame_time", edit("Frame Time: 0.5\n", ""), 18, 1, "expected 'Frame Time:', found '1'"},
      {"frame_time_not_a_number", edit("Frame Time: 0.5", "Frame Time: fast"), 18, 13,
       "frame time: expected a number, found 'fast'"},
      {"frame_time_negative", edit("Frame Time: 0.5", "Frame Time: -0.5"), 18, 13, "negative frame time '-0.5'"},
      {"frame_time_nan", edit("Frame Time: 0.5", "Frame Time: nan"), 18, 13,
       "frame time: expected a number, found 'nan'"},
      {"frame_too_few_values", edit("1 2 3 0 0 0 0 0 0", "1 2 3 0 0 0 0 0"), 19, 16,
       "frame 1 has 8 values, expected 9"},
      {"frame_too_many_values", edit("1 2 3 0 0 0 0 0 0", "1 2 3 0 0 0 0 0 0 7"), 19, 19,
       "frame 1 has more than 9 values"},
      {"value_with_comma", edit("1 2 3 0 0 0 0 0 0", "1,5 2 3 0 0 0 0 0 0"), 19, 1,
       "expected a number, found '1,5' in frame 1, channel 1 (Hips Xposition)"},
      {"value_nan", edit("1 2 3 0 0 0", "1 2 3 nan 0 0"), 19, 7,
       "expected a number, found 'nan' in frame 1, channel 4 (Hips Zrotation)"},
      {"value_inf", edit("4 5 6 90 0 0 0 0 0", "4 5 6 90 0 0 0 0 -inf"), 20, 18,
       "expected a number, found '-inf' in frame 2, channel 9 (Chest Yrotation)"},
      {"value_msvc_infinity", edit("1 2 3 0 0 0", "1 2 1.#INF 0 0 0"), 19, 5,
       "expected a number, found '1.#INF' in frame 1, channel 3 (Hips Zposition)"},
      {"value_overflows_double", edit("1 2 3 0 0 0", "1 2 3 1e400 0 0"), 19, 7,
       "number '1e400' is out of range in frame 1, channel 4 (Hips Zrotation)"},
      {"value_overflows_float", edit("1 2 3 0 0 0", "1 2 3 1e39 0 0"), 19, 7,
       "number '1e39' is too large for a 32-bit float in frame 1, channel 4 (Hips Zrotation)"},
      {"value_overflow_at_the_very_end",
       std::string(test::kTwoJoints).substr(0, std::string(test::kTwoJoints).size() - 2) + "1e999", 20, 18,
       "number '1e999' is out of range in frame 2, channel 9 (Chest Yrotation)"},
      {"two_dots_at_the_very_end",
       std::string(test::kTwoJoints).substr(0, std::string(test::kTwoJoints).size() - 2) + "1.2.3", 20, 18,
       "expected a number, found '1.2.3' in frame 2, channel 9 (Chest Yrotation)"},
      {"value_without_channels", "HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\n}\nMOTION\nFrames: 2\nFrame Time: 0.1\n\n  7\n",
       10, 3, "a value in the frame rows, but no joint has channels"},
      // A NUL byte anywhere is binary data, refused where it is.
      {"nul_in_a_late_joint_name", late_edit("JOINT Chest", "JOINT Ch" + kNul + "est"), 6, 11, kNulInFile},
      {"nul_in_a_late_offset", late_edit("OFFSET 0 10 0", "OFFSET 0 1" + kNul + " 0"), 8, 15, kNulInFile},
      {"nul_in_a_late_end_site", late_edit("End Site", "End Site" + kNul), 10, 13, kNulInFile},
      {"nul_in_an_early_row", edit("4 5 6 90", "4 5 6 9" + kNul), 20, 8, kNulInFile},
      {"nul_in_a_late_value", late_edit("4 5 6 90", "4 5 6 9" + kNul), 20, 8,
       "binary data (a NUL byte) in frame 2: not a BVH text file"},
      {"nul_starting_a_late_value", late_edit("4 5 6 90", "4 5 6 " + kNul + "90"), 20, 7,
       "binary data (a NUL byte) in frame 2: not a BVH text file"},
      {"nul_after_a_late_row", late_edit("4 5 6 90 0 0 0 0 0", "4 5 6 90 0 0 0 0 0 " + kNul), 20, 20,
       "binary data (a NUL byte) in frame 2: not a BVH text file"},
      {"nul_late_in_a_row_too_long", late_edit("4 5 6 90 0 0 0 0 0", "4 5 6 90 0 0 0 0 0 7 " + kNul), 20, 22,
       "binary data (a NUL byte) in frame 2: not a BVH text file"},
      {"nul_line_between_late_rows", late_edit("0 0 0\n4", "0 0 0\n" + kNul + "\n4"), 20, 1,
       "binary data (a NUL byte) in frame 2: not a BVH text file"},
      {"nul_in_a_late_row_past_the_count", late_edit("Frames: 2", "Frames: 1") + "  " + kNul + "\n", 21, 3,
       "binary data (a NUL byte) in the frame rows: not a BVH text file"},
      {"nul_in_a_late_row_past_the_count_crlf", late_edit("Frames: 2", "Frames: 1") + "1 2\r\n 3" + kNul + "\r\n", 22,
       3, "binary data (a NUL byte) in the frame rows: not a BVH text file"},
      {"nul_without_channels",
       "HIERARCHY\nROOT " + std::string(4090, 'A') + "\n{\nOFFSET 0 0 0\n}\nMOTION\nFrames: 2\nFrame Time: 0.1\n\n " +
           kNul + "\n",
       10, 2, "binary data (a NUL byte) in the frame rows: not a BVH text file"},
      {"value_binary_garbage", edit("1 2 3 0 0 0", std::string("1 2 3 \x01\x02 0 0", 11)), 19, 7,
       "expected a number, found '\\x01\\x02' in frame 1, channel 4 (Hips Zrotation)"},
  };
}

class ParserError : public testing::TestWithParam<ErrorCase> {};

TEST_P(ParserError, IsLocatedAndExplained) {
  const ErrorCase& c = GetParam();
  const Diagnostic error = test::parse_error(c.text, "clip.bvh");
  EXPECT_EQ(error.source, "clip.bvh");
  EXPECT_EQ(error.line, c.line);
  EXPECT_EQ(error.column, c.column);
  EXPECT_EQ(error.message, c.message);
}

INSTANTIATE_TEST_SUITE_P(AllKinds, ParserError, testing::ValuesIn(error_cases()),
                         [](const testing::TestParamInfo<ErrorCase>& case_info) {
                           return std::string(case_info.param.name);
                         });

TEST(ParserErrorFormat, ReadsFileLineColumn) {
  const Diagnostic error = test::parse_error(edit("Frames: 2", "Frames: -2"), "walk.bvh");
  EXPECT_EQ(format_diagnostic(error, Severity::Error), "walk.bvh:17:9: error: negative frame count '-2'");
}

}  // namespace
}  // namespace bvhscope
