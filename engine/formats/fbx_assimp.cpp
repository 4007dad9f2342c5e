// The child's side of read_fbx_scene: assimp reads the FBX bytes and its scene becomes an FbxScene
// (fbx_assimp.hpp). Runs only in the child process fbx_child.cpp starts, which loads Debian's
// libassimp there and then (dlopen): bvhscope is not linked with it, so that no command pays to
// load and relocate it at start-up (about 8 ms of every `bvhscope info`) unless it reads an FBX.
#include "formats/fbx_assimp.hpp"

#include <assimp/cimport.h>
#include <assimp/config.h>
#include <assimp/scene.h>

#include <array>
#include <climits>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/runtime_library.hpp"

namespace bvhscope {
namespace {

// The functions of assimp's C interface this reader calls, found in the library loaded at run time
// (BVHSCOPE_ASSIMP_SONAME: the soname of the libassimp the build found, "libassimp.so.5" on Debian 12).
struct AssimpFunctions {
  decltype(&aiCreatePropertyStore) create_store = nullptr;
  decltype(&aiSetImportPropertyInteger) set_integer = nullptr;
  decltype(&aiImportFileFromMemoryWithProperties) import_from_memory = nullptr;
  decltype(&aiGetErrorString) error_string = nullptr;
  decltype(&aiReleaseImport) release_import = nullptr;
  decltype(&aiReleasePropertyStore) release_store = nullptr;
};

bool load_assimp(AssimpFunctions& functions, std::string& error) {
  const std::optional<io::RuntimeLibrary> library = io::RuntimeLibrary::open(BVHSCOPE_ASSIMP_SONAME, error);
  if (!library) {
    error = "cannot load " BVHSCOPE_ASSIMP_SONAME " (install libassimp5): " + error;
    return false;
  }
  library->find(functions.create_store, "aiCreatePropertyStore", error);
  library->find(functions.set_integer, "aiSetImportPropertyInteger", error);
  library->find(functions.import_from_memory, "aiImportFileFromMemoryWithProperties", error);
  library->find(functions.error_string, "aiGetErrorString", error);
  library->find(functions.release_import, "aiReleaseImport", error);
  library->find(functions.release_store, "aiReleasePropertyStore", error);
  return error.empty();
}

glm::dmat4 to_glm(const aiMatrix4x4& m) {
  glm::dmat4 out(1.0);
  const ai_real* rows[4] = {&m.a1, &m.b1, &m.c1, &m.d1};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) out[c][r] = static_cast<double>(rows[r][c]);
  return out;
}

template <typename T>
bool meta_number(const aiScene& scene, const char* key, T& value) {
  if (scene.mMetaData == nullptr) return false;
  int as_int = 0;
  float as_float = 0.0f;
  double as_double = 0.0;
  if (scene.mMetaData->Get(key, as_int)) {
    value = static_cast<T>(as_int);
    return true;
  }
  if (scene.mMetaData->Get(key, as_float)) {
    value = static_cast<T>(as_float);
    return true;
  }
  if (scene.mMetaData->Get(key, as_double)) {
    value = static_cast<T>(as_double);
    return true;
  }
  return false;
}

// The skinned meshes of `node` (assimp splits a model's mesh by material) as one mesh of the
// scene's node `index`: their vertices in the node's space, each bone's offset matrix (the mesh's
// vertices to the bone's space at bind time) its inverse bind matrix, the four heaviest bones a
// vertex. A mesh with a bone that is not a node, or without triangles, is left out with a warning.
void add_skinned_mesh(const aiScene& read, const aiNode& node, int index, const std::map<std::string, int>& by_name,
                      FbxScene& scene) {
  FbxSkinnedMesh out;
  out.node = index;
  out.mesh.name = node.mName.C_Str();
  std::map<std::string, std::uint16_t> joint_of;                       // bone name -> skin joint
  std::vector<std::vector<std::pair<float, std::uint16_t>>> bones_of;  // per vertex
  bool every_normal = true;
  const auto left_out = [&](const std::string& why) {
    scene.warnings.push_back({{}, 0, 0, "the skinned mesh of model '" + out.mesh.name + "' is left out: " + why});
  };
  for (unsigned i = 0; i < node.mNumMeshes; ++i) {
    if (node.mMeshes[i] >= read.mNumMeshes) continue;
    const aiMesh& mesh = *read.mMeshes[node.mMeshes[i]];
    if (mesh.mNumBones == 0 || mesh.mVertices == nullptr) continue;  // a part no skin deforms
    const auto base = static_cast<std::uint32_t>(out.mesh.positions.size());
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
      const aiVector3D& p = mesh.mVertices[v];
      out.mesh.positions.emplace_back(p.x, p.y, p.z);
      if (mesh.mNormals != nullptr)
        out.mesh.normals.emplace_back(mesh.mNormals[v].x, mesh.mNormals[v].y, mesh.mNormals[v].z);
    }
    every_normal = every_normal && mesh.mNormals != nullptr;
    bones_of.resize(out.mesh.positions.size());
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
      const aiBone& bone = *mesh.mBones[b];
      const std::string name = bone.mName.C_Str();
      auto joint = joint_of.find(name);
      if (joint == joint_of.end()) {
        const auto bone_node = by_name.find(name);
        if (bone_node == by_name.end()) return left_out("its bone '" + name + "' is not a node of the scene");
        if (out.mesh.joints.size() >= 65536) return left_out("more than 65536 bones skin it");
        joint = joint_of.emplace(name, static_cast<std::uint16_t>(out.mesh.joints.size())).first;
        out.mesh.joints.push_back(bone_node->second);
        out.inverse_binds.push_back(to_glm(bone.mOffsetMatrix));
      }
      for (unsigned w = 0; w < bone.mNumWeights; ++w) {
        const aiVertexWeight& weight = bone.mWeights[w];
        if (weight.mVertexId < mesh.mNumVertices && weight.mWeight > 0.0f && std::isfinite(weight.mWeight))
          bones_of[base + weight.mVertexId].emplace_back(weight.mWeight, joint->second);
      }
    }
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& face = mesh.mFaces[f];
      bool inside = true;
      for (unsigned c = 0; c < face.mNumIndices; ++c) inside = inside && face.mIndices[c] < mesh.mNumVertices;
      if (!inside) return left_out("a face names a vertex past its " + std::to_string(mesh.mNumVertices));
      for (unsigned c = 1; c + 1 < face.mNumIndices; ++c)  // a polygon fanned into triangles
        out.mesh.indices.insert(out.mesh.indices.end(),
                                {base + face.mIndices[0], base + face.mIndices[c], base + face.mIndices[c + 1]});
    }
  }
  if (out.mesh.joints.empty()) return;  // no part is skinned: a prop
  if (out.mesh.indices.empty()) return left_out("it has no triangles");
  if (!every_normal) out.mesh.normals.clear();
  for (auto& bones : bones_of) {
    std::array<std::uint16_t, 4> influence{};
    glm::vec4 weight(0.0f);
    heaviest_four(bones, influence, weight);  // none: all 0, bound to the top bone below
    out.mesh.influences.push_back(influence);
    out.mesh.weights.push_back(weight);
  }
  if (const std::size_t unweighted = bind_unweighted_to_top_joint(out.mesh); unweighted > 0)
    scene.warnings.push_back({{},
                              0,
                              0,
                              "the skinned mesh of model '" + out.mesh.name + "': " + std::to_string(unweighted) +
                                  " of its vertices are weighed by no bone: they follow its top bone"});
  scene.meshes.push_back(std::move(out));
}

}  // namespace

bool read_fbx_with_assimp(std::string_view bytes, FbxScene& scene, std::string& error) {
  AssimpFunctions assimp;
  if (!load_assimp(assimp, error)) return false;
  if (bytes.size() > UINT_MAX) {  // the C interface takes an unsigned int
    error = "a file over 4 GiB is more than assimp reads";
    return false;
  }
  aiPropertyStore* properties = assimp.create_store();
  // Pivots folded into the nodes they belong to (no "$AssimpFbx$" helper nodes in the skeleton).
  for (const char* off :
       {AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, AI_CONFIG_IMPORT_FBX_READ_TEXTURES, AI_CONFIG_IMPORT_FBX_READ_MATERIALS,
        AI_CONFIG_IMPORT_FBX_READ_CAMERAS, AI_CONFIG_IMPORT_FBX_READ_LIGHTS})
    assimp.set_integer(properties, off, 0);
  const aiScene* read =
      assimp.import_from_memory(bytes.data(), static_cast<unsigned>(bytes.size()), 0, "fbx", properties);
  assimp.release_store(properties);
  if (read == nullptr || read->mRootNode == nullptr) {
    const char* why = assimp.error_string();
    error = why != nullptr ? why : "";
    if (error.empty()) error = "assimp read no scene from it";
    if (read != nullptr) assimp.release_import(read);
    return false;
  }
  // Nodes, parents first (iterative: a deep chain is no recursion).
  std::map<std::string, int> by_name;
  std::vector<const aiNode*> mesh_nodes;  // per node, itself when it holds meshes
  std::vector<std::pair<const aiNode*, int>> stack{{read->mRootNode, -1}};
  while (!stack.empty()) {
    const auto [node, parent] = stack.back();
    stack.pop_back();
    FbxNode out;
    out.name = node->mName.C_Str();
    out.parent = parent;
    out.local = to_glm(node->mTransformation);
    out.has_mesh = node->mNumMeshes > 0;
    const int index = static_cast<int>(scene.nodes.size());
    by_name.emplace(out.name, index);  // the first of a name: animation channels name their node
    scene.nodes.push_back(std::move(out));
    mesh_nodes.push_back(node->mNumMeshes > 0 ? node : nullptr);
    for (unsigned c = node->mNumChildren; c > 0; --c) stack.emplace_back(node->mChildren[c - 1], index);
  }
  for (unsigned m = 0; m < read->mNumMeshes; ++m) {
    const aiMesh* mesh = read->mMeshes[m];
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
      const auto found = by_name.find(mesh->mBones[b]->mName.C_Str());
      if (found != by_name.end()) scene.bones.push_back(found->second);
    }
  }
  for (std::size_t n = 0; n < mesh_nodes.size(); ++n)
    if (mesh_nodes[n] != nullptr) add_skinned_mesh(*read, *mesh_nodes[n], static_cast<int>(n), by_name, scene);
  for (unsigned a = 0; a < read->mNumAnimations; ++a) {
    const aiAnimation* animation = read->mAnimations[a];
    const double ticks = animation->mTicksPerSecond > 0.0 ? animation->mTicksPerSecond : 25.0;
    FbxAnimation out;
    out.name = animation->mName.C_Str();
    for (unsigned c = 0; c < animation->mNumChannels; ++c) {
      const aiNodeAnim* channel = animation->mChannels[c];
      const auto found = by_name.find(channel->mNodeName.C_Str());
      if (found == by_name.end()) continue;
      FbxChannel keys;
      keys.node = found->second;
      for (unsigned k = 0; k < channel->mNumPositionKeys; ++k) {
        const aiVectorKey& key = channel->mPositionKeys[k];
        keys.translation.times.push_back(static_cast<float>(key.mTime / ticks));
        keys.translation.values.insert(keys.translation.values.end(), {key.mValue.x, key.mValue.y, key.mValue.z});
      }
      for (unsigned k = 0; k < channel->mNumRotationKeys; ++k) {
        const aiQuatKey& key = channel->mRotationKeys[k];
        keys.rotation.times.push_back(static_cast<float>(key.mTime / ticks));
        keys.rotation.values.insert(keys.rotation.values.end(),
                                    {key.mValue.x, key.mValue.y, key.mValue.z, key.mValue.w});
      }
      for (unsigned k = 0; k < channel->mNumScalingKeys; ++k) {
        const aiVectorKey& key = channel->mScalingKeys[k];
        keys.scale.times.push_back(static_cast<float>(key.mTime / ticks));
        keys.scale.values.insert(keys.scale.values.end(), {key.mValue.x, key.mValue.y, key.mValue.z});
      }
      out.channels.push_back(std::move(keys));
    }
    scene.animations.push_back(std::move(out));
  }
  double unit_scale = 1.0;  // centimetres a unit
  if (meta_number(*read, "UnitScaleFactor", unit_scale) && unit_scale > 0.0) scene.metres_per_unit = unit_scale * 0.01;
  int time_mode = 0;
  double custom = 0.0;
  meta_number(*read, "CustomFrameRate", custom);
  if (meta_number(*read, "FrameRate", time_mode)) scene.frame_rate = fbx_frame_rate(time_mode, custom);
  meta_number(*read, "UpAxis", scene.up_axis);
  meta_number(*read, "UpAxisSign", scene.up_sign);
  meta_number(*read, "FrontAxis", scene.front_axis);
  meta_number(*read, "FrontAxisSign", scene.front_sign);
  meta_number(*read, "CoordAxis", scene.coord_axis);
  meta_number(*read, "CoordAxisSign", scene.coord_sign);
  assimp.release_import(read);
  return true;
}

}  // namespace bvhscope
