#include "formats/gltf_meshes.hpp"

#include <cmath>
#include <optional>
#include <string>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>

#include "formats/gltf_accessors.hpp"

namespace bvhscope {
namespace {

// A node's transform in its parent's: its matrix, or translation * rotation * scale.
glm::dmat4 node_matrix(const tinygltf::Node& node) {
  if (node.matrix.size() == 16) return glm::make_mat4(node.matrix.data());
  glm::dmat4 m(1.0);
  if (node.translation.size() == 3)
    m = glm::translate(m, glm::dvec3(node.translation[0], node.translation[1], node.translation[2]));
  if (node.rotation.size() == 4) {
    const glm::dquat q(node.rotation[3], node.rotation[0], node.rotation[1], node.rotation[2]);
    const double length = glm::length(q);
    if (length > 1e-12 && std::isfinite(length)) m = m * glm::mat4_cast(q / length);
  }
  if (node.scale.size() == 3) m = glm::scale(m, glm::dvec3(node.scale[0], node.scale[1], node.scale[2]));
  return m;
}

// Every node's transform in the scene at rest (its ancestors' and its own).
std::vector<glm::dmat4> rest_globals(const tinygltf::Model& model, const std::vector<int>& parent) {
  const std::size_t nodes = model.nodes.size();
  std::vector<glm::dmat4> global(nodes, glm::dmat4(1.0));
  std::vector<char> done(nodes, 0);
  std::vector<int> chain;
  for (std::size_t n = 0; n < nodes; ++n) {
    chain.clear();
    for (int at = static_cast<int>(n); at != -1 && !done[static_cast<std::size_t>(at)];
         at = parent[static_cast<std::size_t>(at)])
      chain.push_back(at);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const auto at = static_cast<std::size_t>(*it);
      const int up = parent[at];
      global[at] = (up == -1 ? glm::dmat4(1.0) : global[static_cast<std::size_t>(up)]) * node_matrix(model.nodes[at]);
      done[at] = 1;
    }
  }
  return global;
}

// The mesh of node `n` skinned as `skin` says, at rest; or why it cannot be carried.
Result<SkinnedMesh> skinned_mesh(const tinygltf::Model& model, std::size_t n, const std::vector<int>& joint_of,
                                 const std::vector<glm::dmat4>& global, std::string_view source) {
  const tinygltf::Node& node = model.nodes[n];
  const auto fail = [&](const std::string& problem) { return Diagnostic{std::string(source), 0, 0, problem}; };
  if (node.mesh < 0 || static_cast<std::size_t>(node.mesh) >= model.meshes.size())
    return fail("its mesh " + std::to_string(node.mesh) + " does not exist");
  if (node.skin < 0 || static_cast<std::size_t>(node.skin) >= model.skins.size())
    return fail("its skin " + std::to_string(node.skin) + " does not exist");
  const tinygltf::Mesh& mesh = model.meshes[static_cast<std::size_t>(node.mesh)];
  const tinygltf::Skin& skin = model.skins[static_cast<std::size_t>(node.skin)];
  SkinnedMesh out;
  out.name = !node.name.empty() ? node.name : !mesh.name.empty() ? mesh.name : "mesh " + std::to_string(node.mesh);
  if (skin.joints.empty() || skin.joints.size() > 65536)
    return fail("its skin has " + std::to_string(skin.joints.size()) + " joints");
  // The mesh's vertices are kept where the node's place at rest puts them (for a skinned mesh it
  // is only a frame to hold them in: the skin alone places them); each skin joint's bind matrix is
  // its world matrix in the skeleton's terms (unturned at rest) when the mesh was bound.
  const double place_determinant = glm::determinant(global[n]);
  const bool placeable = std::isfinite(place_determinant) && std::abs(place_determinant) > 1e-300;
  const glm::dmat4 place = placeable ? global[n] : glm::dmat4(1.0);
  const glm::dmat3 normal_turn = glm::transpose(glm::inverse(glm::dmat3(place)));
  // Each skin joint's matrix from the mesh's vertices to where the skin puts them at rest: its place
  // at rest times its inverse bind matrix.
  std::vector<glm::dmat4> to_rest(skin.joints.size(), glm::dmat4(1.0));
  std::vector<float> inverse_binds;
  if (skin.inverseBindMatrices >= 0) {
    Result<std::vector<float>> read =
        read_float_accessor(model, skin.inverseBindMatrices, 16, false, "its inverse bind matrices", source);
    if (!read) return read.error();
    inverse_binds = std::move(read).value();
    if (inverse_binds.size() < skin.joints.size() * 16)
      return fail(std::to_string(inverse_binds.size() / 16) + " inverse bind matrices for " +
                  std::to_string(skin.joints.size()) + " joints");
  }
  for (std::size_t k = 0; k < skin.joints.size(); ++k) {
    const int joint_node = skin.joints[k];
    if (joint_node < 0 || static_cast<std::size_t>(joint_node) >= model.nodes.size())
      return fail("its skin names node " + std::to_string(joint_node) + ", which does not exist");
    const int joint = joint_of[static_cast<std::size_t>(joint_node)];
    if (joint < 0)
      return fail("its skin's joint '" + model.nodes[static_cast<std::size_t>(joint_node)].name +
                  "' is not in the skeleton read");
    out.joints.push_back(joint);
    const glm::dmat4& at_rest = global[static_cast<std::size_t>(joint_node)];
    to_rest[k] = inverse_binds.empty() ? at_rest : at_rest * glm::dmat4(glm::make_mat4(inverse_binds.data() + k * 16));
    // The joint at rest stands unturned at its place: at bind time it was where the skin's matrix
    // from rest back to bind time puts it.
    const double determinant = glm::determinant(to_rest[k]);
    if (!std::isfinite(determinant) || std::abs(determinant) < 1e-300)
      return fail("the inverse bind matrix of its joint '" + model.nodes[static_cast<std::size_t>(joint_node)].name +
                  "' cannot be inverted");
    out.binds.emplace_back(place * glm::inverse(to_rest[k]) * glm::translate(glm::dmat4(1.0), glm::dvec3(at_rest[3])));
  }
  for (std::size_t p = 0; p < mesh.primitives.size(); ++p) {
    const tinygltf::Primitive& primitive = mesh.primitives[p];
    if (primitive.mode != -1 && primitive.mode != TINYGLTF_MODE_TRIANGLES) continue;  // points, lines, strips
    const auto attribute = [&](const char* name) {
      const auto found = primitive.attributes.find(name);
      return found == primitive.attributes.end() ? -1 : found->second;
    };
    const std::string what = "primitive " + std::to_string(p);
    if (attribute("POSITION") < 0 || attribute("JOINTS_0") < 0 || attribute("WEIGHTS_0") < 0)
      return fail(what + " has no POSITION, JOINTS_0 or WEIGHTS_0");
    Result<std::vector<float>> positions =
        read_float_accessor(model, attribute("POSITION"), 3, false, what + "'s positions", source);
    if (!positions) return positions.error();
    const std::size_t count = positions.value().size() / 3;
    Result<std::vector<float>> joints =
        read_float_accessor(model, attribute("JOINTS_0"), 4, false, what + "'s joints", source);
    if (!joints) return joints.error();
    Result<std::vector<float>> weights =
        read_float_accessor(model, attribute("WEIGHTS_0"), 4, true, what + "'s weights", source);
    if (!weights) return weights.error();
    std::optional<std::vector<float>> normals;
    if (attribute("NORMAL") >= 0) {
      Result<std::vector<float>> read = read_float_accessor(model, attribute("NORMAL"), 3, false, what, source);
      if (read && read.value().size() == count * 3) normals = std::move(read).value();
    }
    if (joints.value().size() != count * 4 || weights.value().size() != count * 4)
      return fail(what + "'s joints or weights are not one a vertex");
    const auto first = static_cast<std::uint32_t>(out.positions.size());
    for (std::size_t v = 0; v < count; ++v) {
      std::array<std::uint16_t, 4> influence{};
      glm::dvec4 weight(0.0);
      for (std::size_t i = 0; i < 4; ++i) {
        const float joint = joints.value()[v * 4 + i];
        const float w = weights.value()[v * 4 + i];
        if (w == 0.0f) continue;
        if (!(joint >= 0.0f && joint < static_cast<float>(skin.joints.size())) || !(w > 0.0f))
          return fail(what + ": vertex " + std::to_string(v) + " follows joint " + std::to_string(joint) +
                      " with weight " + std::to_string(w) + " (its skin has " + std::to_string(skin.joints.size()) +
                      " joints)");
        influence[i] = static_cast<std::uint16_t>(joint);
        weight[static_cast<int>(i)] = static_cast<double>(w);
      }
      const double sum = weight.x + weight.y + weight.z + weight.w;
      if (!(sum > 0.0)) return fail(what + ": vertex " + std::to_string(v) + " has no weight");
      weight /= sum;
      const float* p3 = positions.value().data() + v * 3;
      out.positions.emplace_back(glm::dvec3(place * glm::dvec4(p3[0], p3[1], p3[2], 1.0)));
      if (normals) {
        const float* n3 = normals->data() + v * 3;
        const glm::dvec3 turned = normal_turn * glm::dvec3(n3[0], n3[1], n3[2]);
        const double length = glm::length(turned);
        out.normals.emplace_back(length > 1e-12 ? turned / length : glm::dvec3(0.0, 1.0, 0.0));
      }
      out.influences.push_back(influence);
      out.weights.emplace_back(weight);
    }
    if (primitive.indices >= 0) {
      Result<std::vector<float>> indices =
          read_float_accessor(model, primitive.indices, 1, false, what + "'s indices", source);
      if (!indices) return indices.error();
      for (const float index : indices.value()) {
        if (!(index >= 0.0f && index < static_cast<float>(count)))
          return fail(what + " names vertex " + std::to_string(index) + " of " + std::to_string(count));
        out.indices.push_back(first + static_cast<std::uint32_t>(index));
      }
    } else {
      for (std::size_t v = 0; v < count; ++v) out.indices.push_back(first + static_cast<std::uint32_t>(v));
    }
    out.indices.resize(out.indices.size() - (out.indices.size() % 3));  // whole triangles
  }
  if (!out.normals.empty() && out.normals.size() != out.positions.size()) out.normals.clear();  // some had none
  if (out.indices.empty()) return fail("it has no triangles");
  return out;
}

}  // namespace

std::vector<SkinnedMesh> read_gltf_skinned_meshes(const tinygltf::Model& model, const std::vector<int>& joint_of,
                                                  const std::vector<int>& parent, std::string_view source,
                                                  std::vector<Diagnostic>& warnings) {
  std::vector<SkinnedMesh> meshes;
  std::vector<glm::dmat4> global;
  for (std::size_t n = 0; n < model.nodes.size(); ++n) {
    const tinygltf::Node& node = model.nodes[n];
    if (node.mesh < 0 || node.skin < 0) continue;
    if (global.empty()) global = rest_globals(model, parent);
    Result<SkinnedMesh> mesh = skinned_mesh(model, n, joint_of, global, source);
    if (!mesh) {
      Diagnostic warning = mesh.error();
      warning.message =
          "the skinned mesh of node " + std::to_string(n) + " ('" + node.name + "') is left out: " + warning.message;
      warnings.push_back(std::move(warning));
      continue;
    }
    meshes.push_back(std::move(mesh).value());
  }
  return meshes;
}

}  // namespace bvhscope
