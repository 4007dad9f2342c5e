#include "anim/bvh_head.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>

#include "anim/bvh_header.hpp"
#include "anim/bvh_parser.hpp"

namespace bvhscope {

namespace {

// Where the `count`th line end after `from` is in `text` (one past it), or nullopt when there are
// fewer.
std::optional<std::size_t> end_of_lines(const std::string& text, std::size_t from, std::size_t count) {
  std::size_t position = from;
  for (std::size_t line = 0; line < count; ++line) {
    const std::size_t end = text.find('\n', position);
    if (end == std::string::npos) return std::nullopt;
    position = end + 1;
  }
  return position;
}

}  // namespace

Result<Clip> load_bvh_head(const std::string& path, std::size_t max_frames) {
  std::error_code status_error;
  if (std::filesystem::is_directory(path, status_error))
    return Diagnostic{path, 0, 0, "cannot read: it is a folder, not a file"};
  std::ifstream file(path, std::ios::binary);
  if (!file) return Diagnostic{path, 0, 0, std::string("cannot open: ") + std::strerror(errno)};

  std::string text;
  std::size_t chunk = std::size_t{64} << 10;
  std::optional<std::size_t> cut;  // where the text handed to the parser ends
  while (!cut) {
    const std::size_t old_size = text.size();
    text.resize(old_size + chunk);
    file.read(text.data() + old_size, static_cast<std::streamsize>(chunk));
    text.resize(old_size + static_cast<std::size_t>(file.gcount()));
    if (file.bad()) return Diagnostic{path, 0, 0, std::string("cannot read: ") + std::strerror(errno)};
    const bool at_end = file.eof();
    bool touched_end = false;
    const Result<BvhHeader> header = parse_bvh_header(text, path, &touched_end);
    if (header.ok() && header.value().rows_offset < text.size()) {
      // rows_offset is where the frame time's value ends: the frame lines start after its line end.
      if (const std::size_t line_end = text.find('\n', header.value().rows_offset); line_end != std::string::npos)
        cut = end_of_lines(text, line_end + 1, max_frames);
    } else if (!header.ok() && !touched_end) {
      return header.error();  // a damaged header: more text cannot mend it
    } else if (text.size() - std::min(text.size(), text.find_last_of('\n') + 1) > kMaxHeaderLineBytes) {
      cut = text.size();  // a runaway header line: the parser says what is wrong with it
    }
    if (!cut && at_end) cut = text.size();
    chunk = std::max(chunk, text.size());
  }
  text.resize(*cut);

  Result<Clip> parsed = parse_bvh(text, path);
  if (!parsed) return parsed;
  Clip clip = std::move(parsed).value();
  clip.warnings.clear();  // the frames not read, mostly: a preview has nothing to say about them
  return clip;
}

}  // namespace bvhscope
