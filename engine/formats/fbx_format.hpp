// FBX behind the reader seam (.fbx, binary 7.x and ASCII): the scene as bvhscope reads binary FBX
// (fbx_binary_scene.hpp), or as Debian's assimp reads ASCII FBX in a child process (fbx_child.hpp);
// the file's unit (UnitScaleFactor) turned to metres and its axes to +Y up, then read as motions as
// glTF scenes are (gltf_motions.hpp): the bones meshes are skinned to and the animated nodes are
// the skeleton, every animation stack a motion.
#pragma once

#include <string_view>

#include "anim/result.hpp"
#include "formats/fbx_scene.hpp"
#include "formats/motion_file.hpp"
#include "formats/read_options.hpp"

namespace bvhscope {

Sniffed sniff_fbx(std::string_view head, bool whole);
// The motions of an FBX scene, however it was read (the tests compare the two readers with it).
Result<MotionFile> motions_of_fbx_scene(FbxScene scene, std::string_view source);
Result<MotionFile> read_fbx_bytes(std::string_view bytes, std::string_view source, const ReadOptions& options);

}  // namespace bvhscope
