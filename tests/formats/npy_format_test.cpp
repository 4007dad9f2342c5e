// Joint arrays (.npy) through the reader seam: HumanML3D, KIT-ML, SMPL-H and unknown layouts, every
// byte order, memory order and float size, batches of motions, HumanML3D/KIT-ML feature vectors,
// and refusals located in the header or naming the frame and joint; the arrays are written by the
// tests' own writer (npy_writer.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "anim/clip_analysis.hpp"
#include "formats/joint_layouts.hpp"
#include "formats/npy_format.hpp"
#include "formats/read_motions.hpp"
#include "npy_writer.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

// Frame f, joint j, coordinate c of the test arrays: exact in 16-bit floats for small f and j.
double value_at(std::size_t f, std::size_t j, std::size_t c) {
  return static_cast<double>(f) * 8.0 + static_cast<double>(j) * 0.5 + static_cast<double>(c) * 0.25 - 3.0;
}

std::vector<double> array_values(std::size_t frames, std::size_t joints) {
  std::vector<double> values;
  for (std::size_t f = 0; f < frames; ++f)
    for (std::size_t j = 0; j < joints; ++j)
      for (std::size_t c = 0; c < 3; ++c) values.push_back(value_at(f, j, c));
  return values;
}

Result<MotionFile> read_array(const test::NpySpec& spec, const std::vector<double>& values,
                              const std::string& name = "a.npy") {
  return read_npy_bytes(test::npy_bytes(spec, values), name, {});
}

std::string npy_error_text(const Result<MotionFile>& result) {
  return result ? std::string("loaded") : format_diagnostic(result.error(), Severity::Error);
}

int joint_named(const Skeleton& skeleton, const std::string& name) {
  for (int j = 0; j < skeleton.joint_count(); ++j)
    if (skeleton.names[static_cast<std::size_t>(j)] == name) return j;
  return -1;
}

// HumanML3D's 22 joints in the array's order, and their tree, as its paramUtil's chains give them
// (pelvis to each foot, to the head, and from the spine's top to each hand).
const std::vector<std::string> kHumanMl3dNames{
    "pelvis",     "left_hip",    "right_hip",    "spine1",     "left_knee",     "right_knee",
    "spine2",     "left_ankle",  "right_ankle",  "spine3",     "left_foot",     "right_foot",
    "neck",       "left_collar", "right_collar", "head",       "left_shoulder", "right_shoulder",
    "left_elbow", "right_elbow", "left_wrist",   "right_wrist"};

// Every joint of motion `clip` at every frame, found by name, holds what the array held.
void expect_positions(const Clip& clip, std::size_t frames, const std::vector<std::string>& array_names) {
  ASSERT_EQ(clip.motion.frame_count, frames);
  ASSERT_EQ(clip.motion.position_joints, static_cast<int>(array_names.size()));
  for (std::size_t j = 0; j < array_names.size(); ++j) {
    const int shown = joint_named(clip.skeleton, array_names[j]);
    ASSERT_GE(shown, 0) << array_names[j];
    for (std::size_t f = 0; f < frames; ++f) {
      const std::span<const float> row = clip.motion.joint_positions(f);
      for (std::size_t c = 0; c < 3; ++c)
        ASSERT_EQ(row[static_cast<std::size_t>(shown) * 3 + c], static_cast<float>(value_at(f, j, c)))
            << array_names[j] << " frame " << f << " coordinate " << c;
    }
  }
}

TEST(NpyFormat, HumanMl3dJointsOpenAsTheSmplBodyTreeInDepthFirstOrderAt20Fps) {
  const Result<MotionFile> file = read_array({"<f4", false, {4, 22, 3}}, array_values(4, 22));
  ASSERT_TRUE(file.ok()) << npy_error_text(file);
  EXPECT_EQ(file.value().format, "NumPy array");
  ASSERT_EQ(file.value().motions.size(), 1u);
  const Clip& clip = file.value().motions.front();
  EXPECT_EQ(clip.skeleton.names,
            (std::vector<std::string>{"pelvis",        "left_hip",   "left_knee",   "left_ankle",   "left_foot",
                                      "right_hip",     "right_knee", "right_ankle", "right_foot",   "spine1",
                                      "spine2",        "spine3",     "neck",        "head",         "left_collar",
                                      "left_shoulder", "left_elbow", "left_wrist",  "right_collar", "right_shoulder",
                                      "right_elbow",   "right_wrist"}));
  EXPECT_EQ(clip.skeleton.parents,
            (std::vector<int>{-1, 0, 1, 2, 3, 0, 5, 6, 7, 0, 9, 10, 11, 12, 11, 14, 15, 16, 11, 18, 19, 20}));
  EXPECT_EQ(clip.skeleton.roots, (std::vector<int>{0}));
  EXPECT_EQ(clip.skeleton.channel_count(), 0);
  EXPECT_DOUBLE_EQ(clip.motion.frame_time, 1.0 / 20.0);
  EXPECT_TRUE(clip.warnings.empty());
  expect_positions(clip, 4, kHumanMl3dNames);
  // Rest offsets: the first frame's bone vectors (left_knee is array joint 4, left_hip 1).
  const glm::vec3 knee = clip.skeleton.offsets[2];
  EXPECT_EQ(knee, glm::vec3(1.5f, 1.5f, 1.5f));
}

TEST(NpyFormat, ByteOrderMemoryOrderFloatSizeAndVersionReadTheSame) {
  const std::vector<double> values = array_values(3, 22);
  for (const test::NpySpec& spec : std::vector<test::NpySpec>{{">f4", false, {3, 22, 3}},
                                                              {"<f8", true, {3, 22, 3}},
                                                              {">f8", true, {3, 22, 3}, 2},
                                                              {"<f2", false, {3, 22, 3}, 3},
                                                              {"=f4", true, {3, 22, 3}}}) {
    const Result<MotionFile> file = read_array(spec, values);
    ASSERT_TRUE(file.ok()) << spec.descr << ": " << npy_error_text(file);
    expect_positions(file.value().motions.front(), 3, kHumanMl3dNames);
  }
}

TEST(NpyFormat, KitSmplAndSmplhLayoutsHaveTheirTreesAndRates) {
  const Result<MotionFile> kit = read_array({"<f4", false, {2, 21, 3}}, array_values(2, 21));
  ASSERT_TRUE(kit.ok()) << npy_error_text(kit);
  const Clip& kit_clip = kit.value().motions.front();
  EXPECT_DOUBLE_EQ(kit_clip.motion.frame_time, 1.0 / 12.5);
  EXPECT_EQ(kit_clip.skeleton.names[0], "root");
  const int kit_head = joint_named(kit_clip.skeleton, "head");
  const int kit_neck = joint_named(kit_clip.skeleton, "neck");
  ASSERT_GE(kit_head, 0);
  EXPECT_EQ(kit_clip.skeleton.parents[static_cast<std::size_t>(kit_head)], kit_neck);
  const int kit_wrist = joint_named(kit_clip.skeleton, "right_wrist");
  EXPECT_EQ(
      kit_clip.skeleton.names[static_cast<std::size_t>(kit_clip.skeleton.parents[static_cast<std::size_t>(kit_wrist)])],
      "right_elbow");

  const Result<MotionFile> smpl = read_array({"<f4", false, {2, 24, 3}}, array_values(2, 24));
  ASSERT_TRUE(smpl.ok()) << npy_error_text(smpl);
  const Skeleton& smpl_skeleton = smpl.value().motions.front().skeleton;
  EXPECT_EQ(smpl_skeleton.names[static_cast<std::size_t>(
                smpl_skeleton.parents[static_cast<std::size_t>(joint_named(smpl_skeleton, "left_hand"))])],
            "left_wrist");
  EXPECT_DOUBLE_EQ(smpl.value().motions.front().motion.frame_time, 1.0 / 30.0);

  const Result<MotionFile> smplh = read_array({"<f4", false, {2, 52, 3}}, array_values(2, 52));
  ASSERT_TRUE(smplh.ok()) << npy_error_text(smplh);
  const Skeleton& hands = smplh.value().motions.front().skeleton;
  ASSERT_EQ(hands.joint_count(), 52);
  for (const std::string side : {"left", "right"}) {
    for (const std::string finger : {"index", "middle", "pinky", "ring", "thumb"}) {
      const auto parent_name = [&](const std::string& name) {
        const int joint = joint_named(hands, name);
        return joint < 0 ? std::string("(missing)")
                         : hands.names[static_cast<std::size_t>(hands.parents[static_cast<std::size_t>(joint)])];
      };
      EXPECT_EQ(parent_name(side + "_" + finger + "1"), side + "_wrist");
      EXPECT_EQ(parent_name(side + "_" + finger + "2"), side + "_" + finger + "1");
      EXPECT_EQ(parent_name(side + "_" + finger + "3"), side + "_" + finger + "2");
    }
  }
}

TEST(NpyFormat, AnUnknownJointCountIsUnconnectedPointsAt30Fps) {
  const Result<MotionFile> file = read_array({"<f4", false, {2, 5, 3}}, array_values(2, 5));
  ASSERT_TRUE(file.ok()) << npy_error_text(file);
  const Clip& clip = file.value().motions.front();
  EXPECT_EQ(clip.skeleton.names, (std::vector<std::string>{"joint_0", "joint_1", "joint_2", "joint_3", "joint_4"}));
  EXPECT_EQ(clip.skeleton.parents, (std::vector<int>(5, kNoParent)));
  EXPECT_EQ(clip.skeleton.roots, (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_DOUBLE_EQ(clip.motion.frame_time, 1.0 / 30.0);
  expect_positions(clip, 2, {"joint_0", "joint_1", "joint_2", "joint_3", "joint_4"});
}

TEST(NpyFormat, ABatchIsOneMotionEachInEitherLayout) {
  // (motions, frames, joints, 3): motion m's values are the single-motion values plus 1000 m.
  std::vector<double> batch;
  for (std::size_t m = 0; m < 3; ++m)
    for (const double v : array_values(2, 22)) batch.push_back(v + 1000.0 * static_cast<double>(m));
  // MDM's (motions, joints, 3, frames): the same numbers, moved to that layout.
  std::vector<double> mdm(batch.size());
  for (std::size_t m = 0; m < 3; ++m)
    for (std::size_t f = 0; f < 2; ++f)
      for (std::size_t j = 0; j < 22; ++j)
        for (std::size_t c = 0; c < 3; ++c) mdm[((m * 22 + j) * 3 + c) * 2 + f] = batch[((m * 2 + f) * 22 + j) * 3 + c];
  for (const auto& [spec, values] : std::vector<std::pair<test::NpySpec, std::vector<double>>>{
           {{"<f4", false, {3, 2, 22, 3}}, batch}, {{"<f8", true, {3, 22, 3, 2}}, mdm}}) {
    const Result<MotionFile> file = read_array(spec, values);
    ASSERT_TRUE(file.ok()) << npy_error_text(file);
    ASSERT_EQ(file.value().motions.size(), 3u);
    for (std::size_t m = 0; m < 3; ++m) {
      const Clip& clip = file.value().motions[m];
      EXPECT_EQ(clip.name, "motion " + std::to_string(m));
      ASSERT_EQ(clip.motion.frame_count, 2u);
      const int head = joint_named(clip.skeleton, "head");
      EXPECT_EQ(clip.motion.joint_positions(1)[static_cast<std::size_t>(head) * 3 + 1],
                static_cast<float>(value_at(1, 15, 1) + 1000.0 * static_cast<double>(m)));
    }
  }
}

TEST(NpyFormat, OpensByContentUnderAnyNameThroughTheSeam) {
  test::TempDir dir;
  const std::string bytes = test::npy_bytes({"<f4", false, {3, 22, 3}}, array_values(3, 22));
  for (const std::string name : {"walk.npy", "walk.dat", "walk"}) {
    const Result<MotionFile> file = read_motions(dir.write(name, bytes).string());
    ASSERT_TRUE(file.ok()) << name << ": " << npy_error_text(file);
    EXPECT_EQ(file.value().format, "NumPy array");
    expect_positions(file.value().motions.front(), 3, kHumanMl3dNames);
  }
  EXPECT_TRUE(is_motion_file(dir.path() / "walk.dat"));
  EXPECT_TRUE(has_motion_file_extension("a/B.NPY"));
  const Result<Clip> head = read_motion_head((dir.path() / "walk.npy").string(), 2);
  ASSERT_TRUE(head.ok());
  EXPECT_EQ(head.value().motion.frame_count, 2u);
}

// HumanML3D's feature vectors, encoded here from chosen world positions as its motion_representation
// does (facing-frame joints, root velocities, yaw velocity), using the quaternion rotation its
// recover_from_ric applies (v + 2w(u x v) + 2u x (u x v) for q = (cos a, 0, sin a, 0)), decode
// back to those positions; the features after the positions are not used.
glm::dvec3 quaternion_turn(double half_angle, glm::dvec3 v) {
  const double w = std::cos(half_angle);
  const glm::dvec3 u(0.0, std::sin(half_angle), 0.0);
  const glm::dvec3 t = 2.0 * glm::cross(u, v);
  return v + w * t + glm::cross(u, t);
}

TEST(NpyFormat, HumanMl3dAndKitFeatureVectorsDecodeToTheirJointPositions) {
  for (const std::size_t joints : {std::size_t{22}, std::size_t{21}}) {
    const std::size_t frames = 6;
    const std::size_t width = joints == 22 ? 263 : 251;
    std::vector<double> half_angle(frames);
    std::vector<glm::dvec3> root(frames);
    std::vector<std::vector<glm::dvec3>> world(frames, std::vector<glm::dvec3>(joints));
    for (std::size_t t = 0; t < frames; ++t) {
      const double s = static_cast<double>(t);
      half_angle[t] = 0.15 * s * s - 0.2 * s;  // 0 at the first frame, as the decoder starts
      root[t] = glm::dvec3(0.3 * s - 0.05 * s * s, 0.9 + 0.01 * s, 0.12 * s * s);  // x, z from the origin
      world[t][0] = root[t];
      for (std::size_t j = 1; j < joints; ++j) {
        const double k = static_cast<double>(j);
        world[t][j] =
            glm::dvec3(root[t].x + 0.1 * std::sin(k + s), 0.05 * k + 0.01 * s, root[t].z + 0.1 * std::cos(k * s));
      }
    }
    std::vector<double> features(frames * width, 7.0);  // 7: the features the decoder does not read
    for (std::size_t t = 0; t < frames; ++t) {
      double* row = features.data() + t * width;
      if (t + 1 < frames) {
        row[0] = half_angle[t + 1] - half_angle[t];
        const glm::dvec3 step =
            quaternion_turn(half_angle[t + 1], glm::dvec3(root[t + 1].x - root[t].x, 0.0, root[t + 1].z - root[t].z));
        row[1] = step.x;
        row[2] = step.z;
      }
      row[3] = root[t].y;
      for (std::size_t j = 1; j < joints; ++j) {
        const glm::dvec3 local = quaternion_turn(half_angle[t], world[t][j] - glm::dvec3(root[t].x, 0.0, root[t].z));
        row[4 + (j - 1) * 3 + 0] = local.x;
        row[4 + (j - 1) * 3 + 1] = local.y;
        row[4 + (j - 1) * 3 + 2] = local.z;
      }
    }
    const Result<MotionFile> file = read_array({"<f8", false, {frames, width}}, features);
    ASSERT_TRUE(file.ok()) << npy_error_text(file);
    const Clip& clip = file.value().motions.front();
    EXPECT_DOUBLE_EQ(clip.motion.frame_time, joints == 22 ? 1.0 / 20.0 : 1.0 / 12.5);
    ASSERT_EQ(clip.motion.frame_count, frames);
    const JointLayout* layout = joint_layout_for(static_cast<int>(joints));
    for (std::size_t j = 0; j < joints; ++j) {
      const int shown = joint_named(clip.skeleton, std::string(layout->joint_names[j]));
      ASSERT_GE(shown, 0);
      for (std::size_t t = 0; t < frames; ++t) {
        const std::span<const float> row = clip.motion.joint_positions(t);
        const glm::dvec3 got(row[static_cast<std::size_t>(shown) * 3], row[static_cast<std::size_t>(shown) * 3 + 1],
                             row[static_cast<std::size_t>(shown) * 3 + 2]);
        EXPECT_LT(glm::length(got - world[t][j]), 1e-5) << joints << " joints, joint " << j << " frame " << t;
      }
    }
  }
  std::vector<double> features(2 * 263, 0.0);
  features[263 + 40] = std::numeric_limits<double>::infinity();
  EXPECT_EQ(npy_error_text(read_array({"<f8", true, {2, 263}}, features)),
            "a.npy: error: frame 1, feature 40 is inf, not a finite value");
}

TEST(NpyFormat, AnArraysSizeIsItsTallestPoseNotItsFirstFrame) {
  // A HumanML3D figure 1.7 m tall, crouching to 70 % of that in its first frame (generated samples
  // often start so): the first frame is no rest pose, so its standing height is the motion's.
  const std::vector<glm::vec3> standing{
      {0, 0.9f, 0},    {0.1f, 0.85f, 0},  {-0.1f, 0.85f, 0},  {0, 1.0f, 0},     {0.1f, 0.5f, 0},   {-0.1f, 0.5f, 0},
      {0, 1.15f, 0},   {0.1f, 0.08f, 0},  {-0.1f, 0.08f, 0},  {0, 1.3f, 0},     {0.1f, 0, 0.1f},   {-0.1f, 0, 0.1f},
      {0, 1.5f, 0},    {0.07f, 1.45f, 0}, {-0.07f, 1.45f, 0}, {0, 1.7f, 0},     {0.18f, 1.45f, 0}, {-0.18f, 1.45f, 0},
      {0.2f, 1.2f, 0}, {-0.2f, 1.2f, 0},  {0.2f, 0.95f, 0},   {-0.2f, 0.95f, 0}};
  std::vector<double> values;
  for (std::size_t f = 0; f < 10; ++f) {
    for (const glm::vec3& joint : standing) {
      values.push_back(static_cast<double>(joint.x));
      values.push_back(static_cast<double>(joint.y) * (f == 0 ? 0.7 : 1.0));
      values.push_back(static_cast<double>(joint.z));
    }
  }
  const Result<MotionFile> file = read_array({"<f8", false, {10, 22, 3}}, values);
  ASSERT_TRUE(file.ok()) << npy_error_text(file);
  const ClipAnalysis analysis = analyse_clip(file.value().motions.front(), PositionModeRequest::Auto, {});
  EXPECT_NEAR(analysis.figure.height, 1.7f, 1e-4f);
  EXPECT_EQ(analysis.figure.height_reason, "the tallest upright pose over the motion");
  EXPECT_EQ(analysis.figure.units.unit, "metres");
}

TEST(NpySniff, TheMagicDecides) {
  EXPECT_EQ(sniff_npy(std::string("\x93NUMPY\x01\x00", 8), false), Sniffed::Yes);
  EXPECT_EQ(sniff_npy("\x93NUM", false), Sniffed::Undecided);
  EXPECT_EQ(sniff_npy("\x93NUM", true), Sniffed::No);
  EXPECT_EQ(sniff_npy("HIERARCHY", false), Sniffed::No);
}

// The header's column: the dict starts at byte 10 (column 11) in a version 1 file.
TEST(NpyFormat, RefusalsAreLocated) {
  const std::vector<double> six(2 * 22 * 2, 0.0);
  EXPECT_EQ(npy_error_text(read_array({"<f4", false, {2, 22, 2}}, six)),
            "a.npy: error: shape (2, 22, 2) is not joint positions; expected (frames, joints, 3), (motions, frames, "
            "joints, 3), (motions, joints, 3, frames), or HumanML3D/KIT-ML feature vectors (frames, 263) or "
            "(frames, 251)");
  EXPECT_EQ(npy_error_text(read_array({"<f4", false, {2, 7}}, std::vector<double>(14, 0.0))).substr(0, 55),
            "a.npy: error: shape (2, 7) is not joint positions; expe");
  EXPECT_EQ(npy_error_text(read_array({"<i8", false, {2, 22, 3}}, {})),
            "a.npy:1:21: error: element type '<i8' is not read; expected floats ('<f4', '<f8', '>f4', '<f2', ...)");
  EXPECT_EQ(npy_error_text(read_array({"|O", false, {}}, {})),
            "a.npy:1:129: error: the array holds Python objects ('|O') but the file ends after its header: no pickle "
            "of them follows");
  EXPECT_EQ(npy_error_text(read_array({"<f4", false, {0, 22, 3}}, {})),
            "a.npy: error: shape (0, 22, 3) holds no joint positions");
  EXPECT_EQ(npy_error_text(read_npy_bytes("", "a.npy", {})),
            "a.npy:1:1: error: empty file: expected a NumPy array (the bytes \\x93NUMPY)");
  EXPECT_EQ(npy_error_text(read_npy_bytes("HIERARCHY", "a.npy", {})),
            "a.npy:1:1: error: not a NumPy array: a .npy file starts with the bytes \\x93NUMPY");
  EXPECT_EQ(npy_error_text(read_npy_bytes(std::string("\x93NUMPY\x04\x00", 8), "a.npy", {})),
            "a.npy:1:7: error: NumPy format version 4.0 is not read (1.0, 2.0 and 3.0 are)");
  EXPECT_EQ(npy_error_text(read_npy_bytes(std::string("\x93NUMPY\x01\x00\xff\x00{", 11), "a.npy", {})),
            "a.npy:1:9: error: the header declares 255 bytes but the file ends after 1");
  const std::string unknown_key = "{'descr': '<f4', 'fortran': False, 'shape': (1, 22, 3), }";
  EXPECT_EQ(npy_error_text(read_npy_bytes(
                std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(unknown_key.size()) + '\0' + unknown_key,
                "a.npy", {})),
            "a.npy:1:28: error: unknown key 'fortran' in the header (expected descr, fortran_order, shape)");
}

TEST(NpyFormat, ANonFinitePositionNamesItsFrameJointAndCoordinate) {
  std::vector<double> values = array_values(3, 22);
  values[(2 * 22 + 3) * 3 + 1] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(npy_error_text(read_array({"<f8", false, {3, 22, 3}}, values)),
            "a.npy: error: frame 2, joint 3 (spine1): y is nan, not a finite position");
  values[(2 * 22 + 3) * 3 + 1] = std::numeric_limits<double>::infinity();
  EXPECT_EQ(npy_error_text(read_array({"<f4", false, {3, 22, 3}}, values)),
            "a.npy: error: frame 2, joint 3 (spine1): y is inf, not a finite position");
}

// A header declaring far more than the file holds is refused before anything that size is made.
TEST(NpyFormat, AHugeDeclaredShapeOnAShortFileIsRefusedWithoutAllocatingIt) {
  std::string bytes = test::npy_bytes({"<f4", false, {1000000000, 22, 3}}, {});
  bytes += std::string(100, '\0');
  EXPECT_EQ(npy_error_text(read_npy_bytes(bytes, "a.npy", {})),
            "a.npy: error: the header declares shape (1000000000, 22, 3) of '<f4' (264000000000 bytes of data) but the "
            "file holds 100 bytes after its header: the file is cut short");
  const std::string absurd = test::npy_bytes({"<f8", false, {1ull << 40, 1ull << 40, 3}}, {});
  EXPECT_EQ(npy_error_text(read_npy_bytes(absurd, "a.npy", {})).substr(0, 40),
            "a.npy:1:11: error: the shape (1099511627");
}

TEST(NpyFormat, BytesAfterTheDataAreAWarning) {
  const std::string bytes = test::npy_bytes({"<f4", false, {1, 22, 3}}, array_values(1, 22)) + "xyz";
  const Result<MotionFile> file = read_npy_bytes(bytes, "a.npy", {});
  ASSERT_TRUE(file.ok()) << npy_error_text(file);
  ASSERT_EQ(file.value().motions.front().warnings.size(), 1u);
  const Diagnostic& warning = file.value().motions.front().warnings[0];
  EXPECT_EQ(warning.message, "3 bytes after the array's data are ignored");
  EXPECT_EQ(warning.line, 1);  // at the first ignored byte: header 128 bytes + 22 * 3 * 4 of data
  EXPECT_EQ(warning.column, 128 + 264 + 1);
}

TEST(JointLayouts, EveryLayoutIsATreeWithParentsBeforeChildren) {
  for (const int joints : {21, 22, 24, 52}) {
    const JointLayout* layout = joint_layout_for(joints);
    ASSERT_NE(layout, nullptr) << joints;
    ASSERT_EQ(layout->parents.size(), static_cast<std::size_t>(joints));
    EXPECT_EQ(layout->parents[0], -1);
    for (int j = 1; j < joints; ++j) {
      EXPECT_GE(layout->parents[static_cast<std::size_t>(j)], 0) << layout->name << " " << j;
      EXPECT_LT(layout->parents[static_cast<std::size_t>(j)], j) << layout->name << " " << j;
    }
  }
  EXPECT_EQ(joint_layout_for(5), nullptr);
  EXPECT_EQ(joint_layout_for(22)->joint_names[15], "head");
}

}  // namespace
}  // namespace bvhscope
