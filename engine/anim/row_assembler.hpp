// Assembles parsed row blocks, in file order, into the clip's motion table: global frame numbers,
// file lines and columns for the first problem, and the row-count warnings.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string_view>

#include "anim/clip.hpp"
#include "anim/row_block.hpp"

namespace bvhscope {

class RowAssembler {
 public:
  // `first_line`: the file line on which the rows region starts (the frame time's line).
  // `frames_line`/`frames_column`: where "Frames:" gave its count, for the count warnings.
  // `capacity_rows`: rows the table is allocated for (at most what the remaining bytes can hold).
  RowAssembler(Clip& clip, std::uint64_t declared_frames, int first_line, int frames_line, int frames_column,
               std::uint64_t capacity_rows);

  // Takes the next block's result; returns the error that ends the load, if any.
  std::optional<Diagnostic> commit(const RowBlockResult& block, std::string_view text);
  // The next line is longer than any frame line can be (`limit` bytes): the error for it, located
  // at its start (an error only if it would be read: past the declared count it is ignored).
  std::optional<Diagnostic> refuse_overlong_line(std::size_t limit);
  // After the last block: the cut-short and row-count warnings; sizes the table to the rows kept.
  void finish();

  // Rows the next block may usefully parse (rows beyond the declared count are only counted).
  [[nodiscard]] std::uint64_t rows_wanted() const noexcept { return done_ ? 0 : declared_ - committed_; }
  [[nodiscard]] std::uint64_t rows_committed() const noexcept { return committed_; }

 private:
  Diagnostic located(int line, int column, std::string message) const;
  std::string channel_description(int channel) const;
  std::optional<Diagnostic> handle_stop(const RowBlockResult& block);
  // A NUL byte in lines past the declared count (only counted, not read) still refuses the file.
  std::optional<Diagnostic> refuse_counted_nul(const RowBlockResult& block) const;

  Clip& clip_;
  std::uint64_t declared_;
  std::uint64_t committed_ = 0;
  std::uint64_t capacity_rows_;
  int line_;  // file line of the current block's first line
  int frames_line_;
  int frames_column_;
  bool done_ = false;  // the declared count was reached, or a row was cut off at the end

  // A row cut off at the end of a block: a warning if nothing follows, else this error.
  std::optional<Diagnostic> pending_cut_;
  Diagnostic cut_warning_;

  std::uint64_t extra_rows_ = 0;
  int extra_line_ = 0;
  int extra_column_ = 0;
};

}  // namespace bvhscope
