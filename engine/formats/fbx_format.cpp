#include "formats/fbx_format.hpp"

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

// The FBX scene as a glTF model: a top node holding the file's unit and axes, the file's nodes
// under it (their matrices as they are), one skin of the skinned bones, and an animation per stack
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
  std::vector<Diagnostic> warnings;
  SceneKeys keys;
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
