// The two halves of reading BVH, shared by in-memory parsing and streaming file loads: the header
// (hierarchy, "Frames:", "Frame Time:") and the frame rows fed block by block.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "anim/bvh_parser.hpp"
#include "anim/clip.hpp"
#include "anim/result.hpp"

namespace bvhscope {

struct BvhHeader {
  Clip clip;  // skeleton, frame time, channel count and warnings so far; no rows yet
  std::uint64_t declared_frames = 0;
  std::size_t rows_offset = 0;  // where the rows region starts in the text (the frame time line's end)
  int rows_line = 0;            // the file line there
  int frames_line = 0;          // where "Frames:" gave its count
  int frames_column = 0;
};

// Parses everything up to the end of the "Frame Time:" line. `touched_end` (optional) tells whether
// the parser ran into the end of `text`: for a prefix of a file, the outcome may change with more.
Result<BvhHeader> parse_bvh_header(std::string_view text, std::string_view source, bool* touched_end = nullptr);

// A header line longer than this cannot be valid (names are limited to 4096 bytes); a streamed load
// stops reading for the header there.
inline constexpr std::size_t kMaxHeaderLineBytes = std::size_t{1} << 20;

// Longest frame line read; longer ones are refused ("frame N: its line is longer than ...").
constexpr std::size_t max_frame_line_bytes(int channels) noexcept {
  return std::size_t{64} * static_cast<std::size_t>(channels) + (std::size_t{1} << 20);
}

// A block of rows: starts at a line start, ends after a line end (or at the end of the text).
struct RowBlockText {
  std::string storage;         // owned bytes (streamed); empty when `view` points into caller memory
  std::string_view view;       // the block when `storage` is empty
  bool overlong_line = false;  // the block is the start of one line longer than max_frame_line_bytes
};

// Where row blocks come from: a text in memory, or a file read as it goes.
class BlockSource {
 public:
  virtual ~BlockSource() = default;
  // Bytes not yet handed out (the file's size minus what was read, for files).
  [[nodiscard]] virtual std::uint64_t remaining_bytes() const = 0;
  // The next block of about `block_bytes` bytes, or nullopt at the end.
  virtual Result<std::optional<RowBlockText>> next(std::size_t block_bytes) = 0;
  // Takes back the storage of a block that was parsed and committed, for reuse.
  virtual void recycle(std::string /*storage*/) {}
};

// Parses the rows into header.clip (its motion table, frame count and warnings), on worker threads
// for large inputs. Returns the error that stops the load, if any.
std::optional<Diagnostic> parse_rows(BvhHeader& header, BlockSource& blocks, const ParseOptions& options,
                                     LoadProgress* progress);

}  // namespace bvhscope
