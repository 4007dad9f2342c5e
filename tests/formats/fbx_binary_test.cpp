// bvhscope's own binary FBX reader (fbx_binary.hpp, fbx_binary_scene.hpp): on every binary FBX at
// hand (Blender's fixtures, Debian's assimp test models from Max and Maya, bvhscope's own writer)
// it reads the motions assimp reads, joint for joint and frame for frame; small files built here
// byte by byte check what those files do not (pivots, pre- and post-rotation, rotation orders,
// constant keys, templates, compressed arrays, a stack's time span) against values worked out by
// hand; hostile files are refused saying where, in bounded memory.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "anim/bvh_parser.hpp"
#include "anim/convert_timing.hpp"
#include "anim/file_loader.hpp"
#include "anim/pose.hpp"
#include "fbx_records.hpp"
#include "formats/fbx_binary.hpp"
#include "formats/fbx_binary_scene.hpp"
#include "formats/fbx_child.hpp"
#include "formats/fbx_format.hpp"
#include "formats/fbx_writer.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace fbx_binary_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

using test::connect;
using test::fbx_file;
using test::kSecond;
using test::model;
using test::named;
using test::Record;
using ::testing::HasSubstr;

// Every joint's world position at every frame, by joint name.
void expect_same_motions(const MotionFile& ours, const MotionFile& theirs, const std::string& label) {
  ASSERT_EQ(ours.motions.size(), theirs.motions.size()) << label;
  for (std::size_t m = 0; m < ours.motions.size(); ++m) {
    const Clip& a = ours.motions[m];
    const Clip& b = theirs.motions[m];
    EXPECT_EQ(a.name, b.name) << label;
    ASSERT_EQ(a.skeleton.names, b.skeleton.names) << label;
    ASSERT_EQ(a.motion.frame_count, b.motion.frame_count) << label;
    EXPECT_NEAR(a.motion.frame_time, b.motion.frame_time, 1e-7 * b.motion.frame_time) << label;  // float key times
    Pose pa;
    Pose pb;
    float size = 0.0f;
    pose_frame(a, 0, PositionMode::Add, pa);
    for (int j = 0; j < a.skeleton.joint_count(); ++j)
      size = std::max(size, glm::length(pa.position(j) - pa.position(0)));
    float worst = 0.0f;
    for (std::size_t f = 0; f < a.motion.frame_count; ++f) {
      pose_frame(a, f, PositionMode::Add, pa);
      pose_frame(b, f, PositionMode::Add, pb);
      for (int j = 0; j < a.skeleton.joint_count(); ++j)
        worst = std::max(worst, glm::length(pa.position(j) - pb.position(j)));
    }
    EXPECT_LE(worst, 1e-5f * std::max(size, 1e-3f)) << label << ", motion " << m << ": size " << size;
  }
}

// The binary reader and assimp (in its child process) on the same file.
void expect_as_assimp_reads(const std::string& bytes, const std::string& label) {
  const Result<FbxScene> ours = read_fbx_binary_scene(bytes, label);
  ASSERT_TRUE(ours.ok()) << format_diagnostic(ours.error(), Severity::Error);
  const Result<FbxScene> theirs = read_fbx_scene(bytes, label);
  ASSERT_TRUE(theirs.ok()) << format_diagnostic(theirs.error(), Severity::Error);
  const Result<MotionFile> our_motions = motions_of_fbx_scene(ours.value(), label);
  const Result<MotionFile> their_motions = motions_of_fbx_scene(theirs.value(), label);
  ASSERT_EQ(our_motions.ok(), their_motions.ok()) << label;
  if (!our_motions.ok()) {
    EXPECT_EQ(our_motions.error().message, their_motions.error().message) << label;
    return;
  }
  expect_same_motions(our_motions.value(), their_motions.value(), label);
}

// An animation curve `id` under curve node `node` for its axis `axis` ("d|X"): keys at `seconds`.
void curve(Record& objects, Record& connections, std::int64_t id, std::int64_t node, std::string_view axis,
           const std::vector<double>& seconds, const std::vector<float>& values, bool held = false,
           bool compress = false) {
  Record& c = objects.child("AnimationCurve").i64(id).str(named("", "AnimCurve")).str("");
  c.child("Default").f64(static_cast<double>(values.front()));
  c.child("KeyVer").i32(4009);
  std::vector<std::int64_t> ticks;
  for (const double t : seconds) ticks.push_back(static_cast<std::int64_t>(std::llround(t * kSecond)));
  c.child("KeyTime").array('l', ticks, compress);
  c.child("KeyValueFloat").array('f', values, compress);
  c.child("KeyAttrFlags").array('i', std::vector<std::int32_t>{held ? 0x00000002 : 0x00000104});
  c.child("KeyAttrDataFloat").array('f', std::vector<float>{0, 0, 0, 0});
  c.child("KeyAttrRefCount").array('i', std::vector<std::int32_t>{static_cast<std::int32_t>(seconds.size())});
  connect(connections, id, node, axis);
}

// Hips at (1, 2, 3) with a pre-rotation of 90 degrees about Z, turning about X from 0 to 90
// degrees over a second (compressed curves); a Knee 10 up it, turned (90, 0, 90) in Z X Y order
// (Z first); a Toe 5 up the knee.
std::string turned_legs(std::int64_t stop = 0, bool held = false, std::uint32_t version = 7400) {
  Record objects("Objects");
  Record connections("Connections");
  model(objects, 10, "Hips").p3("Lcl Translation", 1, 2, 3).p3("PreRotation", 0, 0, 90).p_int("RotationActive", 1);
  model(objects, 11, "Knee").p3("Lcl Translation", 0, 10, 0).p3("Lcl Rotation", 90, 0, 90).p_int("RotationOrder", 4);
  model(objects, 12, "Toe").p3("Lcl Translation", 0, 5, 0);
  connect(connections, 10, 0);
  connect(connections, 11, 10);
  connect(connections, 12, 11);
  // assimp wants a Properties70 in the stack, the layer and the curve node, as exporters write them.
  Record& span = objects.child("AnimationStack").i64(20).str(named("walk", "AnimStack")).str("").child("Properties70");
  if (stop > 0) span.p_time("LocalStart", 0).p_time("LocalStop", stop);
  objects.child("AnimationLayer").i64(21).str(named("BaseLayer", "AnimLayer")).str("").child("Properties70");
  objects.child("AnimationCurveNode")
      .i64(22)
      .str(named("R", "AnimCurveNode"))
      .str("")
      .child("Properties70")
      .p_double("d|X", 0.0)
      .p_double("d|Y", 0.0)
      .p_double("d|Z", 0.0);
  connect(connections, 21, 20);
  connect(connections, 22, 21);
  connect(connections, 22, 10, "Lcl Rotation");
  curve(objects, connections, 23, 22, "d|X", {0.0, 1.0, 2.0}, {0.0f, 90.0f, 90.0f}, held, true);
  return fbx_file(objects, connections, nullptr, version);
}

std::vector<glm::vec3> positions_at(const Clip& clip, std::size_t frame) {
  Pose pose;
  pose_frame(clip, frame, PositionMode::Add, pose);
  std::vector<glm::vec3> out;
  for (int j = 0; j < clip.skeleton.joint_count(); ++j) out.push_back(pose.position(j));
  return out;
}

void expect_near(const glm::vec3& got, const glm::vec3& want, const std::string& what) {
  EXPECT_NEAR(got.x, want.x, 1e-4f) << what;
  EXPECT_NEAR(got.y, want.y, 1e-4f) << what;
  EXPECT_NEAR(got.z, want.z, 1e-4f) << what;
}

TEST(FbxBinary, PreRotationsRotationOrdersAndCompressedCurvesAsWorkedOutByHand) {
  const std::string bytes = turned_legs();
  const Result<MotionFile> file = read_fbx_bytes(bytes, "legs.fbx", {});
  ASSERT_TRUE(file.ok()) << format_diagnostic(file.error(), Severity::Error);
  const Clip& clip = file.value().motions.at(0);
  EXPECT_EQ(clip.name, "walk");
  EXPECT_EQ(clip.skeleton.names, (std::vector<std::string>{"Hips", "Knee", "Toe"}));
  ASSERT_EQ(clip.motion.frame_count, 9u);  // 0 to 2 s at 4 frames a second
  EXPECT_DOUBLE_EQ(clip.motion.frame_time, 0.25);
  // At 0 s: the pre-rotation turns +Y to -X; the knee's Z X Y rotation (Rx90 * Rz90) turns the toe's
  // +Y to -X, then the hips' to -Y.
  std::vector<glm::vec3> at = positions_at(clip, 0);
  expect_near(at[0], {1, 2, 3}, "hips at 0 s");
  expect_near(at[1], {-9, 2, 3}, "knee at 0 s");
  expect_near(at[2], {-9, -3, 3}, "toe at 0 s");
  // At 0.5 s the hips have turned 45 degrees about X (after the pre-rotation), at 1 s 90.
  const float h = 10.0f * std::sqrt(0.5f);
  expect_near(positions_at(clip, 2)[1], {1 - h, 2, 3 + h}, "knee at 0.5 s");
  at = positions_at(clip, 4);
  expect_near(at[1], {1, 2, 13}, "knee at 1 s");
  expect_near(at[2], {1, -3, 13}, "toe at 1 s");
  expect_as_assimp_reads(bytes, "legs.fbx");
}

TEST(FbxBinary, Fbx75sWideRecordsReadAsFbx74s) {
  // FBX 7.5 (2016) and later write 64-bit record headers: the same scene reads the same.
  const Result<MotionFile> narrow = read_fbx_bytes(turned_legs(), "legs74.fbx", {});
  const Result<MotionFile> wide = read_fbx_bytes(turned_legs(0, false, 7500), "legs75.fbx", {});
  ASSERT_TRUE(narrow.ok()) << format_diagnostic(narrow.error(), Severity::Error);
  ASSERT_TRUE(wide.ok()) << format_diagnostic(wide.error(), Severity::Error);
  const Clip& a = narrow.value().motions.at(0);
  const Clip& b = wide.value().motions.at(0);
  ASSERT_EQ(a.motion.frame_count, b.motion.frame_count);
  ASSERT_EQ(a.motion.values.size(), b.motion.values.size());
  for (std::size_t i = 0; i < a.motion.values.size(); ++i) EXPECT_EQ(a.motion.values[i], b.motion.values[i]) << i;
  EXPECT_EQ(a.skeleton.names, b.skeleton.names);
  expect_as_assimp_reads(turned_legs(0, false, 7500), "legs75.fbx");
}

TEST(FbxBinary, AHeldKeyHoldsUntilTheNextKey) {
  // The hips' 0 degrees held until 1 s: at 0.5 and 0.75 s they are as at 0 s, at 1 s turned 90.
  const Result<MotionFile> file = read_fbx_bytes(turned_legs(0, true), "held.fbx", {});
  ASSERT_TRUE(file.ok()) << format_diagnostic(file.error(), Severity::Error);
  const Clip& clip = file.value().motions.at(0);
  ASSERT_EQ(clip.motion.frame_count, 9u);
  expect_near(positions_at(clip, 2)[1], {-9, 2, 3}, "knee at 0.5 s");
  expect_near(positions_at(clip, 3)[1], {-9, 2, 3}, "knee at 0.75 s");
  expect_near(positions_at(clip, 4)[1], {1, 2, 13}, "knee at 1 s");
}

// A rotation order from the file's Model template, a translation animated below the root, and a
// second stack: as assimp reads them.
TEST(FbxBinary, TemplatesAnimatedTranslationsAndStacksAsAssimpReadsThem) {
  Record definitions("Definitions");
  Record& type = definitions.child("ObjectType").str("Model");
  type.child("Count").i32(3);
  type.child("PropertyTemplate").str("FbxNode").child("Properties70").p_int("RotationOrder", 2);  // Y Z X
  Record objects("Objects");
  Record connections("Connections");
  model(objects, 10, "Root").p3("Lcl Translation", 0, 1, 0).p3("Lcl Rotation", 10, 20, 30);
  model(objects, 11, "Arm").p3("Lcl Translation", 2, 0, 0).p3("PreRotation", 0, 45, 0).p_int("RotationActive", 1);
  model(objects, 12, "Hand").p3("Lcl Translation", 1, 0, 0).p3("Lcl Rotation", 0, 0, 15).p_int("RotationOrder", 0);
  model(objects, 13, "Tip").p3("Lcl Translation", 0.5, 0, 0);
  connect(connections, 10, 0);
  connect(connections, 11, 10);
  connect(connections, 12, 11);
  connect(connections, 13, 12);
  std::int64_t id = 100;
  const auto stack = [&](const char* name) {
    const std::int64_t stack_id = id++;
    const std::int64_t layer = id++;
    objects.child("AnimationStack").i64(stack_id).str(named(name, "AnimStack")).str("").child("Properties70");
    objects.child("AnimationLayer").i64(layer).str(named("BaseLayer", "AnimLayer")).str("").child("Properties70");
    connect(connections, layer, stack_id);
    return layer;
  };
  const auto curve_node = [&](std::int64_t layer, std::int64_t target, const char* property) {
    const std::int64_t node = id++;
    objects.child("AnimationCurveNode")
        .i64(node)
        .str(named("T", "AnimCurveNode"))
        .str("")
        .child("Properties70")
        .p_double("d|X", 0.0)
        .p_double("d|Y", 0.0)
        .p_double("d|Z", 0.0);
    connect(connections, node, layer);
    connect(connections, node, target, property);
    return node;
  };
  const std::int64_t reach = stack("reach");
  const std::int64_t arm = curve_node(reach, 11, "Lcl Rotation");
  curve(objects, connections, id++, arm, "d|Y", {0.0, 0.5, 1.0}, {0.0f, 40.0f, 40.0f});
  curve(objects, connections, id++, arm, "d|Z", {0.0, 1.0}, {0.0f, 60.0f});
  const std::int64_t hand = curve_node(reach, 12, "Lcl Translation");
  curve(objects, connections, id++, hand, "d|X", {0.0, 1.0}, {1.0f, 1.5f});
  const std::int64_t wave = stack("wave");
  const std::int64_t root = curve_node(wave, 10, "Lcl Rotation");
  curve(objects, connections, id++, root, "d|X", {0.0, 0.5}, {0.0f, 90.0f}, false, true);
  const std::string bytes = fbx_file(objects, connections, &definitions);
  expect_as_assimp_reads(bytes, "stacks.fbx");
  const Result<MotionFile> file = read_fbx_bytes(bytes, "stacks.fbx", {});
  ASSERT_TRUE(file.ok()) << format_diagnostic(file.error(), Severity::Error);
  ASSERT_EQ(file.value().motions.size(), 2u);
  EXPECT_EQ(file.value().motions[0].name, "reach");
  EXPECT_EQ(file.value().motions[1].name, "wave");
  EXPECT_EQ(file.value().motions[1].motion.frame_count, 3u);  // 0 to 0.5 s at 4 frames a second
  // The hand's translation moves: a position channel below the root.
  const Skeleton& skeleton = file.value().motions[0].skeleton;
  const auto hand_joint = std::find(skeleton.names.begin(), skeleton.names.end(), "Hand");
  ASSERT_NE(hand_joint, skeleton.names.end());
  EXPECT_TRUE(skeleton.has_channel(static_cast<int>(hand_joint - skeleton.names.begin()), is_position));
}

// Rotation pivot and offset, scaling pivot and a post-rotation (inverted, as the FBX SDK documents
// and three.js reads it; assimp and Blender 3.4 do not invert it, and assimp drops the animation
// of a model with pivots): positions worked out by hand.
TEST(FbxBinary, PivotsOffsetsAndPostRotationsAsWorkedOutByHand) {
  Record objects("Objects");
  Record connections("Connections");
  model(objects, 10, "Root")
      .p3("RotationPivot", 1, 0, 0)
      .p3("RotationOffset", 0, 0.5, 0)
      .p3("Lcl Rotation", 0, 0, 90)
      .p3("ScalingPivot", 0.3, 0, 0)
      .p3("Lcl Scaling", 2, 2, 2);
  model(objects, 11, "Arm").p3("Lcl Translation", 2, 0, 0).p3("PostRotation", 0, 0, 90);
  model(objects, 12, "Hand").p3("Lcl Translation", 1, 0, 0);
  connect(connections, 10, 0);
  connect(connections, 11, 10);
  connect(connections, 12, 11);
  const Result<MotionFile> file = read_fbx_bytes(fbx_file(objects, connections), "pivots.fbx", {});
  ASSERT_TRUE(file.ok()) << format_diagnostic(file.error(), Severity::Error);
  const Clip& clip = file.value().motions.at(0);
  ASSERT_EQ(clip.skeleton.names, (std::vector<std::string>{"Root", "Arm", "Hand"}));
  const std::vector<glm::vec3> at = positions_at(clip, 0);
  // Root's origin: Sp^-1, S, Sp, Rp^-1, R, Rp, Roff: (0,0,0) -> (-0.3,0,0) -> (-0.6,0,0) ->
  // (-0.3,0,0) -> (-1.3,0,0) -> (0,-1.3,0) -> (1,-1.3,0) -> (1,-0.8,0).
  expect_near(at[0], {1, -0.8f, 0}, "root");
  // Arm's (2,0,0) the same way: (1.7,0,0) (3.4,0,0) (3.7,0,0) (2.7,0,0) (0,2.7,0) (1,2.7,0) (1,3.2,0).
  expect_near(at[1], {1, 3.2f, 0}, "arm");
  // Hand's (1,0,0): the post-rotation's inverse turns it to (0,-1,0), the root's scale and turn to (2,0,0).
  expect_near(at[2], {3, 3.2f, 0}, "hand");
}

TEST(FbxBinary, AKeyHeldAtTheNextKeysValueStepsRightAfterIt) {
  // eConstantNext (0x100 with 0x2): from just after 0 s the hips hold 1 s's 90 degrees.
  std::string bytes = turned_legs(0, true);
  const std::size_t flags = bytes.find("KeyAttrFlags");
  ASSERT_NE(flags, std::string::npos);
  const std::int32_t held_next = 0x00000102;
  std::memcpy(bytes.data() + flags + 12 + 1 + 12, &held_next, 4);  // the array's first element
  const Result<MotionFile> file = read_fbx_bytes(bytes, "next.fbx", {});
  ASSERT_TRUE(file.ok()) << format_diagnostic(file.error(), Severity::Error);
  const Clip& clip = file.value().motions.at(0);
  expect_near(positions_at(clip, 0)[1], {-9, 2, 3}, "knee at 0 s");
  expect_near(positions_at(clip, 1)[1], {1, 2, 13}, "knee at 0.25 s");
  expect_near(positions_at(clip, 3)[1], {1, 2, 13}, "knee at 0.75 s");
}

TEST(FbxBinary, ACurveNodeWithoutCurvesLeavesItsModelAtRest) {
  Record objects("Objects");
  Record connections("Connections");
  model(objects, 10, "Hips").p3("Lcl Translation", 0, 1, 0);
  model(objects, 11, "Head").p3("Lcl Translation", 0, 1, 0);
  connect(connections, 10, 0);
  connect(connections, 11, 10);
  objects.child("AnimationStack").i64(20).str(named("take", "AnimStack")).str("");
  objects.child("AnimationLayer").i64(21).str(named("layer", "AnimLayer")).str("");
  objects.child("AnimationCurveNode").i64(22).str(named("R", "AnimCurveNode")).str("");  // no curve below
  objects.child("AnimationCurveNode").i64(24).str(named("T", "AnimCurveNode")).str("");
  connect(connections, 21, 20);
  connect(connections, 22, 21);
  connect(connections, 24, 21);
  connect(connections, 22, 10, "Lcl Rotation");
  connect(connections, 24, 11, "Lcl Translation");
  curve(objects, connections, 25, 24, "d|Y", {0.0, 1.0}, {1.0f, 2.0f});
  const Result<MotionFile> file = read_fbx_bytes(fbx_file(objects, connections), "empty.fbx", {});
  ASSERT_TRUE(file.ok()) << format_diagnostic(file.error(), Severity::Error);
  const Clip& clip = file.value().motions.at(0);
  ASSERT_EQ(clip.motion.frame_count, 5u);
  const auto head = std::find(clip.skeleton.names.begin(), clip.skeleton.names.end(), "Head");
  ASSERT_NE(head, clip.skeleton.names.end());
  // The hips (still, above the skeleton) at (0, 1, 0), the head 2 above them at 1 s.
  expect_near(positions_at(clip, 4).at(static_cast<std::size_t>(head - clip.skeleton.names.begin())), {0, 3, 0},
              "head at 1 s");
}

TEST(FbxBinary, AStacksTimeSpanCutsItsKeys) {
  const Result<MotionFile> file = read_fbx_bytes(turned_legs(kSecond), "legs.fbx", {});
  ASSERT_TRUE(file.ok()) << format_diagnostic(file.error(), Severity::Error);
  EXPECT_EQ(file.value().motions.at(0).motion.frame_count, 5u);  // 0 to 1 s
}

// Hips turning about X: one stack, layer and curve node, curve 23's keys at `seconds`.
std::string hips_turning(const std::vector<double>& seconds, const std::vector<float>& degrees, bool compress = false) {
  Record objects("Objects");
  Record connections("Connections");
  model(objects, 10, "Hips");
  connect(connections, 10, 0);
  objects.child("AnimationStack").i64(20).str(named("take", "AnimStack")).str("");
  objects.child("AnimationLayer").i64(21).str(named("layer", "AnimLayer")).str("");
  objects.child("AnimationCurveNode").i64(22).str(named("R", "AnimCurveNode")).str("");
  connect(connections, 21, 20);
  connect(connections, 22, 21);
  connect(connections, 22, 10, "Lcl Rotation");
  curve(objects, connections, 23, 22, "d|X", seconds, degrees, false, compress);
  return fbx_file(objects, connections);
}

std::string error_of(const std::string& bytes) {
  const Result<MotionFile> file = read_fbx_bytes(bytes, "bad.fbx", {});
  return file.ok() ? std::string("(read)") : format_diagnostic(file.error(), Severity::Error);
}

TEST(FbxBinary, HostileFilesAreRefusedSayingWhere) {
  const std::string blender = test::read_file(test::fixtures_dir() / "blender" / "cmu_131_01.fbx");
  EXPECT_THAT(error_of(blender.substr(0, blender.size() / 2)), HasSubstr("bad.fbx: error: at byte "));
  std::string old = blender;
  const std::uint32_t version = 6100;
  std::memcpy(old.data() + 23, &version, 4);
  EXPECT_EQ(error_of(old),
            "bad.fbx: error: it is binary FBX version 6100; only binary FBX 7.x (FBX 2011 and later) is read "
            "(re-export it as FBX 2011 or later)");
  // A record that claims to end past the file.
  std::string past = fbx_file(Record("Objects"), Record("Connections"));
  const std::uint32_t far = 1u << 30;
  std::memcpy(past.data() + 27, &far, 4);
  EXPECT_THAT(error_of(past), HasSubstr("bad.fbx: error: at byte 27: a record ends at byte 1073741824, outside its "
                                        "parent (27 to "));
  // A record that ends inside its own header (its name and properties would run on past it).
  std::string inside = past;
  const std::uint32_t soon = 27 + 5;
  std::memcpy(inside.data() + 27, &soon, 4);
  EXPECT_THAT(error_of(inside),
              HasSubstr("bad.fbx: error: at byte 27: a record ends at byte 32, inside its own header"));
  // Records nested 100 deep.
  Record deep("Objects");
  Record* inner = &deep;
  for (int level = 0; level < 100; ++level) inner = &inner->child("Nest");
  inner->i32(1);
  EXPECT_THAT(error_of(fbx_file(deep, Record("Connections"))), HasSubstr("records nest deeper than 64 levels"));
  // A curve of 400 million keys in a few compressed bytes: refused before anything is inflated.
  std::string bomb = hips_turning({0.0, 1.0}, {0.0f, 90.0f}, true);
  const std::size_t key_time = bomb.find("KeyTime");
  ASSERT_NE(key_time, std::string::npos);
  const std::uint32_t huge = 400000000;
  std::memcpy(bomb.data() + key_time + 7 + 1, &huge, 4);  // the array's element count, after its type code
  EXPECT_THAT(error_of(bomb), HasSubstr("an array of 400000000 elements is more than the file's arrays may hold"));
  // Keys that go back in time.
  EXPECT_THAT(error_of(hips_turning({1.0, 0.5}, {0.0f, 90.0f})),
              HasSubstr("animation curve 23 goes back in time at key 1"));
}

TEST(FbxBinary, ACycleOfModelsIsReadOnceWithoutEnd) {
  Record objects("Objects");
  Record connections("Connections");
  model(objects, 10, "Hips").p3("Lcl Translation", 0, 1, 0);
  model(objects, 11, "Spine").p3("Lcl Translation", 0, 1, 0);
  connect(connections, 10, 0);
  connect(connections, 11, 10);
  connect(connections, 10, 11);  // the hips under the spine too
  const Result<FbxScene> scene = read_fbx_binary_scene(fbx_file(objects, connections), "cycle.fbx");
  ASSERT_TRUE(scene.ok()) << format_diagnostic(scene.error(), Severity::Error);
  ASSERT_EQ(scene.value().nodes.size(), 3u);  // the root, the hips, the spine
  EXPECT_EQ(scene.value().nodes[1].name, "Hips");
  EXPECT_EQ(scene.value().nodes[2].name, "Spine");
  EXPECT_EQ(scene.value().nodes[2].parent, 1);
}

TEST(FbxBinary, ReadsBlendersFilesAsAssimpDoes) {
  for (const char* name : {"cmu_131_01.fbx", "daz_05_20.fbx", "pybvh_example_zup.fbx"})
    expect_as_assimp_reads(test::read_file(test::fixtures_dir() / "blender" / name), name);
}

TEST(FbxBinary, ReadsMaxAndMayaFilesAsAssimpDoes) {
  // Debian's assimp-testmodels (scripts/bvhscope-dev installs it): skeletons with pre-rotations,
  // 3ds Max's Z up (7.4 files; Fbx75sWideRecordsReadAsFbx74s builds a 7.5 one).
  const std::filesystem::path models = "/usr/share/assimp/models/FBX";
  ASSERT_TRUE(std::filesystem::exists(models / "huesitos.fbx"))
      << "install assimp-testmodels (scripts/bvhscope-dev setup)";
  for (const char* name : {"animation_with_skeleton.fbx", "huesitos.fbx", "spider.fbx", "global_settings.fbx"})
    expect_as_assimp_reads(test::read_file(models / name), name);
}

TEST(FbxBinary, ReadsWhatBvhscopeWritesAsAssimpDoes) {
  for (const char* name :
       {"bvh11__131_01.bvh", "creativeinquiry__05_20-daz.bvh", "bandai1__dataset-1_dash_normal_001.bvh"}) {
    Result<Clip> clip = load_bvh_file((test::corpus_dir() / name).string());
    ASSERT_TRUE(clip.ok());
    const std::size_t last = std::min<std::size_t>(clip.value().motion.frame_count - 1, 30);
    Result<Clip> cut = trim_frames(std::move(clip).value(), 0, last);
    ASSERT_TRUE(cut.ok());
    std::ostringstream out;
    ASSERT_TRUE(write_fbx(cut.value(), PositionMode::Add, out).ok());
    expect_as_assimp_reads(out.str(), name);
  }
}

}  // namespace
}  // namespace fbx_binary_test
}  // namespace bvhscope
