#include "anim/row_assembler.hpp"

#include <algorithm>
#include <cstring>

#include "anim/parse_messages.hpp"

namespace bvhscope {

RowAssembler::RowAssembler(Clip& clip, std::uint64_t declared_frames, int first_line, int frames_line,
                           int frames_column, std::uint64_t capacity_rows)
    : clip_(clip),
      declared_(declared_frames),
      capacity_rows_(capacity_rows),
      line_(first_line),
      frames_line_(frames_line),
      frames_column_(frames_column) {
  clip_.motion.values.resize(static_cast<std::size_t>(capacity_rows_) *
                             static_cast<std::size_t>(clip_.motion.channel_count));
}

Diagnostic RowAssembler::located(int line, int column, std::string message) const {
  return Diagnostic{clip_.source, line, column, std::move(message)};
}

std::string RowAssembler::channel_description(int channel) const {
  const Skeleton& s = clip_.skeleton;
  return "channel " + std::to_string(channel + 1) + " (" + s.names[s.channel_joints[channel]] + " " +
         std::string(channel_name(s.channel_kinds[channel])) + ")";
}

std::optional<Diagnostic> RowAssembler::handle_stop(const RowBlockResult& block) {
  const int line = line_ + block.stop_line;
  const std::string frame = "frame " + std::to_string(committed_ + 1);
  const int channels = clip_.motion.channel_count;
  switch (block.stop) {
    case RowStop::ShortRow:
    case RowStop::BadValue: {
      const std::string error_message =
          block.stop == RowStop::ShortRow
              ? frame + " has " + std::to_string(block.values_in_row) + " values, expected " + std::to_string(channels)
              : number_problem(block.number_status, block.token) + " in " + frame + ", " +
                    channel_description(block.values_in_row);
      if (block.cut_at_end) {
        pending_cut_ = located(line, block.stop_column, error_message);
        cut_warning_ = located(line, block.stop_column,
                               frame + " is cut short (" + std::to_string(block.values_in_row) + " of " +
                                   std::to_string(channels) + " values); it was dropped");
        done_ = true;
        return std::nullopt;
      }
      return located(line, block.stop_column, error_message);
    }
    case RowStop::TooManyValues:
      return located(line, block.stop_column, frame + " has more than " + std::to_string(channels) + " values");
    case RowStop::NulByte:
      return located(line, block.stop_column, "binary data (a NUL byte) in " + frame + ": not a BVH text file");
    case RowStop::None:
      break;
  }
  return std::nullopt;
}

std::optional<Diagnostic> RowAssembler::refuse_counted_nul(const RowBlockResult& block) const {
  const bool in_stop = block.stop == RowStop::NulByte;
  if (!in_stop && block.nul_line < 0) return std::nullopt;
  return located(line_ + (in_stop ? block.stop_line : block.nul_line), in_stop ? block.stop_column : block.nul_column,
                 "binary data (a NUL byte) in the frame rows: not a BVH text file");
}

std::optional<Diagnostic> RowAssembler::commit(const RowBlockResult& block, std::string_view text) {
  const bool has_content = block.rows > 0 || block.stop != RowStop::None || block.rows_after_stop > 0;
  if (pending_cut_) {
    // Something follows a row that looked cut off at its block's end: it was a real error.
    if (has_content) return pending_cut_;
    line_ += block.line_breaks;
    return std::nullopt;
  }
  if (done_) {  // past the declared count: rows are only counted
    if (auto error = refuse_counted_nul(block)) return error;
    extra_rows_ += block.rows + (block.stop != RowStop::None ? 1 : 0) + block.rows_after_stop;
    line_ += block.line_breaks;
    return std::nullopt;
  }
  const std::uint64_t wanted = declared_ - committed_;
  const std::uint64_t take = std::min<std::uint64_t>(block.rows, wanted);
  const auto channels = static_cast<std::size_t>(clip_.motion.channel_count);
  // The table was sized for what the bytes can hold (its pages are touched only as rows arrive)
  // and a viewer may already show its rows through a handle of its own (FrameValues::share): it
  // is never reallocated. (Complete rows cannot exceed it: reads stop at the size the file had.)
  const std::uint64_t fits = std::min<std::uint64_t>(take, capacity_rows_ - committed_);
  if (fits > 0) {
    std::memcpy(clip_.motion.values.data() + committed_ * channels, block.values.data(),
                static_cast<std::size_t>(fits) * channels * sizeof(float));
  }
  committed_ += fits;

  const bool stop_is_extra = block.stop != RowStop::None && committed_ == declared_;
  if (block.rows > take || (committed_ == declared_ && (block.rows_after_stop > 0 || stop_is_extra))) {
    // The declared count was reached inside this block: what follows is counted, not read.
    if (auto error = refuse_counted_nul(block)) return error;
    done_ = true;
    const RowLocation first_extra = locate_row(text, static_cast<std::size_t>(take));
    extra_line_ = line_ + first_extra.line;
    extra_column_ = first_extra.column;
    extra_rows_ = (block.rows - take) + (block.stop != RowStop::None ? 1 : 0) + block.rows_after_stop;
    line_ += block.line_breaks;
    return std::nullopt;
  }
  if (block.stop != RowStop::None) {
    if (auto error = handle_stop(block)) return error;
  }
  line_ += block.line_breaks;
  return std::nullopt;
}

std::optional<Diagnostic> RowAssembler::refuse_overlong_line(std::size_t limit) {
  if (pending_cut_) return pending_cut_;
  if (done_ || committed_ == declared_) {
    if (!done_) {
      done_ = true;
      extra_line_ = line_;
      extra_column_ = 1;
    }
    ++extra_rows_;
    return std::nullopt;
  }
  return located(
      line_, 1,
      "frame " + std::to_string(committed_ + 1) + ": its line is longer than " + std::to_string(limit) + " bytes");
}

void RowAssembler::finish() {
  Motion& motion = clip_.motion;
  motion.frame_count = static_cast<std::size_t>(committed_);
  // Only the size shrinks: the rows never written were never touched, so they cost no memory, and
  // a copy to trim the capacity would briefly hold the table twice (and leave a viewer's handle on
  // the old one).
  if (committed_ < capacity_rows_) {
    motion.values.resize(static_cast<std::size_t>(committed_) * static_cast<std::size_t>(motion.channel_count));
  }
  if (pending_cut_) clip_.warnings.push_back(cut_warning_);
  if (committed_ < declared_) {
    clip_.warnings.push_back(located(frames_line_, frames_column_,
                                     "'Frames: " + std::to_string(declared_) + "' but the file holds " +
                                         std::to_string(committed_) + " complete frames; loaded " +
                                         std::to_string(committed_)));
  } else if (extra_rows_ > 0) {
    clip_.warnings.push_back(located(extra_line_, extra_column_,
                                     std::to_string(extra_rows_) + " more frame line" + (extra_rows_ == 1 ? "" : "s") +
                                         " than 'Frames: " + std::to_string(declared_) + "'; ignored"));
  }
}

}  // namespace bvhscope
