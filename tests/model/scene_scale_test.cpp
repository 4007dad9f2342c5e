// Ground grid under the motion in the clip's units, and the root's path.
#include <gtest/gtest.h>

#include "bvh_builder.hpp"
#include "model/scene_scale.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

TEST(GroundGrid, SpacingFollowsTheUnits) {
  Bounds motion;
  motion.add(glm::vec3(-50, 0, -50));
  motion.add(glm::vec3(50, 170, 50));
  const GroundGrid cm = ground_grid(motion, 0.01);
  EXPECT_FLOAT_EQ(cm.major_spacing, 100.0f);
  EXPECT_FLOAT_EQ(cm.minor_spacing, 10.0f);
  const GroundGrid m = ground_grid(motion, 1.0);
  EXPECT_FLOAT_EQ(m.major_spacing, 1.0f);
  const GroundGrid inches = ground_grid(motion, 0.0254);
  EXPECT_NEAR(inches.major_spacing, 39.37f, 0.01f);
}

TEST(GroundGrid, SitsUnderTheLowestPointAndCoversTheFootprint) {
  Bounds motion;
  motion.add(glm::vec3(100, -3, 20));
  motion.add(glm::vec3(900, 170, 60));
  const GroundGrid grid = ground_grid(motion, 0.01);
  EXPECT_FLOAT_EQ(grid.center.y, -3.0f);
  EXPECT_GE(grid.extent, 400.0f + 200.0f);  // half the footprint plus 2 m
  EXPECT_NEAR(grid.center.x, 500.0f, 50.0f);
  EXPECT_FLOAT_EQ(std::fmod(grid.center.x, grid.major_spacing), 0.0f);
}

TEST(GroundGrid, SmallMotionStillGetsThreeMetres) {
  Bounds motion;
  motion.add(glm::vec3(0, 0, 0));
  motion.add(glm::vec3(1, 1, 1));
  EXPECT_GE(ground_grid(motion, 1.0).extent, 3.0f);
  EXPECT_GE(ground_grid(Bounds{}, 1.0).extent, 3.0f);
  EXPECT_GT(ground_grid(motion, 0.0).major_spacing, 0.0f);  // a bad unit falls back to centimetres
}

TEST(RootTrajectory, OnePointPerFrameAtTheRoot) {
  const Clip clip = test::parse_ok(test::BvhBuilder()
                                       .root("Hips", {0, 0, 0}, "Xposition Yposition Zposition")
                                       .end_site("Hips", {0, 1, 0})
                                       .frame_time(0.1)
                                       .frame({0, 0, 0})
                                       .frame({1, 0, 2})
                                       .frame({3, 1, 4})
                                       .text());
  const std::vector<glm::vec3> path = root_trajectory(clip, PositionMode::Add);
  ASSERT_EQ(path.size(), 3u);
  EXPECT_EQ(path[1], glm::vec3(1, 0, 2));
  EXPECT_EQ(path[2], glm::vec3(3, 1, 4));
}

}  // namespace
}  // namespace bvhscope
