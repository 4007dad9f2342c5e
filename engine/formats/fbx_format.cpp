#include "formats/fbx_format.hpp"

#include <cstring>
#include <string>
#include <vector>

#include <tiny_gltf.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/mat3x3.hpp>

#include "formats/fbx_binary.hpp"
#include "formats/fbx_binary_scene.hpp"
#include "formats/fbx_child.hpp"
#include "formats/gltf_motions.hpp"

namespace bvhscope {
namespace {

// The rotation that turns the file's axes into +Y up, +Z front, +X right; identity (and false) for
// axes that are not a right-handed permutation.
bool axes_to_y_up(const FbxScene& scene, glm::dmat4& turn) {
  const int axes[3] = {scene.coord_axis, scene.up_axis, scene.front_axis};
  const int signs[3] = {scene.coord_sign, scene.up_sign, scene.front_sign};
  glm::dmat3 m(0.0);
  bool used[3] = {false, false, false};
  for (int row = 0; row < 3; ++row) {
    if (axes[row] < 0 || axes[row] > 2 || used[axes[row]] || (signs[row] != 1 && signs[row] != -1)) return false;
    used[axes[row]] = true;
    m[axes[row]][row] = signs[row];
  }
  if (glm::determinant(m) < 0.0) return false;
  turn = glm::dmat4(m);
  return true;
}

// `data` as an accessor of `model` (in its one buffer, made when first needed).
template <typename T>
int add_accessor(tinygltf::Model& model, const std::vector<T>& data, int component_type, int type) {
  if (model.buffers.empty()) model.buffers.emplace_back();
  std::vector<unsigned char>& bytes = model.buffers[0].data;
  const std::size_t offset = bytes.size();
  bytes.resize(offset + data.size() * sizeof(T));
  if (!data.empty()) std::memcpy(bytes.data() + offset, data.data(), data.size() * sizeof(T));
  tinygltf::BufferView view;
  view.buffer = 0;
  view.byteOffset = offset;
  view.byteLength = data.size() * sizeof(T);
  model.bufferViews.push_back(view);
  const int components = type == TINYGLTF_TYPE_SCALAR ? 1
                         : type == TINYGLTF_TYPE_VEC3 ? 3
                         : type == TINYGLTF_TYPE_VEC4 ? 4
                                                      : 16;
  tinygltf::Accessor accessor;
  accessor.bufferView = static_cast<int>(model.bufferViews.size() - 1);
  accessor.componentType = component_type;
  accessor.type = type;
  accessor.count = data.size() * sizeof(T) /
                   (tinygltf::GetComponentSizeInBytes(static_cast<std::uint32_t>(component_type)) *
                    static_cast<std::size_t>(components));
  model.accessors.push_back(accessor);
  return static_cast<int>(model.accessors.size() - 1);
}

// A skinned mesh of the scene as a glTF mesh and skin on its node (node `n + 1` of the model):
// the mesh in its own space, the skin's inverse bind matrices taking it to its bones'.
void add_skinned_mesh(tinygltf::Model& model, const FbxSkinnedMesh& fbx) {
  const SkinnedMesh& mesh = fbx.mesh;
  tinygltf::Primitive primitive;
  primitive.mode = TINYGLTF_MODE_TRIANGLES;
  std::vector<float> positions;
  for (const glm::vec3& p : mesh.positions) positions.insert(positions.end(), {p.x, p.y, p.z});
  primitive.attributes["POSITION"] = add_accessor(model, positions, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3);
  if (!mesh.normals.empty()) {
    std::vector<float> normals;
    for (const glm::vec3& n : mesh.normals) normals.insert(normals.end(), {n.x, n.y, n.z});
    primitive.attributes["NORMAL"] = add_accessor(model, normals, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC3);
  }
  std::vector<std::uint16_t> joints;
  for (const auto& influence : mesh.influences) joints.insert(joints.end(), influence.begin(), influence.end());
  primitive.attributes["JOINTS_0"] =
      add_accessor(model, joints, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, TINYGLTF_TYPE_VEC4);
  std::vector<float> weights;
  for (const glm::vec4& w : mesh.weights) weights.insert(weights.end(), {w.x, w.y, w.z, w.w});
  primitive.attributes["WEIGHTS_0"] = add_accessor(model, weights, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_VEC4);
  primitive.indices = add_accessor(model, mesh.indices, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR);
  tinygltf::Mesh out;
  out.name = mesh.name;
  out.primitives.push_back(std::move(primitive));
  model.meshes.push_back(std::move(out));
  tinygltf::Skin skin;
  std::vector<float> inverse_binds;
  for (std::size_t k = 0; k < mesh.joints.size(); ++k) {
    skin.joints.push_back(mesh.joints[k] + 1);
    const glm::mat4 matrix(fbx.inverse_binds[k]);
    inverse_binds.insert(inverse_binds.end(), glm::value_ptr(matrix), glm::value_ptr(matrix) + 16);
  }
  skin.inverseBindMatrices = add_accessor(model, inverse_binds, TINYGLTF_COMPONENT_TYPE_FLOAT, TINYGLTF_TYPE_MAT4);
  model.skins.push_back(std::move(skin));
  tinygltf::Node& node = model.nodes[static_cast<std::size_t>(fbx.node + 1)];
  node.mesh = static_cast<int>(model.meshes.size() - 1);
  node.skin = static_cast<int>(model.skins.size() - 1);
}

// The FBX scene as a glTF model: a top node holding the file's unit and axes, the file's nodes
// under it (their matrices as they are), one skin of the skinned bones, its skinned meshes, and an
// animation per stack
// of channels whose LINEAR keys are moved out of `scene` into `keys`.
tinygltf::Model as_gltf_model(FbxScene& scene, SceneKeys& keys, std::vector<Diagnostic>& warnings,
                              std::string_view source) {
  tinygltf::Model model;
  glm::dmat4 turn(1.0);
  if (!axes_to_y_up(scene, turn))
    warnings.push_back({std::string(source), 0, 0,
                        "its axes (up " + std::to_string(scene.up_axis) + ", front " +
                            std::to_string(scene.front_axis) + ", right " + std::to_string(scene.coord_axis) +
                            ") are not a right-handed set: read as they are"});
  const glm::dmat4 top_matrix = glm::scale(turn, glm::dvec3(scene.metres_per_unit));
  tinygltf::Node top;
  top.name = "FBX axes and units";
  top.matrix.assign(glm::value_ptr(top_matrix), glm::value_ptr(top_matrix) + 16);
  model.nodes.push_back(top);
  bool any_mesh = false;
  for (const FbxNode& node : scene.nodes) {
    tinygltf::Node out;
    out.name = node.name;
    out.matrix.assign(glm::value_ptr(node.local), glm::value_ptr(node.local) + 16);
    if (node.has_mesh) {
      out.mesh = 0;
      any_mesh = true;
    }
    model.nodes.push_back(std::move(out));
  }
  for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
    const int parent = scene.nodes[n].parent;
    model.nodes[static_cast<std::size_t>(parent + 1)].children.push_back(static_cast<int>(n + 1));
  }
  if (any_mesh) model.meshes.emplace_back();
  bool keyed = false;
  for (const FbxAnimation& stack : scene.animations) keyed = keyed || !stack.channels.empty();
  if (!scene.bones.empty()) {
    tinygltf::Skin skin;
    for (const int bone : scene.bones) skin.joints.push_back(bone + 1);
    model.skins.push_back(std::move(skin));
  } else if (!keyed) {
    // A skeleton with no mesh and no keys (a rig, or a one-frame motion, whose single keys assimp
    // leaves out): every node but assimp's root and meshes, as its rest pose.
    tinygltf::Skin skin;
    for (std::size_t n = 1; n < scene.nodes.size(); ++n)
      if (!scene.nodes[n].has_mesh) skin.joints.push_back(static_cast<int>(n + 1));
    if (!skin.joints.empty()) model.skins.push_back(std::move(skin));
  }
  for (const FbxSkinnedMesh& mesh : scene.meshes) add_skinned_mesh(model, mesh);
  // The animations' channels; their keys go to `keys` (moved, not copied into a buffer).
  for (FbxAnimation& stack : scene.animations) {
    tinygltf::Animation animation;
    animation.name = stack.name;
    std::vector<GltfSampler>& stack_keys = keys.emplace_back();
    for (FbxChannel& channel : stack.channels) {
      const auto add = [&](FbxKeys& part, int width, const char* path) {
        if (part.times.empty()) return;
        tinygltf::AnimationChannel target;
        target.sampler = static_cast<int>(animation.channels.size());
        target.target_node = channel.node + 1;
        target.target_path = path;
        animation.channels.push_back(target);
        // Moved in by construction: a move assignment would copy them out of the scene's key memory.
        stack_keys.push_back(
            GltfSampler{std::move(part.times), std::move(part.values), width, GltfInterpolation::Linear});
      };
      add(channel.translation, 3, "translation");
      add(channel.rotation, 4, "rotation");
      add(channel.scale, 3, "scale");
    }
    model.animations.push_back(std::move(animation));
  }
  return model;
}

}  // namespace

Sniffed sniff_fbx(std::string_view head, bool whole) {
  if (head.size() < kFbxBinaryMagic.size()) {
    if (!head.empty() && kFbxBinaryMagic.substr(0, head.size()) == head)
      return whole ? Sniffed::No : Sniffed::Undecided;
  } else if (head.substr(0, kFbxBinaryMagic.size()) == kFbxBinaryMagic) {
    return Sniffed::Yes;
  }
  // ASCII FBX: a "; FBX 7.4.0 project file" comment first, or its header's section name.
  const std::size_t start = head.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  if (head.substr(start, 5) == "; FBX" || head.find("FBXHeaderExtension:") != std::string_view::npos)
    return Sniffed::Yes;
  return Sniffed::No;
}

Result<MotionFile> motions_of_fbx_scene(FbxScene scene, std::string_view source) {
  SceneKeys keys;
  std::vector<Diagnostic> warnings = std::move(scene.warnings);
  const tinygltf::Model model = as_gltf_model(scene, keys, warnings, source);
  Result<MotionFile> file = motions_of_scene(model, source, "FBX", scene.frame_rate, &keys);
  if (!file) return file;
  for (Clip& clip : file.value().motions) clip.warnings.insert(clip.warnings.begin(), warnings.begin(), warnings.end());
  return file;
}

Result<MotionFile> read_fbx_bytes(std::string_view bytes, std::string_view source, const ReadOptions& /*options*/) {
  const bool binary = bytes.substr(0, kFbxBinaryMagic.size()) == kFbxBinaryMagic;
  Result<FbxScene> scene = binary ? read_fbx_binary_scene(bytes, source) : read_fbx_scene(bytes, source);
  if (!scene) return scene.error();
  return motions_of_fbx_scene(std::move(scene).value(), source);
}

}  // namespace bvhscope
