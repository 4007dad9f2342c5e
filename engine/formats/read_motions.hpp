// The reader seam: one entry point from a file (or bytes, for tests and the bundled sample) to the
// motions in it, whatever its format, chosen by content (sniff.hpp). Errors as located Diagnostics.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "anim/result.hpp"
#include "formats/format_registry.hpp"
#include "formats/motion_file.hpp"

namespace bvhscope {

// Reads the motions of the file at `path`. The format is chosen by the file's content; a file
// whose content no format recognises is read by the format its extension names (which says what
// is wrong with it), else refused at 1:1 with what was found and the formats known. Formats that
// stream do so (BVH: the hierarchy first, then the rows block by block, `options.progress` seeing
// them arrive). A file that is not a regular file or cannot be read gets its reader's message.
Result<MotionFile> read_motions(const std::string& path, const ReadOptions& options = {});

// The same from bytes already in memory, `source` naming them in messages (its extension counts as
// a path's does): the same motions and messages as read_motions on a file holding `bytes`.
Result<MotionFile> read_motions_from_bytes(std::string_view bytes, std::string_view source,
                                           const ReadOptions& options = {});

// The first motion of the file with at most `max_frames` frames, reading no further than they need
// where the format allows (a preview that stays quick on a file of any length: the thumbnailer).
Result<Clip> read_motion_head(const std::string& path, std::size_t max_frames);

// Whether the viewer and the CLI open `path` as a motion file: its extension is a known format's,
// or (an existing regular file with another name) its content is. Cheap: at most kSniffBytes read.
bool is_motion_file(const std::string& path);

// Whether `path`'s extension is a known format's (the rule for the files inside a folder).
bool has_motion_file_extension(std::string_view path) noexcept;

}  // namespace bvhscope
