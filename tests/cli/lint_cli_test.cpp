// bvhscope lint end to end: the exact text of its findings, --json, several files, a file that does
// not load, and the exit status of each outcome.
#include <gtest/gtest.h>

#include <string>

#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;

// Hips and Chest; the Chest's Yrotation goes 178, 179, -179 (a wrap at frame 2); every other
// channel is 0 throughout.
constexpr const char* kWrapping =
    "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
    "Yrotation\n"
    "  JOINT Chest\n  {\n    OFFSET 0 10 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n    End Site\n    {\n"
    "      OFFSET 0 5 0\n    }\n  }\n}\nMOTION\nFrames: 3\nFrame Time: 0.04\n"
    "0 0 0 0 0 0 0 0 178\n0 0 0 0 0 0 0 0 179\n0 0 0 0 0 0 0 0 -179\n";

TEST(LintCli, PrintsEachFindingWithItsPlaceHintAndASummary) {
  test::TempDir dir;
  const std::string path = dir.write("wrap.bvh", kWrapping).string();
  const auto result = run_bvhscope({"lint", path});
  EXPECT_EQ(result.exit_code, 4);  // warnings, no error
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.out,
            path +
                ": frame 2, joint Chest Yrotation: warning: 'Chest' Yrotation goes from 179 to -179: the same angle, "
                "wrapped (the pose turns 2 deg) [euler-wrap]\n"
                "  hint: the same angle written past +-180: curves, filters and resampling see a spin; bvhscope "
                "convert --unwrap makes the channels continuous\n" +
                path +
                ":2: info: 'Hips' Xposition is 0 in every frame (8 of 9 channels never change) [constant-channel]\n"
                "  8 in all; also line 2 (Hips Yposition); line 2 (Hips Zposition); line 2 (Hips Zrotation); "
                "line 2 (Hips Xrotation); ...\n"
                "  hint: nothing to fix unless the joint should move (its motion was not recorded)\n" +
                path +
                ": info: up axis: too few joints to tell a figure's up: +y assumed [up-axis]\n"
                "  hint: if the figure lies down, pass --up AXIS\n" +
                path +
                ": info: unit unknown: too few joints (2) for a human size to compare with [units]\n"
                "  hint: pass --units to metrics and compare\n" +
                path + ": 0 errors, 1 warning, 3 infos\n");
}

TEST(LintCli, JsonListsTheFindingsOfEveryFile) {
  test::TempDir dir;
  const std::string path = dir.write("wrap.bvh", kWrapping).string();
  const auto result = run_bvhscope({"lint", path, "--json"});
  EXPECT_EQ(result.exit_code, 4);
  EXPECT_EQ(
      result.out.rfind("[{\"file\":\"" + path +
                           "\",\"findings\":[{\"code\":\"euler-wrap\",\"severity\":\"warning\","
                           "\"line\":null,\"column\":null,\"frame\":2,\"joint\":\"Chest\",\"joint_index\":1,"
                           "\"channel\":\"Yrotation\",\"message\":\"'Chest' Yrotation goes from 179 to -179: the same "
                           "angle, wrapped (the pose turns 2 deg)\",",
                       0),
      0u)
      << result.out;
  EXPECT_NE(result.out.find("\"code\":\"constant-channel\",\"severity\":\"info\",\"line\":2,\"column\":null,"
                            "\"frame\":null,\"joint\":\"Hips\",\"joint_index\":0,\"channel\":\"Xposition\""),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("\"count\":8,\"more\":[{\"line\":2,"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("],\"errors\":0,\"warnings\":1,\"infos\":3}]\n"), std::string::npos) << result.out;
}

TEST(LintCli, AFileThatDoesNotLoadIsALocatedErrorAndTheOthersAreStillLinted) {
  test::TempDir dir;
  const std::string broken =
      dir.write("broken.bvh", "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0\n}\nMOTION\nFrames: 0\nFrame Time: 1\n").string();
  const std::string wrap = dir.write("wrap.bvh", kWrapping).string();
  const auto result = run_bvhscope({"lint", broken, wrap});
  EXPECT_EQ(result.exit_code, 1);  // an error somewhere
  EXPECT_EQ(result.out.rfind(broken + ":4:13: error: ", 0), 0u) << result.out;
  EXPECT_NE(result.out.find("[load-error]\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(broken + ": 1 error, 0 warnings, 0 infos\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(wrap + ": 0 errors, 1 warning, 3 infos\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\n2 files: 1 error, 1 warning, 3 infos\n"), std::string::npos) << result.out;
  const auto missing = run_bvhscope({"lint", dir.path().string() + "/none.bvh"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.out.find("[load-error]"), std::string::npos) << missing.out;
}

TEST(LintCli, AFileWithOnlyInfoExitsZero) {
  // The wrap removed: every channel constant, nothing wrong.
  std::string clean = kWrapping;
  clean.replace(clean.find("-179\n"), 5, "180\n");
  test::TempDir dir;
  const auto result = run_bvhscope({"lint", dir.write("clean.bvh", clean).string()});
  EXPECT_EQ(result.exit_code, 0) << result.out;
  EXPECT_NE(result.out.find(": 0 errors, 0 warnings, 3 infos\n"), std::string::npos) << result.out;
}

TEST(LintCli, BadUsageExitsWithTwo) {
  const auto none = run_bvhscope({"lint"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err, "bvhscope: lint: expected at least one FILE\nTry 'bvhscope --help'.\n");
  test::TempDir dir;
  const std::string path = dir.write("wrap.bvh", kWrapping).string();
  const auto bad_up = run_bvhscope({"lint", path, "--up", "sideways"});
  EXPECT_EQ(bad_up.exit_code, 2);
  EXPECT_EQ(run_bvhscope({"lint", path, "--jsn"}).exit_code, 2);
}

}  // namespace
}  // namespace bvhscope
