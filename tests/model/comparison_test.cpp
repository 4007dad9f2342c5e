// The viewer's comparison model without GL: a reference clip, every other clip compared with it on
// the worker thread with the clip set's time offsets, alignment and joint map; results follow the
// clips as they change (offsets, reloads, removal). Numbers are checked by hand on walking clips
// whose root moves 1 unit a frame, and against compare_motion with the command line's options.
#include "model/comparison.hpp"

#include <gtest/gtest.h>

#include <string>

#include "anim/bvh_parser.hpp"
#include "bvh_builder.hpp"
#include "model/error_scale.hpp"

namespace bvhscope::viewer {
namespace {

// Hips -> Head (0 50 0) -> End Site (0 10 0); the root walks along X by `speed` units a frame.
std::string walk_text(int frames, double speed = 1.0, const std::string& head = "Head") {
  return test::walk(
      frames, [speed](int f) { return test::BvhBuilder::Row{f * speed, 90, 0, 0, 0, 0, 0, 0, 0}; }, head);
}

Clip parsed(const std::string& text, const std::string& path) {
  Result<Clip> clip = parse_bvh(text, path);
  EXPECT_TRUE(clip.ok());
  return std::move(clip).value();
}

void add(ClipSet& set, const std::string& text, const std::string& path) {
  set.add_ready(prepare_clip(parsed(text, path), PositionModeRequest::Auto), false);
  set.take_requests();
}

const ClipComparison& only(const Comparison& comparison) {
  EXPECT_EQ(comparison.clips().size(), 1u);
  return comparison.clips().front();
}

TEST(Comparison, WithoutAReferenceNothingIsCompared) {
  ClipSet set;
  add(set, walk_text(10), "a.bvh");
  add(set, walk_text(10), "b.bvh");
  Comparison comparison;
  EXPECT_FALSE(comparison.update(set));
  EXPECT_FALSE(comparison.active());
  EXPECT_TRUE(comparison.clips().empty());
}

TEST(Comparison, EveryOtherClipIsComparedWithTheReference) {
  ClipSet set;
  add(set, walk_text(10), "a.bvh");
  add(set, walk_text(10), "b.bvh");
  add(set, walk_text(10, 2.0), "c.bvh");  // walks twice as fast
  Comparison comparison(false);           // jobs run in wait_idle: "computing" until then, whatever the timing
  comparison.set_reference(set[0].id);
  EXPECT_TRUE(comparison.update(set));
  ASSERT_EQ(comparison.clips().size(), 2u);
  EXPECT_EQ(comparison.clips()[0].status, ClipComparison::Status::Computing);
  comparison.wait_idle(set);
  const ClipComparison* same = comparison.of(set[1].id);
  const ClipComparison* fast = comparison.of(set[2].id);
  ASSERT_NE(same, nullptr);
  ASSERT_NE(fast, nullptr);
  EXPECT_EQ(comparison.of(set[0].id), nullptr);  // the reference itself
  ASSERT_EQ(same->status, ClipComparison::Status::Ready);
  EXPECT_EQ(same->result->mpjpe, 0.0);
  EXPECT_EQ(same->result->frames_compared, 10u);
  // At frame k the fast clip is k units further: every joint too; the mean over k = 0..9 is 4.5.
  ASSERT_EQ(fast->status, ClipComparison::Status::Ready);
  EXPECT_NEAR(fast->result->mpjpe, 4.5, 1e-9);
  EXPECT_NEAR(*fast->mean_at(3), 3.0, 1e-9);
  EXPECT_NEAR(*fast->error_at(9, 0), 9.0, 1e-9);
  EXPECT_FALSE(fast->mean_at(10));
  // Each joint knows its pair on both sides.
  EXPECT_EQ(fast->pair_of_joint, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(fast->pair_of_reference_joint, (std::vector<int>{0, 1, 2}));
}

TEST(Comparison, TimeOffsetsAreTheOffsetAndTheNumbersAreTheCommandLines) {
  ClipSet set;
  add(set, walk_text(20), "a.bvh");
  add(set, walk_text(20), "b.bvh");
  Comparison comparison;
  comparison.set_reference(set[0].id);
  // The other clip starts 2 frames (0.08 s) earlier: beside reference frame k it shows frame k + 2.
  set.set_time_offset(1, -0.08);
  EXPECT_NEAR(offset_in_reference_frames(set[0], set[1]), 2.0, 1e-12);
  comparison.update(set);
  comparison.wait_idle(set);
  const ClipComparison& shifted = only(comparison);
  ASSERT_EQ(shifted.status, ClipComparison::Status::Ready);
  EXPECT_NEAR(shifted.result->mpjpe, 2.0, 1e-9);
  EXPECT_EQ(shifted.result->frames_compared, 18u);
  // What `bvhscope compare a.bvh b.bvh --offset 2` computes.
  CompareOptions options;
  options.offset = 2;
  const Result<CompareResult> command_line = compare_motion(set[0].clip(), set[1].clip(), options);
  ASSERT_TRUE(command_line.ok());
  EXPECT_EQ(shifted.result->mpjpe, command_line.value().mpjpe);
  EXPECT_EQ(shifted.result->max_error, command_line.value().max_error);
  EXPECT_EQ(shifted.result->worst_frame, command_line.value().worst_frame);

  comparison.set_alignment(Alignment::Root);  // both roots subtracted: the shift is gone
  EXPECT_TRUE(comparison.update(set));
  comparison.wait_idle(set);
  EXPECT_EQ(only(comparison).options.alignment, Alignment::Root);
  EXPECT_NEAR(only(comparison).result->mpjpe, 0.0, 1e-9);
}

TEST(Comparison, NothingIsAskedAgainWhileNothingChanges) {
  ClipSet set;
  add(set, walk_text(10), "a.bvh");
  add(set, walk_text(10), "b.bvh");
  Comparison comparison;
  comparison.set_reference(set[0].id);
  comparison.update(set);
  comparison.wait_idle(set);
  const auto* result = only(comparison).result.get();
  EXPECT_FALSE(comparison.update(set));
  EXPECT_FALSE(comparison.busy());
  EXPECT_EQ(only(comparison).result.get(), result);
}

TEST(Comparison, AReloadedClipIsComparedAgain) {
  ClipSet set;
  add(set, walk_text(10), "a.bvh");
  add(set, walk_text(10), "b.bvh");
  Comparison comparison;
  comparison.set_reference(set[0].id);
  comparison.update(set);
  comparison.wait_idle(set);
  EXPECT_EQ(only(comparison).result->mpjpe, 0.0);
  // F5 on b.bvh after it changed on disk: the reload's outcome takes the clip's place.
  set.reload(set[1].id);
  const std::vector<LoadRequest> requests = set.take_requests();
  ASSERT_EQ(requests.size(), 1u);
  set.on_outcome(LoadOutcome{requests[0], prepare_clip(parsed(walk_text(10, 2.0), "b.bvh"), requests[0].mode),
                             requests[0].ticket, false});
  EXPECT_TRUE(comparison.update(set));
  comparison.wait_idle(set);
  EXPECT_NEAR(only(comparison).result->mpjpe, 4.5, 1e-9);
}

TEST(Comparison, RemovingTheReferenceEndsTheComparisonAndAClipTakesItsOwn) {
  ClipSet set;
  add(set, walk_text(10), "a.bvh");
  add(set, walk_text(10), "b.bvh");
  add(set, walk_text(10), "c.bvh");
  Comparison comparison;
  comparison.set_reference(set[0].id);
  comparison.update(set);
  comparison.wait_idle(set);
  ASSERT_EQ(comparison.clips().size(), 2u);
  const int c_id = set[2].id;
  set.remove(1);
  EXPECT_TRUE(comparison.update(set));
  ASSERT_EQ(comparison.clips().size(), 1u);
  EXPECT_EQ(comparison.clips().front().clip_id, c_id);
  EXPECT_EQ(comparison.clips().front().status, ClipComparison::Status::Ready);  // kept, not redone
  set.remove(0);
  EXPECT_TRUE(comparison.update(set));
  EXPECT_FALSE(comparison.active());
  EXPECT_TRUE(comparison.clips().empty());
}

TEST(Comparison, AJointMapPairsRenamedJointsAndNoMatchIsAFailureWithItsReason) {
  ClipSet set;
  add(set, walk_text(10), "a.bvh");
  // Every name differs from the reference's: Pelvis is not Hips, Top is not Head.
  std::string renamed = walk_text(10, 1.0, "Top");
  renamed.replace(renamed.find("ROOT Hips"), 9, "ROOT Pelvis");
  add(set, renamed, "b.bvh");
  Comparison comparison;
  comparison.set_reference(set[0].id);
  comparison.update(set);
  comparison.wait_idle(set);
  ASSERT_EQ(only(comparison).status, ClipComparison::Status::Failed);
  EXPECT_EQ(only(comparison).error, "no joint of it matches a joint of a.bvh by name");
  comparison.set_map("map.csv", {{"Hips", "Pelvis"}, {"Head", "Top"}});
  EXPECT_TRUE(comparison.update(set));
  comparison.wait_idle(set);
  ASSERT_EQ(only(comparison).status, ClipComparison::Status::Ready);
  EXPECT_EQ(only(comparison).result->matching.pairs.size(), 3u);  // and the End Sites through them
  EXPECT_EQ(only(comparison).result->mpjpe, 0.0);
}

TEST(Comparison, AJobForTheOldReferenceIsNeverTakenAsTheNewOnes) {
  ClipSet set;
  add(set, walk_text(10), "a.bvh");
  add(set, walk_text(10), "b.bvh");       // 0 against a
  add(set, walk_text(10, 2.0), "c.bvh");  // 4.5 against a and b
  Comparison comparison(false);           // jobs run when the test says
  comparison.set_reference(set[0].id);
  comparison.update(set);
  ASSERT_TRUE(comparison.start_next_job());  // b against a is under way...
  comparison.set_reference(set[2].id);       // ...when c becomes the reference
  comparison.update(set);
  comparison.finish_started_job();  // b against a ends: not b's result against c
  comparison.update(set);
  const int b = set[1].id;
  EXPECT_EQ(comparison.of(b)->status, ClipComparison::Status::Computing);
  EXPECT_FALSE(comparison.of(b)->result);
  comparison.wait_idle(set);
  ASSERT_EQ(comparison.of(b)->status, ClipComparison::Status::Ready);
  EXPECT_NEAR(comparison.of(b)->result->mpjpe, 4.5, 1e-9);
}

TEST(Comparison, AClipReloadedWithAnotherSkeletonDropsItsResultAtOnce) {
  ClipSet set;
  add(set, walk_text(10), "a.bvh");
  add(set, walk_text(10), "b.bvh");
  Comparison comparison(false);
  comparison.set_reference(set[0].id);
  comparison.update(set);
  comparison.wait_idle(set);
  ASSERT_EQ(only(comparison).pair_of_joint.size(), 3u);
  const std::uint64_t serial = only(comparison).serial;
  // b comes back as Hips -> End Site only: 2 joints, not 3.
  const std::string small =
      test::BvhBuilder()
          .root("Hips", {0, 0, 0}, test::kPositionsZXY)
          .end_site("Hips", {0, 50, 0})
          .frame_time(0.04)
          .frames(10, [](int f) { return test::BvhBuilder::Row{static_cast<double>(f), 90, 0, 0, 0, 0}; })
          .text();
  set.reload(set[1].id);
  const std::vector<LoadRequest> requests = set.take_requests();
  ASSERT_EQ(requests.size(), 1u);
  set.on_outcome(
      LoadOutcome{requests[0], prepare_clip(parsed(small, "b.bvh"), requests[0].mode), requests[0].ticket, false});
  comparison.update(set);
  // Nothing of the old skeleton is left to index the new one with while it is measured again.
  EXPECT_FALSE(only(comparison).result);
  EXPECT_TRUE(only(comparison).pair_of_joint.empty());
  EXPECT_NE(only(comparison).serial, serial);
  comparison.wait_idle(set);
  ASSERT_TRUE(only(comparison).result);
  EXPECT_EQ(only(comparison).pair_of_joint, (std::vector<int>{0, -1}));  // the End Site has no partner
  EXPECT_EQ(only(comparison).result->matching.pairs.size(), 1u);
}

TEST(Comparison, AnOffsetChangeKeepsTheLastResultWhileTheNextIsComputed) {
  ClipSet set;
  add(set, walk_text(10), "a.bvh");
  add(set, walk_text(10), "b.bvh");
  Comparison comparison(false);
  comparison.set_reference(set[0].id);
  comparison.update(set);
  comparison.wait_idle(set);
  set.set_time_offset(1, -0.04);  // one frame earlier
  comparison.update(set);
  EXPECT_EQ(only(comparison).status, ClipComparison::Status::Computing);
  ASSERT_TRUE(only(comparison).result);  // the last one, shown meanwhile
  EXPECT_EQ(only(comparison).result->mpjpe, 0.0);
  comparison.wait_idle(set);
  EXPECT_NEAR(only(comparison).result->mpjpe, 1.0, 1e-9);
  EXPECT_NEAR(only(comparison).options.offset, 1.0, 1e-12);
}

TEST(Comparison, TheColourScaleTopsAtARoundNumberAboveTheHighErrors) {
  ClipSet set;
  add(set, walk_text(101, 0.0), "a.bvh");   // stands still
  add(set, walk_text(101, 0.03), "b.bvh");  // at frame k, 0.03 k units away: up to 3 units
  Comparison comparison;
  EXPECT_EQ(comparison.colour_max(0.01), 0.0);
  comparison.set_reference(set[0].id);
  comparison.update(set);
  comparison.wait_idle(set);
  // The 95th percentile of the errors (0.03 k for k = 0..100, three joints each) is 2.85 units:
  // 2.85 cm on a centimetre scale tops at 5 cm.
  EXPECT_NEAR(only(comparison).high_error, 2.85, 1e-6);
  EXPECT_NEAR(comparison.colour_max(0.01), 5.0, 1e-9);
  comparison.set_colour_max(0.02);  // the user's 2 cm
  EXPECT_NEAR(comparison.colour_max(0.01), 2.0, 1e-9);
}

TEST(ErrorScale, WhiteThroughAmberToRedAndClampedAtBothEnds) {
  const glm::vec3 none = error_colour(0.0, 10.0);
  EXPECT_EQ(none, glm::vec3(0.93f, 0.94f, 0.90f));
  EXPECT_EQ(error_colour(5.0, 10.0), glm::vec3(1.00f, 0.76f, 0.12f));  // half way: amber
  EXPECT_EQ(error_colour(10.0, 10.0), glm::vec3(0.86f, 0.12f, 0.12f));
  EXPECT_EQ(error_colour(99.0, 10.0), error_colour(10.0, 10.0));
  EXPECT_EQ(error_colour(-1.0, 10.0), none);
  // Between stops, a straight mix: an eighth of the way is half way from white to pale yellow.
  const glm::vec3 eighth = error_colour(1.25, 10.0);
  EXPECT_NEAR(eighth.z, (0.90f + 0.45f) / 2.0f, 1e-6f);
  // Lightness falls as the error grows.
  float last = 3.0f;
  for (int i = 0; i <= 8; ++i) {
    const glm::vec3 c = error_colour(i, 8.0);
    EXPECT_LT(c.x + c.y + c.z, last) << i;
    last = c.x + c.y + c.z;
  }
}

}  // namespace
}  // namespace bvhscope::viewer
