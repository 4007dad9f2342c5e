// The capsule body that convert --body skins to a skeleton: each capsule's surface lies at its
// radius from its bone, faces outwards, is closed, and follows the bone's parent joint; radii,
// skipped bones and one body per ROOT as the header says. Expectations from geometry, not from the
// code that builds the mesh.
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "anim/bvh_parser.hpp"
#include "bvh_builder.hpp"
#include "formats/capsule_body.hpp"

namespace bvhscope {
namespace capsule_body_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

// Hips at the origin, Knee 4 below, an End Site 4 below and 0.5 forward of the knee.
Skeleton leg() {
  Skeleton skeleton;
  skeleton.names = {"Hips", "Knee", "KneeEnd"};
  skeleton.parents = {kNoParent, 0, 1};
  skeleton.offsets = {glm::vec3(0.0f), glm::vec3(0.0f, -4.0f, 0.0f), glm::vec3(0.0f, -4.0f, 0.5f)};
  skeleton.first_channels = {0, 6, 9};
  skeleton.channel_counts = {6, 3, 0};
  skeleton.end_sites = {0, 0, 1};
  skeleton.source_lines = {2, 5, 8};
  skeleton.roots = {0};
  return skeleton;
}

// Every joint's OFFSET as its bone (a motion without position channels below the root).
std::vector<std::optional<glm::vec3>> offsets_as_bones(const Skeleton& skeleton) {
  std::vector<std::optional<glm::vec3>> bones(skeleton.offsets.begin(), skeleton.offsets.end());
  for (const int root : skeleton.roots) bones[static_cast<std::size_t>(root)].reset();
  return bones;
}

std::vector<CapsuleBody> bodies_of(const Skeleton& skeleton, float figure_size) {
  return capsule_bodies(skeleton, offsets_as_bones(skeleton), figure_size);
}

// The point of segment [a, b] nearest to `p`.
glm::vec3 nearest_on_segment(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b) {
  const glm::vec3 d = b - a;
  const float t = std::clamp(glm::dot(p - a, d) / glm::dot(d, d), 0.0f, 1.0f);
  return a + t * d;
}

constexpr int kVerticesPerCapsule = 2 + 2 * kCapsuleEndRings * kCapsuleSegments;
constexpr int kTrianglesPerCapsule = 2 * kCapsuleSegments * (2 * kCapsuleEndRings);  // rings - 1 quads + 2 fans

TEST(CapsuleBody, EachBoneIsACapsuleAtItsRadiusFollowingItsParentJoint) {
  const std::vector<CapsuleBody> bodies = bodies_of(leg(), 10.0f);
  ASSERT_EQ(bodies.size(), 1u);
  const CapsuleBody& body = bodies[0];
  EXPECT_EQ(body.root, 0);
  EXPECT_EQ(body.joints, (std::vector<int>{0, 1, 2}));
  ASSERT_EQ(body.positions.size(), 2u * kVerticesPerCapsule);
  ASSERT_EQ(body.normals.size(), body.positions.size());
  ASSERT_EQ(body.binding.size(), body.positions.size());
  EXPECT_EQ(body.indices.size(), 2u * 3 * kTrianglesPerCapsule);
  // The thigh (hips to knee) follows the hips, the shin (knee to its End Site) the knee; both are
  // 0.028 x 10 = 0.28 thick (a third of 4 m would be more).
  const glm::vec3 hips(0.0f);
  const glm::vec3 knee(0.0f, -4.0f, 0.0f);
  const glm::vec3 toe(0.0f, -8.0f, 0.5f);
  for (std::size_t v = 0; v < body.positions.size(); ++v) {
    const bool thigh = v < kVerticesPerCapsule;
    EXPECT_EQ(body.binding[v], thigh ? 0 : 1) << "vertex " << v;
    const glm::vec3& p = body.positions[v];
    const glm::vec3 axis_point = thigh ? nearest_on_segment(p, hips, knee) : nearest_on_segment(p, knee, toe);
    EXPECT_NEAR(glm::length(p - axis_point), 0.28f, 1e-5f) << "vertex " << v;
    EXPECT_NEAR(glm::length(body.normals[v]), 1.0f, 1e-6f) << "vertex " << v;
    const glm::vec3 outward = (p - axis_point) / 0.28f;
    EXPECT_NEAR(glm::dot(body.normals[v], outward), 1.0f, 1e-5f) << "vertex " << v;
  }
  // The thigh reaches its radius past both joints: from 0.28 above the hips to 4.28 below.
  float top = -1e9f;
  float bottom = 1e9f;
  for (int v = 0; v < kVerticesPerCapsule; ++v) {
    top = std::max(top, body.positions[static_cast<std::size_t>(v)].y);
    bottom = std::min(bottom, body.positions[static_cast<std::size_t>(v)].y);
  }
  EXPECT_NEAR(top, 0.28f, 1e-6f);
  EXPECT_NEAR(bottom, -4.28f, 1e-5f);
}

TEST(CapsuleBody, TheSurfaceIsClosedAndEveryTriangleFacesOutwards) {
  const CapsuleBody body = bodies_of(leg(), 10.0f).at(0);
  // Closed and consistently wound: every edge is walked once each way.
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> edges;
  for (std::size_t t = 0; t + 2 < body.indices.size(); t += 3) {
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t from = body.indices[t + static_cast<std::size_t>(k)];
      const std::uint32_t to = body.indices[t + static_cast<std::size_t>((k + 1) % 3)];
      ASSERT_LT(from, body.positions.size());
      ++edges[{from, to}];
    }
    const glm::vec3& a = body.positions[body.indices[t]];
    const glm::vec3& b = body.positions[body.indices[t + 1]];
    const glm::vec3& c = body.positions[body.indices[t + 2]];
    const glm::vec3 face = glm::cross(b - a, c - a);
    EXPECT_GT(glm::length(face), 1e-6f) << "triangle " << t / 3 << " has no area";
    // Outwards: the face's normal points the way of the vertices' own normals.
    const glm::vec3 normals =
        body.normals[body.indices[t]] + body.normals[body.indices[t + 1]] + body.normals[body.indices[t + 2]];
    EXPECT_GT(glm::dot(face, normals), 0.0f) << "triangle " << t / 3;
  }
  for (const auto& [edge, count] : edges) {
    EXPECT_EQ(count, 1) << edge.first << "-" << edge.second;
    EXPECT_EQ(edges.count({edge.second, edge.first}), 1u) << edge.first << "-" << edge.second << " has no twin";
  }
}

TEST(CapsuleBody, ShortBonesAreThinnerAndBonesOfNoLengthHaveNoCapsule) {
  Skeleton skeleton = leg();
  skeleton.offsets[1] = glm::vec3(0.0f);              // the knee on the hips: no thigh
  skeleton.offsets[2] = glm::vec3(0.0f, 0.0f, 0.1f);  // a 0.1 long foot: 0.3 x 0.1 thick
  const std::vector<CapsuleBody> bodies = bodies_of(skeleton, 10.0f);
  ASSERT_EQ(bodies.size(), 1u);
  ASSERT_EQ(bodies[0].positions.size(), static_cast<std::size_t>(kVerticesPerCapsule));
  for (const glm::vec3& p : bodies[0].positions) {
    const glm::vec3 axis_point = nearest_on_segment(p, glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 0.1f));
    EXPECT_NEAR(glm::length(p - axis_point), 0.03f, 1e-6f);
  }
  EXPECT_TRUE(std::all_of(bodies[0].binding.begin(), bodies[0].binding.end(), [](auto b) { return b == 1; }));
  skeleton.offsets[2] = glm::vec3(0.0f);
  EXPECT_TRUE(bodies_of(skeleton, 10.0f).empty());
  EXPECT_TRUE(bodies_of(leg(), 0.0f).empty());
}

TEST(CapsuleBody, EachRootHasABodyOfItsOwnJoints) {
  // Two legs side by side as two ROOTs: joints 0-2 and 3-5.
  Skeleton one = leg();
  Skeleton skeleton = one;
  for (std::size_t j = 0; j < 3; ++j) {
    skeleton.names.push_back(one.names[j] + "2");
    skeleton.parents.push_back(one.parents[j] == kNoParent ? kNoParent : one.parents[j] + 3);
    skeleton.offsets.push_back(j == 0 ? glm::vec3(1.0f, 0.0f, 0.0f) : one.offsets[j]);
    skeleton.first_channels.push_back(one.first_channels[j] + 9);
    skeleton.channel_counts.push_back(one.channel_counts[j]);
    skeleton.end_sites.push_back(one.end_sites[j]);
    skeleton.source_lines.push_back(one.source_lines[j] + 10);
  }
  skeleton.roots = {0, 3};
  const std::vector<CapsuleBody> bodies = bodies_of(skeleton, 10.0f);
  ASSERT_EQ(bodies.size(), 2u);
  EXPECT_EQ(bodies[1].root, 3);
  EXPECT_EQ(bodies[1].joints, (std::vector<int>{3, 4, 5}));
  // The second body's thigh hangs from (1, 0, 0), bound to its own first joint (index 0 of its skin).
  EXPECT_EQ(bodies[1].binding.front(), 0);
  EXPECT_NEAR(bodies[1].positions.front().x, 1.0f, 1e-6f);
  EXPECT_NEAR(bodies[1].positions.front().y, 0.28f, 1e-6f);  // the thigh's pole above the hips
}

TEST(CapsuleBody, ABoneIsWhereTheMotionKeepsTheChildAndNoneWhereItMovesIt) {
  // The knee's position channels hold it 1 to the side of its OFFSET in every frame (a bone from
  // the hips to (1, -4, 0)); the foot's move it down by 1 of its 4 in the second frame (no bone).
  const std::string text = test::BvhBuilder()
                               .root("Hips", {0, 0, 0}, test::kPositionsZXY)
                               .joint("Knee", "Hips", {0, -4, 0}, test::kPositionsZXY)
                               .joint("Foot", "Knee", {0, -4, 0}, test::kPositionsZXY)
                               .end_site("Foot", {0, 0, 1})
                               .frame({0, 10, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
                               .frame({0, 10, 0, 0, 0, 0, 1, 0, 0, 0, 30, 0, 0, -1, 0, 0, 0, 0})
                               .text();
  const Result<Clip> clip = parse_bvh(text, "legs.bvh");
  ASSERT_TRUE(clip.ok()) << clip.error().message;
  const std::vector<std::optional<glm::vec3>> bones = rigid_bones(clip.value(), PositionMode::Add);
  ASSERT_EQ(bones.size(), 4u);
  EXPECT_FALSE(bones[0].has_value());  // a root
  ASSERT_TRUE(bones[1].has_value());
  EXPECT_EQ(*bones[1], glm::vec3(1.0f, -4.0f, 0.0f));  // turning the knee does not move it
  EXPECT_FALSE(bones[2].has_value());
  ASSERT_TRUE(bones[3].has_value());
  EXPECT_EQ(*bones[3], glm::vec3(0.0f, 0.0f, 1.0f));
  // Capsules: the thigh along (1, -4, 0) from the hips, the foot's (to its End Site), not the shin.
  const std::vector<CapsuleBody> bodies = capsule_bodies(clip.value().skeleton, bones, 10.0f);
  ASSERT_EQ(bodies.size(), 1u);
  const CapsuleBody& body = bodies[0];
  ASSERT_EQ(body.positions.size(), 2u * kVerticesPerCapsule);
  EXPECT_EQ(body.bind_places, (std::vector<glm::vec3>{{0, 0, 0}, {1, -4, 0}, {1, -8, 0}, {1, -8, 1}}));
  for (std::size_t v = 0; v < body.positions.size(); ++v) {
    const bool thigh = v < kVerticesPerCapsule;
    EXPECT_EQ(body.binding[v], thigh ? 0 : 2) << "vertex " << v;
    const glm::vec3 axis_point =
        thigh ? nearest_on_segment(body.positions[v], glm::vec3(0.0f), glm::vec3(1.0f, -4.0f, 0.0f))
              : nearest_on_segment(body.positions[v], glm::vec3(1.0f, -8.0f, 0.0f), glm::vec3(1.0f, -8.0f, 1.0f));
    EXPECT_NEAR(glm::length(body.positions[v] - axis_point), 0.28f, 1e-5f) << "vertex " << v;
  }
}

}  // namespace
}  // namespace capsule_body_test
}  // namespace bvhscope
