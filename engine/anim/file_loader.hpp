// Reading BVH files from disk: a thin wrapper around parse_bvh with bounded, checked file access.
#pragma once

#include <cstdint>
#include <string>

#include "anim/clip.hpp"
#include "anim/result.hpp"

namespace bvhscope {

// Largest file read; a larger one is refused with a message rather than exhausting memory.
inline constexpr std::uint64_t kMaxFileBytes = std::uint64_t{4} << 30;

// Reads a whole regular file. Directories, FIFOs, devices and unreadable files are refused with a
// message naming the path ("walk.bvh: error: ..."); a file that shrinks while it is read yields
// what was there, one that grows is read up to its size when opened.
Result<std::string> read_text_file(const std::string& path);

// read_text_file + parse_bvh.
Result<Clip> load_bvh_file(const std::string& path);

}  // namespace bvhscope
