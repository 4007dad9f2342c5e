// A glTF 2.0 file (.glb, or .gltf with embedded or external buffers) parsed into tinygltf's model,
// bounded: external buffers are read only from the file's own folder (no absolute paths, no "..")
// and only up to a size limit, images are never decoded, and tinygltf's messages become located
// diagnostics.
#pragma once

#include <string_view>

#include <tiny_gltf.h>

#include "anim/result.hpp"

namespace bvhscope {

// The most bytes of external buffers one glTF file may pull in (its own bytes are the caller's).
inline constexpr std::size_t kMaxGltfExternalBytes = std::size_t{4} << 30;

// `bytes` (a GLB when they start with "glTF", else JSON) named `source`, whose folder holds the
// external buffers it refers to.
Result<tinygltf::Model> read_gltf_document(std::string_view bytes, std::string_view source);

}  // namespace bvhscope
