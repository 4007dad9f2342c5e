// retarget: motion moved between real rigs of ten exporters in the corpus keeps every limb's
// direction (thigh, shin, upper arm, forearm, hips to neck) within 5 degrees at the 95th percentile
// and 12 at worst, with no global rotation between them; the target's skeleton is kept exactly;
// the root travels by the legs' ratio; a round trip gives the limbs back; feet the source plants
// stay planted. The joints are named here by hand for each rig (not by the code under test).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "anim/bvh_parser.hpp"
#include "anim/bvh_writer.hpp"
#include "anim/convert_timing.hpp"
#include "anim/file_loader.hpp"
#include "anim/pose.hpp"
#include "anim/position_mode.hpp"
#include "anim/up_axis.hpp"
#include "retarget/retarget.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace retarget_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

// A corpus rig as a person reads it: its up axis, its unit, and the joints of its limbs.
struct RigNames {
  const char* file;
  UpAxis up;
  double metres_per_unit;
  const char* hips;
  const char* neck;  // nullptr: the rig has none (hips to head is measured instead)
  const char* head;
  std::array<const char*, 3> left_leg;  // hip joint, knee, ankle
  std::array<const char*, 3> right_leg;
  std::array<const char*, 3> left_arm;  // shoulder joint, elbow, wrist
  std::array<const char*, 3> right_arm;
};

constexpr double kCmuUnit = 0.0254 / 0.45;

const std::vector<RigNames>& rigs() {
  static const std::vector<RigNames> table = {
      {"assimp__01_01.bvh",
       UpAxis::PosY,
       kCmuUnit,
       "Hips",
       "Neck",
       "Head",
       {"LeftUpLeg", "LeftLeg", "LeftFoot"},
       {"RightUpLeg", "RightLeg", "RightFoot"},
       {"LeftArm", "LeftForeArm", "LeftHand"},
       {"RightArm", "RightForeArm", "RightHand"}},
      {"20tab__test_freebvh.bvh",
       UpAxis::PosY,
       0.01,
       "mixamorig:Hips",
       "mixamorig:Neck",
       "mixamorig:Head",
       {"mixamorig:LeftUpLeg", "mixamorig:LeftLeg", "mixamorig:LeftFoot"},
       {"mixamorig:RightUpLeg", "mixamorig:RightLeg", "mixamorig:RightFoot"},
       {"mixamorig:LeftArm", "mixamorig:LeftForeArm", "mixamorig:LeftHand"},
       {"mixamorig:RightArm", "mixamorig:RightForeArm", "mixamorig:RightHand"}},
      {"20tab__test_mocapbank.bvh",
       UpAxis::PosY,
       0.01,
       "Hips",
       "Neck",
       "Head",
       {"LeftHip", "LeftKnee", "LeftAnkle"},
       {"RightHip", "RightKnee", "RightAnkle"},
       {"LeftShoulder", "LeftElbow", "LeftWrist"},
       {"RightShoulder", "RightElbow", "RightWrist"}},
      {"bandai1__dataset-1_dash_normal_001.bvh",
       UpAxis::PosY,
       0.01,
       "Hips",
       "Neck",
       "Head",
       {"UpperLeg_L", "LowerLeg_L", "Foot_L"},
       {"UpperLeg_R", "LowerLeg_R", "Foot_R"},
       {"UpperArm_L", "LowerArm_L", "Hand_L"},
       {"UpperArm_R", "LowerArm_R", "Hand_R"}},
      {"creativeinquiry__05_20-daz.bvh",
       UpAxis::PosY,
       0.01,
       "hip",
       "neck",
       "head",
       {"lThigh", "lShin", "lFoot"},
       {"rThigh", "rShin", "rFoot"},
       {"lShldr", "lForeArm", "lHand"},
       {"rShldr", "rForeArm", "rHand"}},
      {"edin-m__walk1.bvh",
       UpAxis::PosY,
       0.0254,
       "Hips",
       "Neck",
       "Head",
       {"LeftUpLeg", "LeftLowLeg", "LeftFoot"},
       {"RightUpLeg", "RightLowLeg", "RightFoot"},
       {"LeftUpArm", "LeftLowArm", "LeftHand"},
       {"RightUpArm", "RightLowArm", "RightHand"}},
      {"rgbdacq__makehuman.bvh",
       UpAxis::PosZ,
       0.1,
       "root",
       "neck01",
       "head",
       {"upperleg01.L", "lowerleg01.L", "foot.L"},
       {"upperleg01.R", "lowerleg01.R", "foot.R"},
       {"upperarm01.L", "lowerarm01.L", "wrist.L"},
       {"upperarm01.R", "lowerarm01.R", "wrist.R"}},
      {"pymo__AV_8Walk_Meredith_HVHA_Rep1.bvh",
       UpAxis::PosY,
       0.0254,
       "Hips",
       nullptr,
       "Head",
       {"LeftUpLeg", "LeftLeg", "LeftFoot"},
       {"RightUpLeg", "RightLeg", "RightFoot"},
       {"LeftArm", "LeftForeArm", "LeftHand"},
       {"RightArm", "RightForeArm", "RightHand"}},
      {"pybvh__bvh_example.bvh",
       UpAxis::PosZ,
       0.0254,
       "Hips",
       "Neck",
       "Head",
       {"LeftUpLeg", "LeftLeg", "LeftFoot"},
       {"RightUpLeg", "RightLeg", "RightFoot"},
       {"LeftArm", "LeftForeArm", "LeftHand"},
       {"RightArm", "RightForeArm", "RightHand"}},
      {"rgbdacq__102_01cc.bvh",
       UpAxis::PosY,
       0.01,
       "hip",
       "neck",
       "head",
       {"lhip", "lknee", "lfoot"},
       {"rhip", "rknee", "rfoot"},
       {"lshoulder", "lelbow", "lhand"},
       {"rshoulder", "relbow", "rhand"}},
  };
  return table;
}

const RigNames& rig_named(const std::string& file) {
  for (const RigNames& rig : rigs())
    if (file == rig.file) return rig;
  throw std::logic_error("no rig " + file);
}

int joint(const Skeleton& skeleton, const char* name) {
  const auto found = std::find(skeleton.names.begin(), skeleton.names.end(), name);
  if (found == skeleton.names.end()) throw std::logic_error(std::string("no joint ") + name);
  return static_cast<int>(found - skeleton.names.begin());
}

// The corpus file, its first `frames` frames at most.
Clip corpus_clip(const std::string& file, std::size_t frames = 300) {
  Result<Clip> clip = load_bvh_file((test::corpus_dir() / file).string());
  if (!clip) throw std::runtime_error(format_diagnostic(clip.error(), Severity::Error));
  if (clip.value().motion.frame_count <= frames) return std::move(clip).value();
  Result<Clip> trimmed = trim_frames(std::move(clip).value(), 0, frames - 1);
  if (!trimmed) throw std::runtime_error("trim");
  return std::move(trimmed).value();
}

// Every frame's joint positions, upright (+Y) by the rig's up axis.
std::vector<std::vector<glm::dvec3>> upright_positions(const Clip& clip, UpAxis up) {
  const PositionMode mode = decide_position_mode(clip, PositionModeRequest::Auto).mode;
  const glm::dmat3 turn(rotation_to_y_up(up));
  std::vector<std::vector<glm::dvec3>> frames;
  Pose pose;
  for (std::size_t f = 0; f < clip.motion.frame_count; ++f) {
    pose_frame(clip, f, mode, pose);
    std::vector<glm::dvec3>& at = frames.emplace_back();
    for (const glm::mat4& world : pose.world) at.push_back(turn * glm::dvec3(world[3]));
  }
  return frames;
}

// The limbs measured: (from, to) joint indices in one rig, named by the table.
std::vector<std::pair<int, int>> limbs(const Skeleton& skeleton, const RigNames& names, bool use_neck) {
  std::vector<std::pair<int, int>> bones;
  for (const auto& chain : {names.left_leg, names.right_leg, names.left_arm, names.right_arm}) {
    bones.emplace_back(joint(skeleton, chain[0]), joint(skeleton, chain[1]));
    bones.emplace_back(joint(skeleton, chain[1]), joint(skeleton, chain[2]));
  }
  bones.emplace_back(joint(skeleton, names.hips), joint(skeleton, use_neck ? names.neck : names.head));
  return bones;
}

double degrees_between(const glm::dvec3& a, const glm::dvec3& b) {
  return glm::degrees(std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b)));
}

struct Angles {
  double p95 = 0.0;
  double worst = 0.0;
  std::string worst_bone;
};

// The angles between each limb of `source` and the same limb of `result`, over every frame.
Angles limb_angles(const Clip& source, const RigNames& from, const Clip& result, const RigNames& to) {
  const bool use_neck = from.neck != nullptr && to.neck != nullptr;
  const auto source_bones = limbs(source.skeleton, from, use_neck);
  const auto result_bones = limbs(result.skeleton, to, use_neck);
  const auto a = upright_positions(source, from.up);
  const auto b = upright_positions(result, to.up);
  EXPECT_EQ(a.size(), b.size());
  std::vector<double> all;
  Angles angles;
  for (std::size_t f = 0; f < std::min(a.size(), b.size()); ++f)
    for (std::size_t k = 0; k < source_bones.size(); ++k) {
      const auto [s0, s1] = source_bones[k];
      const auto [t0, t1] = result_bones[k];
      const double angle = degrees_between(a[f][static_cast<std::size_t>(s1)] - a[f][static_cast<std::size_t>(s0)],
                                           b[f][static_cast<std::size_t>(t1)] - b[f][static_cast<std::size_t>(t0)]);
      all.push_back(angle);
      if (angle > angles.worst) {
        angles.worst = angle;
        angles.worst_bone = result.skeleton.names[static_cast<std::size_t>(t1)] + " at frame " + std::to_string(f);
      }
    }
  if (std::getenv("BVHSCOPE_RETARGET_DETAIL") != nullptr) {  // each limb's worst, to see which one
    for (std::size_t k = 0; k < source_bones.size(); ++k) {
      double bone_worst = 0.0;
      for (std::size_t f = 0; f < std::min(a.size(), b.size()); ++f)
        bone_worst = std::max(bone_worst, all[f * source_bones.size() + k]);
      std::cout << result.skeleton.names[static_cast<std::size_t>(result_bones[k].second)] << " " << bone_worst << '\n';
    }
  }
  std::sort(all.begin(), all.end());
  angles.p95 = all.empty() ? 0.0 : all[static_cast<std::size_t>(0.95 * static_cast<double>(all.size() - 1))];
  return angles;
}

// The legs' mean rest length (hip joint to knee to ankle), in the rig's units.
double leg_length(const Skeleton& skeleton, const RigNames& names) {
  Clip rest;
  rest.skeleton = skeleton;
  Pose pose;
  pose_rest(rest, pose);
  double total = 0.0;
  for (const auto& leg : {names.left_leg, names.right_leg})
    total += static_cast<double>(
        glm::length(pose.position(joint(skeleton, leg[1])) - pose.position(joint(skeleton, leg[0]))) +
        glm::length(pose.position(joint(skeleton, leg[2])) - pose.position(joint(skeleton, leg[1]))));
  return total / 2.0;
}

// The horizontal distance the hips travel over the clip (upright), summed frame to frame.
double hips_travel(const Clip& clip, const RigNames& names) {
  const auto at = upright_positions(clip, names.up);
  const auto hips = static_cast<std::size_t>(joint(clip.skeleton, names.hips));
  double travel = 0.0;
  for (std::size_t f = 1; f < at.size(); ++f) {
    glm::dvec3 step = at[f][hips] - at[f - 1][hips];
    step.y = 0.0;
    travel += glm::length(step);
  }
  return travel;
}

Clip retargeted(const Clip& source, const Clip& target, const RetargetOptions& options = {}) {
  Result<Clip> result = retarget(source, target, options);
  if (!result) throw std::runtime_error(format_diagnostic(result.error(), Severity::Error));
  return std::move(result).value();
}

const std::vector<std::string> kSources = {"assimp__01_01.bvh",
                                           "20tab__test_freebvh.bvh",
                                           "creativeinquiry__05_20-daz.bvh",
                                           "bandai1__dataset-1_dash_normal_001.bvh",
                                           "edin-m__walk1.bvh",
                                           "pymo__AV_8Walk_Meredith_HVHA_Rep1.bvh",
                                           "20tab__test_mocapbank.bvh"};

TEST(Retarget, LimbsPointAsTheSourcesDoOnEveryRigPair) {
  for (const std::string& from : kSources) {
    const Clip source = corpus_clip(from, 240);
    for (const RigNames& to : rigs()) {
      const Clip target = corpus_clip(to.file, 1);
      const Clip result = retargeted(source, target);
      const Angles angles = limb_angles(source, rig_named(from), result, to);
      EXPECT_LE(angles.p95, 5.0) << from << " onto " << to.file;
      EXPECT_LE(angles.worst, 12.0) << from << " onto " << to.file << ": " << angles.worst_bone;
    }
  }
}

TEST(Retarget, TheResultHasTheTargetsSkeletonExactlyAndTheSourcesFrames) {
  const Clip source = corpus_clip("assimp__01_01.bvh", 120);
  for (const RigNames& to : rigs()) {
    const Clip target = corpus_clip(to.file, 1);
    const Clip result = retargeted(source, target);
    std::ostringstream text;
    write_bvh(result, text);
    Result<Clip> read = parse_bvh(text.str(), "result.bvh");
    ASSERT_TRUE(read) << to.file;
    const Skeleton& a = target.skeleton;
    const Skeleton& b = read.value().skeleton;
    EXPECT_EQ(b.names, a.names) << to.file;
    EXPECT_EQ(b.parents, a.parents) << to.file;
    EXPECT_EQ(b.offsets, a.offsets) << to.file;
    EXPECT_EQ(b.channel_kinds, a.channel_kinds) << to.file;
    EXPECT_EQ(b.channel_joints, a.channel_joints) << to.file;
    EXPECT_EQ(b.end_sites, a.end_sites) << to.file;
    EXPECT_EQ(read.value().motion.frame_count, 120u);
    EXPECT_DOUBLE_EQ(read.value().motion.frame_time, source.motion.frame_time);
  }
}

TEST(Retarget, TheRootTravelsByTheLegsRatio) {
  for (const std::string& from :
       {std::string("assimp__01_01.bvh"), std::string("pymo__AV_8Walk_Meredith_HVHA_Rep1.bvh"),
        std::string("creativeinquiry__05_20-daz.bvh")}) {
    const Clip source = corpus_clip(from, 600);
    const RigNames& from_names = rig_named(from);
    const double source_travel = hips_travel(source, from_names);
    ASSERT_GT(source_travel, 10.0 * leg_length(source.skeleton, from_names) / 100.0) << from << " hardly moves";
    for (const RigNames& to : rigs()) {
      const Clip target = corpus_clip(to.file, 1);
      const Clip result = retargeted(source, target);
      const double legs = leg_length(target.skeleton, to) / leg_length(source.skeleton, from_names);
      const double travel = hips_travel(result, to) / source_travel;
      EXPECT_NEAR(travel / legs, 1.0, 0.2) << from << " onto " << to.file;
    }
  }
}

// Feet left free the directions come back within 2 degrees; with feet planted both ways (each way
// may bend a leg by up to 4.5 degrees) within the limits of one way.
TEST(Retarget, ARoundTripGivesTheLimbsBack) {
  const std::vector<std::pair<std::string, std::string>> trips = {
      {"assimp__01_01.bvh", "20tab__test_freebvh.bvh"},
      {"creativeinquiry__05_20-daz.bvh", "bandai1__dataset-1_dash_normal_001.bvh"},
      {"pymo__AV_8Walk_Meredith_HVHA_Rep1.bvh", "rgbdacq__makehuman.bvh"},
      {"edin-m__walk1.bvh", "pybvh__bvh_example.bvh"}};
  for (const bool plant : {false, true}) {
    RetargetOptions options;
    options.plant_feet = plant;
    for (const auto& [a, b] : trips) {
      const Clip source = corpus_clip(a, 240);
      const Clip there = retargeted(source, corpus_clip(b, 1), options);
      const Clip back = retargeted(there, corpus_clip(a, 1), options);
      const Angles angles = limb_angles(source, rig_named(a), back, rig_named(a));
      const std::string trip = a + " -> " + b + " -> " + a + (plant ? " (feet planted)" : " (feet free)");
      if (plant) {
        EXPECT_LE(angles.p95, 5.0) << trip;
        EXPECT_LE(angles.worst, 12.0) << trip << ": " << angles.worst_bone;
      } else {
        EXPECT_LE(angles.worst, 2.0) << trip << ": " << angles.worst_bone;
      }
    }
  }
}

// Frames where the source's ankle stays (under 5 cm/s, within 5 cm of its lowest) and how fast the
// result's ankle moves there, both in metres per second.
TEST(Retarget, FeetTheSourcePlantsStayPlanted) {
  const RigNames& from = rig_named("assimp__01_01.bvh");
  const Clip source = corpus_clip(from.file, 1200);
  const auto a = upright_positions(source, from.up);
  const double step = source.motion.frame_time;
  for (const char* to_file : {"20tab__test_freebvh.bvh", "creativeinquiry__05_20-daz.bvh",
                              "bandai1__dataset-1_dash_normal_001.bvh", "rgbdacq__makehuman.bvh"}) {
    const RigNames& to = rig_named(to_file);
    const Clip result = retargeted(source, corpus_clip(to.file, 1));
    const auto b = upright_positions(result, to.up);
    for (std::size_t side = 0; side < 2; ++side) {
      const auto ankle =
          static_cast<std::size_t>(joint(source.skeleton, (side == 0 ? from.left_leg : from.right_leg)[2]));
      const auto target_ankle =
          static_cast<std::size_t>(joint(result.skeleton, (side == 0 ? to.left_leg : to.right_leg)[2]));
      double lowest = a[0][ankle].y;
      for (const auto& frame : a) lowest = std::min(lowest, frame[ankle].y);
      double source_speed = 0.0;
      double result_speed = 0.0;
      int planted = 0;
      for (std::size_t f = 1; f + 1 < a.size(); ++f) {
        const double speed = glm::length(a[f + 1][ankle] - a[f - 1][ankle]) / (2.0 * step) * from.metres_per_unit;
        if (speed >= 0.05 || (a[f][ankle].y - lowest) * from.metres_per_unit >= 0.05) continue;
        ++planted;
        source_speed += speed;
        result_speed +=
            glm::length(b[f + 1][target_ankle] - b[f - 1][target_ankle]) / (2.0 * step) * to.metres_per_unit;
      }
      ASSERT_GT(planted, 200) << "the source should stand on its feet";
      EXPECT_LE(result_speed / planted, source_speed / planted + 0.01) << to.file << (side == 0 ? " left" : " right");
    }
  }
}

TEST(Retarget, FreeFeetFollowTheSourcesDirectionsExactly) {
  const Clip source = corpus_clip("assimp__01_01.bvh", 240);
  RetargetOptions options;
  options.plant_feet = false;
  const Clip result = retargeted(source, corpus_clip("20tab__test_freebvh.bvh", 1), options);
  const Angles angles =
      limb_angles(source, rig_named("assimp__01_01.bvh"), result, rig_named("20tab__test_freebvh.bvh"));
  EXPECT_LE(angles.worst, 0.01) << angles.worst_bone;
}

TEST(Retarget, RootNoneKeepsTheRootAtRest) {
  const Clip source = corpus_clip("assimp__01_01.bvh", 120);
  const Clip target = corpus_clip("20tab__test_freebvh.bvh", 1);
  RetargetOptions options;
  options.root = RootMotion::None;
  const Clip result = retargeted(source, target, options);
  const RigNames& to = rig_named("20tab__test_freebvh.bvh");
  const auto at = upright_positions(result, to.up);
  const auto hips = static_cast<std::size_t>(joint(result.skeleton, to.hips));
  for (const auto& frame : at) EXPECT_NEAR(glm::length(frame[hips] - at[0][hips]), 0.0, 1e-3);
}

TEST(RetargetRefuses, ARigWithoutLegsOrWithTooFewJoints) {
  const Clip source = corpus_clip("assimp__01_01.bvh", 10);
  Result<Clip> hand = retarget(source, corpus_clip("rgbdacq__lhand.bvh", 1), {});
  ASSERT_FALSE(hand);
  EXPECT_NE(hand.error().source.find("rgbdacq__lhand.bvh"), std::string::npos);
  EXPECT_EQ(hand.error().message,
            "not a humanoid rig: no legs found (no joint has two branches reaching down and one reaching up)");
  Result<Clip> tiny = retarget(corpus_clip("edin-m__example3.bvh", 10), source, {});
  ASSERT_FALSE(tiny);
  EXPECT_EQ(tiny.error().message, "not a humanoid rig: only 4 joints");
}

TEST(RetargetRefuses, AMapNamingJointsThatDoNotExistListsThemAll) {
  RetargetOptions options;
  options.map = {{"LeftArm", "mixamorig:LeftArm"}, {"NoSuchJoint", "mixamorig:Head"}, {"Head", "Skull"}};
  options.map_lines = {2, 3, 5};
  options.map_source = "map.csv";
  Result<Clip> result =
      retarget(corpus_clip("assimp__01_01.bvh", 10), corpus_clip("20tab__test_freebvh.bvh", 1), options);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().source, "map.csv");
  EXPECT_EQ(result.error().line, 3);
  EXPECT_EQ(result.error().message,
            "the source has no joint 'NoSuchJoint' (line 3); the target has no joint 'Skull' (line 5)");
}

TEST(Retarget, AMapPairReplacesTheAutomaticOne) {
  // The source's right arm drives the target's left arm.
  const Clip source = corpus_clip("assimp__01_01.bvh", 120);
  RetargetOptions options;
  options.map = {{"RightArm", "mixamorig:LeftArm"},
                 {"RightForeArm", "mixamorig:LeftForeArm"},
                 {"RightHand", "mixamorig:LeftHand"}};
  options.plant_feet = false;
  RetargetReport report;
  Result<Clip> result = retarget(source, corpus_clip("20tab__test_freebvh.bvh", 1), options, &report);
  ASSERT_TRUE(result);
  const Skeleton& target = result.value().skeleton;
  const int left_fore = joint(target, "mixamorig:LeftForeArm");
  const auto pair = std::find_if(report.pairs.begin(), report.pairs.end(),
                                 [&](const RetargetPair& p) { return p.target == left_fore; });
  ASSERT_NE(pair, report.pairs.end());
  EXPECT_EQ(source.skeleton.names[static_cast<std::size_t>(pair->source)], "RightForeArm");
  // A source joint may drive several: the target's right forearm keeps its automatic pair.
  const int right_fore = joint(target, "mixamorig:RightForeArm");
  const auto right = std::find_if(report.pairs.begin(), report.pairs.end(),
                                  [&](const RetargetPair& p) { return p.target == right_fore; });
  ASSERT_NE(right, report.pairs.end());
  EXPECT_EQ(source.skeleton.names[static_cast<std::size_t>(right->source)], "RightForeArm");
  const auto a = upright_positions(source, UpAxis::PosY);
  const auto b = upright_positions(result.value(), UpAxis::PosY);
  const auto s0 = static_cast<std::size_t>(joint(source.skeleton, "RightForeArm"));
  const auto s1 = static_cast<std::size_t>(joint(source.skeleton, "RightHand"));
  const auto t0 = static_cast<std::size_t>(left_fore);
  const auto t1 = static_cast<std::size_t>(joint(target, "mixamorig:LeftHand"));
  for (std::size_t f = 0; f < a.size(); f += 10)
    EXPECT_LT(degrees_between(a[f][s1] - a[f][s0], b[f][t1] - b[f][t0]), 0.01) << "frame " << f;
}

}  // namespace
}  // namespace retarget_test
}  // namespace bvhscope
