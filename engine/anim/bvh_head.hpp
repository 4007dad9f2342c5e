// Loading only the start of a BVH file: the hierarchy and its first frames, for a preview (the
// thumbnailer) that must stay quick on a file of any length.
#pragma once

#include <cstddef>
#include <string>

#include "anim/clip.hpp"
#include "anim/result.hpp"

namespace bvhscope {

// The clip with at most `max_frames` frames (fewer when the file has fewer), reading the file no
// further than the end of the last of them. Warnings about the frames left unread are dropped; a
// damaged header or a damaged first frame is an error, located as a full load locates it.
Result<Clip> load_bvh_head(const std::string& path, std::size_t max_frames);

}  // namespace bvhscope
