// Bone and joint radii of the solid style (anim/bone_radii) on a small skeleton worked out by hand.
#include <gtest/gtest.h>

#include <vector>

#include <glm/vec3.hpp>

#include "anim/bone_radii.hpp"
#include "anim/skeleton.hpp"

namespace bvhscope {
namespace {

Skeleton skeleton_of(const std::vector<int>& parents, const std::vector<glm::vec3>& offsets) {
  Skeleton skeleton;
  skeleton.parents = parents;
  skeleton.offsets = offsets;
  return skeleton;
}

// hips (root, placed far off) -> spine (50 up) -> finger (2 forward) -> tip (0.5 forward); spine ->
// nub (zero OFFSET); hips -> foot (50 down). The rest pose spans 100 units (y, from the foot to the
// spine; the root is left out); drawn 200 units tall, a unit of length is 2 there.
Skeleton figure() {
  return skeleton_of({kNoParent, 0, 1, 2, 1, 0}, {{1000.0f, 0.0f, 0.0f},
                                                  {0.0f, 50.0f, 0.0f},
                                                  {0.0f, 0.0f, 2.0f},
                                                  {0.0f, 0.0f, 0.5f},
                                                  {0.0f, 0.0f, 0.0f},
                                                  {0.0f, -50.0f, 0.0f}});
}

TEST(BoneRadii, FollowTheRestLengthWithinBoundsSetByTheFiguresSize) {
  const Skeleton skeleton = figure();
  EXPECT_FLOAT_EQ(rest_pose_size(skeleton), 100.0f);
  // Bounds: 0.003 × 200 = 0.6 and 0.03 × 200 = 6.
  const std::vector<float> radii = bone_radii(skeleton, 200.0f);
  ASSERT_EQ(radii.size(), 5u);
  EXPECT_FLOAT_EQ(radii[0], 6.0f);  // spine: 0.25 × 50 × 2 = 25, lowered to the maximum
  EXPECT_FLOAT_EQ(radii[1], 1.0f);  // finger: 0.25 × 2 × 2, in between
  EXPECT_FLOAT_EQ(radii[2], 0.6f);  // tip: 0.25 × 0.5 × 2 = 0.25, raised to the minimum
  EXPECT_FLOAT_EQ(radii[3], 0.6f);  // nub: zero length, the minimum
  EXPECT_FLOAT_EQ(radii[4], 6.0f);  // foot: as the spine
}

TEST(BoneRadii, ScaleWithTheFiguresSize) {
  // The same figure drawn 20 units tall: every radius a tenth.
  const std::vector<float> radii = bone_radii(figure(), 20.0f);
  ASSERT_EQ(radii.size(), 5u);
  EXPECT_FLOAT_EQ(radii[0], 0.6f);
  EXPECT_FLOAT_EQ(radii[1], 0.1f);
  EXPECT_FLOAT_EQ(radii[2], 0.06f);
  EXPECT_FLOAT_EQ(radii[3], 0.06f);
  EXPECT_FLOAT_EQ(radii[4], 0.6f);
}

TEST(BoneRadii, JointSpheresFollowTheThickestBoneMeetingThere) {
  const Skeleton skeleton = figure();
  const std::vector<float> bones = bone_radii(skeleton, 200.0f);
  const std::vector<float> joints = joint_radii(skeleton, bones, 200.0f);
  ASSERT_EQ(joints.size(), 6u);
  EXPECT_FLOAT_EQ(joints[0], 6.36f);   // hips: 1.06 × 6, the spine and foot start there
  EXPECT_FLOAT_EQ(joints[1], 6.36f);   // spine: the spine ends there (finger and nub start there)
  EXPECT_FLOAT_EQ(joints[2], 1.06f);   // finger: 1.06 × 1, the finger bone (the tip's is thinner)
  EXPECT_FLOAT_EQ(joints[3], 0.636f);  // tip: 1.06 × 0.6
  EXPECT_FLOAT_EQ(joints[4], 0.636f);  // nub: 1.06 × the minimum
  EXPECT_FLOAT_EQ(joints[5], 6.36f);   // foot
}

TEST(BoneRadii, DegenerateFiguresStayBounded) {
  // Every OFFSET zero: no length to go by, every bone the minimum and visible.
  const Skeleton flat = skeleton_of({kNoParent, 0, 1}, {glm::vec3(0.0f), glm::vec3(0.0f), glm::vec3(0.0f)});
  EXPECT_EQ(rest_pose_size(flat), 0.0f);
  EXPECT_EQ(bone_radii(flat, 100.0f), (std::vector<float>{0.3f, 0.3f}));
  // A lone root: no bones, a sphere of 1.06 × the minimum.
  const Skeleton lone = skeleton_of({kNoParent}, {glm::vec3(5.0f)});
  EXPECT_EQ(rest_pose_size(lone), 0.0f);
  EXPECT_TRUE(bone_radii(lone, 100.0f).empty());
  const std::vector<float> lone_joint = joint_radii(lone, {}, 100.0f);
  ASSERT_EQ(lone_joint.size(), 1u);
  EXPECT_FLOAT_EQ(lone_joint[0], 0.318f);
  // No figure size: taken as 1.
  const std::vector<float> unit = bone_radii(figure(), 0.0f);
  ASSERT_EQ(unit.size(), 5u);
  EXPECT_FLOAT_EQ(unit[0], 0.03f);
  EXPECT_FLOAT_EQ(unit[3], 0.003f);
}

}  // namespace
}  // namespace bvhscope
