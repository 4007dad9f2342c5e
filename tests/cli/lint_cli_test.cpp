// bvhscope lint end to end: the exact text of its findings, --json, several files, a file that does
// not load, and the exit status of each outcome.
#include <gtest/gtest.h>

#include <string>

#include "bvh_builder.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;

// Hips and Chest; the Chest's Yrotation goes 0, 1, `last` (201 by default: a half turn less 20
// degrees in one frame, a rotation jump at frame 2); every other channel is 0 throughout.
std::string jumping(double last = 201) {
  return test::BvhBuilder()
      .root("Hips", {0, 0, 0}, test::kPositionsZXY)
      .joint("Chest", "Hips", {0, 10, 0}, test::kRotationsZXY)
      .end_site("Chest", {0, 5, 0})
      .frame_time(0.04)
      .frames(3, [&](int f) { return test::BvhBuilder::Row{0, 0, 0, 0, 0, 0, 0, 0, f == 2 ? last : f}; })
      .text();
}

TEST(LintCli, PrintsEachFindingWithItsPlaceHintAndASummary) {
  test::TempDir dir;
  const std::string path = dir.write("jump.bvh", jumping()).string();
  const auto result = run_bvhscope({"lint", path});
  EXPECT_EQ(result.exit_code, 4);  // warnings, no error
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.out,
            path +
                ": frame 2, joint Chest Yrotation: warning: 'Chest' Yrotation goes from 1 to 201: the joint turns 160 "
                "deg in one frame [rotation-jump]\n"
                "  hint: the joint turns a large angle in one frame: a capture glitch or a cut; look at that frame\n" +
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
  const std::string path = dir.write("jump.bvh", jumping()).string();
  const auto result = run_bvhscope({"lint", path, "--json"});
  EXPECT_EQ(result.exit_code, 4);
  EXPECT_EQ(
      result.out.rfind("[{\"file\":\"" + path +
                           "\",\"findings\":[{\"code\":\"rotation-jump\",\"severity\":\"warning\","
                           "\"line\":null,\"column\":null,\"frame\":2,\"joint\":\"Chest\",\"joint_index\":1,"
                           "\"channel\":\"Yrotation\",\"message\":\"'Chest' Yrotation goes from 1 to 201: the joint "
                           "turns 160 deg in one frame\",",
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
  const std::string broken = dir.write("broken.bvh", test::kBrokenBvh).string();
  const std::string jump = dir.write("jump.bvh", jumping()).string();
  const auto result = run_bvhscope({"lint", broken, jump});
  EXPECT_EQ(result.exit_code, 1);  // an error somewhere
  EXPECT_EQ(result.out.rfind(broken + ":4:3: error: malformed OFFSET: expected 3 numbers, found 2 [load-error]\n", 0),
            0u)
      << result.out;
  EXPECT_NE(result.out.find("[load-error]\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(broken + ": 1 error, 0 warnings, 0 infos\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(jump + ": 0 errors, 1 warning, 3 infos\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\n2 files: 1 error, 1 warning, 3 infos (1 with errors, 1 with warnings)\n"),
            std::string::npos)
      << result.out;
  const auto missing = run_bvhscope({"lint", dir.path().string() + "/none.bvh"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.out.find("[load-error]"), std::string::npos) << missing.out;
}

TEST(LintCli, AFileWithOnlyInfoExitsZero) {
  // The jump removed: the Chest turns 1 degree a frame, nothing wrong.
  test::TempDir dir;
  const auto result = run_bvhscope({"lint", dir.write("clean.bvh", jumping(2)).string()});
  EXPECT_EQ(result.exit_code, 0) << result.out;
  EXPECT_NE(result.out.find(": 0 errors, 0 warnings, 3 infos\n"), std::string::npos) << result.out;
}

TEST(LintCli, ARealFileWithDuplicateNamesListsBothPlaces) {
  // edin-m__walk1.bvh names three joints 'Chest' (lines 58, 76 and 105; the name at column 10).
  const std::string path = (test::corpus_dir() / "edin-m__walk1.bvh").string();
  const auto result = run_bvhscope({"lint", path});
  EXPECT_EQ(result.exit_code, 4);
  EXPECT_EQ(result.out.rfind(path +
                                 ":76:10: warning: duplicate joint name 'Chest' (first used at line 58) "
                                 "[duplicate-name]\n"
                                 "  2 in all; also line 105:10\n"
                                 "  hint: readers that look joints up by name find only one of them: rename it "
                                 "(bvhscope convert --rename OLD=NEW)\n" +
                                 path +
                                 ":54: info: joint 'upperback' sits on its parent: its OFFSET is 0 0 0 and it has no "
                                 "position channels [zero-length-bone]\n",
                             0),
            0u)
      << result.out;
  EXPECT_NE(result.out.find(path + ": 0 errors, 1 warning, 3 infos\n"), std::string::npos) << result.out;
}

TEST(LintCli, BadUsageExitsWithTwo) {
  const auto none = run_bvhscope({"lint"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err, "bvhscope: lint: expected a FILE, several, or a folder\nTry 'bvhscope --help'.\n");
  test::TempDir dir;
  const std::string path = dir.write("jump.bvh", jumping()).string();
  const auto bad_up = run_bvhscope({"lint", path, "--up", "sideways"});
  EXPECT_EQ(bad_up.exit_code, 2);
  EXPECT_EQ(run_bvhscope({"lint", path, "--jsn"}).exit_code, 2);
}

}  // namespace
}  // namespace bvhscope
