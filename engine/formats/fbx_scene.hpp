// An FBX file's scene as bvhscope needs it (nodes with their local transforms, the bones meshes
// are skinned to, animation keys, the file's unit and axes), read by Debian's assimp in a child
// process: assimp is a shared library bvhscope cannot build with its sanitizers or fuzz, so a
// hostile file may crash or exhaust only that child (its memory and CPU time are limited), and
// what it sends back is checked before it is believed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <glm/mat4x4.hpp>

#include "anim/result.hpp"

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

// The scene of the FBX file `bytes`, named `source` in messages.
Result<FbxScene> read_fbx_scene(std::string_view bytes, std::string_view source);

// The child's report, as it crosses the pipe (exposed for tests of the checks on it).
std::string encode_fbx_scene(const FbxScene& scene);
Result<FbxScene> decode_fbx_scene(std::string_view bytes, std::string_view source);

}  // namespace bvhscope
