// `bvhscope convert` end to end: outputs that load with no warning, located refusals that write
// nothing, never overwriting the input without --force (and then through a temporary file), and
// no file at all after SIGTERM or SIGINT in the middle of a big conversion.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <sstream>

#include "big_bvh.hpp"
#include "bvh_builder.hpp"
#include "run_process.hpp"
#include "stepped_child.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;

std::string corpus(const char* name) { return (test::corpus_dir() / name).string(); }

std::size_t entries(const std::filesystem::path& dir) {
  std::size_t count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir)) ++count;
  return count;
}

// Every corpus file converted without options, and with options that change every part of the
// file, loads in `bvhscope info` with no warning.
TEST(ConvertCommand, OutputsLoadWithoutWarnings) {
  test::TempDir dir;
  std::size_t converted_files = 0;
  for (const auto& path : test::whole_corpus()) {
    SCOPED_TRACE(path.filename().string());
    ++converted_files;
    for (const std::vector<std::string>& extra :
         {std::vector<std::string>{}, std::vector<std::string>{"--rotation-order", "XYZ", "--unwrap", "--fps", "24"}}) {
      const std::string out = (dir.path() / "out.bvh").string();
      std::vector<std::string> args = {"convert", path.string(), "-o", out};
      args.insert(args.end(), extra.begin(), extra.end());
      const auto converted = run_bvhscope(args);
      ASSERT_EQ(converted.exit_code, 0) << converted.err;
      EXPECT_EQ(converted.out.rfind("wrote " + out + ": ", 0), 0u) << converted.out;
      const auto info = run_bvhscope({"info", out});
      ASSERT_EQ(info.exit_code, 0) << info.err;
      EXPECT_EQ(info.err, "") << "warnings on the converted file";
    }
  }
  EXPECT_EQ(converted_files, test::kCorpusFileCount);
}

// The CSV rows of `export` as numbers (the header skipped).
std::vector<std::vector<double>> csv_numbers(const std::string& text) {
  std::vector<std::vector<double>> rows;
  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);
  while (std::getline(lines, line)) {
    std::vector<double> row;
    std::istringstream fields(line);
    std::string field;
    while (std::getline(fields, field, ',')) row.push_back(std::stod(field));
    rows.push_back(std::move(row));
  }
  return rows;
}

// A Z-up file (detected) turned to +Y: `info` on the output detects +y, and every joint's position
// in every frame is the input's stood upright (`export --up auto` on the input).
TEST(ConvertCommand, UpTurnsAZUpFileToYUp) {
  test::TempDir dir;
  const std::string input = corpus("pybvh__bvh_example.bvh");
  const std::string out = (dir.path() / "upright.bvh").string();
  ASSERT_NE(run_bvhscope({"info", input}).out.find("up axis:         +z (auto"), std::string::npos);
  const auto converted = run_bvhscope({"convert", input, "-o", out, "--up", "+y"});
  ASSERT_EQ(converted.exit_code, 0) << converted.err;
  EXPECT_NE(run_bvhscope({"info", out}).out.find("up axis:         +y (auto"), std::string::npos);
  const auto expected = csv_numbers(run_bvhscope({"export", input, "--up", "auto"}).out);
  const auto actual = csv_numbers(run_bvhscope({"export", out}).out);
  ASSERT_EQ(actual.size(), expected.size());
  ASSERT_FALSE(actual.empty());
  double worst = 0.0;
  for (std::size_t row = 0; row < actual.size(); ++row) {
    ASSERT_EQ(actual[row].size(), expected[row].size());
    for (std::size_t i = 0; i < actual[row].size(); ++i)
      worst = std::max(worst, std::abs(actual[row][i] - expected[row][i]));
  }
  EXPECT_LE(worst, 1e-3);
}

TEST(ConvertCommand, WritesCanonicalBvh) {
  test::TempDir dir;
  const auto input =
      dir.write("in.bvh",
                "hierarchy\r\nroot  Hips {\r\n offset 0 0 0\r\n channels 3 Xposition Yposition Zposition\r\n"
                " End Site Tip\r\n {\r\n OFFSET 0 1.50 0\r\n }\r\n}\r\nMOTION\r\nFrames: 2\r\nFrame Time: "
                "0.5\r\n1.000 2 3\r\n4 5 6.25000\r\n");
  const auto out = dir.path() / "out.bvh";
  const auto result = run_bvhscope({"convert", input.string(), "-o", out.string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(test::read_file(out),
            "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 3 Xposition Yposition Zposition\n\tEnd Site\n\t{\n"
            "\t\tOFFSET 0 1.5 0\n\t}\n}\nMOTION\nFrames: 2\nFrame Time: 0.5\n1 2 3\n4 5 6.25\n");
  const auto rounded =
      run_bvhscope({"convert", input.string(), "-o", out.string(), "--precision", "1", "--units", "2"});
  ASSERT_EQ(rounded.exit_code, 0) << rounded.err;
  EXPECT_NE(test::read_file(out).find("Frame Time: 0.5\n2 4 6\n8 10 12.5\n"), std::string::npos)
      << test::read_file(out);
}

TEST(ConvertCommand, RefusalsAreLocatedAndWriteNothing) {
  test::TempDir dir;
  const auto input = dir.write("slide.bvh",
                               "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 3 Xposition Yposition Zposition\n"
                               "\tJOINT Chest\n\t{\n\t\tOFFSET 0 10 0\n\t\tCHANNELS 3 Xposition Yposition Zposition\n"
                               "\t\tEnd Site\n\t\t{\n\t\t\tOFFSET 0 5 0\n\t\t}\n\t}\n}\nMOTION\nFrames: 2\nFrame Time: "
                               "0.1\n0 0 0 0 1 0\n0 0 0 0 2 0\n");
  const auto out = dir.path() / "out.bvh";
  const auto moving =
      run_bvhscope({"convert", input.string(), "-o", out.string(), "--channels", "3", "--position-mode", "add"});
  EXPECT_EQ(moving.exit_code, 1);
  EXPECT_EQ(moving.err, input.string() +
                            ":6:1: error: --channels 3: joint 'Chest' has a moving Yposition channel (from 1.000000 to "
                            "2.000000): it cannot be folded into OFFSET; nothing was written\n");
  const auto clash = run_bvhscope({"convert", input.string(), "-o", out.string(), "--rename", "Chest=Hips"});
  EXPECT_EQ(clash.exit_code, 1);
  EXPECT_NE(clash.err.find("error: the joint name 'Hips' is used by two joints"), std::string::npos) << clash.err;
  const auto usage = run_bvhscope({"convert", input.string(), "-o", out.string(), "--rotation-order", "XXZ"});
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_NE(usage.err.find("convert: --rotation-order must be XYZ, XZY, YXZ, YZX, ZXY or ZYX, not 'XXZ'"),
            std::string::npos);
  EXPECT_EQ(entries(dir.path()), 1u) << "nothing but the input";
}

// A file whose unit guess is unknown (two joints: no human size to compare with), 1.75 m tall in
// metres: --units without --from-units is a usage error saying why, nothing written; with it the
// lengths are converted from the unit given.
TEST(ConvertCommand, UnitsFromAnUnknownGuessNeedFromUnits) {
  test::TempDir dir;
  const auto input = dir.write("pole.bvh", test::BvhBuilder()
                                               .root("Base", {0, 0, 0}, "Xposition Yposition Zposition")
                                               .joint("Top", "Base", {0, 1.25, 0}, test::kRotationsZXY)
                                               .end_site("Top", {0, 0.5, 0})
                                               .frame_time(0.1)
                                               .frame({0, 0, 0, 0, 0, 0})
                                               .frame({0.5, 0, 0, 0, 10, 0})
                                               .text());
  const auto out = dir.path() / "out.bvh";
  for (const char* unit : {"cm", "m", "in"}) {
    const auto refused = run_bvhscope({"convert", input.string(), "-o", out.string(), "--units", unit});
    EXPECT_EQ(refused.exit_code, 2) << unit;
    EXPECT_EQ(refused.err, input.string() +
                               ": error: --units: the file's length unit is unknown (too few joints (2) for a human "
                               "size to compare with); give it with --from-units m|cm|mm|in|ft|METRES; nothing was "
                               "written\n");
    EXPECT_EQ(refused.out, "");
    EXPECT_EQ(entries(dir.path()), 1u) << "nothing but the input";
  }
  const auto given =
      run_bvhscope({"convert", input.string(), "-o", out.string(), "--units", "cm", "--from-units", "m"});
  ASSERT_EQ(given.exit_code, 0) << given.err;
  EXPECT_NE(given.out.find(", lengths x 100\n"), std::string::npos) << given.out;
  EXPECT_NE(test::read_file(out).find("OFFSET 0 125 0"), std::string::npos) << test::read_file(out);
  const auto factor = run_bvhscope({"convert", input.string(), "-o", out.string(), "--units", "2"});
  EXPECT_EQ(factor.exit_code, 0) << "a plain factor needs no unit: " << factor.err;
}

TEST(ConvertCommand, NeverOverwritesTheInputWithoutForce) {
  test::TempDir dir;
  const std::string original = test::read_file(corpus("rgbdacq__example.bvh"));
  const auto input = dir.write("v.bvh", original);
  std::filesystem::create_symlink(input, dir.path() / "link.bvh");
  const auto refused = run_bvhscope({"convert", input.string(), "-o", (dir.path() / "link.bvh").string()});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("would overwrite the input"), std::string::npos) << refused.err;
  EXPECT_EQ(test::read_file(input), original);
  struct stat before {};
  ASSERT_EQ(::stat(input.c_str(), &before), 0);
  const auto forced = run_bvhscope({"convert", input.string(), "-o", input.string(), "--force", "--units", "0.5"});
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  struct stat after {};
  ASSERT_EQ(::stat(input.c_str(), &after), 0);
  EXPECT_NE(before.st_ino, after.st_ino) << "replaced by a rename, not written in place";
  EXPECT_NE(test::read_file(input), original);
  EXPECT_EQ(entries(dir.path()), 2u) << "the file and the link, no temporary file";
}

// SIGTERM and SIGINT while a big conversion writes: the process dies of the signal, and neither
// the target nor the temporary file is left.
TEST(ConvertCommand, AnInterruptedConversionLeavesNoFile) {
  test::TempDir dir;
  const auto big = dir.path() / "big.bvh";
  test::write_big_bvh(big, std::size_t{120} << 20);
  for (const int signal_number : {SIGTERM, SIGINT}) {
    const auto out_dir = dir.path() / ("out" + std::to_string(signal_number));
    std::filesystem::create_directories(out_dir);
    const std::string target = (out_dir / "clean.bvh").string();
    std::vector<std::string> args = {BVHSCOPE_EXECUTABLE, "convert", big.string(), "-o", target};
    // The child runs in bursts and is looked at while stopped: the signal comes while it writes,
    // however late this test is scheduled (SteppedChild).
    test::SteppedChild child(args);
    ASSERT_TRUE(
        child.run_until([&] { return test::holds_written_part(out_dir); }, "the temporary file holding some rows"));
    const int status = child.signal_and_wait(signal_number);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the conversion ended before the signal";
    EXPECT_EQ(WTERMSIG(status), signal_number);
    EXPECT_TRUE(std::filesystem::is_empty(out_dir)) << "neither the target nor a temporary file";
  }
}

}  // namespace
}  // namespace bvhscope
