// bvhscope compare end to end: the text and JSON reports, the per-frame CSV, alignments, offsets,
// renamed joints, and the usage and input errors with their exit codes.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "bvh_builder.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;

// Hips (6 channels) -> Chest (0 10 0) -> End Site (0 5 0), 3 frames at 0.1 s; each row is
// "Xpos Ypos Zpos HipsZ HipsX HipsY ChestZ ChestX ChestY".
std::string clip(const std::vector<std::string>& rows, const std::string& hips = "Hips",
                 const std::string& chest = "Chest", const std::string& frame_time = "0.1") {
  return test::BvhBuilder()
      .root(hips, {0, 0, 0}, test::kPositionsZXY)
      .joint(chest, hips, {0, 10, 0}, test::kRotationsZXY)
      .end_site(chest, {0, 5, 0})
      .frame_time(std::stod(frame_time))
      .frame_lines(rows)
      .text();
}

const std::vector<std::string> kBase = {"0 0 0 0 0 0 30 0 0", "1 0 0 0 0 0 30 0 0", "2 0 0 0 0 0 30 0 0"};
const std::vector<std::string> kMoved = {"10 0 0 0 0 0 30 0 0", "11 0 0 0 0 0 30 0 0", "12 0 0 0 0 0 30 0 0"};

// Upright (no rotation): every position is a whole number, so errors are exact.
const std::vector<std::string> kStraight = {"0 0 0 0 0 0 0 0 0", "1 0 0 0 0 0 0 0 0", "2 0 0 0 0 0 0 0 0"};
const std::vector<std::string> kStraightMoved = {"10 0 0 0 0 0 0 0 0", "11 0 0 0 0 0 0 0 0", "12 0 0 0 0 0 0 0 0"};

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(CliCompare, AClipAgainstItselfAndAMovedCopy) {
  test::TempDir dir;
  const std::string ref = dir.write("ref.bvh", clip(kBase)).string();
  const std::string moved = dir.write("moved.bvh", clip(kMoved)).string();
  const auto same = run_bvhscope({"compare", ref, ref});
  EXPECT_EQ(same.exit_code, 0) << same.err;
  EXPECT_EQ(same.err, "");
  EXPECT_TRUE(has(same.out, "MPJPE:           0.0000 (0.0000 m)\n")) << same.out;
  EXPECT_TRUE(has(same.out, "frames compared: 3 (reference frames 0..2)\n")) << same.out;

  const auto none = run_bvhscope({"compare", ref, moved, "--align", "none"});
  EXPECT_EQ(none.exit_code, 0) << none.err;
  EXPECT_TRUE(has(none.out, "MPJPE:           10.0000")) << none.out;
  const auto root = run_bvhscope({"compare", ref, moved, "--align=root"});
  EXPECT_EQ(root.exit_code, 0) << root.err;
  EXPECT_TRUE(has(root.out, "MPJPE:           0.0000")) << root.out;
}

// A real capture against itself: every error exactly 0, PA-MPJPE too (the Procrustes fit of the same
// points moves none of them, where its arithmetic alone left 3e-19).
TEST(CliCompare, ACaptureAgainstItselfIsExactlyZeroAfterEveryAlignment) {
  const std::string cmu = (test::corpus_dir() / "assimp__01_01.bvh").string();
  for (const char* align : {"none", "root", "rigid", "procrustes"}) {
    const auto same = run_bvhscope({"compare", cmu, cmu, "--frames", "0:99", "--align", align, "--json"});
    ASSERT_EQ(same.exit_code, 0) << same.err;
    for (const char* part : {"\"mpjpe\":0,", "\"pa_mpjpe\":0,", "\"max_error\":0,"})
      EXPECT_TRUE(has(same.out, part)) << align << ": " << part << " in " << same.out.substr(0, 400);
  }
}

TEST(CliCompare, UnitsGivenTakeBothClipsInThatUnit) {
  test::TempDir dir;
  const std::string ref = dir.write("ref.bvh", clip(kStraight)).string();
  const std::string moved = dir.write("moved.bvh", clip(kStraightMoved)).string();
  // 10 units apart: 10 mm is 0.01 m, 10 ft is 3.048 m.
  const auto mm = run_bvhscope({"compare", ref, moved, "--json", "--units", "mm"});
  EXPECT_EQ(mm.exit_code, 0) << mm.err;
  EXPECT_TRUE(has(mm.out, "\"unit\":\"mm (--units)\",\"metres_per_unit\":0.001,\"other_scale\":1,")) << mm.out;
  EXPECT_TRUE(has(mm.out, "\"mpjpe\":10,\"mpjpe_m\":0.01,")) << mm.out;
  const auto feet = run_bvhscope({"compare", ref, moved, "--units", "ft"});
  EXPECT_EQ(feet.exit_code, 0) << feet.err;
  EXPECT_TRUE(has(feet.out, "MPJPE:           10.0000 (3.0480 m)")) << feet.out;
  const auto bad = run_bvhscope({"compare", ref, moved, "--units", "furlongs"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(has(bad.err, "compare: --units must be m, cm, mm, in, ft or metres per unit, not 'furlongs'")) << bad.err;
}

TEST(CliCompare, JsonHasTheContractKeysAndExactValues) {
  test::TempDir dir;
  const std::string ref = dir.write("ref.bvh", clip(kStraight)).string();
  const std::string moved = dir.write("moved.bvh", clip(kStraightMoved)).string();
  const auto result = run_bvhscope({"compare", ref, moved, "--json"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "");
  const std::string& json = result.out;
  for (const char* part :
       {"\"align\":\"none\"", "\"offset\":0", "\"frames_compared\":3", "\"mpjpe\":10,", "\"max_error\":10,",
        "\"worst_frame\":0", "\"worst_joint\":\"Hips\"", "\"mpjpe_m\":", "\"other_scale\":1,",
        "\"per_joint\":[{\"name\":\"Hips\",\"other_name\":\"Hips\",\"mean\":10,\"max\":10},",
        "{\"name\":\"ChestEnd\",\"other_name\":\"ChestEnd\",\"mean\":10,\"max\":10}]",
        "\"unmatched\":{\"reference\":[],\"other\":[]}"}) {
    EXPECT_TRUE(has(json, part)) << part << " in " << json;
  }
  EXPECT_EQ(json.front(), '{');
  EXPECT_EQ(json.substr(json.size() - 2), "}\n");
}

TEST(CliCompare, RenamedJointsOffsetsAndUnmatchedJoints) {
  test::TempDir dir;
  const std::string ref = dir.write("ref.bvh", clip(kBase)).string();
  const std::string renamed = dir.write("renamed.bvh", clip(kBase, "mixamorig:Hips", "chest")).string();
  const auto matched = run_bvhscope({"compare", ref, renamed, "--json"});
  EXPECT_EQ(matched.exit_code, 0) << matched.err;
  EXPECT_TRUE(has(matched.out, "\"mpjpe\":0,")) << matched.out;
  EXPECT_TRUE(has(matched.out, "\"unmatched\":{\"reference\":[],\"other\":[]}")) << matched.out;

  const std::string tail = dir.write("tail.bvh", clip(kBase, "Hips", "Tail")).string();
  const auto unmatched = run_bvhscope({"compare", ref, tail});
  EXPECT_EQ(unmatched.exit_code, 0) << unmatched.err;
  EXPECT_TRUE(has(unmatched.out, "unmatched in reference: Chest, ChestEnd\n")) << unmatched.out;
  EXPECT_TRUE(has(unmatched.out, "unmatched in other:     Tail, TailEnd\n")) << unmatched.out;
  const std::string map = dir.write("map.csv", "# reference,other\nChest , Tail\r\n").string();
  const auto mapped = run_bvhscope({"compare", ref, tail, "--map", map, "--json"});
  EXPECT_EQ(mapped.exit_code, 0) << mapped.err;
  EXPECT_TRUE(has(mapped.out, "\"mpjpe\":0,")) << mapped.out;

  const std::string shifted =
      dir.write("shifted.bvh", clip({"9 0 0 0 0 0 0 0 0", kBase[0], kBase[1], kBase[2]})).string();
  const auto offset = run_bvhscope({"compare", ref, shifted, "--offset", "1", "--json"});
  EXPECT_EQ(offset.exit_code, 0) << offset.err;
  EXPECT_TRUE(has(offset.out, "\"offset\":1,")) << offset.out;
  EXPECT_TRUE(has(offset.out, "\"mpjpe\":0,")) << offset.out;
  EXPECT_TRUE(has(offset.out, "\"frames_compared\":3,")) << offset.out;
}

TEST(CliCompare, RigidAlignmentAndDifferentRates) {
  test::TempDir dir;
  const std::string ref = dir.write("ref.bvh", clip(kBase)).string();
  const std::string turned =
      dir.write("turned.bvh", clip({"0 0 0 0 0 90 30 0 0", "1 0 0 0 0 90 30 0 0", "2 0 0 0 0 90 30 0 0"})).string();
  const auto root = run_bvhscope({"compare", ref, turned, "--align", "root"});
  EXPECT_EQ(root.exit_code, 0) << root.err;
  EXPECT_FALSE(has(root.out, "MPJPE:           0.0000")) << root.out;
  const auto rigid = run_bvhscope({"compare", ref, turned, "--align", "rigid"});
  EXPECT_EQ(rigid.exit_code, 0) << rigid.err;
  EXPECT_TRUE(has(rigid.out, "MPJPE:           0.0000")) << rigid.out;
  EXPECT_TRUE(has(rigid.out, "align:           rigid (about +y)\n")) << rigid.out;

  const std::string fast =
      dir.write("fast.bvh", clip({"0 0 0 0 0 0 30 0 0", "0.5 0 0 0 0 0 30 0 0", "1 0 0 0 0 0 30 0 0",
                                  "1.5 0 0 0 0 0 30 0 0", "2 0 0 0 0 0 30 0 0"},
                                 "Hips", "Chest", "0.05"))
          .string();
  const auto rates = run_bvhscope({"compare", ref, fast, "--json"});
  EXPECT_EQ(rates.exit_code, 0) << rates.err;
  EXPECT_TRUE(has(rates.out, "\"mpjpe\":0,")) << rates.out;
}

TEST(CliCompare, PerFrameCsv) {
  test::TempDir dir;
  const std::string ref = dir.write("ref.bvh", clip(kStraight)).string();
  const std::string moved = dir.write("moved.bvh", clip(kStraightMoved)).string();
  const std::string csv = (dir.path() / "frames.csv").string();
  const auto result = run_bvhscope({"compare", ref, moved, "--csv", csv, "--frames", "1:2"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(test::read_file(csv),
            "frame,mean_error,Hips,Chest,ChestEnd\n"
            "1,10,10,10,10\n"
            "2,10,10,10,10\n");
}

// `text` with every OFFSET and the root's three position channels (the first three values of a
// frame line) multiplied by `factor`: the same motion in another length unit.
std::string scaled(const std::string& text, double factor) {
  std::istringstream in(text);
  std::ostringstream out;
  std::string line;
  bool motion = false;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string first;
    words >> first;
    if (first == "OFFSET") {
      double x = 0, y = 0, z = 0;
      words >> x >> y >> z;
      out << "OFFSET " << x * factor << ' ' << y * factor << ' ' << z * factor << '\n';
      continue;
    }
    if (motion && !first.empty()) {
      std::istringstream values(line);
      double value = 0;
      for (int i = 0; values >> value; ++i) out << (i > 0 ? " " : "") << (i < 3 ? value * factor : value);
      out << '\n';
      continue;
    }
    if (first == "Frame") motion = true;
    out << line << '\n';
  }
  return out.str();
}

TEST(CliCompare, AnotherUnitIsScaledIntoTheReferences) {
  test::TempDir dir;
  const std::string walk = (test::corpus_dir() / "edin-m__walk1.bvh").string();  // inches
  const std::string cm = dir.write("walk_cm.bvh", scaled(test::read_file(walk), 2.54)).string();
  const auto result = run_bvhscope({"compare", walk, cm, "--json"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(has(result.out, "\"unit\":\"inches\",\"metres_per_unit\":0.0254,")) << result.out;
  EXPECT_TRUE(has(result.out, "\"other_scale_reason\":\"other in centimetres, reference in inches\"")) << result.out;
  const auto text = run_bvhscope({"compare", walk, cm});
  EXPECT_TRUE(has(text.out, "MPJPE:           0.000")) << text.out;  // 6-digit text: below 0.001 inch
  EXPECT_TRUE(has(text.out, "other scaled by 0.3937")) << text.out;
}

TEST(CliCompare, UsageAndInputErrors) {
  EXPECT_TRUE(has(run_bvhscope({"--help"}).out, "bvhscope compare REF OTHER [--json]"));
  test::TempDir dir;
  const std::string ref = dir.write("ref.bvh", clip(kBase)).string();
  const auto one = run_bvhscope({"compare", ref});
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_EQ(one.err,
            "bvhscope: compare: expected two FILEs (REFERENCE OTHER) or two folders\nTry 'bvhscope --help'.\n");
  const auto align = run_bvhscope({"compare", ref, ref, "--align", "twist"});
  EXPECT_EQ(align.exit_code, 2);
  EXPECT_EQ(
      align.err,
      "bvhscope: compare: --align must be none, root, rigid or procrustes, not 'twist'\nTry 'bvhscope --help'.\n");
  EXPECT_EQ(run_bvhscope({"compare", ref, ref, "--frames", "3:1"}).exit_code, 2);
  EXPECT_EQ(run_bvhscope({"compare", ref, ref, "--offset", "x"}).exit_code, 2);
  const auto overwrite = run_bvhscope({"compare", ref, ref, "--csv", ref});
  EXPECT_EQ(overwrite.exit_code, 2);
  EXPECT_EQ(test::read_file(ref), clip(kBase));
  const auto missing = run_bvhscope({"compare", ref, (dir.path() / "missing.bvh").string()});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_TRUE(has(missing.err, "missing.bvh: error: ")) << missing.err;
  const auto far = run_bvhscope({"compare", ref, ref, "--offset", "50"});
  EXPECT_EQ(far.exit_code, 1);
  EXPECT_TRUE(has(far.err, "ref.bvh: error: no frame of")) << far.err;
}

TEST(CliCompare, AMapNamingMissingJointsIsAnErrorAndFewMatchesAreWarned) {
  const std::string cmu = (test::corpus_dir() / "assimp__01_01.bvh").string();
  const std::string daz = (test::corpus_dir() / "creativeinquiry__05_20-daz.bvh").string();
  // Two rigs named apart: two of CMU's 31 joints match DAZ's by name (case aside).
  const auto few = run_bvhscope({"compare", cmu, daz, "--frames", "0:9"});
  EXPECT_EQ(few.exit_code, 0) << few.err;
  EXPECT_EQ(few.err, cmu +
                         ": warning: only 2 of its 31 joints matched the other's by name; --map MAP.csv pairs the "
                         "others\n");
  // A map line naming a joint that is not there: every such name, with its line; nothing compared.
  test::TempDir dir;
  const auto map = dir.write("map.csv", "# cmu,daz\nHips,hip\nNoSuch,abdomen\nHead,Skull\n");
  const auto missing = run_bvhscope({"compare", cmu, daz, "--map", map.string()});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, map.string() +
                             ":3:1: error: the reference has no joint 'NoSuch' (line 3); the other has no joint "
                             "'Skull' (line 4)\n");
  EXPECT_EQ(missing.out, "");
  // A map that pairs a few more: still few, said without asking for the map it was given.
  const auto short_map = dir.write("short.csv", "Hips,hip\nHead,head\nNeck,neck\n");
  const auto mapped = run_bvhscope({"compare", cmu, daz, "--map", short_map.string(), "--frames", "0:9"});
  EXPECT_EQ(mapped.exit_code, 0) << mapped.err;
  EXPECT_EQ(mapped.err, cmu + ": warning: only 3 of its 31 joints are paired with the other's, by name or by " +
                            short_map.string() + "; the others are left out of the numbers\n");
}

}  // namespace
}  // namespace bvhscope

namespace bvhscope {
namespace {

// Hips -> Chest -> End Site, and Hips -> LeftHand -> LeftFinger -> End Site: 12 frames, the Chest
// turning and the hand moving, the root walking 1 unit a frame; `first` is the first frame's time.
std::string with_hand(int frames, int first) {
  return test::BvhBuilder()
      .root("Hips", {0, 0, 0}, test::kPositionsZXY)
      .joint("Chest", "Hips", {0, 10, 0}, test::kRotationsZXY)
      .end_site("Chest", {0, 5, 0})
      .joint("LeftHand", "Hips", {8, 10, 0}, test::kRotationsZXY)
      .joint("LeftFinger", "LeftHand", {2, 0, 0}, test::kRotationsZXY)
      .end_site("LeftFinger", {1, 0, 0})
      .frame_time(0.1)
      .frames(frames,
              [first](int f) {
                const double t = f + first;
                return std::vector<double>{t, 0, 0, 0, 0, 0, 3 * t, 0, 0, 0, 0, 5 * t, 0, 0, 0};
              })
      .text();
}

TEST(CliCompare, JointsChoosesTheSetAndTheJsonSaysWhichWereLeftOut) {
  test::TempDir dir;
  const std::string a = dir.write("a.bvh", with_hand(12, 0)).string();
  const std::string b = dir.write("b.bvh", with_hand(12, 0)).string();
  const auto body = run_bvhscope({"compare", a, b, "--joints", "body", "--json"});
  ASSERT_EQ(body.exit_code, 0) << body.err;
  EXPECT_TRUE(has(body.out,
                  "\"joint_set\":\"body\",\"left_out\":[\"ChestEnd\",\"LeftFinger\",\"LeftFingerEnd\"],"
                  "\"per_joint\":[{\"name\":\"Hips\","))
      << body.out;
  const auto hands = run_bvhscope({"compare", a, b, "--joints", "hands"});
  EXPECT_TRUE(has(hands.out,
                  "joints matched:  3 in the joint set (--joints hands; 3 matched left out: Hips, Chest, "
                  "ChestEnd)\n"))
      << hands.out;
  const auto listed = run_bvhscope({"compare", a, b, "--joints", "Chest,Tail,Wing"});
  EXPECT_EQ(listed.exit_code, 1);
  EXPECT_EQ(listed.err, a + ": error: --joints names joints it does not have: 'Tail', 'Wing'\n");
  const auto empty = run_bvhscope({"compare", a, b, "--joints", "Chest,"});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_EQ(empty.err,
            "bvhscope: compare: --joints must be all, body, hands or a list of joint names (A,B,C), not 'Chest,'\nTry "
            "'bvhscope --help'.\n");
  const auto all = run_bvhscope({"compare", a, b, "--json"});
  EXPECT_TRUE(has(all.out, "\"joint_set\":\"all\",\"left_out\":[],")) << all.out;
}

TEST(CliCompare, OffsetAutoFindsTheShiftAndSaysHowItSearched) {
  test::TempDir dir;
  const std::string a = dir.write("a.bvh", with_hand(40, 0)).string();
  const std::string later = dir.write("later.bvh", with_hand(30, 6)).string();  // its frame 0 is a's frame 6
  const auto text = run_bvhscope({"compare", a, later, "--offset", "auto"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_TRUE(has(text.out, "offset:          -6 frames (--offset auto: the least MPJPE of offsets -24 to 14, "))
      << text.out;
  EXPECT_TRUE(has(text.out, "frames compared: 30 (reference frames 6..35)\n")) << text.out;
  EXPECT_TRUE(has(text.out, "MPJPE:           0.0000")) << text.out;
  const auto json = run_bvhscope({"compare", a, later, "--offset", "auto", "--json"});
  EXPECT_TRUE(has(json.out, "\"offset\":-6,\"offset_search\":{\"earliest\":-24,\"latest\":14,\"evaluations\":"))
      << json.out;
  const auto given = run_bvhscope({"compare", a, later, "--offset", "-6", "--json"});
  EXPECT_TRUE(has(given.out, "\"offset\":-6,\"offset_search\":null,")) << given.out;
  const auto bad = run_bvhscope({"compare", a, later, "--offset", "soon"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(has(bad.err, "--offset must be a number of frames or auto, not 'soon'")) << bad.err;
}

}  // namespace
}  // namespace bvhscope
