// Bone vertices and joint positions written from a posed skeleton into caller-sized arrays.
#include <gtest/gtest.h>

#include <vector>

#include "anim/bone_geometry.hpp"
#include "anim/bvh_parser.hpp"
#include "bvh_builder.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

// Hips -> (Upper -> UpperEnd, Side); one frame: the hips at (1, 2, 3), Upper turned 90 degrees about Z.
std::string arm() {
  return test::BvhBuilder()
      .root("Hips", {0, 0, 0}, test::kPositionsZXY)
      .joint("Upper", "Hips", {0, 10, 0}, test::kRotationsZXY)
      .end_site("Upper", {0, 5, 0})
      .joint("Side", "Hips", {3, 0, 0}, test::kRotationsZXY)
      .frame_time(0.1)
      .frame({1, 2, 3, 0, 0, 0, 90, 0, 0, 0, 0, 0})
      .text();
}

TEST(BoneGeometry, OneSegmentPerParentChildPairEndSitesIncluded) {
  const Clip clip = test::parse_ok(arm());
  EXPECT_EQ(bone_count(clip.skeleton), 3u);
  EXPECT_EQ(bone_child_joints(clip.skeleton), (std::vector<int>{1, 2, 3}));
}

TEST(BoneGeometry, WritesParentThenChildWorldPositions) {
  const Clip clip = test::parse_ok(arm());
  Pose pose;
  pose_frame(clip, 0, PositionMode::Add, pose);
  std::vector<glm::vec3> vertices(2 * bone_count(clip.skeleton));
  ASSERT_EQ(write_bone_vertices(clip.skeleton, pose, vertices), 6u);
  // Root at (1,2,3); Upper rotated 90° about Z at the root, so its End Site points along -X.
  EXPECT_EQ(vertices[0], glm::vec3(1, 2, 3));
  EXPECT_EQ(vertices[1], glm::vec3(1, 12, 3));
  EXPECT_EQ(vertices[2], glm::vec3(1, 12, 3));
  EXPECT_NEAR(vertices[3].x, -4.0f, 1e-5f);
  EXPECT_NEAR(vertices[3].y, 12.0f, 1e-5f);
  EXPECT_EQ(vertices[4], glm::vec3(1, 2, 3));
  EXPECT_EQ(vertices[5], glm::vec3(4, 2, 3));
}

TEST(BoneGeometry, JointPositionsInJointOrder) {
  const Clip clip = test::parse_ok(arm());
  Pose pose;
  pose_frame(clip, 0, PositionMode::Add, pose);
  std::vector<glm::vec3> joints(4);
  ASSERT_EQ(write_joint_positions(pose, joints), 4u);
  for (int joint = 0; joint < 4; ++joint) EXPECT_EQ(joints[static_cast<std::size_t>(joint)], pose.position(joint));
}

TEST(BoneGeometry, NeverWritesPastTheArray) {
  const Clip clip = test::parse_ok(arm());
  Pose pose;
  pose_frame(clip, 0, PositionMode::Add, pose);
  std::vector<glm::vec3> small(3, glm::vec3(-7.0f));
  EXPECT_EQ(write_bone_vertices(clip.skeleton, pose, std::span(small).first(3)), 2u);
  EXPECT_EQ(small[2], glm::vec3(-7.0f));
}

}  // namespace
}  // namespace bvhscope
