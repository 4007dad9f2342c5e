// A glTF character's skinned mesh through the reader and the writer (formats/gltf_meshes.hpp,
// gltf_writer.hpp): kept as the file bound it, skinned where the file's skin puts it whatever the
// skeleton's rest pose, carried by the clip, written skinned to the joints' nodes and read back the same; a mesh that
// cannot be carried is left out with a warning, and the motion is read. On a file written here by hand.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "formats/gltf_writer.hpp"
#include "formats/read_motions.hpp"
#include "skin_places.hpp"

namespace bvhscope {
namespace gltf_skin_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

using ::testing::HasSubstr;

std::string base64_floats(const std::vector<float>& floats) {
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

// "hips" at (0, 1, 0) and its child "arm" 1 along X, turned 90 degrees about Z at rest; a mesh node
// (moved away: a skinned mesh's own transform does not place it) with one triangle skinned to them,
// bound with the arm unturned: vertex 0 at the hips (wholly hips), vertex 1 at the arm's end
// (wholly arm), vertex 2 halfway along the arm (half each). `arm_joint` is the arm's index in
// JOINTS_0 (1; 2 names a joint past the skin).
std::string skinned_file(float arm_joint = 1.0f) {
  const float h = std::sqrt(0.5f);
  const std::vector<float> buffer = {
      0, 1, 0, 2, 1,         0, 1.5f, 1, 0,                                     // 0: positions
      0, 0, 0, 0, arm_joint, 0, 0,    0, 0,    arm_joint, 0, 0,                 // 9: joints
      1, 0, 0, 0, 1,         0, 0,    0, 0.5f, 0.5f,      0, 0,                 // 21: weights
      1, 0, 0, 0, 0,         1, 0,    0, 0,    0,         1, 0, 0,  -1, 0, 1,   // 33: hips' inverse bind
      1, 0, 0, 0, 0,         1, 0,    0, 0,    0,         1, 0, -1, -1, 0, 1};  // 49: arm's
  const auto view = [](int first, int floats) {
    return R"({"buffer":0,"byteOffset":)" + std::to_string(first * 4) + R"(,"byteLength":)" +
           std::to_string(floats * 4) + "}";
  };
  const auto accessor = [](int view_index, int count, const char* type) {
    return R"({"bufferView":)" + std::to_string(view_index) + R"(,"componentType":5126,"count":)" +
           std::to_string(count) + R"(,"type":")" + type + R"("})";
  };
  return R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":)" + std::to_string(buffer.size() * 4) +
         R"(,"uri":"data:application/octet-stream;base64,)" + base64_floats(buffer) + R"("}],"bufferViews":[)" +
         view(0, 9) + "," + view(9, 12) + "," + view(21, 12) + "," + view(33, 32) + R"(],"accessors":[)" +
         accessor(0, 3, "VEC3") + "," + accessor(1, 3, "VEC4") + "," + accessor(2, 3, "VEC4") + "," +
         accessor(3, 2, "MAT4") +
         R"(],"nodes":[{"name":"hips","translation":[0,1,0],"children":[1]},)"
         R"({"name":"arm","translation":[1,0,0],"rotation":[0,0,)" +
         std::to_string(h) + "," + std::to_string(h) +
         R"(]},{"name":"skin","mesh":0,"skin":0,"translation":[5,5,5]}],"scenes":[{"nodes":[0,2]}],)"
         R"("meshes":[{"name":"body","primitives":[{"attributes":{"POSITION":0,"JOINTS_0":1,"WEIGHTS_0":2}}]}],)"
         R"("skins":[{"joints":[0,1],"inverseBindMatrices":3}]})";
}

TEST(GltfSkin, TheMeshIsKeptAsBoundAndSkinsAtRestWhereTheFileSays) {
  const Result<MotionFile> file = read_motions_from_bytes(skinned_file(), "skinned.gltf");
  ASSERT_TRUE(file.ok()) << file.error().message;
  const Clip& clip = file.value().motions.at(0);
  EXPECT_TRUE(clip.warnings.empty());
  ASSERT_NE(clip.meshes, nullptr);
  ASSERT_EQ(clip.meshes->size(), 1u);
  const SkinnedMesh& mesh = clip.meshes->front();
  EXPECT_EQ(mesh.name, "skin");
  ASSERT_EQ(mesh.joints.size(), 2u);
  EXPECT_EQ(clip.skeleton.names[static_cast<std::size_t>(mesh.joints[0])], "hips");
  EXPECT_EQ(clip.skeleton.names[static_cast<std::size_t>(mesh.joints[1])], "arm");
  ASSERT_EQ(mesh.positions.size(), 3u);
  // Kept in the mesh node's frame (moved by (5, 5, 5)), with the joints' bind matrices in it: the
  // hips where they rest, the arm unturned, which from its rest is a turn of -90 degrees about Z.
  test::expect_near_place(mesh.positions[1], {7, 6, 5}, "vertex 1 as bound");
  test::expect_near_place(glm::vec3(mesh.binds[0][3]), {5, 6, 5}, "the hips' bind place");
  test::expect_near_place(glm::vec3(mesh.binds[1][3]), {6, 6, 5}, "the arm's");
  test::expect_near_place(glm::vec3(mesh.binds[1][0]), {0, -1, 0}, "the arm's bound X axis");
  // At rest the arm is turned 90 degrees about Z: its end is up, not out; the half-and-half vertex
  // is halfway between the bound place (1.5, 1) and the turned one (1, 1.5).
  test::expect_near_place(test::skinned_place(clip, mesh, 0, 0), {0, 1, 0}, "vertex 0");
  test::expect_near_place(test::skinned_place(clip, mesh, 1, 0), {1, 2, 0}, "vertex 1");
  test::expect_near_place(test::skinned_place(clip, mesh, 2, 0), {1.25f, 1.25f, 0}, "vertex 2");
  EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_EQ(mesh.influences[1][0], 1u);
  EXPECT_FLOAT_EQ(mesh.weights[2].x, 0.5f);
  EXPECT_FLOAT_EQ(mesh.weights[2].y, 0.5f);
  const int arm = mesh.joints[1];
  test::expect_near_place(clip.skeleton.offsets[static_cast<std::size_t>(arm)], {1, 0, 0}, "the arm's OFFSET");
}

TEST(GltfSkin, WhatIsWrittenReadsBackToTheSameMesh) {
  const Result<MotionFile> file = read_motions_from_bytes(skinned_file(), "skinned.gltf");
  ASSERT_TRUE(file.ok()) << file.error().message;
  const Clip& clip = file.value().motions.at(0);
  std::ostringstream glb;
  const Result<GltfWriteReport> written = write_gltf(clip, PositionMode::Add, glb);
  ASSERT_TRUE(written.ok()) << written.error().message;
  EXPECT_EQ(written.value().meshes, 1);
  EXPECT_EQ(written.value().mesh_vertices, 3u);
  EXPECT_EQ(written.value().bodies, 0);
  const Result<MotionFile> back = read_motions_from_bytes(glb.str(), "back.glb");
  ASSERT_TRUE(back.ok()) << back.error().message;
  const Clip& again = back.value().motions.at(0);
  ASSERT_NE(again.meshes, nullptr);
  ASSERT_EQ(again.meshes->size(), 1u);
  const SkinnedMesh& before = clip.meshes->front();
  const SkinnedMesh& after = again.meshes->front();
  EXPECT_EQ(after.name, "skin");
  ASSERT_EQ(after.positions.size(), before.positions.size());
  for (std::size_t v = 0; v < after.positions.size(); ++v) {
    test::expect_near_place(after.positions[v], before.positions[v], "a vertex");
    EXPECT_EQ(after.influences[v], before.influences[v]);
    EXPECT_EQ(after.weights[v], before.weights[v]);
  }
  for (std::size_t k = 0; k < after.joints.size(); ++k) {
    EXPECT_EQ(again.skeleton.names[static_cast<std::size_t>(after.joints[k])],
              clip.skeleton.names[static_cast<std::size_t>(before.joints[k])]);
    for (int c = 0; c < 4; ++c)
      test::expect_near_place(glm::vec3(after.binds[k][c]), glm::vec3(before.binds[k][c]), "a bind matrix");
  }
  EXPECT_EQ(after.indices, before.indices);
}

TEST(GltfSkin, AMeshThatCannotBeCarriedIsLeftOutSayingWhyAndTheMotionIsRead) {
  const Result<MotionFile> file = read_motions_from_bytes(skinned_file(2.0f), "skinned.gltf");
  ASSERT_TRUE(file.ok()) << file.error().message;
  const Clip& clip = file.value().motions.at(0);
  EXPECT_EQ(clip.meshes, nullptr);
  ASSERT_EQ(clip.warnings.size(), 1u);
  EXPECT_THAT(clip.warnings[0].message, HasSubstr("the skinned mesh of node 2 ('skin') is left out"));
  EXPECT_THAT(clip.warnings[0].message, HasSubstr("vertex 1 follows joint 2.000000"));
  EXPECT_EQ(clip.skeleton.joint_count(), 2);
}

TEST(GltfSkin, MeshesFollowTheirClipsUnitsAxesAndSides) {
  const Result<MotionFile> file = read_motions_from_bytes(skinned_file(), "skinned.gltf");
  ASSERT_TRUE(file.ok()) << file.error().message;
  const SkinnedMeshes& meshes = file.value().motions.at(0).meshes;
  const SkinnedMeshes scaled = scaled_meshes(meshes, 0.5);
  test::expect_near_place(scaled->front().positions[1], {3.5f, 3, 2.5f}, "scaled");
  test::expect_near_place(glm::vec3(scaled->front().binds[1][3]), {3, 3, 2.5f}, "a scaled bind place");
  test::expect_near_place(glm::vec3(scaled->front().binds[1][0]), {0, -1, 0}, "a scaled bind turn");
  // Y up to Z up: (x, y, z) -> (x, -z, y).
  const glm::mat3 to_z_up(glm::vec3(1, 0, 0), glm::vec3(0, 0, 1), glm::vec3(0, -1, 0));
  const SkinnedMeshes turned_ones = turned_meshes(meshes, to_z_up);
  const SkinnedMesh& turned = turned_ones->front();
  test::expect_near_place(turned.positions[1], {7, -5, 6}, "turned");
  test::expect_near_place(glm::vec3(turned.binds[1][3]), {6, -5, 6}, "a turned bind place");
  test::expect_near_place(glm::vec3(turned.binds[1][0]), {0, 0, -1}, "a turned bind turn: its X axis turned too");
  const SkinnedMeshes mirrored = reflected_meshes(meshes, 0);
  test::expect_near_place(mirrored->front().positions[1], {-7, 6, 5}, "mirrored");
  test::expect_near_place(glm::vec3(mirrored->front().binds[1][3]), {-6, 6, 5}, "a mirrored bind place");
  EXPECT_EQ(mirrored->front().indices, (std::vector<std::uint32_t>{0, 2, 1}));  // still facing out
  EXPECT_EQ(meshes->front().positions[1].x, 7.0f);  // the clip's own are never changed in place
  EXPECT_EQ(scaled_meshes(nullptr, 2.0), nullptr);
}

}  // namespace
}  // namespace gltf_skin_test
}  // namespace bvhscope
