// BVH behind the reader seam: the streaming file load, the parse of bytes and the preview of a
// file's first frames (engine/anim's parser), each handing out one motion.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "anim/result.hpp"
#include "formats/motion_file.hpp"
#include "formats/read_options.hpp"

namespace bvhscope {

// BVH's content test: HIERARCHY (any case) as the first word, after an optional UTF-8 byte-order
// mark and blank space.
Sniffed sniff_bvh(std::string_view head, bool whole);

Result<MotionFile> read_bvh_path(const std::string& path, const ReadOptions& options);
Result<MotionFile> read_bvh_bytes(std::string_view bytes, std::string_view source, const ReadOptions& options);
Result<Clip> read_bvh_head(const std::string& path, std::size_t max_frames);

}  // namespace bvhscope
