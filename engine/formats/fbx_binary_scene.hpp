// A binary FBX file's scene (fbx_scene.hpp) read by bvhscope itself (fbx_binary.hpp) instead of
// assimp in a child process: ten to twenty times faster, and fuzzed with the rest. The models
// (LimbNode, Null, Mesh...) under the scene's root as nodes, each transform as the FBX SDK composes
// it (translation, rotation offset and pivot, pre-rotation, the Euler rotation in its order,
// post-rotation, scaling offset and pivot, scaling; a model's missing properties from the file's
// template); every animation stack an animation, each animated model keyed at every time one of
// its curves has a key (curves interpolated linearly, constant keys held), within the stack's
// local time span; the bones skin clusters bind; the unit, axes and frame rate of GlobalSettings.
#pragma once

#include <string_view>

#include "anim/result.hpp"
#include "formats/fbx_scene.hpp"

namespace bvhscope {

Result<FbxScene> read_fbx_binary_scene(std::string_view bytes, std::string_view source);

}  // namespace bvhscope
