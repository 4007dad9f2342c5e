// Choosing a file's format from its content: the content tests of every format (format_registry.hpp)
// on the file's first bytes, then its extension when the content says nothing either way.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "anim/diagnostic.hpp"
#include "formats/format_registry.hpp"

namespace bvhscope {

// The format of bytes whose start is `head` (all of them when `whole`), named `source` (its
// extension decides only when no content test does). Refused, with a message at 1:1 naming what
// was found and the formats known: content no format recognises.
Result<const MotionFormat*> sniff_format(std::string_view head, bool whole, std::string_view source);

// The first bytes of a regular file (at most kSniffBytes), with whether they are all of it; nullopt
// when it is not a regular file or cannot be read (its format's reader then says why).
struct FileHead {
  std::string bytes;
  bool whole = false;
};
std::optional<FileHead> read_file_head(const std::string& path);

}  // namespace bvhscope
