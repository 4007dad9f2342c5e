// An FBX character's skinned mesh through bvhscope's binary FBX reader and its FBX writer
// (formats/fbx_binary_meshes.hpp, fbx_writer.hpp): kept as the file bound it (a joint bound in
// another pose than its rest, a geometric transform, polygons fanned into triangles, control points
// split by their corners' normals, the four heaviest bones), skinned where the file says at rest and
// in motion, written as FBX and read back the same; a mesh that cannot be carried is left out
// saying why, and the motion is read; assimp (the path of ASCII FBX) skins Blender's characters
// where bvhscope's binary reader does. On files built here record by record (fbx_records.hpp), their
// expected places worked out by hand.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "fbx_records.hpp"
#include "formats/fbx_binary_scene.hpp"
#include "formats/fbx_child.hpp"
#include "formats/fbx_format.hpp"
#include "formats/fbx_writer.hpp"
#include "formats/read_motions.hpp"
#include "skin_places.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace fbx_skin_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

using test::connect;
using test::fbx_file;
using test::kSecond;
using test::model;
using test::named;
using test::Record;
using ::testing::HasSubstr;

std::vector<double> translation(double x, double y, double z) {
  return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1};
}

struct Character {
  std::vector<std::int32_t> corners = {0, 1, 2, ~3, 0, 3, ~1};  // a quad and a triangle
  std::vector<std::int32_t> hips_points = {0, 2, 3};
  std::vector<double> hips_weights = {1.0, 0.5, 1.0};
  std::vector<std::int32_t> arm_points = {1, 2};
  std::vector<double> arm_weights = {1.0, 0.5};
  int extra_clusters = 0;  // more clusters on the hips, weighing control point 2
};

// "Hips" at (0, 1, 0) and its child "Arm" 1 along X, turned 90 degrees about Z at rest and on to
// 180 over a second (4 frames a second); a "body" mesh moved 1 along Z by its geometric translation,
// its control points 1 back along Z: 0 at the hips, 1 at the arm's end when the arm was bound
// unturned (TransformLink), 2 halfway along the arm (half each), 3 above the hips. Its normals,
// by polygon corner through an index, face +Z on the quad and -Z (given at length 2) on the
// triangle, so that the triangle's three corners are vertices of their own.
std::string character_file(const Character& c = {}) {
  Record objects("Objects");
  Record connections("Connections");
  model(objects, 10, "Hips").p3("Lcl Translation", 0, 1, 0);
  model(objects, 11, "Arm").p3("Lcl Translation", 1, 0, 0).p3("Lcl Rotation", 0, 0, 90);
  connect(connections, 10, 0);
  connect(connections, 11, 10);
  Record& body = objects.child("Model").i64(30).str(named("body", "Model")).str("Mesh");
  body.child("Version").i32(232);
  body.child("Properties70").p3("GeometricTranslation", 0, 0, 1);
  connect(connections, 30, 0);
  Record& geometry = objects.child("Geometry").i64(31).str(named("body", "Geometry")).str("Mesh");
  geometry.child("Vertices").array('d', std::vector<double>{0, 1, -1, 2, 1, -1, 1.5, 1, -1, 0, 2, -1});
  geometry.child("PolygonVertexIndex").array('i', c.corners);
  Record& normals = geometry.child("LayerElementNormal").i32(0);
  normals.child("MappingInformationType").str("ByPolygonVertex");
  normals.child("ReferenceInformationType").str("IndexToDirect");
  normals.child("Normals").array('d', std::vector<double>{0, 0, 1, 0, 0, -2});
  normals.child("NormalsIndex").array('i', std::vector<std::int32_t>{0, 0, 0, 0, 1, 1, 1});
  connect(connections, 31, 30);
  objects.child("Deformer").i64(40).str(named("body", "Deformer")).str("Skin");
  connect(connections, 40, 31);
  const auto cluster = [&](std::int64_t id, std::int64_t bone, const std::vector<std::int32_t>& points,
                           const std::vector<double>& weights, const std::vector<double>& link) {
    Record& r = objects.child("Deformer").i64(id).str(named("", "SubDeformer")).str("Cluster");
    r.child("Indexes").array('i', points);
    r.child("Weights").array('d', weights);
    r.child("TransformLink").array('d', link);
    connect(connections, id, 40);
    connect(connections, bone, id);
  };
  cluster(41, 10, c.hips_points, c.hips_weights, translation(0, 1, 0));
  cluster(42, 11, c.arm_points, c.arm_weights, translation(1, 1, 0));
  for (int k = 0; k < c.extra_clusters; ++k) cluster(43 + k, 10, {2}, {0.1 * (k + 1)}, translation(0, 1, 0));
  objects.child("AnimationStack").i64(20).str(named("wave", "AnimStack")).str("").child("Properties70");
  objects.child("AnimationLayer").i64(21).str(named("BaseLayer", "AnimLayer")).str("").child("Properties70");
  objects.child("AnimationCurveNode").i64(22).str(named("R", "AnimCurveNode")).str("").child("Properties70");
  connect(connections, 21, 20);
  connect(connections, 22, 21);
  connect(connections, 22, 11, "Lcl Rotation");
  Record& curve = objects.child("AnimationCurve").i64(23).str(named("", "AnimCurve")).str("");
  curve.child("KeyTime").array('l', std::vector<std::int64_t>{0, kSecond});
  curve.child("KeyValueFloat").array('f', std::vector<float>{90.0f, 180.0f});
  connect(connections, 23, 22, "d|Z");
  return fbx_file(objects, connections);
}

glm::vec3 skinned(const Clip& clip, const SkinnedMesh& mesh, std::size_t v, std::size_t frame) {
  return test::skinned_place(clip, mesh, v, frame);
}

TEST(FbxSkin, TheMeshIsKeptAsTheFileBoundItAndSkinsWhereItsSkinSays) {
  const Result<MotionFile> file = read_motions_from_bytes(character_file(), "character.fbx");
  ASSERT_TRUE(file.ok()) << file.error().message;
  const Clip& clip = file.value().motions.at(0);
  EXPECT_TRUE(clip.warnings.empty());
  ASSERT_NE(clip.meshes, nullptr);
  ASSERT_EQ(clip.meshes->size(), 1u);
  const SkinnedMesh& mesh = clip.meshes->front();
  EXPECT_EQ(mesh.name, "body");
  ASSERT_EQ(mesh.joints.size(), 2u);
  EXPECT_EQ(clip.skeleton.names[static_cast<std::size_t>(mesh.joints[0])], "Hips");
  EXPECT_EQ(clip.skeleton.names[static_cast<std::size_t>(mesh.joints[1])], "Arm");
  // Control points 0 to 3 (moved by the geometric translation), then the triangle's corners, whose
  // normal differs: points 0, 3 and 1 again.
  ASSERT_EQ(mesh.positions.size(), 7u);
  const std::vector<glm::vec3> points = {{0, 1, 0}, {2, 1, 0}, {1.5f, 1, 0}, {0, 2, 0},
                                         {0, 1, 0}, {0, 2, 0}, {2, 1, 0}};
  for (std::size_t v = 0; v < points.size(); ++v)
    test::expect_near_place(mesh.positions[v], points[v], "vertex " + std::to_string(v));
  EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3, 4, 5, 6}));
  ASSERT_EQ(mesh.normals.size(), 7u);
  test::expect_near_place(mesh.normals[0], {0, 0, 1}, "the quad's normal");
  test::expect_near_place(mesh.normals[6], {0, 0, -1}, "the triangle's, made unit length");
  EXPECT_EQ(mesh.influences[2][0], 0u);
  EXPECT_FLOAT_EQ(mesh.weights[2].x, 0.5f);
  EXPECT_EQ(mesh.influences[2][1], 1u);
  EXPECT_FLOAT_EQ(mesh.weights[2].y, 0.5f);
  // The hips were bound where they rest; the arm unturned, which from its rest (turned 90 degrees
  // about Z) is a turn of -90 degrees: its bind matrix is T(1, 1, 0) * Rz(-90).
  const glm::mat4& arm_bind = mesh.binds[1];
  test::expect_near_place(glm::vec3(mesh.binds[0][3]), {0, 1, 0}, "the hips' bind place");
  test::expect_near_place(glm::vec3(arm_bind[3]), {1, 1, 0}, "the arm's bind place");
  test::expect_near_place(glm::vec3(arm_bind[0]), {0, -1, 0}, "the arm's bound X axis");
  test::expect_near_place(glm::vec3(arm_bind[1]), {1, 0, 0}, "the arm's bound Y axis");
  // At rest (frame 0) the arm is turned up: its end (vertex 1) is above it, and the half-and-half
  // vertex halfway between the bound place (1.5, 1) and the turned one (1, 1.5). A second on
  // (frame 4), the arm is turned 180 degrees: back along X.
  ASSERT_EQ(clip.motion.frame_count, 5u);
  test::expect_near_place(skinned(clip, mesh, 1, 0), {1, 2, 0}, "vertex 1 at rest");
  test::expect_near_place(skinned(clip, mesh, 2, 0), {1.25f, 1.25f, 0}, "vertex 2 at rest");
  test::expect_near_place(skinned(clip, mesh, 0, 0), {0, 1, 0}, "vertex 0 at rest");
  test::expect_near_place(skinned(clip, mesh, 1, 4), {0, 1, 0}, "vertex 1 turned 180 degrees");
  test::expect_near_place(skinned(clip, mesh, 2, 4), {1, 1, 0}, "vertex 2 turned 180 degrees");
  test::expect_near_place(skinned(clip, mesh, 6, 4), {0, 1, 0}, "vertex 1's copy turned 180 degrees");
}

TEST(FbxSkin, WhatIsWrittenAsFbxReadsBackToTheSameMesh) {
  const Result<MotionFile> file = read_motions_from_bytes(character_file(), "character.fbx");
  ASSERT_TRUE(file.ok()) << file.error().message;
  const Clip& clip = file.value().motions.at(0);
  std::ostringstream out;
  const Result<FbxWriteReport> written = write_fbx(clip, PositionMode::Add, out);
  ASSERT_TRUE(written.ok()) << written.error().message;
  EXPECT_EQ(written.value().meshes, 1);
  EXPECT_EQ(written.value().mesh_vertices, 7u);
  const Result<MotionFile> back = read_motions_from_bytes(out.str(), "back.fbx");
  ASSERT_TRUE(back.ok()) << back.error().message;
  const Clip& again = back.value().motions.at(0);
  EXPECT_TRUE(again.warnings.empty());
  ASSERT_NE(again.meshes, nullptr);
  ASSERT_EQ(again.meshes->size(), 1u);
  const SkinnedMesh& before = clip.meshes->front();
  const SkinnedMesh& after = again.meshes->front();
  EXPECT_EQ(after.name, "body");
  ASSERT_EQ(after.positions.size(), before.positions.size());
  for (std::size_t v = 0; v < after.positions.size(); ++v) {
    test::expect_near_place(after.positions[v], before.positions[v], "a vertex");
    test::expect_near_place(after.normals[v], before.normals[v], "a normal");
    EXPECT_EQ(after.influences[v], before.influences[v]);
    EXPECT_EQ(after.weights[v], before.weights[v]);
  }
  EXPECT_EQ(after.indices, before.indices);
  ASSERT_EQ(after.joints.size(), before.joints.size());
  for (std::size_t k = 0; k < after.joints.size(); ++k)
    EXPECT_EQ(again.skeleton.names[static_cast<std::size_t>(after.joints[k])],
              clip.skeleton.names[static_cast<std::size_t>(before.joints[k])]);
  // Skinned the same at every frame (the written file's rest pose is its first frame, not the
  // original's: the bind matrices differ, the places do not).
  ASSERT_EQ(again.motion.frame_count, clip.motion.frame_count);
  for (std::size_t f = 0; f < clip.motion.frame_count; ++f)
    for (std::size_t v = 0; v < before.positions.size(); ++v)
      test::expect_near_place(skinned(again, after, v, f), skinned(clip, before, v, f),
                              "vertex " + std::to_string(v) + " at frame " + std::to_string(f));
}

TEST(FbxSkin, TheFourHeaviestBonesAreKeptAndAVertexNoClusterWeighsFollowsTheTopBone) {
  Character c;
  c.extra_clusters = 3;  // point 2: 0.5 hips, 0.5 arm, 0.1, 0.2 and 0.3 hips again
  c.hips_points = {0, 2};
  c.hips_weights = {1.0, 0.5};
  const Result<MotionFile> file = read_motions_from_bytes(character_file(c), "character.fbx");
  ASSERT_TRUE(file.ok()) << file.error().message;
  const Clip& clip = file.value().motions.at(0);
  ASSERT_NE(clip.meshes, nullptr);
  const SkinnedMesh& mesh = clip.meshes->front();
  ASSERT_EQ(mesh.joints.size(), 5u);
  const glm::vec4 kept = mesh.weights[2];
  EXPECT_FLOAT_EQ(kept.x + kept.y + kept.z + kept.w, 1.0f);
  EXPECT_FLOAT_EQ(kept.x, 0.5f / 1.5f);  // 0.5, 0.5, 0.3 and 0.2 of 1.5; 0.1 left out
  EXPECT_FLOAT_EQ(kept.w, 0.2f / 1.5f);
  // Point 3 (vertices 3 and 5) is weighed by no cluster: it follows the hips, with a warning.
  EXPECT_EQ(mesh.influences[3][0], 0u);
  EXPECT_FLOAT_EQ(mesh.weights[3].x, 1.0f);
  ASSERT_EQ(clip.warnings.size(), 1u);
  EXPECT_EQ(clip.warnings[0].message,
            "the skinned mesh of model 'body': 2 of its vertices are weighed by no cluster: they follow its top bone");
}

TEST(FbxSkin, AMeshThatCannotBeCarriedIsLeftOutSayingWhyAndTheMotionIsRead) {
  Character c;
  c.corners = {0, 1, 2, ~9};
  const Result<MotionFile> file = read_motions_from_bytes(character_file(c), "character.fbx");
  ASSERT_TRUE(file.ok()) << file.error().message;
  const Clip& clip = file.value().motions.at(0);
  EXPECT_EQ(clip.meshes, nullptr);
  ASSERT_EQ(clip.warnings.size(), 1u);
  EXPECT_THAT(clip.warnings[0].message, HasSubstr("the skinned mesh of model 'body' is left out: at byte "));
  EXPECT_THAT(clip.warnings[0].message, HasSubstr(": polygon 0 names control point 9 of 4"));
  EXPECT_EQ(clip.skeleton.joint_count(), 2);
  EXPECT_EQ(clip.motion.frame_count, 5u);
}

// Every vertex of every mesh of `clip` where its skin puts it at `frame`.
std::vector<glm::vec3> skinned_vertices(const Clip& clip, std::size_t frame) {
  std::vector<glm::vec3> places;
  if (clip.meshes == nullptr) return places;
  for (const SkinnedMesh& mesh : *clip.meshes)
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) places.push_back(skinned(clip, mesh, v, frame));
  return places;
}

// The largest distance from a place of `from` to the nearest of `to`.
float farthest(const std::vector<glm::vec3>& from, const std::vector<glm::vec3>& to) {
  float worst = 0.0f;
  for (const glm::vec3& p : from) {
    float nearest = std::numeric_limits<float>::infinity();
    for (const glm::vec3& q : to) nearest = std::min(nearest, glm::length(p - q));
    worst = std::max(worst, nearest);
  }
  return worst;
}

// Two readers of the same file: bvhscope's binary FBX reader and assimp (in its child process, the
// path ASCII FBX takes), each skinning its own mesh (assimp splits vertices its own way): at the
// first, middle and last frames every vertex of one is within 1e-5 of the figure's size of a
// vertex of the other. Blender's files: the character made for these tests and assimp's test model.
TEST(FbxSkin, AssimpSkinsTheSameCharacterWhereBvhscopesReaderDoes) {
  const std::filesystem::path models = "/usr/share/assimp/models/FBX";
  ASSERT_TRUE(std::filesystem::exists(models / "huesitos.fbx"))
      << "install assimp-testmodels (scripts/bvhscope-dev setup)";
  for (const std::filesystem::path& path :
       {test::fixtures_dir() / "blender" / "skinned_cmu_131_01.fbx", models / "huesitos.fbx"}) {
    const std::string bytes = test::read_file(path);
    const std::string name = path.filename().string();
    Result<FbxScene> ours = read_fbx_binary_scene(bytes, name);
    ASSERT_TRUE(ours.ok()) << ours.error().message;
    Result<FbxScene> theirs = read_fbx_scene(bytes, name);
    ASSERT_TRUE(theirs.ok()) << theirs.error().message;
    EXPECT_EQ(theirs.value().meshes.size(), 1u) << name;
    const Result<MotionFile> a = motions_of_fbx_scene(std::move(ours).value(), name);
    const Result<MotionFile> b = motions_of_fbx_scene(std::move(theirs).value(), name);
    ASSERT_TRUE(a.ok() && b.ok()) << name;
    const Clip& clip_a = a.value().motions.at(0);
    const Clip& clip_b = b.value().motions.at(0);
    ASSERT_NE(clip_b.meshes, nullptr) << name;
    ASSERT_EQ(clip_a.motion.frame_count, clip_b.motion.frame_count) << name;
    const std::size_t last = clip_a.motion.frame_count - 1;
    for (const std::size_t frame : {std::size_t{0}, last / 2, last}) {
      const std::vector<glm::vec3> va = skinned_vertices(clip_a, frame);
      const std::vector<glm::vec3> vb = skinned_vertices(clip_b, frame);
      ASSERT_FALSE(va.empty() || vb.empty()) << name;
      glm::vec3 low = va.front();
      glm::vec3 high = low;
      for (const glm::vec3& p : va) {
        low = glm::min(low, p);
        high = glm::max(high, p);
      }
      const float size = glm::length(high - low);
      EXPECT_LE(std::max(farthest(va, vb), farthest(vb, va)), 1e-5f * size) << name << " at frame " << frame;
    }
  }
}

}  // namespace
}  // namespace fbx_skin_test
}  // namespace bvhscope
