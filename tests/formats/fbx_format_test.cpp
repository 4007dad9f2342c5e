// FBX through the reader seam: Blender's FBX of a corpus file read as the motion its GLB holds
// (tests/independent checks both against three.js and the corpus BVH), the file's units turned to
// metres, and located refusals: a binary file cut short (its byte), ASCII FBX that does not parse
// (assimp's line and column), and a child's report that is damaged (decode_fbx_scene checks every
// count and index).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include <glm/geometric.hpp>

#include "anim/pose.hpp"
#include "formats/fbx_child.hpp"
#include "formats/fbx_format.hpp"
#include "formats/read_motions.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace fbx_format_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

using ::testing::HasSubstr;

std::string fixture(const char* name) {
  std::ifstream in(test::fixtures_dir() / "blender" / name, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string error_of(const Result<MotionFile>& file) {
  return file.ok() ? std::string("(read)") : format_diagnostic(file.error(), Severity::Error);
}

TEST(FbxFormat, BlendersFbxReadsAsTheSameMotionAsItsGlb) {
  const Result<MotionFile> fbx = read_motions_from_bytes(fixture("pybvh_example_zup.fbx"), "example.fbx");
  const Result<MotionFile> glb = read_motions_from_bytes(fixture("pybvh_example_zup.glb"), "example.glb");
  ASSERT_TRUE(fbx.ok()) << error_of(fbx);
  ASSERT_TRUE(glb.ok()) << error_of(glb);
  EXPECT_EQ(fbx.value().format, "FBX");
  const Clip& a = fbx.value().motions[0];
  const Clip& b = glb.value().motions[0];
  EXPECT_EQ(a.name, "Scene");
  EXPECT_EQ(a.skeleton.names, b.skeleton.names);
  EXPECT_EQ(a.skeleton.parents, b.skeleton.parents);
  ASSERT_EQ(a.motion.frame_count, b.motion.frame_count);
  EXPECT_NEAR(a.motion.frame_time, b.motion.frame_time, 1e-6);
  // Every joint where the GLB has it (the FBX's centimetres in metres), at every frame, within 1e-5
  // of the figure's 61 (Blender took the BVH's centimetres for metres); the rest poses may differ
  // (Blender writes each bone's rest differently to the two formats).
  Pose pa;
  Pose pb;
  for (std::size_t f = 0; f < a.motion.frame_count; ++f) {
    pose_frame(a, f, PositionMode::Add, pa);
    pose_frame(b, f, PositionMode::Add, pb);
    for (int j = 0; j < a.skeleton.joint_count(); ++j)
      EXPECT_LT(glm::length(pa.position(j) - pb.position(j)), 6e-4f) << a.skeleton.names[static_cast<std::size_t>(j)];
  }
}

TEST(FbxFormat, TheContentDecides) {
  EXPECT_EQ(sniff_fbx(fixture("cmu_131_01.fbx").substr(0, 4096), false), Sniffed::Yes);
  EXPECT_EQ(sniff_fbx("; FBX 7.4.0 project file\n", false), Sniffed::Yes);
  EXPECT_EQ(sniff_fbx("Kaydara", false), Sniffed::Undecided);
  EXPECT_EQ(sniff_fbx("HIERARCHY", true), Sniffed::No);
  const Result<MotionFile> renamed = read_motions_from_bytes(fixture("cmu_131_01.fbx"), "renamed.bvh");
  ASSERT_TRUE(renamed.ok()) << error_of(renamed);
  EXPECT_EQ(renamed.value().format, "FBX");
}

TEST(FbxFormat, BrokenFilesAreRefusedSayingWhere) {
  const std::string file = fixture("pybvh_example_zup.fbx");
  EXPECT_THAT(error_of(read_motions_from_bytes(file.substr(0, file.size() / 2), "cut.fbx")),
              HasSubstr("cut.fbx: error: at byte "));
  EXPECT_EQ(error_of(read_motions_from_bytes("; FBX 7.4.0 project file\nnonsense {\n", "bad.fbx")),
            "bad.fbx:2:9: error: assimp cannot read it: FBX-Parser (TOK_DATA, line 2, col 9) unexpected token, "
            "expected TOK_KEY");
}

TEST(FbxFormat, ADamagedReportFromTheChildIsNotBelieved) {
  FbxScene scene;
  scene.nodes.push_back({"root", -1, glm::dmat4(1.0), false});
  scene.nodes.push_back({"child", 0, glm::dmat4(1.0), false});
  scene.bones = {1};
  FbxChannel channel;
  channel.node = 1;
  channel.rotation.times = {0.0f, 0.5f};
  channel.rotation.values = {0, 0, 0, 1, 0, 0, 0, 1};
  scene.animations.push_back({"take", {channel}});
  const std::string report = encode_fbx_scene(scene);
  const Result<FbxScene> decoded = decode_fbx_scene(report, "x.fbx");
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(decoded.value().nodes[1].name, "child");
  EXPECT_EQ(decoded.value().animations[0].channels[0].rotation.values.size(), 8u);
  for (const std::size_t cut : {std::size_t{3}, std::size_t{20}, report.size() / 2, report.size() - 1}) {
    const Result<FbxScene> short_report = decode_fbx_scene(report.substr(0, cut), "x.fbx");
    ASSERT_FALSE(short_report.ok()) << cut;
    EXPECT_THAT(short_report.error().message, HasSubstr("the FBX reader")) << cut;
  }
  FbxScene backwards = scene;
  backwards.nodes[0].parent = 1;  // a parent after its child
  EXPECT_THAT(decode_fbx_scene(encode_fbx_scene(backwards), "x.fbx").error().message,
              HasSubstr("a node's parent comes after it"));
  FbxScene stray = scene;
  stray.bones = {7};
  EXPECT_THAT(decode_fbx_scene(encode_fbx_scene(stray), "x.fbx").error().message,
              HasSubstr("a bone that is not a node"));
  FbxScene uneven = scene;
  uneven.animations[0].channels[0].rotation.values.pop_back();
  EXPECT_THAT(decode_fbx_scene(encode_fbx_scene(uneven), "x.fbx").error().message,
              HasSubstr("keys without their values"));
}

}  // namespace
}  // namespace fbx_format_test
}  // namespace bvhscope
