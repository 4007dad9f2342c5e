// The Problems tab's model without GL or a thread: the active clip's lint, asked for when the clip
// is new or changed, a result of an earlier version of the clip never shown, results of other clips
// kept while they stay the same.
#include "model/clip_problems.hpp"

#include <gtest/gtest.h>

#include <string>

#include "anim/bvh_parser.hpp"
#include "bvh_builder.hpp"

namespace bvhscope::viewer {
namespace {

// Hips -> Head (0 50 0) -> End Site; the root walks along X. With `jump_at` >= 0, Head's Xrotation
// goes from 0 to 200 at that frame and stays there (a 160 degree turn in one frame).
std::string walk_text(int frames, int jump_at = -1) {
  return test::walk(frames, [jump_at](int f) {
    const double head_x = jump_at >= 0 && f >= jump_at ? 200 : 0;
    return test::BvhBuilder::Row{static_cast<double>(f), 90, 0, 0, 0, 0, 0, head_x, 0};
  });
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

const LintFinding* find(const LintReport* report, const std::string& code) {
  if (report == nullptr) return nullptr;
  for (const LintFinding& f : report->findings)
    if (f.code == code) return &f;
  return nullptr;
}

TEST(ClipProblems, OffNothingIsChecked) {
  ClipSet set;
  add(set, walk_text(20, 11), "jump.bvh");
  ClipProblems problems(false);
  EXPECT_FALSE(problems.update(set));
  EXPECT_EQ(problems.status(), ClipProblems::Status::None);
  EXPECT_FALSE(problems.busy());
  problems.set_enabled(true);
  EXPECT_TRUE(problems.update(set));
  EXPECT_EQ(problems.status(), ClipProblems::Status::Checking);
}

TEST(ClipProblems, WithoutAClipThereIsNothingToCheck) {
  ClipSet set;
  ClipProblems problems(false);
  problems.set_enabled(true);
  EXPECT_FALSE(problems.update(set));
  EXPECT_EQ(problems.status(), ClipProblems::Status::None);
  EXPECT_EQ(problems.clip_id(), 0);
  EXPECT_EQ(problems.report(), nullptr);
  EXPECT_FALSE(problems.busy());
}

TEST(ClipProblems, TheActiveClipIsCheckedOffTheUiThreadAndItsFindingsArePlaced) {
  ClipSet set;
  add(set, walk_text(20, 11), "jump.bvh");
  ClipProblems problems(false);
  problems.set_enabled(true);
  EXPECT_TRUE(problems.update(set));
  EXPECT_EQ(problems.status(), ClipProblems::Status::Checking);
  EXPECT_EQ(problems.clip_id(), set[0].id);
  EXPECT_EQ(problems.report(), nullptr);
  EXPECT_TRUE(problems.busy());
  EXPECT_FALSE(problems.update(set));  // asked once, not again every frame
  problems.wait_idle(set);
  EXPECT_EQ(problems.status(), ClipProblems::Status::Ready);
  const LintFinding* jump = find(problems.report(), "rotation-jump");
  ASSERT_NE(jump, nullptr);
  EXPECT_EQ(jump->severity, LintSeverity::Warning);
  EXPECT_EQ(jump->place.frame, 11);
  EXPECT_EQ(jump->place.joint, 1);
  EXPECT_EQ(jump->place.channel, 7);
  EXPECT_EQ(jump->message, "'Head' Xrotation goes from 0 to 200: the joint turns 160 deg in one frame");
  EXPECT_FALSE(problems.busy());
}

TEST(ClipProblems, AResultOfTheClipBeforeAReloadIsNeverShown) {
  ClipSet set;
  add(set, walk_text(20, 11), "a.bvh");
  ClipProblems problems(false);
  problems.set_enabled(true);
  problems.update(set);
  ASSERT_TRUE(problems.start_next_job());  // the lint of the clip with the jump runs...
  // ...while the file is reloaded without it.
  set.reload(set[0].id);
  const std::vector<LoadRequest> requests = set.take_requests();
  ASSERT_EQ(requests.size(), 1u);
  set.on_outcome(LoadOutcome{requests[0], prepare_clip(parsed(walk_text(20), "a.bvh"), requests[0].mode),
                             requests[0].ticket, false});
  problems.update(set);
  EXPECT_EQ(problems.status(), ClipProblems::Status::Checking);
  problems.finish_started_job();  // the old clip's result arrives
  problems.update(set);
  EXPECT_EQ(problems.status(), ClipProblems::Status::Checking);  // not shown: it is of the old clip
  EXPECT_EQ(problems.report(), nullptr);
  problems.wait_idle(set);
  ASSERT_EQ(problems.status(), ClipProblems::Status::Ready);
  EXPECT_EQ(find(problems.report(), "rotation-jump"), nullptr);
}

TEST(ClipProblems, SwitchingBackToAClipShowsItsFindingsAtOnce) {
  ClipSet set;
  add(set, walk_text(20, 11), "a.bvh");
  add(set, walk_text(20, 5), "b.bvh");
  ClipProblems problems(false);
  problems.set_enabled(true);
  set.set_active(0);
  problems.update(set);
  problems.wait_idle(set);
  ASSERT_NE(find(problems.report(), "rotation-jump"), nullptr);
  EXPECT_EQ(find(problems.report(), "rotation-jump")->place.frame, 11);
  set.set_active(1);
  EXPECT_TRUE(problems.update(set));
  EXPECT_EQ(problems.status(), ClipProblems::Status::Checking);
  EXPECT_EQ(problems.clip_id(), set[1].id);
  problems.wait_idle(set);
  ASSERT_NE(find(problems.report(), "rotation-jump"), nullptr);
  EXPECT_EQ(find(problems.report(), "rotation-jump")->place.frame, 5);
  set.set_active(0);
  EXPECT_TRUE(problems.update(set));
  EXPECT_EQ(problems.status(), ClipProblems::Status::Ready);  // kept: no new job
  EXPECT_FALSE(problems.busy());
  EXPECT_EQ(find(problems.report(), "rotation-jump")->place.frame, 11);
  // A removed clip's result goes with it.
  set.remove(1);
  problems.update(set);
  EXPECT_EQ(problems.clip_id(), set[0].id);
  EXPECT_EQ(problems.status(), ClipProblems::Status::Ready);
}

LintFinding with_hint(std::string hint) {
  LintFinding finding;
  finding.hint = std::move(hint);
  return finding;
}

TEST(ClipProblems, TheFixCommandIsTheHintsConvertOptionsOnTheClipsFile) {
  const std::string path = "/data/it's/walk.bvh";
  EXPECT_EQ(
      fix_command(with_hint("interpolation see a flip; bvhscope convert --unwrap picks the continuous solution"), path),
      "bvhscope convert '/data/it'\\''s/walk.bvh' -o '/data/it'\\''s/walk_fixed.bvh' --unwrap");
  EXPECT_EQ(fix_command(with_hint("or cut it out (bvhscope convert --frames A:B)"), "w.bvh"),
            "bvhscope convert 'w.bvh' -o 'w_fixed.bvh' --frames A:B");
  EXPECT_EQ(fix_command(with_hint("bvhscope convert --units m writes metres (--units overrides the guess)"), "w.bvh"),
            "bvhscope convert 'w.bvh' -o 'w_fixed.bvh' --units m");
  EXPECT_EQ(fix_command(with_hint("tools that draw the ground at 0 show it sunk: bvhscope convert --ground"), "w.bvh"),
            "bvhscope convert 'w.bvh' -o 'w_fixed.bvh' --ground");
  EXPECT_EQ(fix_command(with_hint("bvhscope convert --channels 3 refuses these joints"), "w.bvh"), "");
  EXPECT_EQ(fix_command(with_hint("pass --units to metrics and compare"), "w.bvh"), "");
}

TEST(ClipProblems, AFixWithEveryValueGivenIsASaveAsPreset) {
  const auto unwrap = fix_preset(with_hint("interpolation see a flip; bvhscope convert --unwrap picks the continuous"));
  ASSERT_TRUE(unwrap);
  EXPECT_TRUE(unwrap->unwrap);
  EXPECT_FALSE(unwrap->ground || unwrap->three_channels || unwrap->mirror || unwrap->in_place);
  const auto units = fix_preset(with_hint("bvhscope convert --units m writes metres (--units overrides the guess)"));
  ASSERT_TRUE(units && units->lengths);
  EXPECT_EQ(units->lengths->target_metres_per_unit, 1.0);
  EXPECT_FALSE(units->lengths->from_metres_per_unit);
  const auto order =
      fix_preset(with_hint("some readers assume one order: bvhscope convert --rotation-order ZYX keeps"));
  ASSERT_TRUE(order && order->rotation_order);
  EXPECT_EQ(*order->rotation_order, *parse_rotation_order("ZYX"));
  const auto up = fix_preset(with_hint("bvhscope convert --up +y turns it upright"));
  ASSERT_TRUE(up && up->up);
  EXPECT_EQ(*up->up, UpAxis::PosY);
  const auto prefix = fix_preset(with_hint("want plain names: bvhscope convert --strip-prefix mixamorig:"));
  ASSERT_TRUE(prefix);
  EXPECT_EQ(prefix->strip_prefix, "mixamorig:");
  const auto channels = fix_preset(with_hint("bvhscope convert --channels 3 folds constant position channels"));
  ASSERT_TRUE(channels);
  EXPECT_TRUE(channels->three_channels);
  // What the user must choose first, what convert refuses and hints without convert: no preset.
  EXPECT_FALSE(fix_preset(with_hint("or cut it out (bvhscope convert --frames A:B)")));
  EXPECT_FALSE(fix_preset(with_hint("at another rate: bvhscope convert --fps N")));
  EXPECT_FALSE(fix_preset(with_hint("bvhscope convert --channels 3 refuses these joints")));
  EXPECT_FALSE(fix_preset(with_hint("pass --units to metrics and compare")));
}

TEST(ClipProblems, APlaceReadsAsFrameJointAndChannelOrLine) {
  const Clip clip = parsed(walk_text(3), "w.bvh");
  const std::vector<std::string> labels = {"Hips", "Head"};
  EXPECT_EQ(problem_place_text(clip, labels, LintPlace{0, 0, 240, 1, 7}), "frame 240, Head Xrotation");
  EXPECT_EQ(problem_place_text(clip, labels, LintPlace{12, 3, -1, -1, -1}), "line 12");
  EXPECT_EQ(problem_place_text(clip, labels, LintPlace{9, 0, -1, 1, -1}), "line 9 (Head)");
  EXPECT_EQ(problem_place_text(clip, labels, LintPlace{}), "");
}

}  // namespace
}  // namespace bvhscope::viewer
