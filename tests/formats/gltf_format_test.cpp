// glTF through the reader seam, on small files written here by hand for each feature: the spec's
// interpolations (STEP, LINEAR with slerp, CUBICSPLINE with tangents) worked out by hand, sparse
// accessors, external buffers (and one reaching out of its folder), nodes above the skeleton that
// turn and scale it, several animations, a rig with no animation; and located refusals of broken
// files (a GLB cut short, an accessor past its buffer, a cycle, a node with two parents, a skin
// with no joints).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "formats/gltf_format.hpp"
#include "formats/gltf_writer.hpp"
#include "formats/read_motions.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace gltf_format_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

using ::testing::HasSubstr;

std::string base64(const std::vector<float>& floats) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string bytes(floats.size() * 4, '\0');
  std::memcpy(bytes.data(), floats.data(), bytes.size());
  std::string text;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t left = bytes.size() - i;
    const unsigned b0 = static_cast<unsigned char>(bytes[i]);
    const unsigned b1 = left > 1 ? static_cast<unsigned char>(bytes[i + 1]) : 0u;
    const unsigned b2 = left > 2 ? static_cast<unsigned char>(bytes[i + 2]) : 0u;
    text += kDigits[b0 >> 2];
    text += kDigits[((b0 & 3) << 4) | (b1 >> 4)];
    text += left > 1 ? kDigits[((b1 & 15) << 2) | (b2 >> 6)] : '=';
    text += left > 2 ? kDigits[b2 & 63] : '=';
  }
  return text;
}

// A glTF document around `buffer` (floats, as one data URI) with the given JSON members.
std::string gltf(const std::vector<float>& buffer, const std::string& members) {
  return R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":)" + std::to_string(buffer.size() * 4) +
         R"(,"uri":"data:application/octet-stream;base64,)" + base64(buffer) + R"("}],)" + members + "}";
}

// An accessor of `count` floats elements of `type` over buffer view `view`.
std::string accessor(int view, int count, const char* type) {
  return R"({"bufferView":)" + std::to_string(view) + R"(,"componentType":5126,"count":)" + std::to_string(count) +
         R"(,"type":")" + type + R"("})";
}

std::string view(int first_float, int floats) {
  return R"({"buffer":0,"byteOffset":)" + std::to_string(first_float * 4) + R"(,"byteLength":)" +
         std::to_string(floats * 4) + "}";
}

Result<MotionFile> read(const std::string& text, const std::string& source = "hand.gltf") {
  return read_motions_from_bytes(text, source);
}

std::string error_of(const Result<MotionFile>& file) {
  return file.ok() ? std::string("(read)") : format_diagnostic(file.error(), Severity::Error);
}

int joint_named(const Skeleton& skeleton, const std::string& name) {
  for (int j = 0; j < skeleton.joint_count(); ++j)
    if (skeleton.names[static_cast<std::size_t>(j)] == name) return j;
  return -1;
}

// The channel values of joint `name` at frame `f`.
std::vector<float> joint_values(const Clip& clip, const std::string& name, std::size_t f) {
  const int j = joint_named(clip.skeleton, name);
  EXPECT_GE(j, 0) << name;
  const auto first = static_cast<std::size_t>(clip.skeleton.first_channels[static_cast<std::size_t>(j)]);
  const auto count = static_cast<std::size_t>(clip.skeleton.channel_counts[static_cast<std::size_t>(j)]);
  const std::span<const float> row = clip.motion.frame(f);
  return {row.begin() + static_cast<std::ptrdiff_t>(first), row.begin() + static_cast<std::ptrdiff_t>(first + count)};
}

// Three root nodes keyed at 0, 0.5 and 2 s (the smallest gap makes 2 frames a second): "linear"
// moves 0 -> 1 -> 4 along X and turns 0 -> 90 -> 180 degrees about Y; "step" moves the same in
// STEP; "cubic" the same values in CUBICSPLINE with tangents (3, 0, 0) per second leaving key 1
// and entering key 2.
std::string interpolations_file() {
  const float h = std::sqrt(0.5f);
  std::vector<float> buffer = {0.0f, 0.5f, 2.0f,                             // 0: times
                               0,    0,    0,    1, 0, 0, 4, 0, 0,           // 3: translations
                               0,    0,    0,    1, 0, h, 0, h, 0, 1, 0, 0,  // 12: rotations
                               0,    0,    0,    0, 0, 0, 0, 0, 0,           // 24: cubic key 0
                               0,    0,    0,    1, 0, 0, 3, 0, 0,           // 33: cubic key 1
                               3,    0,    0,    4, 0, 0, 0, 0, 0};          // 42: cubic key 2
  const std::string members =
      R"("bufferViews":[)" + view(0, 3) + "," + view(3, 9) + "," + view(12, 12) + "," + view(24, 27) +
      R"(],"accessors":[)" + accessor(0, 3, "SCALAR").insert(1, R"("min":[0],"max":[2],)") + "," +
      accessor(1, 3, "VEC3") + "," + accessor(2, 3, "VEC4") + "," + accessor(3, 9, "VEC3") +
      R"(],"nodes":[{"name":"linear"},{"name":"step"},{"name":"cubic"}],"scenes":[{"nodes":[0,1,2]}],)"
      R"("animations":[{"name":"keys","samplers":[)"
      R"({"input":0,"output":1},{"input":0,"output":2,"interpolation":"LINEAR"},)"
      R"({"input":0,"output":1,"interpolation":"STEP"},{"input":0,"output":3,"interpolation":"CUBICSPLINE"}],)"
      R"("channels":[{"sampler":0,"target":{"node":0,"path":"translation"}},)"
      R"({"sampler":1,"target":{"node":0,"path":"rotation"}},)"
      R"({"sampler":2,"target":{"node":1,"path":"translation"}},)"
      R"({"sampler":3,"target":{"node":2,"path":"translation"}}]}])";
  return gltf(buffer, members);
}

TEST(GltfFormat, StepLinearAndCubicSplineKeysAreSampledAsTheSpecSays) {
  const Result<MotionFile> file = read(interpolations_file());
  ASSERT_TRUE(file.ok()) << error_of(file);
  EXPECT_EQ(file.value().format, "glTF");
  ASSERT_EQ(file.value().motions.size(), 1u);
  const Clip& clip = file.value().motions[0];
  EXPECT_EQ(clip.name, "keys");
  EXPECT_EQ(clip.motion.frame_count, 5u);  // 0, 0.5, 1, 1.5, 2 s
  EXPECT_DOUBLE_EQ(clip.motion.frame_time, 0.5);
  EXPECT_EQ(clip.skeleton.roots.size(), 3u);
  // Roots: X Y Z position, then Z X Y rotation (degrees).
  const std::vector<float> linear = joint_values(clip, "linear", 2);  // t = 1: a third of 0.5 -> 2
  ASSERT_EQ(linear.size(), 6u);
  EXPECT_NEAR(linear[0], 2.0f, 1e-6f);    // 1 + (4 - 1) / 3
  EXPECT_NEAR(linear[5], 120.0f, 1e-3f);  // slerp 90 -> 180 degrees about Y, a third of the way
  EXPECT_NEAR(linear[3], 0.0f, 1e-4f);
  EXPECT_NEAR(linear[4], 0.0f, 1e-4f);
  EXPECT_NEAR(joint_values(clip, "linear", 3)[0], 3.0f, 1e-6f);  // t = 1.5: two thirds
  EXPECT_NEAR(joint_values(clip, "step", 2)[0], 1.0f, 1e-6f);    // STEP holds key 1
  EXPECT_NEAR(joint_values(clip, "step", 4)[0], 4.0f, 1e-6f);
  // Hermite at s = 1/3 over 1.5 s: v1 (2s^3 - 3s^2 + 1) + 1.5 b1 (s^3 - 2s^2 + s) + v2 (-2s^3 + 3s^2)
  // + 1.5 a2 (s^3 - s^2) = 20/27 + 1.5 * 3 * 4/27 + 4 * 7/27 + 1.5 * 3 * (-2/27) = 57/27.
  EXPECT_NEAR(joint_values(clip, "cubic", 2)[0], 57.0f / 27.0f, 1e-5f);
  EXPECT_NEAR(joint_values(clip, "cubic", 1)[0], 1.0f, 1e-6f);  // on a key: its value
}

TEST(GltfFormat, SparseAccessorsSubstituteTheirElements) {
  // Translations: no buffer view (zeros), element 1 replaced by (0, 5, 0) through sparse indices.
  const std::vector<float> buffer = {0.0f, 1.0f, 0.0f, 5.0f, 0.0f};
  const std::uint32_t index = 1;
  std::vector<float> with_index = buffer;
  float as_float = 0.0f;
  std::memcpy(&as_float, &index, 4);
  with_index.push_back(as_float);  // float 5: the sparse index, as an unsigned int
  const std::string members =
      R"("bufferViews":[)" + view(0, 2) + "," + view(2, 3) + "," + view(5, 1) + R"(],"accessors":[)" +
      accessor(0, 2, "SCALAR") +
      R"(,{"componentType":5126,"count":2,"type":"VEC3","sparse":{"count":1,"indices":{"bufferView":2,)"
      R"("componentType":5125},"values":{"bufferView":1}}}],"nodes":[{"name":"root"}],)"
      R"("animations":[{"samplers":[{"input":0,"output":1}],"channels":[{"sampler":0,"target":{"node":0,)"
      R"("path":"translation"}}]}])";
  const Result<MotionFile> file = read(gltf(with_index, members));
  ASSERT_TRUE(file.ok()) << error_of(file);
  const Clip& clip = file.value().motions[0];
  EXPECT_EQ(clip.name, "animation 0");
  ASSERT_EQ(clip.motion.frame_count, 2u);
  EXPECT_EQ(joint_values(clip, "root", 0)[1], 0.0f);
  EXPECT_EQ(joint_values(clip, "root", 1)[1], 5.0f);
}

// A BVH-like chain written by bvhscope's own writer, for the files below.
Clip chain_clip() {
  Clip clip;
  clip.source = "chain";
  Skeleton& s = clip.skeleton;
  s.names = {"Hips", "Spine", "SpineEnd"};
  s.parents = {kNoParent, 0, 1};
  s.offsets = {glm::vec3(0.0f), glm::vec3(0.0f, 0.5f, 0.0f), glm::vec3(0.0f, 0.5f, 0.0f)};
  s.first_channels = {0, 6, 9};
  s.channel_counts = {6, 3, 0};
  s.end_sites = {0, 0, 1};
  s.source_lines = {1, 2, 3};
  s.roots = {0};
  s.channel_kinds = {ChannelKind::Xposition, ChannelKind::Yposition, ChannelKind::Zposition,
                     ChannelKind::Zrotation, ChannelKind::Xrotation, ChannelKind::Yrotation,
                     ChannelKind::Zrotation, ChannelKind::Xrotation, ChannelKind::Yrotation};
  s.channel_joints = {0, 0, 0, 0, 0, 0, 1, 1, 1};
  clip.motion.frame_count = 3;
  clip.motion.channel_count = 9;
  clip.motion.frame_time = 0.25;
  clip.motion.values = FrameValues{0, 1, 0, 0, 0, 0,  0,  0, 0,  //
                                   1, 1, 0, 0, 0, 0,  30, 0, 0,  //
                                   2, 1, 0, 0, 0, 90, 60, 0, 0};
  return clip;
}

std::string glb_of(const Clip& clip) {
  std::ostringstream out;
  EXPECT_TRUE(write_gltf(clip, PositionMode::Add, out).ok());
  return out.str();
}

TEST(GltfFormat, WhatBvhscopeWritesReadsBackToTheSameChannels) {
  const Clip clip = chain_clip();
  const Result<MotionFile> file = read_motions_from_bytes(glb_of(clip), "chain.glb");
  ASSERT_TRUE(file.ok()) << error_of(file);
  const Clip& back = file.value().motions[0];
  EXPECT_EQ(back.skeleton.names, clip.skeleton.names);
  EXPECT_EQ(back.skeleton.parents, clip.skeleton.parents);
  EXPECT_EQ(back.skeleton.end_sites, clip.skeleton.end_sites);
  EXPECT_EQ(back.skeleton.channel_counts, clip.skeleton.channel_counts);
  EXPECT_EQ(back.motion.frame_count, 3u);
  EXPECT_DOUBLE_EQ(back.motion.frame_time, 0.25);
  for (std::size_t i = 0; i < 27; ++i)
    EXPECT_NEAR(back.motion.values[i], clip.motion.values[i], 1e-4f) << "value " << i;
}

TEST(GltfFormat, ExternalBuffersAreReadFromTheFilesFolderAndNowhereElse) {
  test::TempDir dir;
  const Clip clip = chain_clip();
  // The GLB's JSON with its buffer moved to motion.bin beside it.
  const std::string glb = glb_of(clip);
  std::uint32_t json_length = 0;
  std::memcpy(&json_length, glb.data() + 12, 4);
  std::string json = glb.substr(20, json_length);
  const std::string bin = glb.substr(20 + json_length + 8);
  const std::string buffers = R"("buffers":[{"byteLength":)" + std::to_string(bin.size()) + "}]";
  ASSERT_NE(json.find(buffers), std::string::npos);
  std::ofstream(dir.path() / "motion.bin", std::ios::binary) << bin;
  const auto with_uri = [&](const std::string& uri) {
    std::string text = json;
    text.replace(text.find(buffers), buffers.size(),
                 R"("buffers":[{"byteLength":)" + std::to_string(bin.size()) + R"(,"uri":")" + uri + R"("}])");
    return text;
  };
  const std::string path = (dir.path() / "motion.gltf").string();
  std::ofstream(path, std::ios::binary) << with_uri("motion.bin");
  const Result<MotionFile> file = read_motions(path);
  ASSERT_TRUE(file.ok()) << error_of(file);
  EXPECT_NEAR(file.value().motions[0].motion.values[24], 60.0f, 1e-4f);

  std::filesystem::create_directories(dir.path() / "inner");
  const std::string inner = (dir.path() / "inner" / "escape.gltf").string();
  std::ofstream(inner, std::ios::binary) << with_uri("../motion.bin");
  EXPECT_THAT(error_of(read_motions(inner)), HasSubstr("outside the glTF file's folder"));
  std::ofstream(inner, std::ios::binary) << with_uri("missing.bin");
  EXPECT_THAT(error_of(read_motions(inner)), HasSubstr("missing.bin"));
}

TEST(GltfFormat, NodesAboveTheSkeletonTurnAndScaleIt) {
  // An "Armature" turned -90 degrees about X and scaled by 0.01 (an exporter's centimetres, Z up)
  // above a skin of two joints: Hips at (0, 0, 100) and a Head 50 above it along +Z.
  const float h = std::sqrt(0.5f);
  const std::vector<float> buffer = {0.0f};
  const std::string members =
      R"("nodes":[{"name":"Armature","rotation":[)" + std::to_string(-h) + "," + "0,0," + std::to_string(h) +
      R"(],"scale":[0.01,0.01,0.01],"children":[1]},{"name":"Hips","translation":[0,0,100],"children":[2]},)"
      R"({"name":"Head","translation":[0,0,50]}],"skins":[{"joints":[1,2]}],"scenes":[{"nodes":[0]}])";
  const Result<MotionFile> file = read(gltf(buffer, members));
  ASSERT_TRUE(file.ok()) << error_of(file);
  ASSERT_EQ(file.value().motions.size(), 1u);
  const Clip& clip = file.value().motions[0];
  EXPECT_EQ(clip.name, "");  // the rest pose of a rig without animation
  EXPECT_EQ(clip.motion.frame_count, 1u);
  ASSERT_EQ(clip.skeleton.names, (std::vector<std::string>{"Hips", "Head"}));
  // Hips: (0, 0, 100) turned to (0, 100, 0), scaled to (0, 1, 0); Head 50 further along Z: 0.5 above.
  const std::vector<float> hips = joint_values(clip, "Hips", 0);
  EXPECT_NEAR(hips[0], 0.0f, 1e-5f);
  EXPECT_NEAR(hips[1], 1.0f, 1e-5f);
  EXPECT_NEAR(hips[2], 0.0f, 1e-5f);
  // The rest pose is every rotation channel 0, the Head's OFFSET pointing where the bone points in
  // the world: up, 0.5 m.
  for (int c = 3; c < 6; ++c) EXPECT_NEAR(hips[static_cast<std::size_t>(c)], 0.0f, 1e-4f) << c;
  EXPECT_NEAR(clip.skeleton.offsets[1].x, 0.0f, 1e-6f);
  EXPECT_NEAR(clip.skeleton.offsets[1].y, 0.5f, 1e-6f);
  EXPECT_NEAR(clip.skeleton.offsets[1].z, 0.0f, 1e-6f);
}

TEST(GltfFormat, EveryAnimationIsAMotionNamedAsTheFileNamesIt) {
  const Clip clip = chain_clip();
  std::string glb = glb_of(clip);
  // Two animations over the same samplers: the JSON edited in place, padded to its length.
  std::uint32_t json_length = 0;
  std::memcpy(&json_length, glb.data() + 12, 4);
  std::string json = glb.substr(20, json_length);
  const std::size_t start = json.find(R"("animations":[)") + 14;
  const std::size_t end = json.rfind("]}");
  const std::string animation = json.substr(start, end - start);
  std::string second = animation;
  second.replace(second.find(R"("name":"motion")"), 15, R"("name":"again")");
  json = json.substr(0, start) + animation + "," + second + json.substr(end);
  json.append((4 - json.size() % 4) % 4, ' ');
  const std::uint32_t new_length = static_cast<std::uint32_t>(json.size());
  std::string rebuilt =
      glb.substr(0, 12) + std::string(4, '\0') + glb.substr(16, 4) + json + glb.substr(20 + json_length);
  std::memcpy(rebuilt.data() + 12, &new_length, 4);
  const auto total = static_cast<std::uint32_t>(rebuilt.size());
  std::memcpy(rebuilt.data() + 8, &total, 4);
  const Result<MotionFile> file = read_motions_from_bytes(rebuilt, "two.glb");
  ASSERT_TRUE(file.ok()) << error_of(file);
  ASSERT_EQ(file.value().motions.size(), 2u);
  EXPECT_EQ(file.value().motions[0].name, "motion");
  EXPECT_EQ(file.value().motions[1].name, "again");
}

TEST(GltfFormat, BrokenFilesAreRefusedSayingWhatIsWrong) {
  const std::string glb = glb_of(chain_clip());
  EXPECT_THAT(error_of(read_motions_from_bytes(glb.substr(0, glb.size() - 10), "cut.glb")),
              HasSubstr("cut.glb: error:"));
  EXPECT_THAT(error_of(read_motions_from_bytes(glb.substr(0, 30), "short.glb")), HasSubstr("short.glb: error:"));

  const std::vector<float> buffer = {0.0f, 1.0f};
  const std::string past = R"("bufferViews":[)" + view(0, 2) + R"(],"accessors":[)" + accessor(0, 2, "SCALAR") + "," +
                           accessor(0, 2, "VEC3") +
                           R"(],"nodes":[{"name":"a"}],"animations":[{"samplers":[{"input":0,"output":1}],)"
                           R"("channels":[{"sampler":0,"target":{"node":0,"path":"translation"}}]}])";
  EXPECT_EQ(error_of(read(gltf(buffer, past))),
            "hand.gltf: error: animation 'animation 0', the translation of node 'a' (key values): accessor 1: 2 "
            "elements of 12 bytes from byte 0 reach past buffer view 0's 8 bytes");

  const std::string cycle =
      R"("nodes":[{"name":"a","children":[1]},{"name":"b","children":[0]}],"skins":[{"joints":[0]}])";
  EXPECT_THAT(error_of(read(gltf(buffer, cycle))), HasSubstr("the node graph has a cycle through node 0 ('a')"));
  const std::string twice =
      R"("nodes":[{"name":"a","children":[2]},{"name":"b","children":[2]},{"name":"c"}],"skins":[{"joints":[2]}])";
  EXPECT_THAT(error_of(read(gltf(buffer, twice))), HasSubstr("node 2 ('c') is a child twice (of nodes 0 and 1)"));
  const std::string empty_skin = R"("nodes":[{"name":"a"}],"skins":[{"name":"body","joints":[]}])";
  EXPECT_EQ(error_of(read(gltf(buffer, empty_skin))), "hand.gltf: error: skin 0 ('body') has no joints");
  const std::string nothing = R"("nodes":[{"name":"a","mesh":0}],"meshes":[{"primitives":[]}])";
  EXPECT_THAT(error_of(read(gltf(buffer, nothing))), HasSubstr("it has no skin and no animated node"));
  EXPECT_THAT(error_of(read(R"({"asset":{"version":"2.0"}, "nodes": [ {"name": )", "bad.gltf")),
              HasSubstr("bad.gltf:1:"));
}

TEST(GltfFormat, TheContentDecidesNotTheName) {
  const std::string glb = glb_of(chain_clip());
  EXPECT_EQ(sniff_gltf(glb.substr(0, 4096), false), Sniffed::Yes);
  EXPECT_EQ(sniff_gltf(R"(  {"asset":{"version":"2.0"}})", true), Sniffed::Yes);
  EXPECT_EQ(sniff_gltf(R"({"accessors":[)", false), Sniffed::Undecided);
  EXPECT_EQ(sniff_gltf(R"({"accessors":[]})", true), Sniffed::No);
  EXPECT_EQ(sniff_gltf("HIERARCHY", false), Sniffed::No);
  const Result<MotionFile> renamed = read_motions_from_bytes(glb, "renamed.bvh");
  ASSERT_TRUE(renamed.ok()) << error_of(renamed);
  EXPECT_EQ(renamed.value().format, "glTF");
}

}  // namespace
}  // namespace gltf_format_test
}  // namespace bvhscope
