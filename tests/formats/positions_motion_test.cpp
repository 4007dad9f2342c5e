// A positions motion (joint positions without channels, as joint arrays hold them; no format reads
// one yet, so it is built here) through everything downstream: posing and sampling, baking,
// comparison against a BVH of the same positions, metrics, CSV export, lint, and convert (channels fitted).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "anim/baked_positions.hpp"
#include "anim/clip_analysis.hpp"
#include "anim/convert.hpp"
#include "anim/csv_export.hpp"
#include "anim/lint.hpp"
#include "anim/motion_compare.hpp"
#include "anim/motion_metrics.hpp"
#include "anim/pose.hpp"
#include "bvh_builder.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

// Hips at (1,100,3), (2,100,3), (4,101,3); Spine 10 above it; its End Site 5 above and 2 ahead.
const std::vector<float> kPositions = {
    1, 100, 3, 1, 110, 3, 1, 115, 5,  // frame 0: Hips, Spine, SpineEnd
    2, 100, 3, 2, 110, 3, 2, 115, 5,  // frame 1
    4, 101, 3, 4, 111, 3, 4, 116, 5,  // frame 2
};

Clip positions_clip() {
  Clip clip;
  clip.source = "array";
  clip.name = "walk";
  Skeleton& s = clip.skeleton;
  s.names = {"Hips", "Spine", "SpineEnd"};
  s.parents = {kNoParent, 0, 1};
  s.offsets = {glm::vec3(0, 0, 0), glm::vec3(0, 10, 0), glm::vec3(0, 5, 2)};
  s.first_channels = {0, 0, 0};
  s.channel_counts = {0, 0, 0};
  s.end_sites = {0, 0, 1};
  s.source_lines = {0, 0, 0};
  s.roots = {0};
  clip.declared_frame_time = 0.5;
  clip.motion.frame_count = 3;
  clip.motion.frame_time = 0.5;
  clip.motion.position_joints = 3;
  clip.motion.positions = FrameValues(kPositions.begin(), kPositions.end());
  return clip;
}

// The same motion as BVH: the root's position channels, the rest from OFFSETs.
Clip bvh_clip() {
  return test::parse_ok(test::BvhBuilder()
                            .root("Hips", {0, 0, 0}, "Xposition Yposition Zposition")
                            .joint("Spine", "Hips", {0, 10, 0}, test::kRotationsZXY)
                            .end_site("Spine", {0, 5, 2})
                            .frame_time(0.5)
                            .frame({1, 100, 3, 0, 0, 0})
                            .frame({2, 100, 3, 0, 0, 0})
                            .frame({4, 101, 3, 0, 0, 0})
                            .text(),
                        "walk.bvh");
}

TEST(PositionsMotion, PosesToItsPositionsAsTheyAre) {
  const Clip clip = positions_clip();
  Pose pose;
  for (std::size_t frame = 0; frame < 3; ++frame) {
    pose_frame(clip, frame, PositionMode::Add, pose);
    for (int joint = 0; joint < 3; ++joint) {
      const std::size_t at = frame * 9 + static_cast<std::size_t>(joint) * 3;
      EXPECT_EQ(pose.position(joint), glm::vec3(kPositions[at], kPositions[at + 1], kPositions[at + 2]))
          << "frame " << frame << " joint " << joint;
    }
  }
  pose_frame(clip, 7, PositionMode::Add, pose);  // clamped to the last frame
  EXPECT_EQ(pose.position(2), glm::vec3(4, 116, 5));
  EXPECT_EQ(glm::vec3(pose.local[2][3]), glm::vec3(0, 5, 2));  // the step from its parent

  sample_pose(clip, 1.5, Sampling::Linear, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(0), glm::vec3(3, 100.5f, 3));
  EXPECT_EQ(pose.position(2), glm::vec3(3, 115.5f, 5));
  sample_pose(clip, 1.5, Sampling::Nearest, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(0), glm::vec3(4, 101, 3));

  pose_rest(clip, pose);  // the skeleton's offsets
  EXPECT_EQ(pose.position(2), glm::vec3(0, 15, 2));
}

TEST(PositionsMotion, BakesAndSharesItsPositions) {
  const Clip clip = positions_clip();
  const BakedPositions baked = bake_positions(clip, PositionMode::Add, 1);
  ASSERT_EQ(baked.frame_count, 3u);
  ASSERT_EQ(baked.joint_count, 3);
  for (std::size_t i = 0; i < 9; ++i) {
    EXPECT_EQ(baked.positions()[i], glm::vec3(kPositions[i * 3], kPositions[i * 3 + 1], kPositions[i * 3 + 2]));
  }
  const Clip shared = share_clip(clip);
  EXPECT_EQ(shared.name, "walk");
  EXPECT_EQ(shared.motion.position_joints, 3);
  EXPECT_EQ(shared.motion.positions.data(), clip.motion.positions.data());  // the table, not a copy
  EXPECT_EQ(shared.motion.joint_positions(2)[7], 116.0f);
}

TEST(PositionsMotion, ComparesWithABvhOfTheSamePositionsExactly) {
  const Clip positions = positions_clip();
  const Clip bvh = bvh_clip();
  for (const Alignment alignment : {Alignment::None, Alignment::Root, Alignment::Rigid}) {
    CompareOptions options;
    options.alignment = alignment;
    for (const bool positions_first : {true, false}) {
      const Result<CompareResult> result =
          positions_first ? compare_motion(positions, bvh, options) : compare_motion(bvh, positions, options);
      ASSERT_TRUE(result.ok()) << result.error().message;
      EXPECT_EQ(result.value().matching.pairs.size(), 3u);
      EXPECT_EQ(result.value().frames_compared, 3u);
      if (alignment == Alignment::Rigid) {  // the fit moves points by their centre and back: rounding
        EXPECT_LT(result.value().max_error, 1e-12) << positions_first;
      } else {
        EXPECT_EQ(result.value().mpjpe, 0.0) << alignment_name(alignment) << " " << positions_first;
        EXPECT_EQ(result.value().max_error, 0.0);
      }
    }
  }
  // Half a frame later: the positions clip read between its frames, linearly.
  CompareOptions late;
  late.offset = 0.5;
  const Result<CompareResult> shifted = compare_motion(bvh, positions, late);
  ASSERT_TRUE(shifted.ok()) << shifted.error().message;
  ASSERT_EQ(shifted.value().frames_compared, 2u);
  // Reference frame 0 (Hips x 1) against 0.5 (x 1.5): every joint 0.5 off; frame 1 (x 2, y 100)
  // against 1.5 (x 3, y 100.5): sqrt(1 + 0.25) off.
  EXPECT_DOUBLE_EQ(shifted.value().per_frame_mean[0], 0.5);
  EXPECT_DOUBLE_EQ(shifted.value().per_frame_mean[1], std::sqrt(1.25));
}

TEST(PositionsMotion, MetricsAreTheSameAsTheBvhs) {
  const Clip positions = positions_clip();
  const Clip bvh = bvh_clip();
  const FigureAnalysis upright;  // +Y up, the floor at 0
  const MotionMetrics a = measure_motion(positions, PositionMode::Add, upright, {}, 0.01);
  const MotionMetrics b = measure_motion(bvh, PositionMode::Add, upright, {}, 0.01);
  EXPECT_EQ(a.frames, 3u);
  EXPECT_EQ(a.frame_time, 0.5);
  // The root moves 1 then 2 cm across: 3 cm in 1 s.
  EXPECT_NEAR(a.root_distance_m, 0.03, 1e-12);
  EXPECT_NEAR(a.root_speed_mps, 0.03, 1e-12);
  EXPECT_NEAR(a.mean_lowest_m, (1.0 + 1.0 + 1.01) / 3.0, 1e-9);  // the Hips, 100 or 101 cm up
  EXPECT_EQ(a.root_distance_m, b.root_distance_m);
  EXPECT_EQ(a.jitter_mps3, b.jitter_mps3);
  EXPECT_EQ(a.mean_lowest_m, b.mean_lowest_m);
  EXPECT_EQ(a.max_bone_drift, b.max_bone_drift);
  EXPECT_EQ(a.feet_reason, b.feet_reason);

  const FigureAnalysis analysed_positions = analyse_figure(positions, PositionMode::Add, {});
  const FigureAnalysis analysed_bvh = analyse_figure(bvh, PositionMode::Add, {});
  EXPECT_EQ(analysed_positions.up.axis, analysed_bvh.up.axis);
  EXPECT_EQ(analysed_positions.up.reason, analysed_bvh.up.reason);
  EXPECT_EQ(analysed_positions.figure.extent, analysed_bvh.figure.extent);
  EXPECT_EQ(analysed_positions.figure.height, analysed_bvh.figure.height);
}

TEST(PositionsMotion, ExportsItsPositionsToCsvExactly) {
  std::ostringstream out;
  write_positions_csv(positions_clip(), PositionMode::Add, out, 2);
  EXPECT_EQ(out.str(),
            "Time,Hips.X,Hips.Y,Hips.Z,Spine.X,Spine.Y,Spine.Z,SpineEnd.X,SpineEnd.Y,SpineEnd.Z\n"
            "0,1,100,3,1,110,3,1,115,5\n"
            "0.5,2,100,3,2,110,3,2,115,5\n"
            "1,4,101,3,4,111,3,4,116,5\n");
}

TEST(PositionsMotion, LintSaysTheChannelChecksDoNotApply) {
  const LintReport report = lint_clip(positions_clip());
  std::vector<std::string> codes;
  for (const LintFinding& finding : report.findings) codes.push_back(finding.code);
  EXPECT_NE(std::find(codes.begin(), codes.end(), "no-channels"), codes.end()) << testing::PrintToString(codes);
  for (const char* channel_code : {"constant-channel", "joint-position-channels", "moving-joint-positions",
                                   "euler-wrap", "euler-flip", "rotation-jump"}) {
    EXPECT_EQ(std::find(codes.begin(), codes.end(), channel_code), codes.end()) << channel_code;
  }
}

TEST(PositionsMotion, ConvertFitsChannelsThatReproduceThePositions) {
  ConvertReport report;
  const Result<Clip> converted = convert_clip(positions_clip(), ConvertOptions{}, &report);
  ASSERT_TRUE(converted.ok()) << converted.error().message;
  ASSERT_TRUE(report.fit.has_value());
  EXPECT_LT(report.fit->max_error, 1e-4);
  // Hips (a root: position and rotation channels), Spine, and SpineEnd kept as the End Site.
  const Skeleton& s = converted.value().skeleton;
  EXPECT_EQ(s.names, (std::vector<std::string>{"Hips", "Spine", "SpineEnd"}));
  EXPECT_EQ(s.channel_counts, (std::vector<int>{6, 3, 0}));
  Pose pose;
  pose_frame(converted.value(), 2, PositionMode::Add, pose);
  EXPECT_NEAR(pose.position(2).x, 4.0f, 1e-4);
  EXPECT_NEAR(pose.position(2).y, 116.0f, 1e-4);
  EXPECT_NEAR(pose.position(2).z, 5.0f, 1e-4);
}

}  // namespace
}  // namespace bvhscope
