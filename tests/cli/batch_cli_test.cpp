// info, lint and metrics over folders and many files: natural order whatever the number of jobs, one
// line per file and a summary, {"files": [...]} with a failed file as an entry naming its located
// error, the exit status, --recursive, and the usage errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;

// walk2.bvh and walk10.bvh (the two-joint clip: 2 frames at 0.5 s), broken.bvh (a located error at
// 4:3), notes.txt (not a motion file: not listed), sub/deep.bvh (only with --recursive).
struct BatchFolder {
  test::TempDir dir;
  std::string path = dir.path().string();
  BatchFolder() {
    (void)dir.write("walk2.bvh", test::kTwoJoints);
    (void)dir.write("walk10.bvh", test::kTwoJoints);
    (void)dir.write("broken.bvh", test::kBrokenBvh);
    (void)dir.write("notes.txt", "not motion\n");
    std::filesystem::create_directories(dir.path() / "sub");
    (void)dir.write("sub/deep.bvh", test::kTwoJoints);
  }
};

bool says(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(BatchCli, InfoOfAFolderPrintsALinePerFileInNaturalOrderAndASummary) {
  BatchFolder folder;
  const std::string& d = folder.path;
  const auto result = run_bvhscope({"info", d});
  EXPECT_EQ(result.exit_code, 1);  // one file failed
  EXPECT_EQ(result.out, d +
                            "/walk2.bvh: 2 joints, 2 frames at 2 fps (0.500 s), +y up, 15.000 units tall (unit "
                            "unknown), position mode add\n" +
                            d +
                            "/walk10.bvh: 2 joints, 2 frames at 2 fps (0.500 s), +y up, 15.000 units tall (unit "
                            "unknown), position mode add\n"
                            "3 files: 2 read, 1 failed; 1.0 s of motion at 2 fps\n");
  EXPECT_EQ(result.err, d + "/broken.bvh:4:3: error: malformed OFFSET: expected 3 numbers, found 2\n");
  const auto recursive = run_bvhscope({"info", d, "--recursive"});
  EXPECT_TRUE(says(recursive.out, d + "/sub/deep.bvh: 2 joints")) << recursive.out;
  EXPECT_TRUE(says(recursive.out, "4 files: 3 read, 1 failed; 1.5 s of motion")) << recursive.out;
}

TEST(BatchCli, JsonListsEveryFileAndAFailureAsAnEntryWithItsLocatedError) {
  BatchFolder folder;
  const std::string& d = folder.path;
  const auto result = run_bvhscope({"info", d, "--json"});
  EXPECT_EQ(result.exit_code, 1);
  ASSERT_EQ(result.out.rfind("{\"files\": [\n{\"file\":\"" + d + "/broken.bvh\",\"error\":{\"source\":\"" + d +
                                 "/broken.bvh\",\"line\":4,\"column\":3,\"message\":\"malformed OFFSET: expected 3 "
                                 "numbers, found 2\"}},\n{\"file\":\"" +
                                 d + "/walk2.bvh\",\"frames\":2,",
                             0),
            0u)
      << result.out;
  EXPECT_TRUE(says(result.out, "},\n{\"file\":\"" + d + "/walk10.bvh\",\"frames\":2,")) << result.out;
  EXPECT_TRUE(result.out.ends_with("}\n], \"count\": 3, \"failed\": 1}\n")) << result.out;
  // Each entry is what the file alone prints.
  const auto alone = run_bvhscope({"info", d + "/walk10.bvh", "--json"});
  EXPECT_TRUE(says(result.out, alone.out.substr(0, alone.out.size() - 1) + "\n]")) << result.out;

  const auto lint = run_bvhscope({"lint", d, "--json"});
  EXPECT_EQ(lint.exit_code, 1);  // broken.bvh's error
  EXPECT_EQ(
      lint.out.rfind("{\"files\": [\n{\"file\":\"" + d + "/broken.bvh\",\"findings\":[{\"code\":\"load-error\"", 0), 0u)
      << lint.out;
  EXPECT_TRUE(lint.out.ends_with("\n], \"count\": 3, \"errors\": 1, \"warnings\": 0, \"infos\": 6}\n")) << lint.out;
  // One file keeps today's output: lint's array of one.
  const auto one = run_bvhscope({"lint", d + "/walk2.bvh", "--json"});
  EXPECT_EQ(one.out.rfind("[{\"file\":\"" + d + "/walk2.bvh\",", 0), 0u) << one.out;

  const auto metrics = run_bvhscope({"metrics", d + "/walk2.bvh", d + "/walk10.bvh", "--json"});
  EXPECT_EQ(metrics.exit_code, 0);
  const auto metrics_alone = run_bvhscope({"metrics", d + "/walk2.bvh", "--json"});
  EXPECT_EQ(metrics.out.rfind("{\"files\": [\n" + metrics_alone.out.substr(0, metrics_alone.out.size() - 1) + ",\n", 0),
            0u)
      << metrics.out;
  EXPECT_TRUE(metrics.out.ends_with("\n], \"count\": 2, \"failed\": 0}\n")) << metrics.out;
}

TEST(BatchCli, MetricsAndLintOfAFolderGiveALinePerFileAndTheSummary) {
  BatchFolder folder;
  const std::string& d = folder.path;
  const auto metrics = run_bvhscope({"metrics", d});
  EXPECT_EQ(metrics.exit_code, 1);
  EXPECT_EQ(metrics.err, d + "/broken.bvh:4:3: error: malformed OFFSET: expected 3 numbers, found 2\n");
  EXPECT_TRUE(says(metrics.out, d + "/walk2.bvh: skating 0.0000 m/s (0.0 % of contact), contact 0.0 %, jitter"))
      << metrics.out;
  EXPECT_TRUE(says(metrics.out, "\n3 files: 2 measured, 1 failed\nmeans over 2 files: skating 0.0000 m/s"))
      << metrics.out;
  const auto lint = run_bvhscope({"lint", d});
  EXPECT_EQ(lint.exit_code, 1);
  EXPECT_TRUE(lint.out.ends_with("\n3 files: 1 error, 0 warnings, 6 infos (1 with errors, 0 with warnings)\n"))
      << lint.out;
  const auto clean = run_bvhscope({"lint", d + "/walk2.bvh", d + "/walk10.bvh"});
  EXPECT_EQ(clean.exit_code, 0);
}

TEST(BatchCli, TheOrderIsTheListsWhateverTheNumberOfJobs) {
  test::TempDir dir;
  std::vector<std::string> files;
  for (int i = 30; i >= 1; --i) {
    // Files of different lengths finish out of order on several threads.
    std::string text(test::kTwoJoints);
    text.replace(text.find("Frames: 2"), 9, "Frames: " + std::to_string(2 + (i % 5) * 400));
    text.replace(text.find("Frame Time: 0.5"), 15, "Frame Time: 0.01");
    const std::string last_row = "4 5 6 90 0 0 0 0 0\n";
    for (int row = 2; row < 2 + (i % 5) * 400; ++row) text += last_row;
    (void)dir.write("clip" + std::to_string(i) + ".bvh", text);
  }
  const auto one = run_bvhscope({"metrics", dir.path().string(), "--jobs", "1"});
  const auto four = run_bvhscope({"metrics", dir.path().string(), "--jobs", "4"});
  EXPECT_EQ(one.exit_code, 0);
  EXPECT_EQ(four.out, one.out);
  EXPECT_EQ(one.out.rfind(dir.path().string() + "/clip1.bvh: ", 0), 0u) << one.out;
  EXPECT_TRUE(says(one.out, "/clip9.bvh: skating")) << one.out;
  EXPECT_LT(one.out.find("/clip9.bvh: "), one.out.find("/clip10.bvh: "));
  EXPECT_TRUE(says(one.out, "\n30 files: 30 measured, 0 failed\n")) << one.out;
}

TEST(BatchCli, AFolderWithoutMotionFilesAndABadJobsCountAreRefused) {
  test::TempDir dir;
  (void)dir.write("readme.txt", "nothing here\n");
  const auto empty = run_bvhscope({"info", dir.path().string()});
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_TRUE(says(empty.err, "bvhscope: info: " + dir.path().string() + ": no motion files (")) << empty.err;
  EXPECT_EQ(empty.out, "");
  const auto jobs = run_bvhscope({"lint", dir.path().string(), "--jobs", "0"});
  EXPECT_EQ(jobs.exit_code, 2);
  EXPECT_EQ(jobs.err, "bvhscope: lint: --jobs must be a whole number from 1 to 256, not '0'\nTry 'bvhscope --help'.\n");
}

TEST(BatchCli, ExportAndConvertOfAFolderWriteAFilePerInputAndGoOnPastAFailure) {
  BatchFolder folder;
  const std::string& d = folder.path;
  const std::string csv = (folder.dir.path() / "csv").string();
  const auto exported = run_bvhscope({"export", d, "-o", csv + "/", "--jobs", "2"});
  EXPECT_EQ(exported.exit_code, 1);
  EXPECT_EQ(exported.out, "wrote " + csv + "/walk2.csv\nwrote " + csv + "/walk10.csv\nexported 2 of 3 files into " +
                              csv + "/; 1 failed (above)\n");
  EXPECT_EQ(exported.err, d + "/broken.bvh:4:3: error: malformed OFFSET: expected 3 numbers, found 2\n");
  // Each CSV is what export writes for the file alone.
  EXPECT_EQ(test::read_file(csv + "/walk10.csv"), run_bvhscope({"export", d + "/walk10.bvh"}).out);
  EXPECT_FALSE(std::filesystem::exists(csv + "/broken.csv"));

  const std::string glb = (folder.dir.path() / "glb").string();
  const auto converted = run_bvhscope({"convert", d, "-o", glb + "/", "--format", "glb"});
  EXPECT_EQ(converted.exit_code, 1);
  EXPECT_TRUE(converted.out.ends_with("converted 2 of 3 files into " + glb + "/; 1 failed (above)\n")) << converted.out;
  EXPECT_EQ(test::read_file(glb + "/walk2.glb").substr(0, 4), "glTF");
  // Into the folder itself: every output would overwrite its input: refused, nothing touched.
  const auto onto_inputs = run_bvhscope({"convert", d, "-o", d + "/"});
  EXPECT_EQ(onto_inputs.exit_code, 1);
  EXPECT_TRUE(says(onto_inputs.err, "bvhscope: convert: " + d +
                                        "/walk2.bvh would overwrite an input of this batch; "
                                        "nothing was written\n"))
      << onto_inputs.err;
  EXPECT_EQ(test::read_file(d + "/walk2.bvh"), std::string(test::kTwoJoints));
  // Usage: a folder into a file, --format for a file.
  EXPECT_EQ(run_bvhscope({"convert", d, "-o", d + "/one.bvh"}).exit_code, 2);
  EXPECT_EQ(run_bvhscope({"convert", d + "/walk2.bvh", "-o", glb + "/x.glb", "--format", "glb"}).exit_code, 2);
  EXPECT_EQ(run_bvhscope({"export", d, "-o", csv + "/", "--rotations", csv + "/r.csv"}).exit_code, 2);
}

}  // namespace
}  // namespace bvhscope
