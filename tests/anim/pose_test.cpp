// Posing: local transforms in channel order, forward kinematics, End Sites and interpolation.
#include <gtest/gtest.h>

#include <cmath>

#include "anim/pose.hpp"
#include "bvh_builder.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::kTwoJoints;
using test::parse_ok;

void expect_near(const glm::vec3& actual, const glm::vec3& expected, float tolerance = 1e-5f) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
  EXPECT_NEAR(actual.z, expected.z, tolerance);
}

TEST(Pose, FirstFrameTranslatesTheRoot) {
  const Clip clip = parse_ok(kTwoJoints);
  Pose pose;
  pose_frame(clip, 0, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(0), glm::vec3(1, 2, 3));
  EXPECT_EQ(pose.position(1), glm::vec3(1, 12, 3));
  EXPECT_EQ(pose.position(2), glm::vec3(1, 17, 3));
}

TEST(Pose, RootRotationCarriesChildrenAndEndSites) {
  const Clip clip = parse_ok(kTwoJoints);
  Pose pose;
  pose_frame(clip, 1, PositionMode::Add, pose);  // root at (4,5,6), Zrotation 90
  EXPECT_EQ(pose.position(0), glm::vec3(4, 5, 6));
  EXPECT_EQ(pose.position(1), glm::vec3(-6, 5, 6));   // (0,10,0) turned 90° about Z is (-10,0,0)
  EXPECT_EQ(pose.position(2), glm::vec3(-11, 5, 6));  // the End Site 5 further along the same direction
}

Clip two_rotations(const std::string& order, float first, float second) {
  return parse_ok(test::BvhBuilder()
                      .root("R", {0, 0, 0}, order)
                      .end_site("R", {0, 1, 0})
                      .frame_time(1)
                      .frame({static_cast<double>(first), static_cast<double>(second)})
                      .text());
}

TEST(Pose, RotationsComposeInTheFileOrder) {
  Pose pose;
  // Z then X: R = Rz(90) Rx(90); Rx turns +Y into +Z, which Rz leaves alone.
  pose_frame(two_rotations("Zrotation Xrotation", 90, 90), 0, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(1), glm::vec3(0, 0, 1));
  // X then Z: R = Rx(90) Rz(90); Rz turns +Y into -X, which Rx leaves alone.
  pose_frame(two_rotations("Xrotation Zrotation", 90, 90), 0, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(1), glm::vec3(-1, 0, 0));
  // Y then X: R = Ry(90) Rx(-90); Rx(-90) turns +Y into -Z, Ry(90) turns -Z into -X.
  pose_frame(two_rotations("Yrotation Xrotation", 90, -90), 0, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(1), glm::vec3(-1, 0, 0));
}

TEST(Pose, AnglesAreDegrees) {
  Pose pose;
  pose_frame(two_rotations("Zrotation Xrotation", 30, 0), 0, PositionMode::Add, pose);
  expect_near(pose.position(1), glm::vec3(-0.5f, std::sqrt(3.0f) / 2.0f, 0.0f));
}

TEST(Pose, HugeAnglesKeepTheirPrecision) {
  // 89 999 912 degrees is 249 999 turns and 272 degrees; not a multiple of 90.
  Pose pose;
  pose_frame(two_rotations("Zrotation Xrotation", 89999912.0f, 0), 0, PositionMode::Add, pose);
  const float radians = glm::radians(272.0f);
  expect_near(pose.position(1), glm::vec3(-std::sin(radians), std::cos(radians), 0.0f));
  pose_frame(two_rotations("Zrotation Xrotation", -450.0f, 0), 0, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(1), glm::vec3(1, 0, 0));  // -450 is -90: exact
}

TEST(Pose, PositionChannelsAddToOrReplaceTheOffset) {
  const Clip clip = parse_ok(test::BvhBuilder().root("R", {10, 20, 30}, "Yposition").frame_time(1).frame({5}).text());
  Pose pose;
  pose_frame(clip, 0, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(0), glm::vec3(10, 25, 30));
  pose_frame(clip, 0, PositionMode::Replace, pose);
  EXPECT_EQ(pose.position(0), glm::vec3(10, 5, 30));  // only the axis with a channel is replaced
}

TEST(Pose, RestPoseAndClipsWithoutFrames) {
  std::string text(kTwoJoints);
  text = text.substr(0, text.find("Frames:")) + "Frames: 0\nFrame Time: 0.5\n";
  const Clip clip = parse_ok(text);
  Pose pose;
  pose_frame(clip, 3, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(2), glm::vec3(0, 15, 0));
  sample_pose(clip, 2.5, Sampling::Linear, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(1), glm::vec3(0, 10, 0));
}

TEST(Pose, FramesBeyondTheEndAreClamped) {
  const Clip clip = parse_ok(kTwoJoints);
  Pose pose;
  pose_frame(clip, 99, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(0), glm::vec3(4, 5, 6));
}

TEST(Sampling, WholeFramesReproduceTheFileExactly) {
  const Clip clip = parse_ok(kTwoJoints);
  Pose exact;
  Pose sampled;
  for (std::size_t frame = 0; frame < 2; ++frame) {
    pose_frame(clip, frame, PositionMode::Add, exact);
    for (Sampling sampling : {Sampling::Nearest, Sampling::Linear}) {
      sample_pose(clip, static_cast<double>(frame), sampling, PositionMode::Add, sampled);
      for (int joint = 0; joint < 3; ++joint) EXPECT_EQ(sampled.world[joint], exact.world[joint]);
    }
  }
}

TEST(Sampling, LinearInterpolatesTranslationAndSlerpsRotation) {
  const Clip clip = parse_ok(kTwoJoints);
  Pose pose;
  sample_pose(clip, 0.5, Sampling::Linear, PositionMode::Add, pose);
  expect_near(pose.position(0), glm::vec3(2.5f, 3.5f, 4.5f));
  const float arm = 10.0f * std::sqrt(0.5f);  // Zrotation halfway from 0 to 90 is 45
  expect_near(pose.position(1), glm::vec3(2.5f - arm, 3.5f + arm, 4.5f));
}

TEST(Sampling, NearestPicksTheCloserFrame) {
  const Clip clip = parse_ok(kTwoJoints);
  Pose pose;
  sample_pose(clip, 0.49, Sampling::Nearest, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(0), glm::vec3(1, 2, 3));
  sample_pose(clip, 0.51, Sampling::Nearest, PositionMode::Add, pose);
  EXPECT_EQ(pose.position(0), glm::vec3(4, 5, 6));
}

TEST(Sampling, SlerpTakesTheShortArcAcrossPlusMinus180) {
  const std::string text = test::BvhBuilder()
                               .root("R", {0, 0, 0}, "Zrotation")
                               .end_site("R", {0, 10, 0})
                               .frame_time(1)
                               .frame({170})
                               .frame({-170})
                               .text();
  const Clip clip = parse_ok(text);
  Pose pose;
  sample_pose(clip, 0.5, Sampling::Linear, PositionMode::Add, pose);
  expect_near(pose.position(1), glm::vec3(0, -10, 0), 1e-4f);  // through 180, not through 0
}

TEST(ForwardKinematics, OnePassOverParents) {
  const std::vector<int> parents = {-1, 0, 1, 0};
  std::vector<glm::mat4> local(4, glm::mat4(1.0f));
  for (auto& m : local) m[3] = glm::vec4(1, 0, 0, 1);
  std::vector<glm::mat4> world(4);
  forward_kinematics(parents, local, world);
  EXPECT_EQ(glm::vec3(world[2][3]), glm::vec3(3, 0, 0));
  EXPECT_EQ(glm::vec3(world[3][3]), glm::vec3(2, 0, 0));
}

}  // namespace
}  // namespace bvhscope
