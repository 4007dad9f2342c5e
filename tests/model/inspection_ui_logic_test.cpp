// The GL-free logic behind the inspection UI: tree rows under filtering and expansion, revealing a
// picked joint, and placing several clips side by side in one scene.
#include <gtest/gtest.h>

#include "anim/joint_details_refresh.hpp"
#include "anim/joint_filter.hpp"
#include "bvh_builder.hpp"
#include "model/clip_placement.hpp"
#include "model/joint_tree_rows.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

// Hips -> (Spine -> Head -> HeadEnd, LeftLeg -> LeftLegEnd, RightLeg -> RightLegEnd)
const std::string kBody = test::BvhBuilder()
                              .root("Hips", {0, 0, 0}, test::kPositionsZXY)
                              .joint("Spine", "Hips", {0, 10, 0}, test::kRotationsZXY)
                              .joint("Head", "Spine", {0, 5, 0}, test::kRotationsZXY)
                              .end_site("Head", {0, 2, 0})
                              .joint("LeftLeg", "Hips", {3, 0, 0}, test::kRotationsZXY)
                              .end_site("LeftLeg", {0, -8, 0})
                              .joint("RightLeg", "Hips", {-3, 0, 0}, test::kRotationsZXY)
                              .end_site("RightLeg", {0, -8, 0})
                              .frame_time(0.5)
                              .frame_line("0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0")
                              .frame_line("1 2 3 10 20 30 5 0 0 0 0 0 45 0 0 0 0 0")
                              .frame_line("0 0 9 90 0 0 0 -30 0 0 0 0 0 0 0 0 0 12")
                              .text();
// Joint indices: 0 Hips, 1 Spine, 2 Head, 3 HeadEnd, 4 LeftLeg, 5 LeftLegEnd, 6 RightLeg, 7 RightLegEnd.

std::vector<std::uint8_t> all(std::size_t n, std::uint8_t value) { return std::vector<std::uint8_t>(n, value); }

TEST(JointTreeShape, DepthsAndChildCounts) {
  const Clip clip = test::parse_ok(kBody);
  const JointTreeShape shape = joint_tree_shape(clip.skeleton);
  EXPECT_EQ(shape.depths, (std::vector<int>{0, 1, 2, 3, 1, 2, 1, 2}));
  EXPECT_EQ(shape.child_counts, (std::vector<int>{3, 1, 1, 0, 1, 0, 1, 0}));
}

TEST(TreeRows, ExpandedJointsShowTheirChildrenCollapsedOnesHideThem) {
  const Clip clip = test::parse_ok(kBody);
  const auto visible = all(8, 1);
  std::vector<int> rows;
  tree_rows(clip.skeleton, visible, all(8, 1), false, rows);
  EXPECT_EQ(rows, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
  tree_rows(clip.skeleton, visible, all(8, 0), false, rows);
  EXPECT_EQ(rows, (std::vector<int>{0})) << "collapsed root: only the root";
  auto expanded = all(8, 1);
  expanded[1] = 0;  // Spine collapsed hides Head and HeadEnd, not the legs
  tree_rows(clip.skeleton, visible, expanded, false, rows);
  EXPECT_EQ(rows, (std::vector<int>{0, 1, 4, 5, 6, 7}));
}

TEST(TreeRows, FilteringShowsMatchesWithTheirAncestorsEvenWhenCollapsed) {
  const Clip clip = test::parse_ok(kBody);
  const JointFilter filter = filter_joints(clip.skeleton, "head");
  std::vector<int> rows;
  tree_rows(clip.skeleton, filter.visible, all(8, 0), true, rows);
  EXPECT_EQ(rows, (std::vector<int>{0, 1, 2, 3}));
  const JointFilter legs = filter_joints(clip.skeleton, "LegEnd");
  tree_rows(clip.skeleton, legs.visible, all(8, 0), true, rows);
  EXPECT_EQ(rows, (std::vector<int>{0, 4, 5, 6, 7}));
  const JointFilter none = filter_joints(clip.skeleton, "nothing");
  tree_rows(clip.skeleton, none.visible, all(8, 1), true, rows);
  EXPECT_TRUE(rows.empty());
}

TEST(TreeRows, ExpandingAncestorsRevealsAPickedJointAndRowOfFindsIt) {
  const Clip clip = test::parse_ok(kBody);
  auto expanded = all(8, 0);
  std::vector<int> rows;
  tree_rows(clip.skeleton, all(8, 1), expanded, false, rows);
  EXPECT_EQ(row_of(rows, 3), -1);
  expand_ancestors(clip.skeleton, 3, expanded);
  EXPECT_EQ(expanded, (std::vector<std::uint8_t>{1, 1, 1, 0, 0, 0, 0, 0}));
  tree_rows(clip.skeleton, all(8, 1), expanded, false, rows);
  EXPECT_EQ(rows, (std::vector<int>{0, 1, 2, 3, 4, 6}));
  EXPECT_EQ(row_of(rows, 3), 3);
  EXPECT_EQ(row_of(rows, 6), 5);
  EXPECT_EQ(row_of(rows, 5), -1);
  expand_ancestors(clip.skeleton, 99, expanded);  // out of range: nothing happens
  expand_ancestors(clip.skeleton, -1, expanded);
}

TEST(TreeRows, ADeepChainShowsOneRowCollapsedAndEveryRowOnceRevealed) {
  constexpr int kJoints = 200;  // J0 (3 channels) -> J1 -> ... -> J199 (1 channel each) -> End Site
  test::BvhBuilder chain;
  chain.root("J0", {0, 0, 0}, "Xposition Yposition Zposition");
  for (int i = 1; i < kJoints; ++i)
    chain.joint("J" + std::to_string(i), "J" + std::to_string(i - 1), {0, 1, 0}, "Zrotation");
  chain.end_site("J" + std::to_string(kJoints - 1), {0, 1, 0})
      .frame_time(0.1)
      .frame(test::BvhBuilder::Row(kJoints + 2, 0.0));
  const Clip clip = test::parse_ok(chain.text());
  ASSERT_EQ(clip.skeleton.joint_count(), kJoints + 1);
  const auto n = static_cast<std::size_t>(clip.skeleton.joint_count());
  auto expanded = all(n, 0);
  std::vector<int> rows;
  tree_rows(clip.skeleton, all(n, 1), expanded, false, rows);
  EXPECT_EQ(rows.size(), 1u);
  expand_ancestors(clip.skeleton, kJoints, expanded);
  tree_rows(clip.skeleton, all(n, 1), expanded, false, rows);
  EXPECT_EQ(rows.size(), n);
}

void expect_same_details(const JointDetails& a, const JointDetails& b) {
  ASSERT_EQ(a.channels.size(), b.channels.size());
  for (std::size_t i = 0; i < a.channels.size(); ++i) {
    EXPECT_EQ(a.channels[i].column, b.channels[i].column);
    EXPECT_EQ(a.channels[i].value, b.channels[i].value);
  }
  EXPECT_EQ(a.local_translation, b.local_translation);
  EXPECT_EQ(a.local_rotation, b.local_rotation);
  EXPECT_EQ(a.world_position, b.world_position);
  EXPECT_EQ(a.world_rotation, b.world_rotation);
}

TEST(RefreshJointDetails, GivesWhatDescribeJointGivesAtEveryFrameWithoutReallocating) {
  const Clip clip = test::parse_ok(kBody);
  Pose pose;
  for (const int joint : {0, 1, 4, 7}) {
    pose_frame(clip, 0, PositionMode::Add, pose);
    JointDetails refreshed = describe_joint(clip, pose, 0, PositionMode::Add, joint);
    const ChannelReading* storage = refreshed.channels.data();
    for (std::size_t frame = 0; frame < 3; ++frame) {
      pose_frame(clip, frame, PositionMode::Add, pose);
      refresh_joint_details(clip, pose, frame, PositionMode::Add, refreshed);
      SCOPED_TRACE("joint " + std::to_string(joint) + " frame " + std::to_string(frame));
      expect_same_details(refreshed, describe_joint(clip, pose, frame, PositionMode::Add, joint));
    }
    EXPECT_EQ(refreshed.channels.data(), storage) << "values are refreshed in place";
  }
  // The values did change between frames (the test would pass vacuously otherwise).
  pose_frame(clip, 1, PositionMode::Add, pose);
  const JointDetails one = describe_joint(clip, pose, 1, PositionMode::Add, 1);
  pose_frame(clip, 2, PositionMode::Add, pose);
  const JointDetails two = describe_joint(clip, pose, 2, PositionMode::Add, 1);
  EXPECT_NE(one.channels[0].value, two.channels[0].value);
  EXPECT_NE(one.world_position, two.world_position);
}

TEST(Placement, ScalesThenOffsets) {
  const Placement placement{0.01f, glm::vec3(2.0f, 0.0f, -1.0f)};
  const glm::vec3 p = placement.apply(glm::vec3(100.0f, 50.0f, 0.0f));
  EXPECT_FLOAT_EQ(p.x, 3.0f);
  EXPECT_FLOAT_EQ(p.y, 0.5f);
  EXPECT_FLOAT_EQ(p.z, -1.0f);
  std::vector<glm::vec3> points = {glm::vec3(0.0f), glm::vec3(100.0f, 0.0f, 0.0f)};
  placement.apply_in_place(points);
  EXPECT_FLOAT_EQ(points[0].x, 2.0f);
  EXPECT_FLOAT_EQ(points[1].x, 3.0f);
}

TEST(SideBySide, StillClipsStandARowOneAndAHalfBodiesApart) {
  // Footprints unknown: each is its start, widened by half its size on each side.
  const std::vector<ClipFootprint> clips = {{glm::vec3(10.0f, 90.0f, 5.0f), 170.0f},
                                            {glm::vec3(-40.0f, 80.0f, 0.0f), 150.0f},
                                            {glm::vec3(0.0f, 0.0f, 0.0f), 180.0f}};
  const std::vector<glm::vec3> offsets = side_by_side_offsets(clips);
  ASSERT_EQ(offsets.size(), 3u);
  EXPECT_EQ(offsets[0], glm::vec3(0.0f));
  // Clip 1 starts after clip 0's half width (85), the gap (90) and its own half width (75).
  EXPECT_FLOAT_EQ(clips[1].start.x + offsets[1].x, 10.0f + 85.0f + 90.0f + 75.0f);
  EXPECT_FLOAT_EQ(clips[1].start.z + offsets[1].z, 5.0f);  // centred on clip 0 across the row
  EXPECT_FLOAT_EQ(offsets[1].y, 0.0f) << "heights are never changed (feet stay on their floor)";
  EXPECT_FLOAT_EQ(clips[2].start.x + offsets[2].x, 260.0f + 75.0f + 90.0f + 90.0f);
  EXPECT_TRUE(side_by_side_offsets({}).empty());
}

TEST(SideBySide, WalkingClipsNeverCross) {
  // Two clips walking 500 units along +x from the origin (their bodies 60 wide): the row runs
  // along z, one footprint after the other, so their paths stay apart for the whole motion.
  ClipFootprint walk{glm::vec3(0.0f, 90.0f, 0.0f), 170.0f, 0.0f, glm::vec3(-20.0f, 0.0f, -30.0f),
                     glm::vec3(500.0f, 170.0f, 30.0f)};
  const std::vector<ClipFootprint> clips = {walk, walk};
  const std::vector<glm::vec3> offsets = side_by_side_offsets(clips);
  EXPECT_FLOAT_EQ(offsets[1].x, 0.0f);
  // Clip 0 spans z -30..30; the gap is 85; clip 1's span starts at 115.
  EXPECT_FLOAT_EQ(-30.0f + offsets[1].z, 30.0f + 85.0f);
  // With the floor: each clip's floor to y = 0.
  walk.floor = -3.0f;
  const std::vector<ClipFootprint> lowered = {walk, walk};
  EXPECT_FLOAT_EQ(side_by_side_offsets(lowered, true)[1].y, 3.0f);
}

}  // namespace
}  // namespace bvhscope
