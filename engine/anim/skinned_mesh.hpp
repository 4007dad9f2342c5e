// A character's meshes skinned to a skeleton's joints: what an FBX or glTF file's skinned meshes
// are to bvhscope. A clip keeps its file's meshes (shared, never changed in place), so that what is
// written of it (convert; retarget onto its skeleton) carries them, moved along with every change
// of units, axes or sides. Each mesh is kept as its file bound it: its vertices where they were
// and each joint's world matrix then (`binds`, in the skeleton's terms: a joint of the zero pose is
// unturned), so that a vertex between joints moves exactly as in the file, whatever pose the
// skeleton's zero pose is.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace bvhscope {

struct SkinnedMesh {
  std::string name;
  std::vector<int> joints;                               // the skin's joints, as the skeleton's joint indices
  std::vector<glm::mat4> binds;                          // per skin joint, its world matrix when the mesh was bound
  std::vector<glm::vec3> positions;                      // per vertex, where it was bound
  std::vector<glm::vec3> normals;                        // per vertex, unit length
  std::vector<std::array<std::uint16_t, 4>> influences;  // per vertex, four indices into `joints`
  std::vector<glm::vec4> weights;                        // per vertex, the influences' weights (summing to 1)
  std::vector<std::uint32_t> indices;                    // triangles, counter-clockwise seen from outside
};

using SkinnedMeshes = std::shared_ptr<const std::vector<SkinnedMesh>>;

// What is wrong with `mesh` on a skeleton of `joint_count` joints, or nothing: no joints, or more
// than 65536; a joint out of range; a bind matrix that cannot be inverted; per-vertex arrays of other lengths than the
// positions (normals may be absent); an influence past the skin's joints; indices not whole triangles or past the
// vertices; a value that is not a finite number.
std::optional<std::string> skinned_mesh_problem(const SkinnedMesh& mesh, int joint_count);

// A vertex's influences from the bones that weigh it (weight, skin joint; weights above 0, in any
// order, sorted here): the four heaviest, their weights summing to 1. False, with none, when no
// bone weighs it.
bool heaviest_four(std::vector<std::pair<float, std::uint16_t>>& bones, std::array<std::uint16_t, 4>& influence,
                   glm::vec4& weight);

// Binds each vertex of `mesh` that no joint weighs (its weights all 0) wholly to the skin's top
// joint, the one of the lowest index in `mesh.joints` (nodes and joints are numbered parents
// first); returns how many there were.
std::size_t bind_unweighted_to_top_joint(SkinnedMesh& mesh);

// The meshes with every length times `factor`; `meshes` itself when there are none.
SkinnedMeshes scaled_meshes(const SkinnedMeshes& meshes, double factor);
// The meshes with every place p at turn * p (a rotation: normals turn the same way, and a bind
// matrix B becomes turn * B * turn^-1, as the skeleton's joints turn).
SkinnedMeshes turned_meshes(const SkinnedMeshes& meshes, const glm::mat3& turn);
// The meshes mirrored across the plane through the origin across `axis` (0 X, 1 Y, 2 Z): their
// triangles turned over so that they still face out.
SkinnedMeshes reflected_meshes(const SkinnedMeshes& meshes, int axis);

}  // namespace bvhscope
