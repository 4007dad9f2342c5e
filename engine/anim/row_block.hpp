// One block of frame rows parsed on its own (possibly on a worker thread): the values of its
// complete rows, its line count, and the first problem in it, in block-local terms that the
// in-order assembler turns into global frame numbers and file locations.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "anim/number_parser.hpp"

namespace bvhscope {

enum class RowStop : std::uint8_t {
  None,           // every row of the block parsed
  ShortRow,       // a row with fewer values than channels
  BadValue,       // a token that is not a number, or out of range
  TooManyValues,  // a row with more values than channels
  NulByte,        // a NUL byte (binary data) in the stopping row; stop_line/stop_column locate it
};

struct RowBlockResult {
  std::vector<float> values;  // rows × channels, complete rows only
  std::size_t rows = 0;       // complete rows parsed before any stop
  int line_breaks = 0;        // line ends in the whole block (LF, CRLF and CR each count once)

  RowStop stop = RowStop::None;
  int stop_line = 0;      // block-local line (0 = the block's first line) of the stop
  int stop_column = 0;    // 1-based
  int values_in_row = 0;  // values read in the stopping row before the stop
  NumberStatus number_status = NumberStatus::Ok;
  std::string token;                // the offending token (BadValue)
  bool cut_at_end = false;          // ShortRow/BadValue: nothing but whitespace follows in the block,
                                    // and for BadValue the token looks like a number cut off there
  std::size_t rows_after_stop = 0;  // non-blank lines after the stopping row, in this block
  // The first NUL byte in the lines only counted (after the stopping row, or past `max_rows`):
  // block-local line and 1-based column; nul_line is -1 when there is none.
  int nul_line = -1;
  int nul_column = 0;
};

// Parses rows of `channels` values from `block`, which starts at a line start and ends at a line end
// or at the end of the text. At most `max_rows` rows are parsed; later lines are only counted. Once
// `*abandon` is true the parse stops at the next row, and the result is incomplete: drop it.
RowBlockResult parse_row_block(std::string_view block, int channels, std::size_t max_rows,
                               const std::atomic<bool>* abandon = nullptr);

// The block-local line and column of the row with index `row` (rows are non-blank lines).
struct RowLocation {
  int line = 0;
  int column = 1;
};
RowLocation locate_row(std::string_view block, std::size_t row);

}  // namespace bvhscope
