// compare's engine: joint matching by name and the position errors, checked against answers
// computed by hand on small clips (Hips -> Chest -> Head -> End Site).
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <string>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "anim/file_loader.hpp"
#include "anim/joint_matching.hpp"
#include "anim/motion_compare.hpp"
#include "anim/pose.hpp"
#include "anim/position_mode.hpp"
#include "bvh_builder.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

// Hips (6 channels) -> Chest (0 10 0) -> Head (0 5 0) -> End Site (0 2 0); each row is
// "Xpos Ypos Zpos HipsZ HipsX HipsY ChestZ ChestX ChestY HeadZ HeadX HeadY".
std::string chain(const std::vector<std::string>& rows, const std::string& frame_time = "0.1",
                  const std::string& hips = "Hips", const std::string& chest = "Chest",
                  const std::string& head = "Head") {
  return test::BvhBuilder()
      .root(hips, {0, 0, 0}, test::kPositionsZXY)
      .joint(chest, hips, {0, 10, 0}, test::kRotationsZXY)
      .joint(head, chest, {0, 5, 0}, test::kRotationsZXY)
      .end_site(head, {0, 2, 0})
      .frame_time(std::stod(frame_time))
      .frame_lines(rows)
      .text();
}

const std::vector<std::string> kBase = {"0 0 0 0 0 0 30 0 0 0 0 0", "1 0 0 0 0 0 30 0 0 0 0 0",
                                        "2 0 0 0 0 0 30 0 0 0 0 0"};

CompareResult compare(const std::string& reference, const std::string& other, CompareOptions options = {}) {
  const Clip ref = test::parse_ok(reference, "ref.bvh");
  const Clip oth = test::parse_ok(other, "other.bvh");
  Result<CompareResult> result = compare_motion(ref, oth, options);
  EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().message);
  return std::move(result).value();
}

constexpr double kTolerance = 1e-4;

TEST(CompareMatching, ExactThenCaseAndPrefixesThenEndSitesThroughParents) {
  EXPECT_EQ(normalized_joint_name("mixamorig:LeftArm"), "leftarm");
  EXPECT_EQ(normalized_joint_name("mixamorig1:Hips"), "hips");
  EXPECT_EQ(normalized_joint_name("Bip01 Spine"), "spine");
  EXPECT_EQ(normalized_joint_name("bip01_Spine"), "spine");
  EXPECT_EQ(normalized_joint_name("Character1_Head"), "head");
  EXPECT_EQ(normalized_joint_name("Rig:Character1_Head"), "head");
  const Clip ref = test::parse_ok(chain(kBase));
  const Clip other = test::parse_ok(chain(kBase, "0.1", "mixamorig:Hips", "CHEST", "Bip01_Head"));
  const JointMatching matching = match_joints(ref.skeleton, other.skeleton);
  ASSERT_EQ(matching.pairs.size(), 4u);
  for (int j = 0; j < 4; ++j) {
    EXPECT_EQ(matching.pairs[static_cast<std::size_t>(j)].reference, j);
    EXPECT_EQ(matching.pairs[static_cast<std::size_t>(j)].other, j);
  }
  EXPECT_TRUE(matching.unmatched_reference.empty());
  EXPECT_TRUE(matching.unmatched_other.empty());
}

TEST(CompareMatching, UnmatchedJointsOfBothSidesAreListed) {
  const Clip ref = test::parse_ok(chain(kBase));
  const Clip other = test::parse_ok(chain(kBase, "0.1", "Hips", "Chest", "Tail"));
  const JointMatching matching = match_joints(ref.skeleton, other.skeleton);
  ASSERT_EQ(matching.pairs.size(), 2u);
  EXPECT_EQ(matching.unmatched_reference, (std::vector<int>{2, 3}));  // Head, HeadEnd
  EXPECT_EQ(matching.unmatched_other, (std::vector<int>{2, 3}));      // Tail, TailEnd
  const JointMatching mapped = match_joints(ref.skeleton, other.skeleton, {{"Head", "Tail"}});
  EXPECT_EQ(mapped.pairs.size(), 4u);
  EXPECT_TRUE(mapped.unmatched_reference.empty());
}

TEST(CompareMatching, AJointMapIsReadLineByLineWithLocatedErrors) {
  const auto pairs = parse_joint_map("# ref,other\r\n\n Chest ,\tTail \r\nHead,Top", "map.csv");
  ASSERT_TRUE(pairs.ok());
  ASSERT_EQ(pairs.value().size(), 2u);
  EXPECT_EQ(pairs.value()[0].first, "Chest");
  EXPECT_EQ(pairs.value()[0].second, "Tail");
  EXPECT_EQ(pairs.value()[1].second, "Top");
  const auto bad = parse_joint_map("Chest,Tail\nHead\n", "map.csv");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().line, 2);
  EXPECT_EQ(bad.error().column, 1);
  EXPECT_EQ(bad.error().message, "expected 'reference name,other name'");
  EXPECT_FALSE(parse_joint_map("Chest, \n", "map.csv").ok());
  // A spreadsheet's byte order mark, indented comments and blank lines of spaces are no pairs.
  const auto excel = parse_joint_map("\xEF\xBB\xBFHips,Pelvis\r\n  # a comment\r\n \t \r\nHead,Top\r\n", "map.csv");
  ASSERT_TRUE(excel.ok());
  ASSERT_EQ(excel.value().size(), 2u);
  EXPECT_EQ(excel.value()[0].first, "Hips");
}

TEST(CompareMatching, EndSitesNeedOneEndSitePerParentOnBothSides) {
  // Hips carries two End Sites (both named HipsEnd): neither can be told apart, so neither matches.
  const std::string two_ends = test::BvhBuilder()
                                   .root("Rig:Hips", {0, 0, 0}, "Xposition Yposition Zposition")
                                   .end_site("Rig:Hips", {1, 0, 0})
                                   .end_site("Rig:Hips", {-1, 0, 0})
                                   .frame_time(0.1)
                                   .frame({0, 0, 0})
                                   .text();
  const std::string one_end = test::BvhBuilder()
                                  .root("HIPS", {0, 0, 0}, "Xposition Yposition Zposition")
                                  .end_site("HIPS", {1, 0, 0})
                                  .frame_time(0.1)
                                  .frame({0, 0, 0})
                                  .text();
  const Clip two = test::parse_ok(two_ends);
  const Clip one = test::parse_ok(one_end);
  const JointMatching matching = match_joints(two.skeleton, one.skeleton);
  ASSERT_EQ(matching.pairs.size(), 1u);  // Rig:Hips = HIPS through the namespace and the case
  EXPECT_EQ(matching.pairs[0].reference, 0);
  EXPECT_EQ(matching.unmatched_reference, (std::vector<int>{1, 2}));
  EXPECT_EQ(matching.unmatched_other, (std::vector<int>{1}));
  // A map naming joints that do not exist changes nothing.
  EXPECT_EQ(match_joints(two.skeleton, one.skeleton, {{"Nope", "HIPS"}}).pairs.size(), 1u);
}

TEST(CompareMotion, AClipAgainstItselfIsZero) {
  const CompareResult result = compare(chain(kBase), chain(kBase));
  EXPECT_EQ(result.frames_compared, 3u);
  EXPECT_EQ(result.mpjpe, 0.0);
  EXPECT_EQ(result.max_error, 0.0);
}

TEST(CompareMotion, AClipAgainstItselfIsExactlyZeroAtA120HzFrameTime) {
  // k x 0.008333 / 0.008333 is not always k in floating point: whole frames must stay whole, or
  // the other clip is interpolated a rounding error away from its frame (it read 3e-8 before).
  std::vector<std::string> rows;
  for (int f = 0; f < 400; ++f) {
    rows.push_back(std::to_string(f * 0.37) + " 0 0 " + std::to_string(f * 1.3) + " 0 0 " + std::to_string(f * 0.9) +
                   " 0 " + std::to_string(-f * 0.7) + " 0 0 " + std::to_string(f * 0.5));
  }
  const CompareResult result = compare(chain(rows, "0.008333"), chain(rows, "0.008333"));
  EXPECT_EQ(result.frames_compared, 400u);
  EXPECT_EQ(result.mpjpe, 0.0);
  EXPECT_EQ(result.max_error, 0.0);
}

TEST(CompareMotion, RootMovedTenUnitsIsTenWithoutAlignmentAndZeroWithRoot) {
  const std::vector<std::string> moved = {"10 0 0 0 0 0 30 0 0 0 0 0", "11 0 0 0 0 0 30 0 0 0 0 0",
                                          "12 0 0 0 0 0 30 0 0 0 0 0"};
  const CompareResult none = compare(chain(kBase), chain(moved));
  EXPECT_NEAR(none.mpjpe, 10.0, kTolerance);
  EXPECT_NEAR(none.max_error, 10.0, kTolerance);
  for (const JointError& joint : none.per_joint) EXPECT_NEAR(joint.mean, 10.0, kTolerance);
  CompareOptions root;
  root.alignment = Alignment::Root;
  EXPECT_NEAR(compare(chain(kBase), chain(moved), root).mpjpe, 0.0, kTolerance);
}

TEST(CompareMotion, AJointTurnedMovesEachDescendantByItsChord) {
  // Chest turned a further 90 degrees about Z in frame 1 only: Head (r = 5 from Chest) moves by
  // 2 * 5 * sin(45 deg) = 5 sqrt 2, the End Site (r = 7) by 7 sqrt 2; Hips and Chest stay.
  std::vector<std::string> turned = kBase;
  turned[1] = "1 0 0 0 0 0 120 0 0 0 0 0";
  const CompareResult result = compare(chain(kBase), chain(turned));
  const double root2 = std::sqrt(2.0);
  ASSERT_EQ(result.per_joint.size(), 4u);
  EXPECT_NEAR(result.errors[1 * 4 + 0], 0.0, kTolerance);
  EXPECT_NEAR(result.errors[1 * 4 + 1], 0.0, kTolerance);
  EXPECT_NEAR(result.errors[1 * 4 + 2], 5.0 * root2, kTolerance);
  EXPECT_NEAR(result.errors[1 * 4 + 3], 7.0 * root2, kTolerance);
  EXPECT_NEAR(result.per_frame_mean[0], 0.0, kTolerance);
  EXPECT_NEAR(result.per_frame_mean[1], 3.0 * root2, kTolerance);  // (0 + 0 + 5 + 7) sqrt 2 / 4
  EXPECT_NEAR(result.mpjpe, root2, kTolerance);                    // one frame of three
  EXPECT_NEAR(result.per_joint[2].mean, 5.0 * root2 / 3.0, kTolerance);
  EXPECT_NEAR(result.per_joint[3].max, 7.0 * root2, kTolerance);
  EXPECT_NEAR(result.max_error, 7.0 * root2, kTolerance);
  EXPECT_EQ(result.worst_frame, 1u);
  EXPECT_EQ(result.worst_pair, 3u);
}

TEST(CompareMotion, DifferentFrameRatesAreSampledAtTheReferenceTimes) {
  // Root X and the Chest angle move linearly: 1 unit and 20 degrees per 0.1 s.
  const std::vector<std::string> ref = {"0 0 0 0 0 0 0 0 0 0 0 0", "1 0 0 0 0 0 20 0 0 0 0 0",
                                        "2 0 0 0 0 0 40 0 0 0 0 0"};
  const std::vector<std::string> twice = {"0 0 0 0 0 0 0 0 0 0 0 0", "0.5 0 0 0 0 0 10 0 0 0 0 0",
                                          "1 0 0 0 0 0 20 0 0 0 0 0", "1.5 0 0 0 0 0 30 0 0 0 0 0",
                                          "2 0 0 0 0 0 40 0 0 0 0 0"};
  const CompareResult fast = compare(chain(ref), chain(twice, "0.05"));
  EXPECT_EQ(fast.frames_compared, 3u);
  EXPECT_NEAR(fast.mpjpe, 0.0, kTolerance);
  // At half the rate the middle reference frame falls between two frames: slerp gives 20 degrees.
  const std::vector<std::string> half = {"0 0 0 0 0 0 0 0 0 0 0 0", "2 0 0 0 0 0 40 0 0 0 0 0"};
  const CompareResult slow = compare(chain(ref), chain(half, "0.2"));
  EXPECT_EQ(slow.frames_compared, 3u);
  EXPECT_NEAR(slow.mpjpe, 0.0, kTolerance);
  // A longer reference is compared only where the other clip has motion.
  const CompareResult overlap = compare(chain(twice, "0.05"), chain(ref));
  EXPECT_EQ(overlap.frames_compared, 5u);
  const CompareResult shorter = compare(chain(ref), chain({twice[0], twice[1], twice[2]}, "0.05"));
  EXPECT_EQ(shorter.frames_compared, 2u);  // reference times 0 and 0.1 only
}

TEST(CompareMotion, OffsetShiftsTheOtherClipByWholeFrames) {
  const std::vector<std::string> shifted = {"9 0 0 0 0 0 0 0 0 0 0 0", "9 0 0 0 0 0 0 0 0 0 0 0", kBase[0], kBase[1],
                                            kBase[2]};
  EXPECT_GT(compare(chain(kBase), chain(shifted)).mpjpe, 1.0);
  CompareOptions options;
  options.offset = 2;
  const CompareResult result = compare(chain(kBase), chain(shifted), options);
  EXPECT_EQ(result.frames_compared, 3u);
  EXPECT_NEAR(result.mpjpe, 0.0, kTolerance);
  options.frames = FrameRange{1, 1};
  const CompareResult one = compare(chain(kBase), chain(shifted), options);
  EXPECT_EQ(one.first_frame, 1u);
  EXPECT_EQ(one.frames_compared, 1u);
}

TEST(CompareMotion, RigidAlignmentUndoesATurnAboutTheUpAxis) {
  // The whole figure turned 90 degrees about Y (Hips Yrotation); Chest leans 30 degrees so the
  // Head and End Site are off the up axis.
  const std::vector<std::string> turned = {"0 0 0 0 0 90 30 0 0 0 0 0", "1 0 0 0 0 90 30 0 0 0 0 0",
                                           "2 0 0 0 0 90 30 0 0 0 0 0"};
  CompareOptions root;
  root.alignment = Alignment::Root;
  EXPECT_GT(compare(chain(kBase), chain(turned), root).mpjpe, 1.0);
  CompareOptions rigid;
  rigid.alignment = Alignment::Rigid;
  EXPECT_NEAR(compare(chain(kBase), chain(turned), rigid).mpjpe, 0.0, kTolerance);
}

TEST(CompareMotion, OtherScaleBringsUnitsTogetherAndErrorsAreValues) {
  std::vector<std::string> tenfold;
  for (int k = 0; k < 3; ++k) tenfold.push_back(std::to_string(k * 10) + " 0 0 0 0 0 30 0 0 0 0 0");
  std::string big = chain(tenfold);
  // Offsets ten times larger: Chest 100, Head 50, End Site 20.
  big.replace(big.find("OFFSET 0 10 0"), 13, "OFFSET 0 100 0");
  big.replace(big.find("OFFSET 0 5 0"), 12, "OFFSET 0 50 0");
  big.replace(big.find("OFFSET 0 2 0"), 12, "OFFSET 0 20 0");
  CompareOptions options;
  options.other_scale = 0.1;
  EXPECT_NEAR(compare(chain(kBase), big, options).mpjpe, 0.0, kTolerance);

  const Clip ref = test::parse_ok(chain(kBase));
  const Clip other = test::parse_ok(chain(kBase, "0.1", "A", "B", "C"));
  const Result<CompareResult> nothing = compare_motion(ref, other, {});
  ASSERT_FALSE(nothing.ok());
  CompareOptions far;
  far.offset = 100;
  EXPECT_FALSE(compare_motion(ref, ref, far).ok());
}

TEST(CompareMotion, AHalfFrameOffsetReadsBetweenTwoFrames) {
  // The root moves 1 unit a frame: half a frame later it is half a unit further, every joint too.
  CompareOptions options;
  options.offset = 0.5;
  const CompareResult result = compare(chain(kBase), chain(kBase), options);
  EXPECT_EQ(result.frames_compared, 2u);  // frame 2 + 0.5 is past the other's end
  EXPECT_NEAR(result.mpjpe, 0.5, 1e-6);
}

TEST(CompareAlignment, RootMovesTheOtherRootOntoTheReferenceRoot) {
  const std::vector<glm::dvec3> none;
  const FrameAlignment root =
      align_frame(Alignment::Root, none, none, glm::dvec3(1, 2, 3), glm::dvec3(10, 0, 0), 2.0, UpAxis::PosY);
  // (10, 0, 0) scaled by 2 is (20, 0, 0); it lands on (1, 2, 3); a point 1 unit above it 2 above.
  EXPECT_EQ(root.apply(glm::dvec3(10, 0, 0)), glm::dvec3(1, 2, 3));
  EXPECT_EQ(root.apply(glm::dvec3(10, 1, 0)), glm::dvec3(1, 4, 3));
  const FrameAlignment plain =
      align_frame(Alignment::None, none, none, glm::dvec3(1, 2, 3), glm::dvec3(10, 0, 0), 2.0, UpAxis::PosY);
  EXPECT_EQ(plain.apply(glm::dvec3(10, 1, 0)), glm::dvec3(20, 2, 0));
}

TEST(CompareAlignment, RigidUndoesAQuarterTurnAboutUpAndAShift) {
  // Reference points; the other's are the same turned 90 degrees about +Y ((x, y, z) -> (z, y, -x))
  // and moved by (5, 0, 7): the fit must turn them back and move them onto the reference exactly.
  const std::vector<glm::dvec3> reference = {{0, 0, 0}, {1, 1, 0}, {0, 2, 3}, {-2, 1, 1}};
  std::vector<glm::dvec3> other;
  for (const glm::dvec3& p : reference) other.push_back(glm::dvec3(p.z, p.y, -p.x) + glm::dvec3(5, 0, 7));
  const FrameAlignment rigid =
      align_frame(Alignment::Rigid, reference, other, reference[0], other[0], 1.0, UpAxis::PosY);
  for (std::size_t i = 0; i < reference.size(); ++i) {
    const glm::dvec3 back = rigid.apply(other[i]);
    EXPECT_NEAR(back.x, reference[i].x, 1e-12) << i;
    EXPECT_NEAR(back.y, reference[i].y, 1e-12) << i;
    EXPECT_NEAR(back.z, reference[i].z, 1e-12) << i;
  }
  // The turn back is -90 degrees about Y: the other's +X axis becomes the reference's +Z.
  const glm::dvec3 x_axis = rigid.rotation * glm::dvec3(1, 0, 0);
  EXPECT_NEAR(x_axis.x, 0.0, 1e-12);
  EXPECT_NEAR(x_axis.z, 1.0, 1e-12);
}

TEST(CompareAlignment, TheRigidTransformPutsTheOtherClipWhereCompareMeasuresIt) {
  // An inexact fit: the other clip turned about Y, shifted, scaled by 2 and with a bent Chest, so
  // that no turn makes it match. Moved by align_frame, each joint's distance to its partner is the
  // error compare_motion measured for it.
  const std::vector<std::string> other_rows = {"3 0 1 0 0 40 50 10 0 0 0 0", "4 0 1 0 0 45 60 5 0 0 0 0",
                                               "5 0 1 0 0 50 70 0 0 0 0 0"};
  const Clip ref = test::parse_ok(chain(kBase), "ref.bvh");
  const Clip other = test::parse_ok(chain(other_rows), "other.bvh");
  CompareOptions options;
  options.alignment = Alignment::Rigid;
  options.other_scale = 2.0;
  const Result<CompareResult> compared = compare_motion(ref, other, options);
  ASSERT_TRUE(compared.ok());
  const CompareResult& result = compared.value();
  ASSERT_GT(result.mpjpe, 1.0);
  Pose ref_pose;
  Pose other_pose;
  for (std::size_t k = 0; k < 3; ++k) {
    pose_frame(ref, k, PositionMode::Add, ref_pose);
    pose_frame(other, k, PositionMode::Add, other_pose);
    std::vector<glm::dvec3> ref_points;
    std::vector<glm::dvec3> other_points;
    for (const JointPair& pair : result.matching.pairs) {
      ref_points.emplace_back(ref_pose.position(pair.reference));
      other_points.emplace_back(other_pose.position(pair.other));
    }
    const FrameAlignment aligned =
        align_frame(Alignment::Rigid, ref_points, other_points, ref_points[0], other_points[0], 2.0, UpAxis::PosY);
    for (std::size_t j = 0; j < ref_points.size(); ++j) {
      const double distance = glm::length(aligned.apply(other_points[j]) - ref_points[j]);
      EXPECT_NEAR(distance, result.errors[k * ref_points.size() + j], 1e-9) << "frame " << k << ", joint " << j;
    }
  }
}

TEST(CompareAlignment, UnitScaleOnlyWhenBothGuessesAreKnownAndDiffer) {
  const UnitScale same = unit_scale({"centimetres", 0.01}, {"centimetres", 0.01});
  EXPECT_EQ(same.other_scale, 1.0);
  EXPECT_EQ(same.reason, "both in centimetres");
  const UnitScale mm = unit_scale({"centimetres", 0.01}, {"millimetres", 0.001});
  EXPECT_DOUBLE_EQ(mm.other_scale, 0.1);
  EXPECT_EQ(mm.reason, "other in millimetres, reference in centimetres");
  EXPECT_EQ(unit_scale({"unknown", 0.0}, {"metres", 1.0}).other_scale, 1.0);
}

// compare_motion poses frames four at a time on its own (for speed): every error must be the
// distance between pose_frame's positions, bit for bit, on real files of every rotation order and
// position mode, whatever the thread count.
TEST(CompareMotion, ErrorsAreTheDistancesBetweenPoseFramePositionsExactly) {
  std::size_t compared_files = 0;
  for (const std::filesystem::path& path : test::corpus_files()) {
    SCOPED_TRACE(path.filename().string());
    const Result<Clip> loaded = load_bvh_file(path.string());
    ASSERT_TRUE(loaded.ok());
    if (loaded.value().motion.frame_count < 3) continue;
    ++compared_files;
    const Clip& clip = loaded.value();
    const PositionMode mode = decide_position_mode(clip, PositionModeRequest::Auto).mode;
    // The other clip: the same, two frames later.
    CompareOptions options;
    options.offset = 2;
    options.reference_mode = mode;
    options.other_mode = mode;
    Result<CompareResult> one = [&] {
      CompareOptions single = options;
      single.threads = 1;
      return compare_motion(clip, clip, single);
    }();
    const Result<CompareResult> all = compare_motion(clip, clip, options);
    ASSERT_TRUE(one.ok());
    ASSERT_TRUE(all.ok());
    EXPECT_EQ(one.value().errors, all.value().errors);
    EXPECT_EQ(one.value().mpjpe, all.value().mpjpe);
    const CompareResult& result = all.value();
    Pose a;
    Pose b;
    const std::size_t pairs = result.matching.pairs.size();
    for (std::size_t f = 0; f < result.frames_compared; f += std::max<std::size_t>(1, result.frames_compared / 97)) {
      const std::size_t k = result.first_frame + f;
      pose_frame(clip, k, mode, a);
      pose_frame(clip, k + 2, mode, b);
      for (std::size_t j = 0; j < pairs; ++j) {
        const JointPair& pair = result.matching.pairs[j];
        const double expected =
            glm::length(glm::dvec3(a.position(pair.reference)) - glm::dvec3(b.position(pair.other)));
        ASSERT_EQ(result.errors[f * pairs + j], expected) << "frame " << k << ", joint " << j;
      }
    }
  }
  EXPECT_GE(compared_files, 15u) << "the corpus of " << test::corpus_dir();
}

TEST(CompareMotion, ACancelledComparisonStopsWithAnError) {
  std::vector<std::string> rows;
  for (int k = 0; k < 40000; ++k) rows.push_back(std::to_string(k) + " 0 0 0 0 0 30 0 0 0 0 0");
  const Clip clip = test::parse_ok(chain(rows));
  std::atomic<bool> cancel{true};
  CompareOptions options;
  options.cancel = &cancel;
  const Result<CompareResult> stopped = compare_motion(clip, clip, options);
  ASSERT_FALSE(stopped.ok());
  EXPECT_EQ(stopped.error().message, "cancelled");
  cancel = false;
  EXPECT_TRUE(compare_motion(clip, clip, options).ok());
}

TEST(CompareMotion, FrameRangesAndAlignmentsParse) {
  ASSERT_TRUE(parse_frame_range("2:5"));
  EXPECT_EQ(parse_frame_range("2:5")->first, 2u);
  EXPECT_EQ(parse_frame_range("2:5")->last, 5u);
  EXPECT_FALSE(parse_frame_range("5:2"));
  EXPECT_FALSE(parse_frame_range("-1:2"));
  EXPECT_FALSE(parse_frame_range("2"));
  EXPECT_FALSE(parse_frame_range("a:b"));
  EXPECT_EQ(parse_alignment("rigid"), Alignment::Rigid);
  EXPECT_FALSE(parse_alignment("Rigid"));
}

}  // namespace
}  // namespace bvhscope
