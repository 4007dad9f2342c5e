#include "anim/csv_export.hpp"

#include <algorithm>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "anim/ordered_chunks.hpp"
#include "anim/pose.hpp"
#include "anim/printable.hpp"

namespace bvhscope {
namespace {

constexpr std::size_t kFramesPerChunk = 256;
constexpr std::size_t kMaxNumberChars = 24;  // a float or a time, shortest form, plus a comma

// Formats frames [first, last) of a table into `text`: "Time,v,v,...\n" per frame, where
// `row_values(frame, out)` writes the frame's values and returns how many.
template <typename RowValues>
void format_rows(const Clip& clip, std::size_t first, std::size_t last, std::size_t values_per_row,
                 RowValues row_values, std::string& text) {
  std::vector<float> values(values_per_row);
  text.resize((last - first) * (values_per_row + 1) * kMaxNumberChars);
  char* out = text.data();
  char* const end = text.data() + text.size();
  for (std::size_t frame = first; frame < last; ++frame) {
    row_values(frame, values.data());
    out = std::to_chars(out, end, static_cast<double>(frame) * clip.motion.frame_time, std::chars_format::general, 10)
              .ptr;
    for (const float value : values) {
      *out++ = ',';
      out = std::to_chars(out, end, value).ptr;
    }
    *out++ = '\n';
  }
  text.resize(static_cast<std::size_t>(out - text.data()));
}

std::size_t chunk_count(std::size_t frames) { return (frames + kFramesPerChunk - 1) / kFramesPerChunk; }

}  // namespace

std::string csv_text_cell(std::string_view text) {
  std::string cell = printable(text);
  // (A tab or carriage return, the other two formula starts, is already \x09 or \x0d here.)
  if (!cell.empty() && std::string_view("=+-@").find(cell.front()) != std::string_view::npos) {
    // A cell that is a number as a whole ("-5", "+1.5e3") stays as it is.
    const char* const start = cell.data() + (cell.front() == '+' && cell.size() > 1 && cell[1] != '-' ? 1 : 0);
    double number = 0.0;
    const auto [end, error] = std::from_chars(start, cell.data() + cell.size(), number);
    if (error != std::errc{} || end != cell.data() + cell.size()) cell.insert(cell.begin(), '\'');
  }
  if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
  std::string quoted = "\"";
  for (const char c : cell) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + '"';
}

void write_positions_csv(const Clip& clip, PositionMode mode, std::ostream& out, unsigned threads,
                         const glm::mat3& rotation) {
  const bool rotate = rotation != glm::mat3(1.0f);
  const Skeleton& skeleton = clip.skeleton;
  std::string header = "Time";
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    for (const char* axis : {".X", ".Y", ".Z"}) header += ',' + csv_text_cell(skeleton.names[joint] + axis);
  }
  header += '\n';
  out.write(header.data(), static_cast<std::streamsize>(header.size()));

  const auto joints = static_cast<std::size_t>(skeleton.joint_count());
  const std::size_t frames = clip.motion.frame_count;
  write_chunks_in_order(
      chunk_count(frames), threads,
      [&](std::size_t chunk, std::string& text) {
        Pose pose;
        const std::size_t first = chunk * kFramesPerChunk;
        format_rows(
            clip, first, std::min(frames, first + kFramesPerChunk), joints * 3,
            [&](std::size_t frame, float* values) {
              frame_positions(clip, frame, mode, rotate ? &rotation : nullptr, pose, values);
            },
            text);
      },
      out);
}

void write_rotations_csv(const Clip& clip, std::ostream& out, unsigned threads) {
  const Skeleton& skeleton = clip.skeleton;
  std::vector<std::size_t> columns;
  std::string header = "Time";
  for (int c = 0; c < skeleton.channel_count(); ++c) {
    if (!is_rotation(skeleton.channel_kinds[c])) continue;
    columns.push_back(static_cast<std::size_t>(c));
    header += ',' + csv_text_cell(skeleton.names[skeleton.channel_joints[c]] + '.' +
                                  static_cast<char>('X' + channel_axis(skeleton.channel_kinds[c])));
  }
  header += '\n';
  out.write(header.data(), static_cast<std::streamsize>(header.size()));

  const std::size_t frames = clip.motion.frame_count;
  write_chunks_in_order(
      chunk_count(frames), threads,
      [&](std::size_t chunk, std::string& text) {
        const std::size_t first = chunk * kFramesPerChunk;
        format_rows(
            clip, first, std::min(frames, first + kFramesPerChunk), columns.size(),
            [&](std::size_t frame, float* values) {
              const std::span<const float> row = clip.motion.frame(frame);
              for (std::size_t i = 0; i < columns.size(); ++i) values[i] = row[columns[i]];
            },
            text);
      },
      out);
}

}  // namespace bvhscope
