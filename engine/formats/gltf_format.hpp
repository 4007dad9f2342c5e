// glTF 2.0 behind the reader seam (.glb, .gltf): the file parsed (gltf_document.hpp), then its
// skins, nodes and animations read as motions (gltf_motions.hpp).
#pragma once

#include <string_view>

#include "anim/result.hpp"
#include "formats/motion_file.hpp"
#include "formats/read_options.hpp"

namespace bvhscope {

Sniffed sniff_gltf(std::string_view head, bool whole);
Result<MotionFile> read_gltf_bytes(std::string_view bytes, std::string_view source, const ReadOptions& options);

}  // namespace bvhscope
