#include "anim/skinned_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include <glm/matrix.hpp>

namespace bvhscope {
namespace {

// A copy of `meshes` with `change` applied to each, or `meshes` when there are none.
template <typename Change>
SkinnedMeshes changed_meshes(const SkinnedMeshes& meshes, Change change) {
  if (meshes == nullptr || meshes->empty()) return meshes;
  auto changed = std::make_shared<std::vector<SkinnedMesh>>(*meshes);
  for (SkinnedMesh& mesh : *changed) change(mesh);
  return changed;
}

}  // namespace

bool heaviest_four(std::vector<std::pair<float, std::uint16_t>>& bones, std::array<std::uint16_t, 4>& influence,
                   glm::vec4& weight) {
  influence = {};
  weight = glm::vec4(0.0f);
  std::sort(bones.begin(), bones.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const std::size_t kept = std::min<std::size_t>(bones.size(), 4);
  float sum = 0.0f;
  for (std::size_t i = 0; i < kept; ++i) sum += bones[i].first;
  if (!(sum > 0.0f)) return false;
  for (std::size_t i = 0; i < kept; ++i) {
    influence[i] = bones[i].second;
    weight[static_cast<int>(i)] = bones[i].first / sum;
  }
  return true;
}

std::size_t bind_unweighted_to_top_joint(SkinnedMesh& mesh) {
  if (mesh.joints.empty()) return 0;
  const auto top =
      static_cast<std::uint16_t>(std::min_element(mesh.joints.begin(), mesh.joints.end()) - mesh.joints.begin());
  std::size_t bound = 0;
  for (std::size_t v = 0; v < mesh.weights.size() && v < mesh.influences.size(); ++v)
    if (mesh.weights[v] == glm::vec4(0.0f)) {
      mesh.influences[v] = {top, 0, 0, 0};
      mesh.weights[v] = glm::vec4(1.0f, 0.0f, 0.0f, 0.0f);
      ++bound;
    }
  return bound;
}

SkinnedMeshes scaled_meshes(const SkinnedMeshes& meshes, double factor) {
  const auto scale = [factor](glm::vec3& p) {
    for (int axis = 0; axis < 3; ++axis) p[axis] = static_cast<float>(static_cast<double>(p[axis]) * factor);
  };
  return changed_meshes(meshes, [&](SkinnedMesh& mesh) {
    for (glm::vec3& p : mesh.positions) scale(p);
    for (glm::mat4& bind : mesh.binds) {  // S * B * S^-1: the turn stays, the place scales
      glm::vec3 place(bind[3]);
      scale(place);
      bind[3] = glm::vec4(place, bind[3][3]);
    }
  });
}

SkinnedMeshes turned_meshes(const SkinnedMeshes& meshes, const glm::mat3& turn) {
  return changed_meshes(meshes, [&](SkinnedMesh& mesh) {
    for (glm::vec3& p : mesh.positions) p = turn * p;
    const glm::mat4 turn4(turn);
    const glm::mat4 back(glm::transpose(turn));
    for (glm::mat4& bind : mesh.binds) bind = turn4 * bind * back;
    for (glm::vec3& n : mesh.normals) n = turn * n;
  });
}

SkinnedMeshes reflected_meshes(const SkinnedMeshes& meshes, int axis) {
  return changed_meshes(meshes, [axis](SkinnedMesh& mesh) {
    for (glm::vec3& p : mesh.positions) p[axis] = -p[axis];
    glm::mat4 mirror(1.0f);
    mirror[axis][axis] = -1.0f;
    for (glm::mat4& bind : mesh.binds) bind = mirror * bind * mirror;
    for (glm::vec3& n : mesh.normals) n[axis] = -n[axis];
    for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) std::swap(mesh.indices[t + 1], mesh.indices[t + 2]);
  });
}

std::optional<std::string> skinned_mesh_problem(const SkinnedMesh& mesh, int joint_count) {
  if (mesh.joints.empty() || mesh.joints.size() > 65536)
    return "its skin has " + std::to_string(mesh.joints.size()) + " joints (1 to 65536 can be written)";
  for (const int joint : mesh.joints)
    if (joint < 0 || joint >= joint_count)
      return "its skin names joint " + std::to_string(joint) + ", which does not exist";
  const std::size_t vertices = mesh.positions.size();
  if (mesh.binds.size() != mesh.joints.size() || mesh.influences.size() != vertices ||
      mesh.weights.size() != vertices || (!mesh.normals.empty() && mesh.normals.size() != vertices))
    return "its per-vertex arrays differ in length";
  if (vertices == 0 || mesh.indices.empty() || mesh.indices.size() % 3 != 0)
    return "it has " + std::to_string(vertices) + " vertices and " + std::to_string(mesh.indices.size()) +
           " triangle corners: no whole triangles";
  for (const std::uint32_t index : mesh.indices)
    if (index >= vertices)
      return "a triangle names vertex " + std::to_string(index) + " of " + std::to_string(vertices);
  for (const auto& influence : mesh.influences)
    for (const std::uint16_t joint : influence)
      if (joint >= mesh.joints.size())
        return "a vertex follows skin joint " + std::to_string(joint) + ", past the skin";
  const auto finite = [](const auto& v) {
    for (int c = 0; c < v.length(); ++c)
      if (!std::isfinite(v[c])) return false;
    return true;
  };
  for (const glm::vec3& p : mesh.positions)
    if (!finite(p)) return std::string("a vertex is not at a finite place");
  for (const glm::mat4& bind : mesh.binds) {
    const float determinant = glm::determinant(bind);
    if (!std::isfinite(determinant) || std::abs(determinant) < 1e-30f)
      return std::string("a joint's bind matrix cannot be inverted");
  }
  for (const glm::vec4& w : mesh.weights)
    if (!finite(w)) return std::string("a vertex weight is not a finite number");
  return std::nullopt;
}

}  // namespace bvhscope
