// Inspection logic without GL: the tree filter, labels, joint details, picking, baking, curves and
// the multi-clip clock.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "anim/baked_positions.hpp"
#include "anim/clip_timeline.hpp"
#include "anim/joint_details.hpp"
#include "anim/joint_filter.hpp"
#include "bvh_builder.hpp"
#include "model/channel_curves.hpp"
#include "model/orbit_camera.hpp"
#include "model/picking.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

// Hips -> (Spine -> Head -> HeadEnd, LeftLeg -> LeftLegEnd, RightLeg -> RightLegEnd), 0.5 s a frame;
// each row is the hips' 6 values then 3 rotations (Z X Y) of Spine, Head, LeftLeg and RightLeg.
test::BvhBuilder body_skeleton() {
  test::BvhBuilder body;
  body.root("Hips", {0, 0, 0}, test::kPositionsZXY)
      .joint("Spine", "Hips", {0, 10, 0}, test::kRotationsZXY)
      .joint("Head", "Spine", {0, 5, 0}, test::kRotationsZXY)
      .end_site("Head", {0, 2, 0})
      .joint("LeftLeg", "Hips", {3, 0, 0}, test::kRotationsZXY)
      .end_site("LeftLeg", {0, -8, 0})
      .joint("RightLeg", "Hips", {-3, 0, 0}, test::kRotationsZXY)
      .end_site("RightLeg", {0, -8, 0})
      .frame_time(0.5);
  return body;
}

// Three frames: at rest; the hips 3 up Z and the left leg turned 45 degrees about Z; the hips 9 up
// Z and turned 90 degrees about Z.
std::string body() {
  return body_skeleton()
      .frame({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
      .frame({0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 45, 0, 0, 0, 0, 0})
      .frame({0, 0, 9, 90, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
      .text();
}
// Joint indices: 0 Hips, 1 Spine, 2 Head, 3 HeadEnd, 4 LeftLeg, 5 LeftLegEnd, 6 RightLeg, 7 RightLegEnd.

TEST(JointFilter, MatchesAndKeepsAncestorsVisible) {
  const Clip clip = test::parse_ok(body());
  const JointFilter filter = filter_joints(clip.skeleton, "head");
  EXPECT_EQ(filter.match_count, 2);
  EXPECT_EQ(filter.matches, (std::vector<std::uint8_t>{0, 0, 1, 1, 0, 0, 0, 0}));
  EXPECT_EQ(filter.visible, (std::vector<std::uint8_t>{1, 1, 1, 1, 0, 0, 0, 0}));
  const JointFilter legs = filter_joints(clip.skeleton, "LEGEND");
  EXPECT_EQ(legs.matches, (std::vector<std::uint8_t>{0, 0, 0, 0, 0, 1, 0, 1}));
  EXPECT_EQ(legs.visible, (std::vector<std::uint8_t>{1, 0, 0, 0, 1, 1, 1, 1}));
  EXPECT_EQ(filter_joints(clip.skeleton, "").match_count, 8);
  EXPECT_EQ(filter_joints(clip.skeleton, "tail").match_count, 0);
}

TEST(JointFilter, LabelsKeepDuplicatesDistinguishable) {
  const Clip clip = test::parse_ok(test::BvhBuilder()
                                       .root("A", {0, 0, 0}, "")
                                       .joint("Chest", "A", {0, 1, 0}, "")
                                       .joint("Chest", "A", {0, 1, 0}, "")
                                       .end_site("A", {1, 0, 0})
                                       .end_site("A", {2, 0, 0})
                                       .frame_time(1)
                                       .text());
  EXPECT_EQ(joint_labels(clip.skeleton), (std::vector<std::string>{"A", "Chest #1", "Chest #2", "AEnd #3", "AEnd #4"}));
  EXPECT_EQ(joint_children(clip.skeleton, 0), (std::vector<int>{1, 2, 3, 4}));
}

TEST(JointDetails, HierarchyChannelsAndTransforms) {
  const Clip clip = test::parse_ok(body());
  Pose pose;
  pose_frame(clip, 2, PositionMode::Add, pose);  // Hips at (0,0,9), turned 90° about Z
  const JointDetails spine = describe_joint(clip, pose, 2, PositionMode::Add, 1);
  EXPECT_EQ(spine.index, 1);
  EXPECT_EQ(spine.parent, 0);
  EXPECT_EQ(spine.depth, 1);
  EXPECT_EQ(spine.children, (std::vector<int>{2}));
  EXPECT_FALSE(spine.end_site);
  EXPECT_EQ(spine.bone_length, 10.0f);
  EXPECT_EQ(spine.rotation_order, "ZXY");
  ASSERT_EQ(spine.channels.size(), 3u);
  EXPECT_EQ(spine.channels[0].kind, ChannelKind::Zrotation);
  EXPECT_EQ(spine.channels[0].column, 6);
  EXPECT_EQ(spine.world_position, glm::vec3(-10, 0, 9));
  // The spine inherits the hips' 90° about Z: world rotation (cos 45°, 0, 0, sin 45°).
  EXPECT_NEAR(spine.world_rotation.w, std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(spine.world_rotation.z, std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(spine.local_rotation.w, 1.0f, 1e-6f);

  const JointDetails hips = describe_joint(clip, pose, 2, PositionMode::Add, 0);
  EXPECT_EQ(hips.channels[2].value, 9.0f);
  EXPECT_EQ(hips.channels[3].value, 90.0f);
  EXPECT_EQ(hips.local_translation, glm::vec3(0, 0, 9));
  EXPECT_NEAR(hips.local_rotation.z, std::sqrt(0.5f), 1e-6f);
  EXPECT_EQ(hips.children, (std::vector<int>{1, 4, 6}));

  const JointDetails head_end = describe_joint(clip, pose, 2, PositionMode::Add, 3);
  EXPECT_TRUE(head_end.end_site);
  EXPECT_EQ(head_end.depth, 3);
  EXPECT_TRUE(head_end.channels.empty());
  EXPECT_EQ(head_end.world_position, glm::vec3(-17, 0, 9));
}

struct FrontCamera {
  glm::mat4 view_projection;
  glm::vec2 viewport{800, 600};
};

// Looking at the origin from +Z, 50 units away.
FrontCamera front_camera() {
  OrbitCamera camera;
  camera.yaw = 0.0f;
  camera.pitch = 0.0f;
  camera.distance = 50.0f;
  camera.scene_radius = 30.0f;
  return {camera.projection(800.0f / 600.0f) * camera.view()};
}

TEST(Picking, TheJointUnderTheCursor) {
  const Clip clip = test::parse_ok(body());
  const BakedPositions baked = bake_positions(clip, PositionMode::Add, 1);
  const FrontCamera camera = front_camera();
  const glm::vec3 head = project_to_pixels(camera.view_projection, baked.at(0, 2), camera.viewport);
  const PickResult exact =
      pick_joint(clip.skeleton, baked.frame(0), camera.view_projection, camera.viewport, glm::vec2(head), 6.0f);
  EXPECT_EQ(exact.joint, 2);
  EXPECT_FALSE(exact.on_bone);
  const PickResult near = pick_joint(clip.skeleton, baked.frame(0), camera.view_projection, camera.viewport,
                                     glm::vec2(head) + glm::vec2(4, -3), 6.0f);
  EXPECT_EQ(near.joint, 2);
  EXPECT_NEAR(near.distance_pixels, 5.0f, 1e-3f);
  const PickResult miss = pick_joint(clip.skeleton, baked.frame(0), camera.view_projection, camera.viewport,
                                     glm::vec2(head) + glm::vec2(40, 0), 6.0f);
  EXPECT_EQ(miss.joint, -1);
}

TEST(Picking, ABoneSelectsItsChildJoint) {
  const Clip clip = test::parse_ok(body());
  const BakedPositions baked = bake_positions(clip, PositionMode::Add, 1);
  const FrontCamera camera = front_camera();
  // Halfway down the left leg's bone (LeftLeg -> LeftLegEnd).
  const glm::vec3 mid = (baked.at(0, 4) + baked.at(0, 5)) * 0.5f;
  const glm::vec3 pixel = project_to_pixels(camera.view_projection, mid, camera.viewport);
  const PickResult result =
      pick_joint(clip.skeleton, baked.frame(0), camera.view_projection, camera.viewport, glm::vec2(pixel), 4.0f);
  EXPECT_EQ(result.joint, 5);
  EXPECT_TRUE(result.on_bone);
}

TEST(Picking, FrontMostWinsWhenJointsOverlapOnScreen) {
  // Two roots on the camera's line of sight: B (z = 10) is nearer the camera at +Z than A (z = 0).
  const Clip clip = test::parse_ok(
      "HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\n}\nROOT B\n{\nOFFSET 0 0 10\n}\nMOTION\nFrames: 0\nFrame Time: 1\n");
  Pose pose;
  pose_rest(clip, pose);
  const std::vector<glm::vec3> positions = {pose.position(0), pose.position(1)};
  const FrontCamera camera = front_camera();
  const glm::vec3 a = project_to_pixels(camera.view_projection, positions[0], camera.viewport);
  const PickResult result =
      pick_joint(clip.skeleton, positions, camera.view_projection, camera.viewport, glm::vec2(a), 6.0f);
  EXPECT_EQ(result.joint, 1);
}

TEST(Baking, MatchesPoseFrameOnAnyNumberOfThreads) {
  const Clip clip = test::parse_ok(body());
  const BakedPositions one = bake_positions(clip, PositionMode::Add, 1);
  ASSERT_EQ(one.positions().size(), 3u * 8u);
  Pose pose;
  for (std::size_t frame = 0; frame < 3; ++frame) {
    pose_frame(clip, frame, PositionMode::Add, pose);
    for (int joint = 0; joint < 8; ++joint) EXPECT_EQ(one.at(frame, joint), pose.position(joint));
  }
  for (unsigned threads : {2u, 3u, 8u})
    EXPECT_TRUE(std::ranges::equal(bake_positions(clip, PositionMode::Add, threads).positions(), one.positions()));
}

TEST(Baking, BoundsSpeedAndTrails) {
  const Clip clip = test::parse_ok(body());
  const BakedPositions baked = bake_positions(clip, PositionMode::Add);
  const Bounds bounds = baked_bounds(baked);
  EXPECT_EQ(bounds.min.z, 0.0f);
  EXPECT_EQ(bounds.max.z, 9.0f);
  // Hips moves 3 then 6 units in 0.5 s steps: 6, (9 / 1 s) = 9, 12 units per second.
  EXPECT_EQ(joint_speed(baked, 0, 0.5), (std::vector<float>{6.0f, 9.0f, 12.0f}));
  const std::vector<glm::vec3> trail = joint_trail(baked, 0, -5, 1);
  ASSERT_EQ(trail.size(), 2u);
  EXPECT_EQ(trail[1], glm::vec3(0, 0, 3));
}

TEST(Baking, ALargeClipUsesSeveralThreadsWithTheSameResult) {
  const Clip clip = test::parse_ok(body_skeleton()
                                       .frame_time(0.01)
                                       .frames(30000,
                                               [](int f) {
                                                 test::BvhBuilder::Row row(18, 0.0);
                                                 row[2] = f % 97;   // the hips' Zposition
                                                 row[3] = f % 360;  // the hips' Zrotation
                                                 row[12] = 45;      // the left leg's Zrotation
                                                 return row;
                                               })
                                       .text());
  EXPECT_TRUE(std::ranges::equal(bake_positions(clip, PositionMode::Add, 2).positions(),
                                 bake_positions(clip, PositionMode::Add, 1).positions()));
}

TEST(Baking, BeyondTheBudgetEveryNthFrameAndTheLastAreBaked) {
  // Hips' Zposition is the frame number: the baked z of a baked frame names the clip frame it holds.
  const Clip clip = test::parse_ok(body_skeleton()
                                       .frames(10,
                                               [](int f) {
                                                 test::BvhBuilder::Row row(18, 0.0);
                                                 row[2] = f;
                                                 return row;
                                               })
                                       .text());
  ASSERT_EQ(clip.skeleton.joint_count(), 8);
  const BakedPositions whole = bake_positions(clip, PositionMode::Add, 1, {}, 80);
  EXPECT_TRUE(whole.every_frame());
  EXPECT_EQ(whole.frame_count, 10u);

  // 4 frames fit 32 positions of 8 joints: frames 0, 3, 6 and 9.
  const BakedPositions baked = bake_positions(clip, PositionMode::Add, 1, {}, 32);
  EXPECT_FALSE(baked.every_frame());
  EXPECT_EQ(baked.frame_step, 3u);
  EXPECT_EQ(baked.frame_count, 4u);
  EXPECT_EQ(baked.clip_frame_count, 10u);
  EXPECT_EQ(baked.positions().size(), 32u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(baked.at(i, 0), glm::vec3(0, 0, static_cast<float>(3 * i)));
  EXPECT_EQ(baked.index_of(6), std::optional<std::size_t>(2));
  EXPECT_EQ(baked.index_of(9), std::optional<std::size_t>(3));
  EXPECT_EQ(baked.index_of(7), std::nullopt);
  EXPECT_EQ(baked.index_of(10), std::nullopt);
  // Speeds in units per second over the clip frames apart: 3 units in 1.5 s.
  EXPECT_EQ(joint_speed(baked, 0, 0.5), (std::vector<float>{2.0f, 2.0f, 2.0f, 2.0f}));
  // A trail over clip frames 2..7 holds the baked frames 3 and 6; over the whole clip all four.
  const std::vector<glm::vec3> part = joint_trail(baked, 0, 2, 7);
  EXPECT_EQ(part, (std::vector<glm::vec3>{{0, 0, 3}, {0, 0, 6}}));
  EXPECT_EQ(joint_trail(baked, 0, 0, 9).size(), 4u);
  EXPECT_EQ(joint_trail(baked, 0, 0, 100).back(), glm::vec3(0, 0, 9));

  // An uneven last step: 10 frames in 3 baked ones are frames 0, 5 and 9.
  const BakedPositions three = bake_positions(clip, PositionMode::Add, 2, {}, 24);
  EXPECT_EQ(three.frame_count, 3u);
  EXPECT_EQ(three.at(2, 0), glm::vec3(0, 0, 9));
  EXPECT_EQ(three.index_of(9), std::optional<std::size_t>(2));
  EXPECT_EQ(joint_speed(three, 0, 0.5), (std::vector<float>{2.0f, 2.0f, 2.0f}));
}

TEST(Curves, EnvelopesKeepEverySpike) {
  Motion motion;
  motion.channel_count = 2;
  motion.frame_count = 10;
  for (int f = 0; f < 10; ++f) {
    motion.values.push_back(static_cast<float>(f));
    motion.values.push_back(f == 7 ? 100.0f : 0.0f);
  }
  const CurveEnvelope ramp = channel_envelope(motion, 0, 4);
  EXPECT_EQ(ramp.frames_per_bucket, 3u);
  EXPECT_EQ(ramp.low, (std::vector<float>{0, 3, 6, 9}));
  EXPECT_EQ(ramp.high, (std::vector<float>{2, 5, 8, 9}));
  const CurveEnvelope spike = channel_envelope(motion, 1, 4);
  EXPECT_EQ(spike.high, (std::vector<float>{0, 0, 100, 0}));
  EXPECT_EQ(spike.highest, 100.0f);
  EXPECT_EQ(channel_envelope(motion, 0, 100).low.size(), 10u);
  const std::vector<float> series = {3, -1, 2};
  EXPECT_EQ(series_envelope(series, 1).low, (std::vector<float>{-1}));
}

TEST(ClipTimeline, OffsetsMapSharedTimeToEachClip) {
  Motion a;
  a.frame_count = 11;
  a.frame_time = 0.1;  // 1 s long
  Motion b;
  b.frame_count = 5;
  b.frame_time = 0.5;  // 2 s long
  EXPECT_DOUBLE_EQ(clip_frame_position(a, 0.0, 0.55), 5.5);
  EXPECT_DOUBLE_EQ(clip_frame_position(b, 1.0, 2.0), 2.0);
  EXPECT_DOUBLE_EQ(clip_frame_position(b, 1.0, 0.5), 0.0);  // holds its first frame before it starts
  EXPECT_DOUBLE_EQ(clip_frame_position(a, 0.0, 7.0), 10.0);
  const std::vector<ClipTiming> clips = {{&a, 0.0}, {&b, 1.0}};
  const TimelineSpan span = timeline_span(clips);
  EXPECT_DOUBLE_EQ(span.start, 0.0);
  EXPECT_DOUBLE_EQ(span.end, 3.0);
  const std::vector<ClipTiming> early = {{&a, -0.5}};
  EXPECT_DOUBLE_EQ(timeline_span(early).start, -0.5);
}

}  // namespace
}  // namespace bvhscope
