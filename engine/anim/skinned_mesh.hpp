// A character's meshes skinned to a skeleton's joints: what an FBX or glTF file's skinned meshes
// are to bvhscope. A clip keeps its file's meshes (shared, never changed in place), so that what is
// written of it (convert; retarget onto its skeleton) carries them, moved along with every change
// of units, axes or sides. Bound in the skeleton's bind pose: every joint unturned (each channel's
// rotation 0) and standing at its `bind_places`.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/mat3x3.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace bvhscope {

struct SkinnedMesh {
  std::string name;
  std::vector<int> joints;                               // the skin's joints, as the skeleton's joint indices
  std::vector<glm::vec3> bind_places;                    // per skin joint, where it stands in the bind pose
  std::vector<glm::vec3> positions;                      // per vertex, in the bind pose
  std::vector<glm::vec3> normals;                        // per vertex, unit length
  std::vector<std::array<std::uint16_t, 4>> influences;  // per vertex, four indices into `joints`
  std::vector<glm::vec4> weights;                        // per vertex, the influences' weights (summing to 1)
  std::vector<std::uint32_t> indices;                    // triangles, counter-clockwise seen from outside
};

using SkinnedMeshes = std::shared_ptr<const std::vector<SkinnedMesh>>;

// What is wrong with `mesh` on a skeleton of `joint_count` joints, or nothing: no joints, or more
// than 65536; a joint out of range; per-vertex arrays of other lengths than the positions (normals
// may be absent); an influence past the skin's joints; indices not whole triangles or past the
// vertices; a value that is not a finite number.
std::optional<std::string> skinned_mesh_problem(const SkinnedMesh& mesh, int joint_count);

// The meshes with every length times `factor`; `meshes` itself when there are none.
SkinnedMeshes scaled_meshes(const SkinnedMeshes& meshes, double factor);
// The meshes with every place p at turn * p (a rotation: normals turn the same way).
SkinnedMeshes turned_meshes(const SkinnedMeshes& meshes, const glm::mat3& turn);
// The meshes mirrored across the plane through the origin across `axis` (0 X, 1 Y, 2 Z): their
// triangles turned over so that they still face out.
SkinnedMeshes reflected_meshes(const SkinnedMeshes& meshes, int axis);

}  // namespace bvhscope
