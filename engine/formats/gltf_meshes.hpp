// The skinned meshes of a glTF scene (a character), for the clip read from it: each mesh node with
// a skin whose joints are all in the skeleton, as it was bound (its vertices, and each joint's bind
// matrix in the skeleton's terms), skinned to the skeleton's joints. A mesh that cannot be
// carried (a skin joint outside the skeleton, no triangles, a broken accessor) is left out with a
// warning that says why: the motion is read either way.
#pragma once

#include <string_view>
#include <vector>

#include <tiny_gltf.h>

#include "anim/diagnostic.hpp"
#include "anim/skinned_mesh.hpp"

namespace bvhscope {

// `joint_of`: per node, its skeleton joint (-1: not in the skeleton); `parent`: per node, its
// parent node (-1: none; a tree, checked).
std::vector<SkinnedMesh> read_gltf_skinned_meshes(const tinygltf::Model& model, const std::vector<int>& joint_of,
                                                  const std::vector<int>& parent, std::string_view source,
                                                  std::vector<Diagnostic>& warnings);

}  // namespace bvhscope
