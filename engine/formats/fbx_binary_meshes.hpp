// The skinned meshes of a binary FBX file (fbx_binary.hpp's records): a mesh model's Geometry
// (Vertices, PolygonVertexIndex, the first LayerElementNormal) and its Skin's clusters (Indexes,
// Weights, TransformLink), as an FbxSkinnedMesh. Polygons are fanned into triangles; a control
// point is split where its corners have different normals; each vertex keeps its four heaviest
// bones, their weights summing to 1. The scene reader (fbx_binary_scene.cpp) finds the records.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/result.hpp"
#include "formats/fbx_binary.hpp"
#include "formats/fbx_scene.hpp"

namespace bvhscope {

struct FbxClusterRecord {
  int record = -1;  // the Deformer (Cluster) record
  int bone = -1;    // the node of the model it binds
};

struct FbxMeshRecords {
  std::string name;
  int node = 0;       // the mesh's model
  int geometry = -1;  // its Geometry record
  // The mesh's geometric transform (GeometricTranslation, Rotation, Scaling: applied to its
  // vertices) and its model's place in the scene at bind time (its BindPose matrix, or its place at
  // rest), in the file's units.
  glm::dmat4 geometric{1.0};
  glm::dmat4 bind_place{1.0};
  std::vector<FbxClusterRecord> clusters;
};

// The mesh, or why it cannot be carried (an error located at its record); what is left out of a
// mesh that is read (its normals, when they do not fit) is added to `notes`.
Result<FbxSkinnedMesh> read_fbx_skinned_mesh(FbxTree& tree, const FbxMeshRecords& records, std::string_view source,
                                             std::vector<std::string>& notes);

}  // namespace bvhscope
