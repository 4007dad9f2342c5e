// CSV export: exact header and rows for a known clip.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "anim/csv_export.hpp"
#include "bvh_builder.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

TEST(CsvExport, PositionsOfEveryJointAndEndSite) {
  const Clip clip = test::parse_ok(test::kTwoJoints);
  std::ostringstream out;
  write_positions_csv(clip, PositionMode::Add, out);
  EXPECT_EQ(out.str(),
            "Time,Hips.X,Hips.Y,Hips.Z,Chest.X,Chest.Y,Chest.Z,ChestEnd.X,ChestEnd.Y,ChestEnd.Z\n"
            "0,1,2,3,1,12,3,1,17,3\n"
            "0.5,4,5,6,-6,5,6,-11,5,6\n");
}

TEST(CsvExport, ReplaceModeChangesTheRootPosition) {
  const Clip clip =
      test::parse_ok(test::BvhBuilder().root("R", {10, 20, 30}, "Yposition").frame_time(0.1).frame({5}).text());
  std::ostringstream add;
  std::ostringstream replace;
  write_positions_csv(clip, PositionMode::Add, add);
  write_positions_csv(clip, PositionMode::Replace, replace);
  EXPECT_EQ(add.str(), "Time,R.X,R.Y,R.Z\n0,10,25,30\n");
  EXPECT_EQ(replace.str(), "Time,R.X,R.Y,R.Z\n0,10,5,30\n");
}

TEST(CsvExport, TimeIsFrameIndexTimesFrameTimeWithoutBinaryNoise) {
  const std::string text = test::BvhBuilder()
                               .root("R", {0, 0, 0}, "Xposition")
                               .frame_time(0.1)
                               .frame({0.1})
                               .frame({0.2})
                               .frame({0.3})
                               .frame({1234.25})
                               .text();
  std::ostringstream out;
  write_positions_csv(test::parse_ok(text), PositionMode::Add, out);
  EXPECT_EQ(out.str(), "Time,R.X,R.Y,R.Z\n0,0.1,0,0\n0.1,0.2,0,0\n0.2,0.3,0,0\n0.3,1234.25,0,0\n");
}

TEST(CsvExport, ValuesAreTheShortestTextThatReadsBackAsTheSameFloat) {
  // 1234.5678 is not a float; the nearest one, 1234.5677490234375, prints as 1234.5677.
  const std::string text =
      test::BvhBuilder().root("R", {0, 0, 0}, "Xposition").frame_time(0.1).frame({1234.5678}).text();
  std::ostringstream out;
  write_positions_csv(test::parse_ok(text), PositionMode::Add, out);
  EXPECT_EQ(out.str(), "Time,R.X,R.Y,R.Z\n0,1234.5677,0,0\n");
  EXPECT_EQ(std::stof("1234.5677"), 1234.5678f);
}

TEST(CsvExport, TheTextDoesNotDependOnTheThreadCount) {
  std::string text(test::kTwoJoints);
  text = text.substr(0, text.find("Frames:")) + "Frames: 5000\nFrame Time: 0.0083333\n";
  for (int f = 0; f < 5000; ++f)
    text += std::to_string(f * 0.37) + " 2 3 " + std::to_string(f % 360) + " 0.5 0 7 8 9\n";
  const Clip clip = test::parse_ok(text);
  std::ostringstream one;
  write_positions_csv(clip, PositionMode::Add, one, 1);
  const std::string single = one.str();
  EXPECT_EQ(std::count(single.begin(), single.end(), '\n'), 5001);
  for (unsigned threads : {2u, 3u, 7u}) {
    std::ostringstream many;
    write_positions_csv(clip, PositionMode::Add, many, threads);
    EXPECT_EQ(many.str(), single) << threads << " threads";
    std::ostringstream rotations_one;
    std::ostringstream rotations_many;
    write_rotations_csv(clip, rotations_one, 1);
    write_rotations_csv(clip, rotations_many, threads);
    EXPECT_EQ(rotations_many.str(), rotations_one.str());
  }
}

TEST(CsvExport, NamesWithCommasOrQuotesAreQuoted) {
  const Clip clip = test::parse_ok(
      test::BvhBuilder().root("Hips,Left \"x\"", {0, 0, 0}, "Zrotation").frame_time(1).frame({5}).text());
  std::ostringstream positions;
  write_positions_csv(clip, PositionMode::Add, positions);
  EXPECT_EQ(positions.str(),
            "Time,\"Hips,Left \"\"x\"\".X\",\"Hips,Left \"\"x\"\".Y\",\"Hips,Left \"\"x\"\".Z\"\n0,0,0,0\n");
  std::ostringstream rotations;
  write_rotations_csv(clip, rotations);
  EXPECT_EQ(rotations.str(), "Time,\"Hips,Left \"\"x\"\".Z\"\n0,5\n");
}

// Names from the file reach the CSV with their control characters escaped (as on a terminal):
// no escape sequence and no line end can come out of a header field; UTF-8 stays.
TEST(CsvExport, ControlCharactersInNamesAreEscaped) {
  const std::string name = "Chest\x1b]0;PWNED\a\x1b[31m";
  std::string text(test::kTwoJoints);
  text.replace(text.find("JOINT Chest"), 11, "JOINT " + name);
  text.replace(text.find("ROOT Hips"), 9,
               "ROOT H\xc3\xbc"
               "fte, \"\xc2\x9b\"");
  const Clip clip = test::parse_ok(text);
  ASSERT_EQ(clip.skeleton.names[1], name);
  std::ostringstream positions;
  write_positions_csv(clip, PositionMode::Add, positions);
  const std::string header = positions.str().substr(0, positions.str().find('\n'));
  EXPECT_EQ(header,
            "Time,\"H\xc3\xbc"
            "fte, \"\"\\xc2\\x9b\"\".X\",\"H\xc3\xbc"
            "fte, \"\"\\xc2\\x9b\"\".Y\","
            "\"H\xc3\xbc"
            "fte, \"\"\\xc2\\x9b\"\".Z\","
            "Chest\\x1b]0;PWNED\\x07\\x1b[31m.X,Chest\\x1b]0;PWNED\\x07\\x1b[31m.Y,"
            "Chest\\x1b]0;PWNED\\x07\\x1b[31m.Z,"
            "Chest\\x1b]0;PWNED\\x07\\x1b[31mEnd.X,Chest\\x1b]0;PWNED\\x07\\x1b[31mEnd.Y,"
            "Chest\\x1b]0;PWNED\\x07\\x1b[31mEnd.Z");
  std::ostringstream rotations;
  write_rotations_csv(clip, rotations);
  EXPECT_NE(rotations.str().find(",Chest\\x1b]0;PWNED\\x07\\x1b[31m.Z,"), std::string::npos) << rotations.str();
  for (const std::string& csv : {positions.str(), rotations.str()}) {
    EXPECT_EQ(csv.find_first_of(std::string("\x1b\a\r\0", 4)), std::string::npos);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3);  // the header and two frames
  }
}

// Issue 26: a joint named =HYPERLINK(...) was a formula to a spreadsheet opening the export
// (OWASP CSV injection): cells starting with =, +, -, @ (a tab or a carriage return is escaped
// first) get a leading ' unless the whole cell is a number; U+202E is escaped too.
TEST(CsvExport, CellsThatSpreadsheetsWouldRunAsFormulasArePrefixed) {
  EXPECT_EQ(csv_text_cell("=1+2"), "'=1+2");
  EXPECT_EQ(csv_text_cell("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
  EXPECT_EQ(csv_text_cell("-Hips.X"), "'-Hips.X");
  EXPECT_EQ(csv_text_cell("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(csv_text_cell("=a,b"), "\"'=a,b\"");
  EXPECT_EQ(csv_text_cell("\t=1"), "\\x09=1");  // escaped: starts with a backslash, nothing to run
  EXPECT_EQ(csv_text_cell("\r=1"), "\\x0d=1");
  EXPECT_EQ(csv_text_cell("a\xe2\x80\xae=b"), "a\\u{202e}=b");
  for (const char* number : {"-5", "+1.5", "-0.25e3", "+7"}) EXPECT_EQ(csv_text_cell(number), number);
  for (const char* text : {"Hips.X", "a=b", "", "'=x"}) EXPECT_EQ(csv_text_cell(text), text);

  std::string bvh(test::kTwoJoints);
  bvh.replace(bvh.find("JOINT Chest"), 11, "JOINT =HYPERLINK(\"http://x\")");
  const Clip clip = test::parse_ok(bvh);
  std::ostringstream positions;
  write_positions_csv(clip, PositionMode::Add, positions);
  EXPECT_EQ(positions.str().substr(0, positions.str().find('\n')),
            "Time,Hips.X,Hips.Y,Hips.Z,\"'=HYPERLINK(\"\"http://x\"\").X\",\"'=HYPERLINK(\"\"http://x\"\").Y\","
            "\"'=HYPERLINK(\"\"http://x\"\").Z\",\"'=HYPERLINK(\"\"http://x\"\")End.X\","
            "\"'=HYPERLINK(\"\"http://x\"\")End.Y\",\"'=HYPERLINK(\"\"http://x\"\")End.Z\"");
  std::ostringstream rotations;
  write_rotations_csv(clip, rotations);
  EXPECT_NE(rotations.str().find(",\"'=HYPERLINK(\"\"http://x\"\").Z\","), std::string::npos) << rotations.str();
}

TEST(CsvExport, RotationChannelsInFileOrder) {
  const Clip clip = test::parse_ok(test::kTwoJoints);
  std::ostringstream out;
  write_rotations_csv(clip, out);
  EXPECT_EQ(out.str(),
            "Time,Hips.Z,Hips.X,Hips.Y,Chest.Z,Chest.X,Chest.Y\n"
            "0,0,0,0,0,0,0\n"
            "0.5,90,0,0,0,0,0\n");
}

}  // namespace
}  // namespace bvhscope
