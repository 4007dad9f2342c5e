#include "formats/capsule_body.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/pose.hpp"

namespace bvhscope {
namespace {

// Two unit vectors at right angles to unit `axis` and to each other, (u, v, axis) right-handed.
void perpendiculars(const glm::vec3& axis, glm::vec3& u, glm::vec3& v) {
  const glm::vec3 away = std::abs(axis.x) < 0.6f ? glm::vec3(1.0f, 0.0f, 0.0f) : glm::vec3(0.0f, 1.0f, 0.0f);
  u = glm::normalize(glm::cross(away, axis));
  v = glm::cross(axis, u);
}

// Appends a capsule from `start` to `end` of radius `radius` following skin joint `bound`.
void add_capsule(CapsuleBody& body, const glm::vec3& start, const glm::vec3& end, float radius, std::uint16_t bound) {
  const glm::vec3 axis = glm::normalize(end - start);
  glm::vec3 u;
  glm::vec3 v;
  perpendiculars(axis, u, v);
  const auto base = static_cast<std::uint32_t>(body.positions.size());
  const auto add_vertex = [&](const glm::vec3& centre, const glm::vec3& normal) {
    body.positions.push_back(centre + radius * normal);
    body.normals.push_back(normal);
    body.binding.push_back(bound);
  };
  constexpr float kQuarter = std::numbers::pi_v<float> / 2.0f;
  add_vertex(start, -axis);  // the start's pole
  // Rings from the start's pole to the end's: kCapsuleEndRings about each end, the last of the
  // start's and the first of the end's at the bone's ends (latitude 0), making the cylinder.
  constexpr int kRings = 2 * kCapsuleEndRings;
  for (int ring = 0; ring < kRings; ++ring) {
    const bool at_start = ring < kCapsuleEndRings;
    const int step = at_start ? ring + 1 : ring - kCapsuleEndRings;
    const float latitude = (at_start ? -kQuarter : 0.0f) + kQuarter * static_cast<float>(step) / kCapsuleEndRings;
    for (int s = 0; s < kCapsuleSegments; ++s) {
      const float around = 2.0f * std::numbers::pi_v<float> * static_cast<float>(s) / kCapsuleSegments;
      const glm::vec3 normal =
          std::cos(latitude) * (std::cos(around) * u + std::sin(around) * v) + std::sin(latitude) * axis;
      add_vertex(at_start ? start : end, glm::normalize(normal));
    }
  }
  add_vertex(end, axis);  // the end's pole
  const std::uint32_t end_pole = base + 1 + kRings * kCapsuleSegments;
  const auto ring_vertex = [&](int ring, int s) {
    return base + 1 + static_cast<std::uint32_t>(ring * kCapsuleSegments + (s % kCapsuleSegments));
  };
  for (int s = 0; s < kCapsuleSegments; ++s) {
    body.indices.insert(body.indices.end(), {base, ring_vertex(0, s + 1), ring_vertex(0, s)});
    for (int ring = 0; ring + 1 < kRings; ++ring) {
      const std::uint32_t a = ring_vertex(ring, s);
      const std::uint32_t b = ring_vertex(ring, s + 1);
      const std::uint32_t c = ring_vertex(ring + 1, s + 1);
      const std::uint32_t d = ring_vertex(ring + 1, s);
      body.indices.insert(body.indices.end(), {a, b, c, a, c, d});
    }
    body.indices.insert(body.indices.end(), {end_pole, ring_vertex(kRings - 1, s), ring_vertex(kRings - 1, s + 1)});
  }
}

}  // namespace

std::vector<std::optional<glm::vec3>> rigid_bones(const Clip& clip, PositionMode mode) {
  const Skeleton& skeleton = clip.skeleton;
  const Motion& motion = clip.motion;
  std::vector<std::optional<glm::vec3>> bones(static_cast<std::size_t>(skeleton.joint_count()));
  for (int j = 0; j < skeleton.joint_count(); ++j) {
    const auto index = static_cast<std::size_t>(j);
    if (skeleton.parents[index] == kNoParent) continue;
    if (!skeleton.has_channel(j, is_position) || motion.frame_count == 0) {
      bones[index] = skeleton.offsets[index];
      continue;
    }
    const glm::vec3 first = joint_translation(skeleton, j, motion.frame(0), mode);
    const float allowed = kRigidBoneTolerance * glm::length(first);
    bool rigid = true;
    for (std::size_t f = 1; f < motion.frame_count && rigid; ++f)
      rigid = glm::length(joint_translation(skeleton, j, motion.frame(f), mode) - first) <= allowed;
    if (rigid) bones[index] = first;
  }
  return bones;
}

std::vector<CapsuleBody> capsule_bodies(const Skeleton& skeleton, const std::vector<std::optional<glm::vec3>>& bones,
                                        float figure_size) {
  if (!(figure_size > 0.0f) || !std::isfinite(figure_size)) return {};
  const auto joints = static_cast<std::size_t>(skeleton.joint_count());
  // The bind pose: each joint unturned at its parent's place plus its bone (or its OFFSET where
  // the motion moves it: no capsule hangs there, any place does).
  std::vector<glm::vec3> bind(joints);
  std::vector<int> root_of(joints);
  for (std::size_t j = 0; j < joints; ++j) {
    const int parent = skeleton.parents[j];
    const auto above = static_cast<std::size_t>(parent);
    bind[j] = parent == kNoParent ? skeleton.offsets[j] : bind[above] + bones[j].value_or(skeleton.offsets[j]);
    root_of[j] = parent == kNoParent ? static_cast<int>(j) : root_of[above];
  }
  const float shortest = 1e-6f * figure_size;
  std::vector<CapsuleBody> bodies;
  for (const int root : skeleton.roots) {
    CapsuleBody body;
    body.root = root;
    std::vector<int> skin_index(joints, -1);
    for (std::size_t j = 0; j < joints; ++j) {
      if (root_of[j] != root) continue;
      skin_index[j] = static_cast<int>(body.joints.size());
      body.joints.push_back(static_cast<int>(j));
      body.bind_places.push_back(bind[j]);
    }
    if (body.joints.size() > 65536) continue;
    for (const int j : body.joints) {
      const int parent = skeleton.parents[static_cast<std::size_t>(j)];
      if (parent == kNoParent || !bones[static_cast<std::size_t>(j)]) continue;
      const glm::vec3 start = bind[static_cast<std::size_t>(parent)];
      const glm::vec3 end = bind[static_cast<std::size_t>(j)];
      const float length = glm::length(end - start);
      if (!(length > shortest) || !std::isfinite(length)) continue;
      const float radius = std::min(kCapsuleRadiusOfFigure * figure_size, kCapsuleRadiusOfBone * length);
      add_capsule(body, start, end, radius, static_cast<std::uint16_t>(skin_index[static_cast<std::size_t>(parent)]));
    }
    if (!body.positions.empty()) bodies.push_back(std::move(body));
  }
  return bodies;
}

SkinnedMesh skinned_mesh_of(const CapsuleBody& body) {
  SkinnedMesh mesh;
  mesh.name = "body";
  mesh.joints = body.joints;
  for (const glm::vec3& place : body.bind_places) mesh.binds.push_back(glm::translate(glm::mat4(1.0f), place));
  mesh.positions = body.positions;
  mesh.normals = body.normals;
  mesh.indices = body.indices;
  mesh.influences.reserve(body.binding.size());
  for (const std::uint16_t joint : body.binding) mesh.influences.push_back({joint, 0, 0, 0});
  mesh.weights.assign(body.binding.size(), glm::vec4(1.0f, 0.0f, 0.0f, 0.0f));
  return mesh;
}

}  // namespace bvhscope
