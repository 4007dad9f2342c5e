// Debian's assimp reading an FBX file into an FbxScene: only ever called in the child process
// read_fbx_scene starts (fbx_child.hpp), never in bvhscope's own process.
#pragma once

#include <string>
#include <string_view>

#include "formats/fbx_scene.hpp"

namespace bvhscope {

// The scene of FBX `bytes`, or false with assimp's message in `error`.
bool read_fbx_with_assimp(std::string_view bytes, FbxScene& scene, std::string& error);

}  // namespace bvhscope
