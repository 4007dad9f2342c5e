#include "anim/row_block.hpp"

#include <algorithm>
#include <cstring>

#include "anim/text_cursor.hpp"

namespace bvhscope {
namespace {

// True when `token` is the start of a number that the end of the file cut off: "-", "+", ".",
// "-.", "2e", "3e-" (a prefix of [+-] digits [. digits] [(e|E) [+-] digits] that is not yet a
// number). "1.2.3", "nan" or "1,5" are not; a complete but out-of-range number is not either.
bool is_cut_number(std::string_view token) noexcept {
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t start = i;
    while (i < token.size() && token[i] >= '0' && token[i] <= '9') ++i;
    return i - start;
  };
  if (i < token.size() && (token[i] == '+' || token[i] == '-')) ++i;
  std::size_t mantissa_digits = digits();
  if (i < token.size() && token[i] == '.') {
    ++i;
    mantissa_digits += digits();
  }
  if (i == token.size()) return mantissa_digits == 0;  // "-", ".", "-.": nothing to read yet
  if (mantissa_digits == 0 || (token[i] != 'e' && token[i] != 'E')) return false;
  ++i;
  if (i < token.size() && (token[i] == '+' || token[i] == '-')) ++i;
  return i == token.size();  // "2e", "3e-": the exponent's digits are missing
}

bool only_whitespace(const char* first, const char* last) noexcept {
  return std::all_of(first, last, [](char c) { return is_space(c); });
}

// Walks the rest of a block after a stop: counts its line ends and its non-blank lines, and finds
// its first NUL byte. `line` and `line_start`: the block-local line `p` is on, and where it began.
void count_rest(const char* p, const char* end, bool in_row, int line, const char* line_start, RowBlockResult& result) {
  for (; p < end; ++p) {
    const char c = *p;
    if (c == '\n' || c == '\r') {
      if (c == '\r' && p + 1 < end && p[1] == '\n') ++p;
      ++result.line_breaks;
      line_start = p + 1;
      in_row = false;
    } else {
      if (!in_row && !is_blank(c)) {
        in_row = true;
        ++result.rows_after_stop;
      }
      if (c == '\0' && result.nul_line < 0) {
        result.nul_line = line + result.line_breaks;
        result.nul_column = static_cast<int>(p - line_start) + 1;
      }
    }
  }
}

}  // namespace

RowBlockResult parse_row_block(std::string_view block, int channels, std::size_t max_rows,
                               const std::atomic<bool>* abandon) {
  RowBlockResult result;
  const char* p = block.data();
  const char* const end = p + block.size();
  const char* line_start = p;
  int line = 0;
  // Complete rows need 2 bytes per value at least, so this reserve is never above what is there.
  result.values.reserve(std::min(max_rows, (block.size() + 1) / (2 * static_cast<std::size_t>(channels))) *
                        static_cast<std::size_t>(channels));

  auto stop = [&](RowStop kind, const char* at, int values_read) {
    result.stop = kind;
    result.stop_line = line;
    result.stop_column = static_cast<int>(at - line_start) + 1;
    result.values_in_row = values_read;
  };
  auto end_line = [&]() {  // p is at a line end
    if (*p == '\r' && p + 1 < end && p[1] == '\n') ++p;
    ++p;
    ++line;
    line_start = p;
  };

  while (p < end) {
    if (abandon != nullptr && abandon->load(std::memory_order_relaxed)) return result;
    // Skip blank lines.
    const char* q = p;
    while (q < end && is_blank(*q)) ++q;
    if (q == end) break;
    if (is_line_end(*q)) {
      p = q;
      end_line();
      continue;
    }
    if (result.rows == max_rows) {
      // Rows past the declared count are counted, not read.
      count_rest(p, end, false, line, line_start, result);
      result.line_breaks += line;
      return result;
    }
    p = q;
    const std::size_t row_start = result.values.size();
    result.values.resize(row_start + static_cast<std::size_t>(channels));
    float* row = result.values.data() + row_start;
    for (int c = 0; c < channels; ++c) {
      while (p < end && is_blank(*p)) ++p;
      if (p == end || is_line_end(*p)) {
        stop(RowStop::ShortRow, p, c);
        result.cut_at_end = only_whitespace(p, end);
        break;
      }
      const NumberScan scan = scan_float_fast(p, end, row[c]);
      if (scan.status != NumberStatus::Ok || (scan.end < end && !is_space(*scan.end))) {
        const char* token_end = p;
        while (token_end < end && !is_space(*token_end)) ++token_end;
        stop(RowStop::BadValue, p, c);
        result.number_status = scan.status == NumberStatus::Ok ? NumberStatus::Invalid : scan.status;
        result.token.assign(p, token_end);
        result.cut_at_end = token_end == end && result.number_status == NumberStatus::Invalid &&
                            is_cut_number(std::string_view(p, static_cast<std::size_t>(token_end - p)));
        p = token_end;
        break;
      }
      p = scan.end;
    }
    if (result.stop == RowStop::None) {
      while (p < end && is_blank(*p)) ++p;
      if (p < end && !is_line_end(*p)) stop(RowStop::TooManyValues, p, channels);
    }
    if (result.stop != RowStop::None) {
      result.values.resize(row_start);
      // A NUL byte in the stopping row is what is wrong with it: binary data, located at the byte.
      const char* row_end = p;
      while (row_end < end && !is_line_end(*row_end)) ++row_end;
      if (const void* nul = std::memchr(line_start, '\0', static_cast<std::size_t>(row_end - line_start))) {
        stop(RowStop::NulByte, static_cast<const char*>(nul), result.values_in_row);
        result.cut_at_end = false;
      }
      // The rest of the stopping row is not a new row; count the lines after it.
      count_rest(p, end, true, line, line_start, result);
      result.line_breaks += line;
      return result;
    }
    ++result.rows;
    if (p < end) end_line();
  }
  result.line_breaks = line;
  return result;
}

RowLocation locate_row(std::string_view block, std::size_t row) {
  RowLocation location;
  const char* p = block.data();
  const char* const end = p + block.size();
  std::size_t rows_seen = 0;
  const char* line_start = p;
  while (p < end) {
    const char* q = p;
    while (q < end && is_blank(*q)) ++q;
    if (q < end && !is_line_end(*q)) {
      if (rows_seen == row) {
        location.column = static_cast<int>(q - line_start) + 1;
        return location;
      }
      ++rows_seen;
    }
    while (q < end && !is_line_end(*q)) ++q;
    if (q == end) break;
    if (*q == '\r' && q + 1 < end && q[1] == '\n') ++q;
    p = q + 1;
    line_start = p;
    ++location.line;
  }
  return location;
}

}  // namespace bvhscope
