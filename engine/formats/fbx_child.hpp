// An FBX file's scene (fbx_scene.hpp) read by Debian's assimp in a child process: assimp is a
// shared library bvhscope cannot build with its sanitizers or fuzz, so a hostile file may crash or
// exhaust only that child (its memory and CPU time are limited), and what it sends back is checked
// before it is believed.
#pragma once

#include <string>
#include <string_view>

#include "anim/result.hpp"
#include "formats/fbx_scene.hpp"

namespace bvhscope {

// The scene of the FBX file `bytes`, named `source` in messages.
Result<FbxScene> read_fbx_scene(std::string_view bytes, std::string_view source);

// The child's report, as it crosses the pipe (exposed for tests of the checks on it).
std::string encode_fbx_scene(const FbxScene& scene);
Result<FbxScene> decode_fbx_scene(std::string_view bytes, std::string_view source);

}  // namespace bvhscope
