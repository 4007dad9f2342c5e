// An FBX file's scene as bvhscope needs it: nodes with their local transforms, the bones meshes
// are skinned to, animation keys, the file's unit, axes and frame rate (fbx_binary_scene.hpp reads
// it from binary FBX, fbx_child.hpp through assimp from ASCII FBX).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <glm/mat4x4.hpp>

namespace bvhscope {

struct FbxNode {
  std::string name;
  int parent = -1;        // an earlier node, or -1
  glm::dmat4 local{1.0};  // the node's transform in its parent's
  bool has_mesh = false;
};

// A property's keys: times in seconds, `width` floats a key (3: translation, scale; 4: rotation
// as x, y, z, w).
struct FbxKeys {
  std::vector<float> times;
  std::vector<float> values;
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

struct FbxScene {
  std::vector<FbxNode> nodes;  // parents before children
  std::vector<int> bones;      // nodes meshes are skinned to
  std::vector<FbxAnimation> animations;
  double metres_per_unit = 0.01;  // the file's UnitScaleFactor (centimetres a unit) in metres
  double frame_rate = 0.0;        // the file's TimeMode (or CustomFrameRate); 0 when it states none
  // The file's axes (UpAxis, FrontAxis, CoordAxis: 0 X, 1 Y, 2 Z; signs +1 or -1).
  int up_axis = 1;
  int up_sign = 1;
  int front_axis = 2;
  int front_sign = 1;
  int coord_axis = 0;
  int coord_sign = 1;
};

}  // namespace bvhscope
