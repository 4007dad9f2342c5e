// An FBX file's scene as bvhscope needs it: nodes with their local transforms, the bones meshes
// are skinned to, animation keys, the file's unit, axes and frame rate (fbx_binary_scene.hpp reads
// it from binary FBX, fbx_child.hpp through assimp from ASCII FBX).
#pragma once

#include <memory>
#include <memory_resource>
#include <string>
#include <string_view>
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/diagnostic.hpp"
#include "anim/huge_pages.hpp"
#include "anim/skinned_mesh.hpp"

namespace bvhscope {

struct FbxNode {
  std::string name;
  int parent = -1;        // an earlier node, or -1
  glm::dmat4 local{1.0};  // the node's transform in its parent's
  bool has_mesh = false;
};

// A property's keys: times in seconds, `width` floats a key (3: translation, scale; 4: rotation
// as x, y, z, w).
// The arrays are in the scene's key_memory (or the default resource).
struct FbxKeys {
  std::pmr::vector<float> times;
  std::pmr::vector<float> values;
};

struct FbxChannel {
  int node = 0;
  FbxKeys translation;
  FbxKeys rotation;
  FbxKeys scale;
};

struct FbxAnimation {
  std::string name;
  std::vector<FbxChannel> channels;
};

// A mesh skinned to some of the scene's nodes, as the file holds it: `mesh.joints` are nodes, its
// positions and normals in the mesh model's space (its geometric transform applied), `mesh.binds`
// empty.
struct FbxSkinnedMesh {
  int node = 0;  // the mesh's model
  SkinnedMesh mesh;
  // Per joint, from the mesh's space to the joint's at bind time, in the file's units and axes.
  std::vector<glm::dmat4> inverse_binds;
};

// The frame rate of FBX's TimeMode (GlobalSettings): 0 default, 1 120 fps, 2 100, 3 60, 4 50, 5 48,
// 6 30, 7 30 drop, 8 NTSC drop (29.97), 9 NTSC, 10 PAL (25), 11 24, 12 1000, 13 film (23.976),
// 14 custom (`custom`, within 0 to 10,000), 15 96, 16 72, 17 59.94. 0 for the default, an unknown
// mode, NaN, or a custom rate out of range: the file states none.
inline double fbx_frame_rate(double time_mode, double custom) noexcept {
  constexpr double kRates[] = {0.0,
                               120.0,
                               100.0,
                               60.0,
                               50.0,
                               48.0,
                               30.0,
                               30.0,
                               30000.0 / 1001.0,
                               30000.0 / 1001.0,
                               25.0,
                               24.0,
                               1000.0,
                               24000.0 / 1001.0,
                               0.0,
                               96.0,
                               72.0,
                               60000.0 / 1001.0};
  if (!(time_mode >= 0.0 && time_mode < 18.0)) return 0.0;
  const auto mode = static_cast<int>(time_mode);
  if (mode == 14) return custom > 0.0 && custom <= 1e4 ? custom : 0.0;
  return kRates[mode];
}

struct FbxScene {
  // Where a reader puts the keys (its threads' arenas), if not in the default resource; first, so
  // that it goes after the keys in it, and shared, so that it can go on with them.
  std::shared_ptr<SlotArenas> key_memory;
  std::vector<FbxNode> nodes;  // parents before children
  std::vector<int> bones;      // nodes meshes are skinned to
  std::vector<FbxAnimation> animations;
  std::vector<FbxSkinnedMesh> meshes;
  std::vector<Diagnostic> warnings;  // meshes left out, and why
  double metres_per_unit = 0.01;     // the file's UnitScaleFactor (centimetres a unit) in metres
  double frame_rate = 0.0;           // the file's TimeMode (or CustomFrameRate); 0 when it states none
  // The file's axes (UpAxis, FrontAxis, CoordAxis: 0 X, 1 Y, 2 Z; signs +1 or -1).
  int up_axis = 1;
  int up_sign = 1;
  int front_axis = 2;
  int front_sign = 1;
  int coord_axis = 0;
  int coord_sign = 1;
};

}  // namespace bvhscope
