// Writing a converted or retargeted clip to the file -o names (formats/motion_file.hpp), its error
// printed for the command line.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "anim/bvh_writer.hpp"
#include "anim/clip.hpp"
#include "formats/motion_writer.hpp"

namespace bvhscope::cli {

// The refusal of --body for anything but glTF (convert and retarget say it the same).
inline constexpr const char* kBodyIsForGltf =
    "--body is for glTF (-o OUT.glb or OUT.gltf, or --format glb|gltf): a skinned capsule body for viewers that show "
    "meshes only";

// What was written ("38 nodes, 32 animated properties"; empty for BVH), or nullopt after printing
// the located error on `err` ("...; nothing was written" for a writer's refusal): nothing is left
// at `path` then.
std::optional<std::string> write_motion_file_reporting(const Clip& clip, MotionFileKind kind, const std::string& path,
                                                       const MotionFileOptions& options, std::ostream& err);

}  // namespace bvhscope::cli
