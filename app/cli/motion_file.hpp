// Writing a converted or retargeted clip to the file -o names: BVH text, or glTF (.glb, .gltf) or
// binary FBX by the extension, through a temporary file renamed into place once complete.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "anim/bvh_writer.hpp"
#include "anim/clip.hpp"

namespace bvhscope::cli {

enum class OutputKind : unsigned char { Bvh, Glb, Gltf, Fbx };

// BVH unless the path ends in .glb, .gltf or .fbx (any case).
OutputKind output_kind(std::string_view path);
// "BVH", "glTF", "FBX".
std::string_view output_kind_name(OutputKind kind) noexcept;

// Writes `clip` (its positions in the add rule) to `path` as `kind`, the glTF animation or FBX
// take named `motion_name`. On success, what was written for people ("38 nodes, 32 animated
// properties"; empty for BVH). On failure, the located error printed on `err` and nullopt: nothing
// is left at `path`.
std::optional<std::string> write_motion_file(const Clip& clip, OutputKind kind, const std::string& path,
                                             const std::string& motion_name, const BvhWriteOptions& bvh,
                                             std::ostream& err);

}  // namespace bvhscope::cli
