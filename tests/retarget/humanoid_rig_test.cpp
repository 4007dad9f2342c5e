// Finding a humanoid rig's parts: joint names read as words, the corpus's rigs, and rigs built from
// the documented joint names of conventions the corpus has no file of (Xsens MVN, OptiTrack Motive,
// Vicon Shogun, the Unreal mannequin, Unity's Humanoid, Blender's Rigify, SMPL, Rokoko, Perception
// Neuron, 3ds Max Biped, and names that say nothing), in a T-pose, an A-pose and facing another way;
// a motion retargeted onto each keeps its limbs' directions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/bvh_parser.hpp"
#include "anim/convert_timing.hpp"
#include "anim/file_loader.hpp"
#include "anim/pose.hpp"
#include "anim/position_mode.hpp"
#include "bvh_builder.hpp"
#include "retarget/humanoid_rig.hpp"
#include "retarget/joint_words.hpp"
#include "retarget/retarget.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace humanoid_rig_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

TEST(JointWords, ReadNamesOfManyRigs) {
  struct Case {
    const char* name;
    const char* core;
    int number;
    std::optional<BodySide> side;
  };
  const Case cases[] = {
      {"mixamorig:LeftUpLeg", "upleg", -1, BodySide::Left},
      {"UpperArm_L", "upperarm", -1, BodySide::Left},
      {"Bip01 R Calf", "calf", -1, BodySide::Right},
      {"Bip01 L Toe0", "toe", 0, BodySide::Left},
      {"lShldr", "shldr", -1, BodySide::Left},
      {"rhip", "hip", -1, BodySide::Right},
      {"LHipJoint", "hipjoint", -1, BodySide::Left},
      {"thigh.L", "thigh", -1, BodySide::Left},
      {"DEF-forearm.R", "forearm", -1, BodySide::Right},
      {"spine.003", "spine", 3, std::nullopt},
      {"Spine2", "spine", 2, std::nullopt},
      {"upperarm_twist_01_l", "upperarmtwist", 1, BodySide::Left},
      {"left_knee", "knee", -1, BodySide::Left},
      {"lefttoebase", "toebase", -1, BodySide::Left},
      {"RightHandIndex1", "handindex", 1, BodySide::Right},
      {"HeadTop_End", "headtopend", -1, std::nullopt},
      {"L5", "l", 5, std::nullopt},
      {"T8", "t", 8, std::nullopt},
      {"lowerback", "lowerback", -1, std::nullopt},
      {"Character1_LeftForeArm", "forearm", -1, BodySide::Left},
      {"LUArm", "uarm", -1, BodySide::Left},
      {"RFArm", "farm", -1, BodySide::Right},
      {"HEAD", "head", -1, std::nullopt},
  };
  for (const Case& c : cases) {
    const JointWords words = joint_words(c.name);
    EXPECT_EQ(words.core, c.core) << c.name;
    EXPECT_EQ(words.number, c.number) << c.name;
    EXPECT_EQ(words.side, c.side) << c.name;
  }
}

int joint_index(const Skeleton& skeleton, const std::string& name) {
  const auto found = std::find(skeleton.names.begin(), skeleton.names.end(), name);
  if (found == skeleton.names.end()) throw std::logic_error("no joint " + name);
  return static_cast<int>(found - skeleton.names.begin());
}

// A rig's upright rest pose.
std::vector<glm::vec3> rest_positions(const Clip& clip, UpAxis up) {
  Pose pose;
  pose_rest(clip, pose);
  std::vector<glm::vec3> at;
  for (const glm::mat4& world : pose.world) at.push_back(rotation_to_y_up(up) * glm::vec3(world[3]));
  return at;
}

// A rig's upright first frame.
std::vector<glm::vec3> first_frame_positions(const Clip& clip, UpAxis up) {
  Pose pose;
  pose_frame(clip, 0, decide_position_mode(clip, PositionModeRequest::Auto).mode, pose);
  std::vector<glm::vec3> at;
  for (const glm::mat4& world : pose.world) at.push_back(rotation_to_y_up(up) * glm::vec3(world[3]));
  return at;
}

std::string name_of(const Skeleton& skeleton, int joint) {
  return joint < 0 ? std::string("(none)") : skeleton.names[static_cast<std::size_t>(joint)];
}

// The parts of a rig as names: hips, head, then per side collar, upper, fore, hand, thigh, knee, foot, toe.
std::vector<std::string> part_names(const Skeleton& skeleton, const HumanoidRig& rig) {
  std::vector<std::string> names = {name_of(skeleton, rig.hips), name_of(skeleton, rig.head)};
  for (std::size_t side = 0; side < 2; ++side) {
    const HumanoidArm& arm = rig.arms[side];
    const HumanoidLeg& leg = rig.legs[side];
    for (const int joint : {arm.collar, arm.upper, arm.fore, arm.hand, leg.upper, leg.lower, leg.foot, leg.toe})
      names.push_back(name_of(skeleton, joint));
  }
  return names;
}

TEST(HumanoidRig, FindsThePartsOfCorpusRigs) {
  struct Case {
    const char* file;
    UpAxis up;
    std::vector<std::string> parts;
    bool first_frame = false;  // its rest pose is not a standing figure (Bandai's lies along +X)
  };
  const std::vector<Case> cases = {
      {"assimp__01_01.bvh",
       UpAxis::PosY,
       {"Hips", "Head", "LeftShoulder", "LeftArm", "LeftForeArm", "LeftHand", "LeftUpLeg", "LeftLeg", "LeftFoot",
        "LeftToeBase", "RightShoulder", "RightArm", "RightForeArm", "RightHand", "RightUpLeg", "RightLeg", "RightFoot",
        "RightToeBase"}},
      {"20tab__test_mocapbank.bvh",
       UpAxis::PosY,
       {"Hips", "Head", "LeftCollar", "LeftShoulder", "LeftElbow", "LeftWrist", "LeftHip", "LeftKnee", "LeftAnkle",
        "(none)", "RightCollar", "RightShoulder", "RightElbow", "RightWrist", "RightHip", "RightKnee", "RightAnkle",
        "(none)"}},
      {"creativeinquiry__05_20-daz.bvh",
       UpAxis::PosY,
       {"hip", "head", "lCollar", "lShldr", "lForeArm", "lHand", "lThigh", "lShin", "lFoot", "(none)", "rCollar",
        "rShldr", "rForeArm", "rHand", "rThigh", "rShin", "rFoot", "(none)"}},
      {"rgbdacq__makehuman.bvh",
       UpAxis::PosZ,
       {"root", "head", "clavicle.L", "upperarm01.L", "lowerarm01.L", "wrist.L", "upperleg01.L", "lowerleg01.L",
        "foot.L", "toe2-1.L", "clavicle.R", "upperarm01.R", "lowerarm01.R", "wrist.R", "upperleg01.R", "lowerleg01.R",
        "foot.R", "toe2-1.R"}},
      {"edin-m__walk1.bvh",
       UpAxis::PosY,
       {"Hips", "Head", "Chest", "LeftUpArm", "LeftLowArm", "LeftHand", "LeftUpLeg", "LeftLowLeg", "LeftFoot", "ltoes",
        "Chest", "RightUpArm", "RightLowArm", "RightHand", "RightUpLeg", "RightLowLeg", "RightFoot", "rtoes"}},
      {"bandai1__dataset-1_dash_normal_001.bvh",
       UpAxis::PosY,
       {"Hips", "Head", "Shoulder_L", "UpperArm_L", "LowerArm_L", "Hand_L", "UpperLeg_L", "LowerLeg_L", "Foot_L",
        "Toes_L", "Shoulder_R", "UpperArm_R", "LowerArm_R", "Hand_R", "UpperLeg_R", "LowerLeg_R", "Foot_R", "Toes_R"},
       true},
  };
  for (const Case& c : cases) {
    Result<Clip> clip = load_bvh_file((test::corpus_dir() / c.file).string());
    ASSERT_TRUE(clip) << c.file;
    const Result<HumanoidRig> rig = find_humanoid_rig(
        clip.value().skeleton,
        c.first_frame ? first_frame_positions(clip.value(), c.up) : rest_positions(clip.value(), c.up), c.file);
    ASSERT_TRUE(rig) << c.file << ": " << rig.error().message;
    EXPECT_EQ(part_names(clip.value().skeleton, rig.value()), c.parts) << c.file;
  }
}

// A naming convention's joints, as its documentation lists them.
struct Convention {
  const char* label;
  std::string root;  // a joint above the hips ("" for none)
  std::string hips;
  std::vector<std::string> spine;  // above the hips, the last one the chest the arms leave from
  std::vector<std::string> neck;
  std::string head;
  // Per side: collar ("" for none), upper arm, forearm, hand, thigh, shin, foot, toe ("" for none).
  std::array<std::array<std::string, 8>, 2> sides;
};

const std::vector<Convention>& conventions() {
  static const std::vector<Convention> list = {
      {"Xsens MVN",
       "",
       "Pelvis",
       {"L5", "L3", "T12", "T8"},
       {"Neck"},
       "Head",
       {{{"LeftShoulder", "LeftUpperArm", "LeftForeArm", "LeftHand", "LeftUpperLeg", "LeftLowerLeg", "LeftFoot",
          "LeftToe"},
         {"RightShoulder", "RightUpperArm", "RightForeArm", "RightHand", "RightUpperLeg", "RightLowerLeg", "RightFoot",
          "RightToe"}}}},
      {"OptiTrack Motive",
       "",
       "Hip",
       {"Ab", "Chest"},
       {"Neck"},
       "Head",
       {{{"LShoulder", "LUArm", "LFArm", "LHand", "LThigh", "LShin", "LFoot", "LToe"},
         {"RShoulder", "RUArm", "RFArm", "RHand", "RThigh", "RShin", "RFoot", "RToe"}}}},
      {"Vicon Shogun",
       "",
       "Hips",
       {"Spine", "Spine1", "Spine2", "Spine3"},
       {"Neck", "Neck1"},
       "Head",
       {{{"LeftShoulder", "LeftArm", "LeftForeArm", "LeftHand", "LeftUpLeg", "LeftLeg", "LeftFoot", "LeftToeBase"},
         {"RightShoulder", "RightArm", "RightForeArm", "RightHand", "RightUpLeg", "RightLeg", "RightFoot",
          "RightToeBase"}}}},
      {"Unreal mannequin",
       "root",
       "pelvis",
       {"spine_01", "spine_02", "spine_03"},
       {"neck_01"},
       "head",
       {{{"clavicle_l", "upperarm_l", "lowerarm_l", "hand_l", "thigh_l", "calf_l", "foot_l", "ball_l"},
         {"clavicle_r", "upperarm_r", "lowerarm_r", "hand_r", "thigh_r", "calf_r", "foot_r", "ball_r"}}}},
      {"Unity Humanoid",
       "",
       "Hips",
       {"Spine", "Chest", "UpperChest"},
       {"Neck"},
       "Head",
       {{{"LeftShoulder", "LeftUpperArm", "LeftLowerArm", "LeftHand", "LeftUpperLeg", "LeftLowerLeg", "LeftFoot",
          "LeftToes"},
         {"RightShoulder", "RightUpperArm", "RightLowerArm", "RightHand", "RightUpperLeg", "RightLowerLeg", "RightFoot",
          "RightToes"}}}},
      {"Blender Rigify",
       "",
       "DEF-spine",
       {"DEF-spine.001", "DEF-spine.002", "DEF-spine.003"},
       {"DEF-spine.004", "DEF-spine.005"},
       "DEF-spine.006",
       {{{"DEF-shoulder.L", "DEF-upper_arm.L", "DEF-forearm.L", "DEF-hand.L", "DEF-thigh.L", "DEF-shin.L", "DEF-foot.L",
          "DEF-toe.L"},
         {"DEF-shoulder.R", "DEF-upper_arm.R", "DEF-forearm.R", "DEF-hand.R", "DEF-thigh.R", "DEF-shin.R", "DEF-foot.R",
          "DEF-toe.R"}}}},
      {"SMPL",
       "",
       "pelvis",
       {"spine1", "spine2", "spine3"},
       {"neck"},
       "head",
       {{{"left_collar", "left_shoulder", "left_elbow", "left_wrist", "left_hip", "left_knee", "left_ankle",
          "left_foot"},
         {"right_collar", "right_shoulder", "right_elbow", "right_wrist", "right_hip", "right_knee", "right_ankle",
          "right_foot"}}}},
      {"Rokoko",
       "",
       "Hips",
       {"Spine1", "Spine2", "Spine3", "Spine4"},
       {"Neck"},
       "Head",
       {{{"LeftShoulder", "LeftArm", "LeftForeArm", "LeftHand", "LeftThigh", "LeftShin", "LeftFoot", "LeftToe"},
         {"RightShoulder", "RightArm", "RightForeArm", "RightHand", "RightThigh", "RightShin", "RightFoot",
          "RightToe"}}}},
      {"Perception Neuron",
       "",
       "Hips",
       {"Spine", "Spine1", "Spine2"},
       {"Neck", "Neck1"},
       "Head",
       {{{"LeftShoulder", "LeftArm", "LeftForeArm", "LeftHand", "LeftUpLeg", "LeftLeg", "LeftFoot", ""},
         {"RightShoulder", "RightArm", "RightForeArm", "RightHand", "RightUpLeg", "RightLeg", "RightFoot", ""}}}},
      {"3ds Max Biped",
       "Bip01",
       "Bip01 Pelvis",
       {"Bip01 Spine", "Bip01 Spine1", "Bip01 Spine2"},
       {"Bip01 Neck"},
       "Bip01 Head",
       {{{"Bip01 L Clavicle", "Bip01 L UpperArm", "Bip01 L Forearm", "Bip01 L Hand", "Bip01 L Thigh", "Bip01 L Calf",
          "Bip01 L Foot", "Bip01 L Toe0"},
         {"Bip01 R Clavicle", "Bip01 R UpperArm", "Bip01 R Forearm", "Bip01 R Hand", "Bip01 R Thigh", "Bip01 R Calf",
          "Bip01 R Foot", "Bip01 R Toe0"}}}},
      {"names that say nothing",
       "",
       "j0",
       {"j1", "j2", "j3"},
       {"j4"},
       "j5",
       {{{"j6", "j7", "j8", "j9", "j10", "j11", "j12", "j13"},
         {"j14", "j15", "j16", "j17", "j18", "j19", "j20", "j21"}}}},
  };
  return list;
}

enum class Stance { TPose, APose, FacingX };

// The convention's rig standing at rest (centimetres, +Y up; facing +Z, or +X for FacingX; arms out,
// or 45 degrees down for APose), one frame of zeros.
Clip build_rig(const Convention& c, Stance stance) {
  const glm::dmat3 turn = stance == Stance::FacingX
                              ? glm::dmat3(glm::rotate(glm::dmat4(1.0), glm::radians(90.0), glm::dvec3(0, 1, 0)))
                              : glm::dmat3(1.0);
  const auto offset = [&](double x, double y, double z) {
    const glm::dvec3 v = turn * glm::dvec3(x, y, z);
    return test::BvhBuilder::Offset{v.x, v.y, v.z};
  };
  test::BvhBuilder rig;
  std::size_t channels = 6;
  if (!c.root.empty()) {
    rig.root(c.root, {0, 0, 0}, test::kPositionsZXY);
    rig.joint(c.hips, c.root, offset(0, 95, 0), test::kRotationsZXY);
    channels += 3;
  } else {
    rig.root(c.hips, offset(0, 95, 0), test::kPositionsZXY);
  }
  std::string parent = c.hips;
  for (const std::string& name : c.spine) {
    rig.joint(name, parent, offset(0, 40.0 / static_cast<double>(c.spine.size()), 0), test::kRotationsZXY);
    parent = name;
  }
  const std::string chest = parent;
  for (const std::string& name : c.neck) {
    rig.joint(name, parent, offset(0, 12.0 / static_cast<double>(c.neck.size()), 0), test::kRotationsZXY);
    parent = name;
  }
  rig.joint(c.head, parent, offset(0, 10, 0), test::kRotationsZXY);
  rig.end_site(c.head, offset(0, 15, 0));
  channels += 3 * (c.spine.size() + c.neck.size() + 1);
  const double down = stance == Stance::APose ? glm::radians(45.0) : 0.0;
  for (std::size_t side = 0; side < 2; ++side) {
    const double x = side == 0 ? 1.0 : -1.0;  // left on +X, facing +Z
    const auto& names = c.sides[side];
    std::string from = chest;
    if (!names[0].empty()) {
      rig.joint(names[0], chest, offset(4 * x, 6, 0), test::kRotationsZXY);
      rig.joint(names[1], names[0], offset(12 * x, 0, 0), test::kRotationsZXY);
      channels += 6;
    } else {
      rig.joint(names[1], chest, offset(16 * x, 6, 0), test::kRotationsZXY);
      channels += 3;
    }
    const double ax = std::cos(down) * x;
    const double ay = -std::sin(down);
    rig.joint(names[2], names[1], offset(28 * ax, 28 * ay, 0), test::kRotationsZXY);
    rig.joint(names[3], names[2], offset(25 * ax, 25 * ay, 0), test::kRotationsZXY);
    rig.end_site(names[3], offset(10 * ax, 10 * ay, 0));
    rig.joint(names[4], c.hips, offset(10 * x, -5, 0), test::kRotationsZXY);
    rig.joint(names[5], names[4], offset(0, -42, 0), test::kRotationsZXY);
    rig.joint(names[6], names[5], offset(0, -42, 0), test::kRotationsZXY);
    channels += 12;
    if (!names[7].empty()) {
      rig.joint(names[7], names[6], offset(0, -6, 12), test::kRotationsZXY);
      rig.end_site(names[7], offset(0, 0, 5));
      channels += 3;
    } else {
      rig.end_site(names[6], offset(0, -6, 12));
    }
  }
  rig.frame_time(1.0 / 30.0).frame(std::vector<double>(channels, 0.0));
  Result<Clip> clip = parse_bvh(rig.text(), std::string(c.label) + ".bvh");
  if (!clip) throw std::runtime_error(format_diagnostic(clip.error(), Severity::Error));
  return std::move(clip).value();
}

TEST(HumanoidRig, FindsThePartsOfEveryConventionInEveryStance) {
  for (const Convention& c : conventions()) {
    for (const Stance stance : {Stance::TPose, Stance::APose, Stance::FacingX}) {
      const Clip clip = build_rig(c, stance);
      const Result<HumanoidRig> rig = find_humanoid_rig(clip.skeleton, rest_positions(clip, UpAxis::PosY), c.label);
      ASSERT_TRUE(rig) << c.label << ": " << rig.error().message;
      std::vector<std::string> expected = {c.hips, c.head};
      for (const auto& side : c.sides)
        for (const std::string& name : side) expected.push_back(name.empty() ? "(none)" : name);
      EXPECT_EQ(part_names(clip.skeleton, rig.value()), expected) << c.label << " stance " << static_cast<int>(stance);
      EXPECT_EQ(rig.value().chest(), joint_index(clip.skeleton, c.spine.back())) << c.label;
    }
  }
}

double worst_limb_angle(const Clip& source, const Clip& result, const Convention& c) {
  // CMU's limbs against the convention's, every frame.
  const char* cmu[] = {"LeftUpLeg", "LeftLeg",     "LeftFoot", "RightUpLeg", "RightLeg",     "RightFoot",
                       "LeftArm",   "LeftForeArm", "LeftHand", "RightArm",   "RightForeArm", "RightHand"};
  std::vector<std::string> target;
  for (std::size_t side = 0; side < 2; ++side)
    for (const std::size_t k : {4, 5, 6}) target.push_back(c.sides[side][k]);
  for (std::size_t side = 0; side < 2; ++side)
    for (const std::size_t k : {1, 2, 3}) target.push_back(c.sides[side][k]);
  Pose a;
  Pose b;
  double worst = 0.0;
  const PositionMode mode = PositionMode::Add;
  for (std::size_t f = 0; f < source.motion.frame_count; ++f) {
    pose_frame(source, f, mode, a);
    pose_frame(result, f, mode, b);
    for (std::size_t chain = 0; chain < 4; ++chain)
      for (std::size_t k = 0; k < 2; ++k) {
        const auto s0 = joint_index(source.skeleton, cmu[chain * 3 + k]);
        const auto s1 = joint_index(source.skeleton, cmu[chain * 3 + k + 1]);
        const auto t0 = joint_index(result.skeleton, target[chain * 3 + k]);
        const auto t1 = joint_index(result.skeleton, target[chain * 3 + k + 1]);
        const glm::dvec3 u = glm::dvec3(a.position(s1) - a.position(s0));
        const glm::dvec3 v = glm::dvec3(b.position(t1) - b.position(t0));
        worst = std::max(worst, glm::degrees(std::atan2(glm::length(glm::cross(u, v)), glm::dot(u, v))));
      }
  }
  return worst;
}

TEST(Retarget, OntoEveryConventionInEveryStanceTheLimbsKeepTheirDirections) {
  Result<Clip> loaded = load_bvh_file((test::corpus_dir() / "assimp__01_01.bvh").string());
  ASSERT_TRUE(loaded);
  Result<Clip> source = trim_frames(std::move(loaded).value(), 0, 179);
  ASSERT_TRUE(source);
  for (const Convention& c : conventions())
    for (const Stance stance : {Stance::TPose, Stance::APose, Stance::FacingX}) {
      const Clip target = build_rig(c, stance);
      RetargetOptions options;
      options.plant_feet = false;  // the directions exactly; planting is measured on real rigs
      Result<Clip> result = retarget(source.value(), target, options);
      ASSERT_TRUE(result) << c.label << ": " << result.error().message;
      EXPECT_LT(worst_limb_angle(source.value(), result.value(), c), 0.05)
          << c.label << " stance " << static_cast<int>(stance);
    }
}

}  // namespace
}  // namespace humanoid_rig_test
}  // namespace bvhscope
