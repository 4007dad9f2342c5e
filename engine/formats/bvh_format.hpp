// BVH behind the reader seam: the streaming file load, the parse of bytes and the preview of a
// file's first frames (engine/anim's parser), each handing out one motion.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "formats/format_registry.hpp"

namespace bvhscope {

Result<MotionFile> read_bvh_path(const std::string& path, const ReadOptions& options);
Result<MotionFile> read_bvh_bytes(std::string_view bytes, std::string_view source, const ReadOptions& options);
Result<Clip> read_bvh_head(const std::string& path, std::size_t max_frames);

}  // namespace bvhscope
