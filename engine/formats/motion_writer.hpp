// Writing a clip to a motion file by its extension: BVH text, glTF (.glb binary, .gltf with its
// buffer embedded) or binary FBX, through a temporary file renamed into place once complete (an
// error leaves no file). What `convert` and `retarget` write, on the command line and in the viewer.
#pragma once

#include <string>
#include <string_view>

#include "anim/bvh_writer.hpp"
#include "anim/clip.hpp"
#include "anim/result.hpp"

namespace bvhscope {

enum class MotionFileKind : unsigned char { Bvh, Glb, Gltf, Fbx };

// BVH unless the path ends in .glb, .gltf or .fbx (any case).
MotionFileKind motion_file_kind(std::string_view path);

// How a motion file is written, beyond its kind.
struct MotionFileOptions {
  std::string motion_name;  // the glTF animation's or FBX take's name
  BvhWriteOptions bvh;      // BVH's number formats
  bool body = false;        // glTF: a skinned capsule body around the bones (convert --body)
};

// Writes `clip` (its positions in the add rule) to `path`, with its skinned meshes in glTF. What was
// written for people ("38 nodes, 32 animated properties"; empty for BVH), or the error: the writer's located refusal,
// or the system's reason located at `path`.
Result<std::string> write_motion_file(const Clip& clip, MotionFileKind kind, const std::string& path,
                                      const MotionFileOptions& options = {});

// What a `kind` file leaves out of `clip`, for a note: its skinned meshes in BVH ("the character's
// skinned mesh is left out: BVH holds no mesh (.glb, .gltf and .fbx keep it)"); empty when nothing
// is.
std::string meshes_left_out(const Clip& clip, MotionFileKind kind);

}  // namespace bvhscope
