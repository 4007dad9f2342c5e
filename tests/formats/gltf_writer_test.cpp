// The glTF writer: the GLB's container bytes, the nodes and the keys it writes for a clip whose
// values are worked out by hand here.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "anim/bvh_parser.hpp"
#include "bvh_builder.hpp"
#include "formats/gltf_writer.hpp"

namespace bvhscope {
namespace gltf_writer_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

std::uint32_t u32(const std::string& bytes, std::size_t at) {
  std::uint32_t value = 0;
  for (int i = 3; i >= 0; --i)
    value = (value << 8) | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(i)]);
  return value;
}

std::vector<float> floats(const std::string& bytes, std::size_t at, std::size_t count) {
  std::vector<float> values(count);
  std::memcpy(values.data(), bytes.data() + at, count * sizeof(float));
  return values;
}

// Hips (positions and Z X Y rotations) with a Knee (Z X Y rotations) and an End Site; two frames
// 0.5 s apart: the second moves the hips by (1, 2, 3), turns them 90 degrees about Y and the knee
// 180 degrees about X.
Clip two_frame_clip() {
  const std::string text = test::BvhBuilder()
                               .root("Hips", {0, 0, 0}, test::kPositionsZXY)
                               .joint("Knee", "Hips", {0, -4, 0}, test::kRotationsZXY)
                               .end_site("Knee", {0, -4, 0.5})
                               .frame_time(0.5)
                               .frame({0, 10, 0, 0, 0, 0, 0, 0, 0})
                               .frame({1, 12, 3, 0, 0, 90, 0, 180, 0})
                               .text();
  Result<Clip> clip = parse_bvh(text, "two.bvh");
  EXPECT_TRUE(clip.ok());
  return std::move(clip).value();
}

TEST(GltfWriter, AGlbHoldsTheNodesTheRestPoseAndAKeyPerFrame) {
  const Clip clip = two_frame_clip();
  std::ostringstream out;
  GltfWriteOptions options;
  options.animation_name = "walk";
  const Result<GltfWriteReport> report = write_gltf(clip, PositionMode::Add, out, options);
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report.value().nodes, 3);
  EXPECT_EQ(report.value().samplers, 3);  // the hips' translation and rotation, the knee's rotation
  const std::string bytes = out.str();
  EXPECT_EQ(report.value().bytes, bytes.size());
  ASSERT_GE(bytes.size(), 28u);
  EXPECT_EQ(bytes.substr(0, 4), "glTF");
  EXPECT_EQ(u32(bytes, 4), 2u);
  EXPECT_EQ(u32(bytes, 8), bytes.size());
  const std::uint32_t json_length = u32(bytes, 12);
  EXPECT_EQ(json_length % 4, 0u);
  EXPECT_EQ(u32(bytes, 16), 0x4E4F534Au);
  const std::string json = bytes.substr(20, json_length);
  const std::size_t bin = 20 + json_length;
  EXPECT_EQ(u32(bytes, bin + 4), 0x004E4942u);
  // The buffer: 2 times, the hips' 2 translations and 2 rotations, the knee's 2 rotations.
  const std::uint32_t bin_length = u32(bytes, bin);
  EXPECT_EQ(bin_length, (2 + 6 + 8 + 8) * 4u);
  EXPECT_EQ(bytes.size(), bin + 8 + bin_length);

  EXPECT_NE(json.find(R"("asset":{"version":"2.0","generator":"bvhscope"})"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("scenes":[{"nodes":[0]}])"), std::string::npos) << json;
  EXPECT_NE(json.find(R"({"name":"Hips","children":[1]},{"name":"Knee","translation":[0,-4,0],"children":[2]},)"
                      R"({"name":"KneeEnd","translation":[0,-4,0.5]})"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find(R"("min":[0],"max":[0.5])"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("name":"walk")"), std::string::npos) << json;
  EXPECT_NE(json.find(R"({"sampler":0,"target":{"node":0,"path":"translation"}})"), std::string::npos) << json;
  EXPECT_NE(json.find(R"({"sampler":1,"target":{"node":0,"path":"rotation"}})"), std::string::npos) << json;
  EXPECT_NE(json.find(R"({"sampler":2,"target":{"node":1,"path":"rotation"}})"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("interpolation":"LINEAR")"), std::string::npos) << json;

  const std::vector<float> keys = floats(bytes, bin + 8, bin_length / 4);
  const float h = std::sqrt(0.5f);
  const std::vector<float> expected = {
      0.0f, 0.5f,                                        // times
      0.0f, 10.0f, 0.0f, 1.0f, 12.0f, 3.0f,              // hips translation (root offset 0 + channels)
      0.0f, 0.0f,  0.0f, 1.0f, 0.0f,  h,    0.0f, h,     // hips: identity, then 90 degrees about Y (x y z w)
      0.0f, 0.0f,  0.0f, 1.0f, 1.0f,  0.0f, 0.0f, 0.0f,  // knee: identity, then 180 degrees about X
  };
  ASSERT_EQ(keys.size(), expected.size());
  for (std::size_t i = 0; i < keys.size(); ++i) EXPECT_NEAR(keys[i], expected[i], 1e-6f) << "float " << i;
}

TEST(GltfWriter, RotationKeysStayOnOneSideSoThatASlerpBetweenThemTakesTheShortWay) {
  // 170 then 190 degrees about Y: as quaternions w = cos(85), then cos(95) < 0 unless flipped.
  const std::string text = test::BvhBuilder()
                               .root("Hips", {0, 0, 0}, test::kRotationsZXY)
                               .end_site("Hips", {0, 1, 0})
                               .frame_time(0.1)
                               .frame({0, 0, 170})
                               .frame({0, 0, 190})
                               .text();
  const Result<Clip> clip = parse_bvh(text, "turn.bvh");
  ASSERT_TRUE(clip.ok());
  std::ostringstream out;
  ASSERT_TRUE(write_gltf(clip.value(), PositionMode::Add, out).ok());
  const std::string bytes = out.str();
  const std::size_t bin = 20 + u32(bytes, 12);
  const std::vector<float> keys = floats(bytes, bin + 8 + 2 * 4, 8);
  const float dot = keys[0] * keys[4] + keys[1] * keys[5] + keys[2] * keys[6] + keys[3] * keys[7];
  EXPECT_NEAR(dot, std::cos(10.0f * 3.14159265f / 180.0f), 1e-5f);  // 20 degrees apart (half: 10), not 340
}

TEST(GltfWriter, TheTextFormEmbedsTheSameBufferAsBase64) {
  const Clip clip = two_frame_clip();
  std::ostringstream glb;
  std::ostringstream gltf;
  ASSERT_TRUE(write_gltf(clip, PositionMode::Add, glb).ok());
  GltfWriteOptions text;
  text.binary = false;
  ASSERT_TRUE(write_gltf(clip, PositionMode::Add, gltf, text).ok());
  const std::string json = gltf.str();
  const std::string prefix = R"("uri":"data:application/octet-stream;base64,)";
  const std::size_t at = json.find(prefix);
  ASSERT_NE(at, std::string::npos) << json;
  // 96 bytes of buffer: 128 base64 digits, the first three bytes (float 0.0f) as "AAAA".
  const std::size_t start = at + prefix.size();
  const std::size_t end = json.find('"', start);
  EXPECT_EQ(end - start, 128u);
  EXPECT_EQ(json.substr(start, 4), "AAAA");
  EXPECT_EQ(json.find("glTF"), std::string::npos);
  EXPECT_EQ(json.back(), '\n');
  EXPECT_NE(json.find(R"("buffers":[{"byteLength":96,"uri")"), std::string::npos) << json;
}

TEST(GltfWriter, JointPositionsWithoutRotationsAreRefusedWithTheWayOut) {
  Clip clip;
  clip.source = "points.npy";
  clip.skeleton.names = {"a"};
  clip.skeleton.parents = {kNoParent};
  clip.skeleton.offsets = {glm::vec3(0.0f)};
  clip.skeleton.first_channels = {0};
  clip.skeleton.channel_counts = {0};
  clip.skeleton.end_sites = {0};
  clip.skeleton.source_lines = {0};
  clip.skeleton.roots = {0};
  clip.motion.frame_count = 1;
  clip.motion.position_joints = 1;
  clip.motion.positions = FrameValues{0.0f, 1.0f, 0.0f};
  std::ostringstream out;
  const Result<GltfWriteReport> report = write_gltf(clip, PositionMode::Add, out);
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().source, "points.npy");
  EXPECT_NE(report.error().message.find("convert fits rotations to them first"), std::string::npos);
  EXPECT_TRUE(out.str().empty());
}

TEST(GltfWriter, ABodyIsAMeshSkinnedToEveryJointBoundAtItsRestPosition) {
  const Clip clip = two_frame_clip();
  std::ostringstream out;
  GltfWriteOptions options;
  options.body = true;
  const Result<GltfWriteReport> report = write_gltf(clip, PositionMode::Add, out, options);
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report.value().bodies, 1);
  EXPECT_EQ(report.value().body_vertices, 2u * 74);  // the thigh and the shin (capsule_body_test)
  const std::string bytes = out.str();
  const std::uint32_t json_length = u32(bytes, 12);
  const nlohmann::json document = nlohmann::json::parse(bytes.substr(20, json_length));
  const std::size_t bin = 20 + json_length + 8;
  // Every accessor starts on a multiple of its component's size, every vertex attribute's view on
  // 4 bytes (the spec's alignment rules).
  for (const nlohmann::json& accessor : document["accessors"]) {
    const nlohmann::json& view = document["bufferViews"][accessor["bufferView"].get<int>()];
    const std::size_t offset = view.value("byteOffset", std::size_t{0}) + accessor.value("byteOffset", std::size_t{0});
    const int type = accessor["componentType"];
    EXPECT_EQ(offset % (type == 5123 ? 2 : 4), 0u) << accessor;
    if (view.contains("target") && view["target"] == 34962) {
      EXPECT_EQ(offset % 4, 0u) << accessor;
    }
  }
  // The joints keep nodes 0-2; the body is node 3, a root of the scene without a transform.
  EXPECT_EQ(document["scenes"][0]["nodes"], nlohmann::json::parse("[0, 3]"));
  EXPECT_EQ(document["nodes"][3], nlohmann::json::parse(R"({"name": "body", "mesh": 0, "skin": 0})"));
  const nlohmann::json& skin = document["skins"][0];
  EXPECT_EQ(skin["joints"], nlohmann::json::parse("[0, 1, 2]"));
  EXPECT_EQ(skin["skeleton"], 0);
  const nlohmann::json& primitive = document["meshes"][0]["primitives"][0];
  EXPECT_EQ(primitive["material"], 0);
  const nlohmann::json& accessors = document["accessors"];
  const nlohmann::json& views = document["bufferViews"];
  const auto at = [&](int accessor) {  // where an accessor's first element is in the file
    const nlohmann::json& view = views[accessors[accessor]["bufferView"].get<int>()];
    return bin + view.value("byteOffset", std::size_t{0});
  };
  // The inverse bind matrices: translations back from the rest positions (0,0,0), (0,-4,0), (0,-8,0.5).
  const int binds = skin["inverseBindMatrices"];
  EXPECT_EQ(accessors[binds]["type"], "MAT4");
  EXPECT_EQ(accessors[binds]["count"], 3);
  const std::vector<float> matrices = floats(bytes, at(binds), 48);
  const float translations[3][3] = {{0, 0, 0}, {0, 4, 0}, {0, 8, -0.5f}};
  for (int j = 0; j < 3; ++j) {
    for (int c = 0; c < 16; ++c) {
      const float identity = c % 5 == 0 ? 1.0f : 0.0f;
      const float expected = c >= 12 && c < 15 ? translations[j][c - 12] : identity;
      EXPECT_EQ(matrices[static_cast<std::size_t>(j * 16 + c)], expected) << "joint " << j << ", float " << c;
    }
  }
  // Every vertex follows one joint wholly: the thigh the hips (0), the shin the knee (1).
  const int joints = primitive["attributes"]["JOINTS_0"];
  const int weights = primitive["attributes"]["WEIGHTS_0"];
  EXPECT_EQ(accessors[joints]["componentType"], 5123);
  EXPECT_EQ(views[accessors[joints]["bufferView"].get<int>()]["target"], 34962);
  EXPECT_EQ(accessors[joints]["count"], 148);
  for (std::size_t v = 0; v < 148; ++v) {
    std::uint16_t four[4];
    std::memcpy(four, bytes.data() + at(joints) + v * 8, sizeof four);
    EXPECT_EQ(four[0], v < 74 ? 0 : 1) << "vertex " << v;
    const std::vector<float> w = floats(bytes, at(weights) + v * 16, 4);
    EXPECT_EQ(w, (std::vector<float>{1, 0, 0, 0})) << "vertex " << v;
  }
  // The positions' bounds: the thigh from 0.028 x the height above the hips, the shin to past the toe.
  const int positions = primitive["attributes"]["POSITION"];
  EXPECT_EQ(accessors[positions]["count"], 148);
  EXPECT_EQ(accessors[primitive["indices"].get<int>()]["componentType"], 5125);
  EXPECT_EQ(views[accessors[primitive["indices"].get<int>()]["bufferView"].get<int>()]["target"], 34963);
  EXPECT_GT(accessors[positions]["max"][1].get<float>(), 0.0f);
  EXPECT_LT(accessors[positions]["min"][1].get<float>(), -8.0f);
}

TEST(GltfWriter, ABodyOfASkeletonWithNoBoneIsRefused) {
  const std::string text = test::BvhBuilder()
                               .root("Hips", {0, 0, 0}, test::kRotationsZXY)
                               .end_site("Hips", {0, 0, 0})
                               .frame({0, 0, 0})
                               .text();
  const Result<Clip> clip = parse_bvh(text, "point.bvh");
  ASSERT_TRUE(clip.ok());
  std::ostringstream out;
  GltfWriteOptions options;
  options.body = true;
  const Result<GltfWriteReport> report = write_gltf(clip.value(), PositionMode::Add, out, options);
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().source, "point.bvh");
  EXPECT_NE(report.error().message.find("no bone long enough for a body"), std::string::npos);
  EXPECT_TRUE(out.str().empty());
}

}  // namespace
}  // namespace gltf_writer_test
}  // namespace bvhscope
