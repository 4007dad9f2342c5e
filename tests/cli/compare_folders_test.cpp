// bvhscope compare DIR_A DIR_B: files paired by name (or --pair-by index), each pair as compare A B,
// the set's mean and median, per joint means, the worst pairs, unpaired files, a pair that fails as
// a located error and an entry, --csv's row per pair, and the usage errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "bvh_builder.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;

// Hips (6 channels) -> Chest (0 10 0) -> End Site (0 5 0), upright, 3 frames at 0.1 s: every position
// a whole number. `x` moves the whole figure along X.
std::string standing(int x) {
  std::vector<std::string> rows;
  for (int f = 0; f < 3; ++f) rows.push_back(std::to_string(x + f) + " 0 0 0 0 0 0 0 0");
  return test::BvhBuilder()
      .root("Hips", {0, 0, 0}, test::kPositionsZXY)
      .joint("Chest", "Hips", {0, 10, 0}, test::kRotationsZXY)
      .end_site("Chest", {0, 5, 0})
      .frame_time(0.1)
      .frame_lines(rows)
      .text();
}

// A/: bad.bvh, only_a.bvh, run.bvh, walk.bvh; B/: bad.bvh (broken at 4:3), only_b.bvh, run.bvh (the
// same as A's: 0 apart), walk.bvh (10 units along X from A's).
struct PairedFolders {
  test::TempDir dir;
  std::string a = (dir.path() / "A").string();
  std::string b = (dir.path() / "B").string();
  PairedFolders() {
    std::filesystem::create_directories(a);
    std::filesystem::create_directories(b);
    for (const char* name : {"bad", "only_a", "run", "walk"})
      (void)dir.write(std::string("A/") + name + ".bvh", standing(0));
    (void)dir.write("B/bad.bvh", test::kBrokenBvh);
    (void)dir.write("B/only_b.bvh", standing(0));
    (void)dir.write("B/run.bvh", standing(0));
    (void)dir.write("B/walk.bvh", standing(10));
  }
};

bool holds(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(CompareFolders, PairsByNameAndGivesEachPairAndTheSetsFigures) {
  PairedFolders f;
  const auto result = run_bvhscope({"compare", f.a, f.b, "--units", "m"});
  EXPECT_EQ(result.exit_code, 1);  // bad.bvh's pair failed
  EXPECT_EQ(result.err, f.b + "/bad.bvh:4:3: error: malformed OFFSET: expected 3 numbers, found 2\n");
  EXPECT_EQ(result.out,
            "reference folder: " + f.a + "\nother folder:     " + f.b +
                "\n"
                "run.bvh: MPJPE 0.0000 m, PA-MPJPE 0.0000 m, max 0.0000 m (frame 0, Hips), 3 frames, 3 joints\n"
                "walk.bvh: MPJPE 10.0000 m, PA-MPJPE 0.0000 m, max 10.0000 m (frame 0, Hips), 3 frames, 3 joints\n"
                "\n"
                "pairs:           2 compared, 1 failed (above) (paired by name)\n"
                "unpaired in the reference folder: 1: only_a.bvh\n"
                "unpaired in the other folder: 1: only_b.bvh\n"
                "MPJPE:           mean 5.0000 m, median 5.0000 m\n"
                "PA-MPJPE:        mean 0.0000 m, median 0.0000 m\n"
                "worst pairs:     walk.bvh 10.0000, run.bvh 0.0000\n"
                "\n"
                "per joint (mean over the pairs that have it, m):\n"
                "  Hips  5.0000\n"
                "  Chest  5.0000\n"
                "  ChestEnd  5.0000\n");
  // The figure's unit guess (inches: 10 in is 0.254 m), or the unit given.
  const auto guessed = run_bvhscope({"compare", f.a, f.b});
  EXPECT_TRUE(holds(guessed.out, "walk.bvh: MPJPE 0.2540 m, PA-MPJPE 0.0000 m, max 0.2540 m (frame 0, Hips)"))
      << guessed.out;
  const auto metres = run_bvhscope({"compare", f.a, f.b, "--units", "cm"});
  EXPECT_TRUE(holds(metres.out, "walk.bvh: MPJPE 0.1000 m, PA-MPJPE 0.0000 m, max 0.1000 m (frame 0, Hips)"))
      << metres.out;
  EXPECT_TRUE(holds(metres.out, "MPJPE:           mean 0.0500 m, median 0.0500 m\n")) << metres.out;
}

TEST(CompareFolders, JsonHoldsEachPairsObjectTheUnpairedAndTheAggregate) {
  PairedFolders f;
  const auto result = run_bvhscope({"compare", f.a, f.b, "--json", "--units", "m"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(
      result.out.rfind("{\"reference_folder\": \"" + f.a + "\", \"other_folder\": \"" + f.b +
                           "\", \"pair_by\": \"name\",\n\"pairs\": [\n{\"reference\":\"" + f.a +
                           "/bad.bvh\",\"other\":\"" + f.b + "/bad.bvh\",\"error\":{\"source\":\"" + f.b +
                           "/bad.bvh\",\"line\":4,\"column\":3,\"message\":\"malformed OFFSET: expected 3 numbers, "
                           "found 2\"}},\n",
                       0),
      0u)
      << result.out;
  // Each pair's entry is what compare prints for the two files.
  const auto walk = run_bvhscope({"compare", f.a + "/walk.bvh", f.b + "/walk.bvh", "--json", "--units", "m"});
  EXPECT_TRUE(holds(result.out, ",\n" + walk.out.substr(0, walk.out.size() - 1) + "\n],\n")) << result.out;
  EXPECT_TRUE(holds(result.out, "\n\"unpaired\": {\"reference\":[\"" + f.a + "/only_a.bvh\"],\"other\":[\"" + f.b +
                                    "/only_b.bvh\"]},\n"))
      << result.out;
  EXPECT_TRUE(holds(result.out,
                    "\"aggregate\": {\"pairs\":3,\"compared\":2,\"failed\":1,\"unit\":\"m\","
                    "\"mpjpe_mean\":5,\"mpjpe_median\":5,\"pa_mpjpe_mean\":0,\"pa_mpjpe_median\":0,"
                    "\"per_joint\":[{\"name\":\"Hips\",\"mean\":5,\"pairs\":2},"))
      << result.out;
  EXPECT_TRUE(result.out.ends_with("\"worst_pairs\":[{\"reference\":\"" + f.a + "/walk.bvh\",\"other\":\"" + f.b +
                                   "/walk.bvh\",\"mpjpe\":10},{\"reference\":\"" + f.a + "/run.bvh\",\"other\":\"" +
                                   f.b + "/run.bvh\",\"mpjpe\":0}]}}\n"))
      << result.out;
}

TEST(CompareFolders, CsvHasARowPerPairAndIndexPairingFollowsTheOrder) {
  PairedFolders f;
  const std::string csv = (f.dir.path() / "pairs.csv").string();
  const auto result = run_bvhscope({"compare", f.a, f.b, "--csv", csv, "--pair-by", "index", "--units", "m"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(test::read_file(csv),
            "reference,other,frames,mpjpe,pa_mpjpe,max_error,unit,worst_frame,worst_joint,error\n" + f.a + "/bad.bvh," +
                f.b + "/bad.bvh,,,,,,,,\"" + f.b +
                "/bad.bvh:4:3: error: malformed OFFSET: expected 3 numbers, found 2\"\n" + f.a + "/only_a.bvh," + f.b +
                "/only_b.bvh,3,0,0,0,m,0,Hips,\n" + f.a + "/run.bvh," + f.b + "/run.bvh,3,0,0,0,m,0,Hips,\n" + f.a +
                "/walk.bvh," + f.b + "/walk.bvh,3,10,0,10,m,0,Hips,\n");
  EXPECT_TRUE(holds(result.out, "only_a.bvh ~ only_b.bvh: MPJPE 0.0000")) << result.out;
  EXPECT_TRUE(holds(result.out, "(paired by order)\n")) << result.out;
  EXPECT_FALSE(holds(result.out, "unpaired")) << result.out;
}

TEST(CompareFolders, UsageErrorsAndFoldersWithNoPairs) {
  PairedFolders f;
  const auto mixed = run_bvhscope({"compare", f.a, f.b + "/walk.bvh"});
  EXPECT_EQ(mixed.exit_code, 2);
  EXPECT_EQ(mixed.err, "bvhscope: compare: " + f.a +
                           " is a folder and the other a file: compare two files or two folders\nTry 'bvhscope "
                           "--help'.\n");
  const auto pair_by = run_bvhscope({"compare", f.a, f.b, "--pair-by", "size"});
  EXPECT_EQ(pair_by.exit_code, 2);
  EXPECT_EQ(pair_by.err, "bvhscope: compare: --pair-by must be name or index, not 'size'\nTry 'bvhscope --help'.\n");
  const auto files = run_bvhscope({"compare", f.a + "/run.bvh", f.b + "/run.bvh", "--jobs", "2"});
  EXPECT_EQ(files.exit_code, 2);
  const auto into_input = run_bvhscope({"compare", f.a, f.b, "--csv", f.b + "/run.bvh"});
  EXPECT_EQ(into_input.exit_code, 2);
  EXPECT_TRUE(holds(into_input.err, "nothing was written")) << into_input.err;
  test::TempDir other;
  (void)other.write("jump.bvh", standing(0));
  const auto none = run_bvhscope({"compare", f.a, other.path().string()});
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_EQ(none.err, "bvhscope: compare: no file of " + f.a + " has a partner in " + other.path().string() +
                          " by name (the same name without its extension; --pair-by index pairs them in order)\n");
}

}  // namespace
}  // namespace bvhscope
