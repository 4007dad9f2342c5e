// bvhscope report: one self-contained page (no address outside it), a row per file with its
// figures, lint findings listed, a file that fails as its located error, distributions whose
// outliers link to their rows, --compare-to's errors and per-joint table, and the usage errors. The
// page in a real browser (sorting, previews decoding): tests/independent/report_page_check.py.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "bvh_builder.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;

// Hips -> Chest -> End Site, walking 1 unit a frame along X, `frames` frames at 0.1 s.
std::string walking_bvh(int frames, int x0 = 0) {
  return test::BvhBuilder()
      .root("Hips", {0, 0, 0}, test::kPositionsZXY)
      .joint("Chest", "Hips", {0, 10, 0}, test::kRotationsZXY)
      .end_site("Chest", {0, 5, 0})
      .frame_time(0.1)
      .frames(frames, [x0](int f) { return std::vector<double>{static_cast<double>(f + x0), 0, 0, 0, 0, 0, 0, 0, 0}; })
      .text();
}

bool page_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

TEST(ReportCli, APageWithARowPerFileItsFindingsAndAFailureInPlace) {
  test::TempDir dir;
  const std::string set = (dir.path() / "set").string();
  std::filesystem::create_directories(set);
  // Eight clips of 2 s and one of 30 s (an outlier of the durations), and one that does not load.
  for (int i = 1; i <= 8; ++i) (void)dir.write("set/walk" + std::to_string(i) + ".bvh", walking_bvh(21));
  (void)dir.write("set/walk10.bvh", walking_bvh(301));
  (void)dir.write("set/broken.bvh", test::kBrokenBvh);
  const std::string page = (dir.path() / "report.html").string();
  const auto result = run_bvhscope({"report", set, "-o", page, "--no-previews", "--title", "Walks <test>"});
  EXPECT_EQ(result.exit_code, 1);  // broken.bvh
  EXPECT_EQ(result.out, "wrote " + page + ": 10 files (1 failed to read), 0 previews, " +
                            std::to_string((test::read_file(page).size() + 1023) / 1024) + " KiB\n");
  EXPECT_EQ(result.err, set + "/broken.bvh:4:3: error: malformed OFFSET: expected 3 numbers, found 2\n");
  const std::string html = test::read_file(page);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">", 0), 0u);
  EXPECT_TRUE(page_has(html, "<title>Walks &lt;test&gt;</title>"));
  // Self-contained: every src and href inside the page (data: or #row), no outside style or script.
  const std::regex reference(R"((src|href)=\"([^\"]*)\")");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), reference); it != std::sregex_iterator(); ++it) {
    const std::string target = (*it)[2];
    EXPECT_TRUE(target.rfind("data:", 0) == 0 || target.rfind("#", 0) == 0) << target;
  }
  EXPECT_FALSE(page_has(html, "<link"));
  EXPECT_FALSE(page_has(html, "<script src"));
  // Ten rows in natural order; the broken file's row carries its located error.
  EXPECT_EQ(occurrences(html, "<tr id=\"f"), 10u);
  EXPECT_LT(html.find(">walk8.bvh<"), html.find(">walk10.bvh<"));
  EXPECT_TRUE(page_has(html,
                       "<tr id=\"f0\" class=\"failed\"><td class=\"preview\"></td><td class=\"file\" "
                       "data-v=\"broken.bvh\" title=\"" +
                           set + "/broken.bvh\">broken.bvh<div class=\"error\">" + set +
                           "/broken.bvh:4:3: error: malformed OFFSET: expected 3 numbers, found 2</div></td>"))
      << html;
  // walk10: 301 frames, 30 s, at 10 fps, 2 joints; its duration an outlier linked to its row (f9).
  EXPECT_TRUE(page_has(html,
                       "<td class=\"num\" data-v=\"301\">301</td><td class=\"num\" data-v=\"30\">30.00</td><td "
                       "class=\"num\" data-v=\"10\">10</td><td class=\"num\" data-v=\"2\">2</td>"))
      << html;
  EXPECT_TRUE(
      page_has(html, "<a href=\"#f9\" class=\"outlier\"><title>walk10.bvh: 30.00 s (outlier: click to see its row)"))
      << html;
  EXPECT_EQ(occurrences(html, "class=\"outlier\""), 1u);
  // The header's counts, and lint's findings listed in each row.
  EXPECT_TRUE(
      page_has(html, "<div class=\"count\"><b>10</b>files</div><div class=\"count bad\"><b>1</b>failed to read"))
      << html;
  EXPECT_TRUE(page_has(html, "<li class=\"info\"><b>info</b> ")) << html;
  EXPECT_TRUE(page_has(html, "[constant-channel]")) << html;
}

TEST(ReportCli, CompareToAddsEachFilesErrorsAndThePerJointTable) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "a");
  std::filesystem::create_directories(dir.path() / "b");
  (void)dir.write("a/walk.bvh", walking_bvh(21));
  (void)dir.write("a/run.bvh", walking_bvh(21));
  (void)dir.write("a/alone.bvh", walking_bvh(21));
  (void)dir.write("b/walk.bvh", walking_bvh(21, 4));  // 4 units along X from a's
  (void)dir.write("b/run.bvh", walking_bvh(21));
  const std::string page = (dir.path() / "report.html").string();
  const auto result = run_bvhscope({"report", (dir.path() / "a").string(), "-o", page, "--compare-to",
                                    (dir.path() / "b").string(), "--units", "m", "--no-previews"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string html = test::read_file(page);
  EXPECT_TRUE(page_has(html, "(MPJPE and PA-MPJPE in metres)")) << html;
  // Rows: alone, run, walk: MPJPE and PA-MPJPE the last two cells.
  EXPECT_TRUE(
      page_has(html, "<td class=\"num\" data-v=\"4\">4.0000</td><td class=\"num\" data-v=\"0\">0.0000</td></tr>"))
      << html;
  EXPECT_TRUE(
      page_has(html, "<td class=\"num\" data-v=\"0\">0.0000</td><td class=\"num\" data-v=\"0\">0.0000</td></tr>"))
      << html;
  EXPECT_TRUE(page_has(html, "<tr><td>Hips</td><td class=\"num\">2.0000 m</td><td class=\"num\">2</td>")) << html;
  EXPECT_TRUE(page_has(html, "<p class=\"muted\">Without a partner: alone.bvh</p>")) << html;
}

TEST(ReportCli, UsageErrors) {
  test::TempDir dir;
  (void)dir.write("walk.bvh", walking_bvh(5));
  const std::string folder = dir.path().string();
  const auto no_output = run_bvhscope({"report", folder});
  EXPECT_EQ(no_output.exit_code, 2);
  EXPECT_EQ(no_output.err, "bvhscope: report: -o REPORT.html is needed\nTry 'bvhscope --help'.\n");
  const auto align = run_bvhscope({"report", folder, "-o", folder + "/r.html", "--align", "root"});
  EXPECT_EQ(align.exit_code, 2);
  EXPECT_EQ(align.err,
            "bvhscope: report: --align, --joints, --offset and --map are for --compare-to\nTry 'bvhscope --help'.\n");
  const auto onto_input = run_bvhscope({"report", folder, "-o", folder + "/walk.bvh"});
  EXPECT_EQ(onto_input.exit_code, 2);
  EXPECT_TRUE(page_has(onto_input.err, "nothing was written")) << onto_input.err;
  EXPECT_EQ(test::read_file(folder + "/walk.bvh"), walking_bvh(5));
  const auto not_folder =
      run_bvhscope({"report", folder, "-o", folder + "/r.html", "--compare-to", folder + "/walk.bvh"});
  EXPECT_EQ(not_folder.exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(folder + "/r.html"));
}

}  // namespace
}  // namespace bvhscope
