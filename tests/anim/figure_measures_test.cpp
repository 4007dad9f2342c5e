// The figure's measures: size and unit from the body (not a static joint left far away, not a glitch
// frame), the same for every take of one skeleton, unknown for partial rigs; the floor at the
// contact level whatever the glitches.
#include <gtest/gtest.h>

#include <cmath>

#include "anim/clip_analysis.hpp"
#include "bvh_builder.hpp"
#include "test_support.hpp"
#include "turned_bvh.hpp"

namespace bvhscope {
namespace {

Clip corpus(const char* name) { return test::parse_ok(test::read_file(test::corpus_dir() / name), name); }

ClipAnalysis analyse(const Clip& clip) { return analyse_clip(clip, PositionModeRequest::Auto, UpAxisRequest{}); }

int channel_of(const Skeleton& skeleton, int joint, ChannelKind kind) {
  const int first = skeleton.first_channels[static_cast<std::size_t>(joint)];
  for (int c = first; c < first + skeleton.channel_counts[static_cast<std::size_t>(joint)]; ++c) {
    if (skeleton.channel_kinds[static_cast<std::size_t>(c)] == kind) return c;
  }
  return -1;
}

TEST(FigureMeasures, GlitchFramesNeitherMoveTheFloorNorStretchTheBounds) {
  const Clip clip = corpus("edin-m__walk1.bvh");  // inches, 191 frames
  Clip glitched = clip;
  const int x = channel_of(glitched.skeleton, 0, ChannelKind::Xposition);
  const int y = channel_of(glitched.skeleton, 0, ChannelKind::Yposition);
  for (std::size_t frame = 90; frame < 95; ++frame) {  // five frames 1.4 km away, and below the floor
    float* row = glitched.motion.values.data() + frame * static_cast<std::size_t>(glitched.motion.channel_count);
    row[x] = frame % 2 == 0 ? 55000.0f : -55000.0f;
    row[y] = -55000.0f;
  }
  const ClipAnalysis clean = analyse(clip);
  const ClipAnalysis dirty = analyse(glitched);
  EXPECT_EQ(dirty.figure.outlier_frames, 5u);
  EXPECT_EQ(clean.figure.outlier_frames, 0u);
  EXPECT_NEAR(dirty.figure.floor, clean.figure.floor, 0.5f);
  for (int axis = 0; axis < 3; ++axis) {
    EXPECT_NEAR(dirty.figure.bounds.min[axis], clean.figure.bounds.min[axis], 1.0f) << axis;
    EXPECT_NEAR(dirty.figure.bounds.max[axis], clean.figure.bounds.max[axis], 1.0f) << axis;
  }
  EXPECT_EQ(dirty.figure.units.unit, "inches");
}

TEST(FigureMeasures, AStaticRootFiveMetresAwayIsNotPartOfTheBody) {
  // assimp__01_01 (CMU units, ~1.5 m) under a channel-less ROOT at the origin, its hips 5 m away.
  const Clip clip = corpus("assimp__01_01.bvh");
  std::string text = test::turned_bvh(clip, glm::mat3(1.0f));
  const float five_metres = 5.0f / (0.0254f / 0.45f);
  text.replace(text.find("ROOT "), 5, "ROOT Reference\n{\nOFFSET 0 0 0\nCHANNELS 0\nJOINT ");
  const std::size_t offset = text.find("OFFSET", text.find("JOINT "));
  text.replace(offset, text.find('\n', offset) - offset, "OFFSET " + std::to_string(five_metres) + " 0 0");
  text.insert(text.find("MOTION"), "}\n");
  const Clip wrapped = test::parse_ok(text);
  const ClipAnalysis plain = analyse(clip);
  const ClipAnalysis with_reference = analyse(wrapped);
  EXPECT_EQ(with_reference.detached_joints, 1);
  EXPECT_NEAR(with_reference.figure.height, plain.figure.height, 0.01f * plain.figure.height);
  EXPECT_EQ(with_reference.figure.units.unit, "CMU units");
  EXPECT_EQ(with_reference.up.axis, UpAxis::PosY);
  EXPECT_NEAR(with_reference.figure.floor, plain.figure.floor, 0.01f);
  EXPECT_EQ(with_reference.figure.extent_reason, "the rest pose's largest extent, without 1 joints far from the body");
}

TEST(FigureMeasures, AFanOfRaysAsLongAsTheFigureIsOneBody) {
  // Every bone is longer than 0.7 x the figure: cutting them all would leave single joints (and a
  // figure of size 0 drawn from a camera inside it); nothing is cut instead.
  test::BvhBuilder fan_of_rays;
  fan_of_rays.root("Root", {0, 0, 0}, "Xposition Yposition Zposition");
  for (int i = 0; i < 200; ++i) {
    const std::string ray = "j" + std::to_string(i);
    fan_of_rays.joint(ray, "Root", {10, 0, 0}, "").end_site(ray, {0, 10, 0});
  }
  const std::string text = fan_of_rays.frame_time(0.1).frame({0, 0, 0}).frame({0, 1, 0}).text();
  const ClipAnalysis fan = analyse(test::parse_ok(text));
  EXPECT_EQ(fan.detached_joints, 0);
  EXPECT_NEAR(fan.figure.height, 10.0f, 0.01f);
}

TEST(FigureMeasures, EveryTakeOfOneSkeletonGetsTheSameUnit) {
  // A crouching take of the CMU skeleton (knees and hips bent 70 degrees all along) is no shorter.
  const Clip standing = corpus("bvh11__131_01.bvh");
  Clip crouching = standing;
  for (int joint = 0; joint < crouching.skeleton.joint_count(); ++joint) {
    const std::string& name = crouching.skeleton.names[static_cast<std::size_t>(joint)];
    if (name.find("Leg") == std::string::npos && name.find("Hips") == std::string::npos) continue;
    const int c = channel_of(crouching.skeleton, joint, ChannelKind::Xrotation);
    for (std::size_t f = 0; f < crouching.motion.frame_count; ++f) {
      crouching.motion
          .values[f * static_cast<std::size_t>(crouching.motion.channel_count) + static_cast<std::size_t>(c)] += 70.0f;
    }
  }
  const ClipAnalysis a = analyse(standing);
  const ClipAnalysis b = analyse(crouching);
  // The size is the skeleton's (its standing height is not: the crouch leans 70 degrees forward,
  // its up axis is judged from that motion).
  EXPECT_EQ(a.figure.extent, b.figure.extent);
  EXPECT_EQ(a.figure.units.unit, "CMU units");
  EXPECT_EQ(b.figure.units.unit, "CMU units");
}

// A T-pose in centimetres scaled by `scale`: 173 tall from the feet (0) to the head's End Site,
// arms out to a span of 199; it stands in place for two frames.
std::string t_pose(float scale) {
  const auto v = [scale](float x, float y, float z) {
    return test::BvhBuilder::Offset{static_cast<double>(x * scale), static_cast<double>(y * scale),
                                    static_cast<double>(z * scale)};
  };
  test::BvhBuilder pose;
  pose.root("Hips", {0, 0, 0}, test::kPositionsZXY)
      .joint("Spine", "Hips", v(0, 10, 0), test::kRotationsZXY)
      .joint("Chest", "Spine", v(0, 20, 0), test::kRotationsZXY)
      .joint("Neck", "Chest", v(0, 22, 0), test::kRotationsZXY)
      .joint("Head", "Neck", v(0, 10, 0), test::kRotationsZXY)
      .end_site("Head", v(0, 16, 0));
  for (const float side : {1.0f, -1.0f}) {
    const std::string s = side > 0 ? "Left" : "Right";
    pose.joint(s + "Shoulder", "Chest", v(5 * side, 17, 0), test::kRotationsZXY)
        .joint(s + "Arm", s + "Shoulder", v(15 * side, 0, 0), test::kRotationsZXY)
        .joint(s + "ForeArm", s + "Arm", v(30 * side, 0, 0), test::kRotationsZXY)
        .joint(s + "Hand", s + "ForeArm", v(27 * side, 0, 0), test::kRotationsZXY)
        .end_site(s + "Hand", v(22.5f * side, 0, 0));
  }
  for (const float side : {1.0f, -1.0f}) {
    const std::string s = side > 0 ? "Left" : "Right";
    pose.joint(s + "UpLeg", "Hips", v(9 * side, -5, 0), test::kRotationsZXY)
        .joint(s + "Leg", s + "UpLeg", v(0, -42, 0), test::kRotationsZXY)
        .joint(s + "Foot", s + "Leg", v(0, -43, 0), test::kRotationsZXY)
        .end_site(s + "Foot", v(0, -5, 12));
  }
  test::BvhBuilder::Row still(6 + 18 * 3, 0.0);
  still[1] = static_cast<double>(95.0f * scale);
  return pose.frame_time(0.04).frame(still).frame(still).text();
}

TEST(FigureMeasures, HeightIsStandingHeightAndExtentTheLargestExtent) {
  const ClipAnalysis analysis = analyse(test::parse_ok(t_pose(1.0f)));
  EXPECT_FLOAT_EQ(analysis.figure.height, 173.0f);
  EXPECT_EQ(analysis.figure.height_reason, "the rest pose's extent along the up axis");
  EXPECT_FLOAT_EQ(analysis.figure.extent, 199.0f);
  EXPECT_EQ(analysis.figure.extent_reason, "the rest pose's largest extent");
  EXPECT_EQ(analysis.figure.units.unit, "centimetres");
  EXPECT_EQ(analysis.figure.unit_reason, "a human-sized figure of 1.73 m");
  EXPECT_FALSE(analysis.figure.implausible_height);
}

TEST(FigureMeasures, AHumanOutsideHalfAMetreToTwoAndAHalfIsSaid) {
  // Scaled 2x: the closest unit (centimetres) makes a figure 3.46 m tall.
  const ClipAnalysis analysis = analyse(test::parse_ok(t_pose(2.0f)));
  EXPECT_FLOAT_EQ(analysis.figure.height, 346.0f);
  EXPECT_EQ(analysis.figure.units.unit, "centimetres");
  EXPECT_TRUE(analysis.figure.implausible_height);
  EXPECT_EQ(analysis.figure.unit_reason,
            "the unit closest to a human size, but the figure would be 3.46 m tall, outside 0.5-2.5 m for a person: "
            "the file may be scaled or in another unit (--units sets it)");
}

TEST(FigureMeasures, APartialRigHasNoUnitGuess) {
  const ClipAnalysis hand = analyse(corpus("rgbdacq__lhand.bvh"));
  EXPECT_EQ(hand.figure.units.unit, "unknown");
  EXPECT_EQ(hand.figure.unit_reason, "a partial rig (a hand or arm): no human size to compare with");
  EXPECT_GT(hand.figure.units.metres_per_unit, 0.0);
}

TEST(FigureMeasures, TheFloorIsTheFeetOfAnUprightFigure) {
  // pybvh__bvh_example lies along +Z: upright, its floor is the lowest Z of its body, frame by frame.
  const Clip clip = corpus("pybvh__bvh_example.bvh");
  const ClipAnalysis analysis = analyse(clip);
  ASSERT_EQ(analysis.up.axis, UpAxis::PosZ);
  Pose pose;
  float lowest = std::numeric_limits<float>::max();
  for (std::size_t f = 0; f < clip.motion.frame_count; ++f) {
    pose_frame(clip, f, analysis.position.mode, pose);
    for (int j = 0; j < clip.skeleton.joint_count(); ++j) lowest = std::min(lowest, pose.position(j).z);
  }
  EXPECT_FLOAT_EQ(analysis.figure.floor, lowest);
  EXPECT_EQ(analysis.figure.units.unit, "inches");
}

}  // namespace
}  // namespace bvhscope
