// fit_rotations: joint positions made by forward kinematics of every corpus file (so a rigid
// skeleton exists) come back from the fitted channels, written as BVH and read again, to float
// rounding; the rest pose is a T-pose for the SMPL layout; stretching bones are reported; the
// Euler curves are continuous; what cannot be fitted is refused.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/bvh_parser.hpp"
#include "anim/bvh_writer.hpp"
#include "anim/convert.hpp"
#include "anim/file_loader.hpp"
#include "anim/measure.hpp"
#include "anim/pose.hpp"
#include "anim/position_mode.hpp"
#include "anim/rotation_fit.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

// A positions motion of `frames` frames: each joint's position at each frame from `at`.
template <typename At>
Clip positions_motion(const std::vector<std::string>& names, const std::vector<int>& parents, std::size_t frames,
                      At at) {
  Clip clip;
  clip.source = "array.npy";
  Skeleton& s = clip.skeleton;
  s.names = names;
  s.parents = parents;
  for (std::size_t j = 0; j < names.size(); ++j) {
    if (parents[j] == kNoParent) s.roots.push_back(static_cast<int>(j));
    s.offsets.emplace_back(0.0f);
    s.first_channels.push_back(0);
    s.channel_counts.push_back(0);
    s.end_sites.push_back(0);
    s.source_lines.push_back(0);
  }
  clip.declared_frame_time = 0.05;
  clip.motion.frame_count = frames;
  clip.motion.frame_time = 0.05;
  clip.motion.position_joints = static_cast<int>(names.size());
  clip.motion.positions = FrameValues(frames * names.size() * 3);
  for (std::size_t f = 0; f < frames; ++f)
    for (std::size_t j = 0; j < names.size(); ++j) {
      const glm::dvec3 p = at(f, static_cast<int>(j));
      for (int c = 0; c < 3; ++c)
        clip.motion.positions[(f * names.size() + j) * 3 + static_cast<std::size_t>(c)] = static_cast<float>(p[c]);
    }
  return clip;
}

// The positions of a channel clip's frames, as a positions motion over the same joints.
Clip positions_of(const Clip& clip, std::size_t frames) {
  const PositionMode mode = decide_position_mode(clip, PositionModeRequest::Auto).mode;
  std::vector<std::vector<glm::vec3>> posed(frames);
  Pose pose;
  for (std::size_t f = 0; f < frames; ++f) {
    pose_frame(clip, f, mode, pose);
    for (int j = 0; j < clip.skeleton.joint_count(); ++j) posed[f].push_back(pose.position(j));
  }
  Clip positions = positions_motion(clip.skeleton.names, clip.skeleton.parents, frames, [&](std::size_t f, int j) {
    return glm::dvec3(posed[f][static_cast<std::size_t>(j)]);
  });
  positions.skeleton.end_sites = clip.skeleton.end_sites;
  return positions;
}

// The fitted clip written as BVH and read back, posed, against the positions: the largest distance.
double largest_error_after_writing(const Clip& fitted, const Clip& positions, const std::vector<int>& output_of) {
  std::ostringstream text;
  write_bvh(fitted, text, {});
  const Clip read = test::parse_ok(text.str(), "fitted.bvh");
  double largest = 0.0;
  Pose pose;
  for (std::size_t f = 0; f < positions.motion.frame_count; ++f) {
    pose_frame(read, f, PositionMode::Add, pose);
    const std::span<const float> row = positions.motion.joint_positions(f);
    for (int j = 0; j < positions.skeleton.joint_count(); ++j) {
      const glm::dvec3 want(row[static_cast<std::size_t>(j) * 3], row[static_cast<std::size_t>(j) * 3 + 1],
                            row[static_cast<std::size_t>(j) * 3 + 2]);
      largest =
          std::max(largest, glm::length(glm::dvec3(pose.position(output_of[static_cast<std::size_t>(j)])) - want));
    }
  }
  return largest;
}

// The output joint of each input joint, by name (the fit keeps names; End Sites it adds end in
// "End"): the first output joint of that name not taken yet, as files may repeat names.
std::vector<int> output_joints(const Clip& fitted, const Clip& positions) {
  std::vector<int> output_of;
  std::vector<bool> taken(static_cast<std::size_t>(fitted.skeleton.joint_count()), false);
  for (const std::string& name : positions.skeleton.names) {
    int found = -1;
    for (int o = 0; o < fitted.skeleton.joint_count() && found < 0; ++o)
      if (!taken[static_cast<std::size_t>(o)] && fitted.skeleton.names[static_cast<std::size_t>(o)] == name) found = o;
    EXPECT_GE(found, 0) << name;
    if (found >= 0) taken[static_cast<std::size_t>(found)] = true;
    output_of.push_back(std::max(found, 0));
  }
  return output_of;
}

TEST(RotationFit, EveryCorpusFigureComesBackFromItsPositions) {
  for (const auto& path : test::whole_corpus()) {
    SCOPED_TRACE(path.filename().string());
    Result<Clip> loaded = load_bvh_file(path.string());
    ASSERT_TRUE(loaded.ok());
    const Clip& clip = loaded.value();
    const std::size_t frames = std::min<std::size_t>(clip.motion.frame_count, 40);
    const Clip positions = positions_of(clip, frames);
    RotationFitReport report;
    const Result<Clip> fitted = fit_rotations(positions, &report);
    ASSERT_TRUE(fitted.ok()) << fitted.error().message;
    const double height = std::max(1e-6, static_cast<double>(skeleton_height(positions, PositionMode::Add)));
    const double error =
        largest_error_after_writing(fitted.value(), positions, output_joints(fitted.value(), positions));
    // The report's own figure agrees with the BVH read back (which rounds to float once more).
    EXPECT_NEAR(report.max_error, error, 1e-5 * height);
    if (report.max_stretch < 1e-5) {
      EXPECT_LT(error, 2e-5 * height) << "height " << height;  // 1.7 m: 0.03 mm
    } else {  // bones that change length (translation channels on joints): within the stretch
      EXPECT_LE(report.mean_error, report.max_stretch_length + 1e-5 * height);
    }
    EXPECT_EQ(fitted.value().motion.frame_count, frames);
  }
}

// HumanML3D's 22 SMPL joints in their own order, posed by a skeleton written here.
const std::vector<std::string> kSmplNames = {
    "pelvis",     "left_hip",    "right_hip",    "spine1",     "left_knee",     "right_knee",
    "spine2",     "left_ankle",  "right_ankle",  "spine3",     "left_foot",     "right_foot",
    "neck",       "left_collar", "right_collar", "head",       "left_shoulder", "right_shoulder",
    "left_elbow", "right_elbow", "left_wrist",   "right_wrist"};
const std::vector<int> kSmplParents = {-1, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 12, 13, 14, 16, 17, 18, 19};
// SMPL's rest offsets (metres, +Y up, facing +Z, left on +X), arms down along the sides.
const std::vector<glm::dvec3> kSmplOffsets = {
    {0, 0.93, 0},        {0.06, -0.09, 0},     {-0.06, -0.09, 0},     {0, 0.11, -0.02},     {0.04, -0.38, 0},
    {-0.04, -0.38, 0},   {0, 0.14, 0.01},      {-0.01, -0.40, -0.04}, {0.01, -0.40, -0.04}, {0, 0.06, 0.03},
    {0.02, -0.06, 0.12}, {-0.02, -0.06, 0.12}, {0, 0.21, -0.03},      {0.08, 0.12, -0.02},  {-0.08, 0.12, -0.02},
    {0, 0.09, 0.05},     {0.12, 0.04, -0.01},  {-0.12, 0.04, -0.01},  {0.03, -0.25, -0.02}, {-0.03, -0.25, -0.02},
    {0.0, -0.25, 0.01},  {0.0, -0.25, 0.01}};

// Forward kinematics of kSmplOffsets under smooth rotations of every joint; the root walks and
// turns a full circle over the frames.
glm::dvec3 smpl_position(std::size_t frame, int joint, double stretch = 0.0) {
  const double t = static_cast<double>(frame) * 0.05;
  std::vector<glm::dquat> world(kSmplNames.size());
  std::vector<glm::dvec3> at(kSmplNames.size());
  for (std::size_t j = 0; j < kSmplNames.size(); ++j) {
    const double phase = 0.7 * static_cast<double>(j);
    const glm::dquat local =
        j == 0 ? glm::angleAxis(2.0 * M_PI * static_cast<double>(frame) / 60.0, glm::dvec3(0, 1, 0))
               : glm::angleAxis(0.5 * std::sin(2.0 * t + phase), glm::normalize(glm::dvec3(1, std::cos(phase), 0.3)));
    const int parent = kSmplParents[j];
    glm::dvec3 offset = kSmplOffsets[j];
    if (j == 18) offset *= 1.0 + stretch * std::sin(3.0 * t);  // the left forearm stretches
    if (parent == kNoParent) {
      world[j] = local;
      at[j] = offset + glm::dvec3(0.4 * t, 0.02 * std::sin(5 * t), 0.1 * t);
    } else {
      world[j] = world[static_cast<std::size_t>(parent)] * local;
      at[j] = at[static_cast<std::size_t>(parent)] + world[static_cast<std::size_t>(parent)] * offset;
    }
    if (static_cast<int>(j) == joint) return at[j];
  }
  return {};
}

TEST(RotationFit, TheSmplLayoutRestsInATPoseAndReproducesItsJoints) {
  const Clip positions =
      positions_motion(kSmplNames, kSmplParents, 61, [](std::size_t f, int j) { return smpl_position(f, j); });
  RotationFitReport report;
  const Result<Clip> fitted = fit_rotations(positions, &report);
  ASSERT_TRUE(fitted.ok()) << fitted.error().message;
  const Skeleton& s = fitted.value().skeleton;
  EXPECT_LT(report.max_error, 2e-6);  // metres: 2 micrometres
  EXPECT_LT(report.max_stretch, 1e-5);
  EXPECT_LT(largest_error_after_writing(fitted.value(), positions, output_joints(fitted.value(), positions)), 5e-6);
  const auto offset_of = [&](const std::string& name) {
    for (int o = 0; o < s.joint_count(); ++o)
      if (s.names[static_cast<std::size_t>(o)] == name) return glm::dvec3(s.offsets[static_cast<std::size_t>(o)]);
    ADD_FAILURE() << name;
    return glm::dvec3(0);
  };
  // Bones after a joint with one child point exactly along the T-pose: legs down, feet forward,
  // the spine up, arms out (left on +X), each as long as in the skeleton.
  const auto expect_along = [&](const std::string& name, glm::dvec3 direction, int smpl_joint) {
    const glm::dvec3 offset = offset_of(name);
    EXPECT_NEAR(glm::length(offset), glm::length(kSmplOffsets[static_cast<std::size_t>(smpl_joint)]), 1e-6) << name;
    EXPECT_GT(glm::dot(glm::normalize(offset), direction), 1.0 - 1e-9)
        << name << " " << offset.x << " " << offset.y << " " << offset.z;
  };
  expect_along("left_knee", {0, -1, 0}, 4);
  expect_along("right_ankle", {0, -1, 0}, 8);
  expect_along("left_foot", {0, 0, 1}, 10);
  expect_along("spine2", {0, 1, 0}, 6);
  expect_along("head", {0, 1, 0}, 15);
  expect_along("left_elbow", {1, 0, 0}, 18);
  expect_along("right_wrist", {-1, 0, 0}, 21);
  // The pelvis's three bones turn together: the hips mirror each other across X = 0 as in SMPL,
  // the left one on +X, the spine above.
  const glm::dvec3 left_hip = offset_of("left_hip");
  const glm::dvec3 right_hip = offset_of("right_hip");
  EXPECT_GT(left_hip.x, 0.05);
  EXPECT_NEAR(left_hip.x, -right_hip.x, 1e-6);
  EXPECT_NEAR(left_hip.y, right_hip.y, 1e-6);
  EXPECT_GT(offset_of("spine1").y, 0.1);
  // Every joint of the input and one End Site after each of its five ends (head, wrists, feet).
  EXPECT_EQ(s.joint_count(), 22 + 5);
  EXPECT_EQ(s.names[0], "pelvis");
  EXPECT_EQ(s.channel_counts[0], 6);
  EXPECT_EQ(fitted.value().motion.channel_count, 6 + 21 * 3);
  EXPECT_EQ(s.rotation_order(0), "ZXY");
}

TEST(RotationFit, EulerCurvesStayContinuousThroughAFullTurn) {
  const Clip positions =
      positions_motion(kSmplNames, kSmplParents, 61, [](std::size_t f, int j) { return smpl_position(f, j); });
  const Result<Clip> fitted = fit_rotations(positions);
  ASSERT_TRUE(fitted.ok());
  const Motion& m = fitted.value().motion;
  float turned = 0.0f;
  for (std::size_t f = 1; f < m.frame_count; ++f)
    for (int c = 0; c < m.channel_count; ++c) {
      if (fitted.value().skeleton.channel_kinds[static_cast<std::size_t>(c)] <= ChannelKind::Zposition) continue;
      EXPECT_LT(std::abs(m.frame(f)[static_cast<std::size_t>(c)] - m.frame(f - 1)[static_cast<std::size_t>(c)]), 20.0f)
          << "frame " << f << " channel " << c;
    }
  // The root's yaw (its Yrotation, the sixth channel) goes all the way round without wrapping.
  turned = m.frame(m.frame_count - 1)[5] - m.frame(0)[5];
  EXPECT_NEAR(std::abs(turned), 360.0f, 1.0f);
}

TEST(RotationFit, StretchingBonesAreReportedAndTheErrorStaysWithinTheStretch) {
  const Clip positions =
      positions_motion(kSmplNames, kSmplParents, 61, [](std::size_t f, int j) { return smpl_position(f, j, 0.1); });
  RotationFitReport report;
  const Result<Clip> fitted = fit_rotations(positions, &report);
  ASSERT_TRUE(fitted.ok());
  EXPECT_EQ(report.stretch_joint, 18);  // the bone ending at the left elbow
  // The forearm's length is 0.2518 m * (1 + 0.1 sin): about 20 % from shortest to longest.
  EXPECT_NEAR(report.max_stretch, 0.2, 0.01);
  EXPECT_NEAR(report.max_stretch_length, 0.2 * glm::length(kSmplOffsets[18]), 0.003);
  EXPECT_LE(report.mean_error, report.max_stretch_length);
  EXPECT_GT(report.max_error, 0.005);  // the stretch shows: no rigid skeleton follows it
}

TEST(RotationFit, UnconnectedPointsBecomeRootsThatFollowThemExactly) {
  const Clip positions = positions_motion({"joint_0", "joint_1"}, {kNoParent, kNoParent}, 3, [](std::size_t f, int j) {
    return glm::dvec3(static_cast<double>(f), 2.0 * j, -1.5);
  });
  RotationFitReport report;
  const Result<Clip> fitted = fit_rotations(positions, &report);
  ASSERT_TRUE(fitted.ok());
  EXPECT_EQ(report.max_error, 0.0);
  EXPECT_EQ(report.stretch_joint, -1);
  const Skeleton& s = fitted.value().skeleton;
  ASSERT_EQ(s.joint_count(), 4);  // each root and its End Site
  EXPECT_EQ(s.roots, (std::vector<int>{0, 2}));
  EXPECT_EQ(s.names[1], "joint_0End");
  EXPECT_EQ(fitted.value().motion.frame(2)[6], 2.0f);  // joint_1's Xposition in frame 2
  EXPECT_EQ(fitted.value().motion.frame(2)[7], 2.0f);
}

TEST(RotationFit, ChannelMotionsAndEmptyMotionsAreRefused) {
  const Clip channels = test::parse_ok(std::string(test::kTwoJoints));
  EXPECT_EQ(fit_rotations(channels).error().message, "fitting rotations needs a motion of joint positions");
  Clip empty = positions_motion({"a"}, {kNoParent}, 0, [](std::size_t, int) { return glm::dvec3(0); });
  EXPECT_EQ(fit_rotations(empty).error().message, "the motion has no frames: nothing to fit");
}

TEST(RotationFit, ConvertWritesJointPositionsAsBvhAndReportsTheFit) {
  const Clip positions =
      positions_motion(kSmplNames, kSmplParents, 21, [](std::size_t f, int j) { return smpl_position(f, j); });
  ConvertOptions options;
  options.fps = 10.0;  // and the rest of the pipeline runs on the fitted channels
  ConvertReport report;
  const Result<Clip> converted = convert_clip(positions, options, &report);
  ASSERT_TRUE(converted.ok()) << converted.error().message;
  ASSERT_TRUE(report.fit.has_value());
  EXPECT_LT(report.fit->max_error, 2e-6);
  EXPECT_EQ(converted.value().motion.frame_count, 11u);
  EXPECT_NEAR(converted.value().motion.frame_time, 0.1, 1e-12);
}

}  // namespace
}  // namespace bvhscope
