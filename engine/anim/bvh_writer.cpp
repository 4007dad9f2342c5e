#include "anim/bvh_writer.hpp"

#include <charconv>
#include <cstddef>
#include <string>

#include "anim/ordered_chunks.hpp"

namespace bvhscope {
namespace {

constexpr std::size_t kFramesPerChunk = 256;
constexpr std::size_t kMaxNumberChars = 64;  // the longest float in fixed form with 9 decimals (3.4e38), and a space

// Writes `value` at `out` in the shortest form, or with `precision` decimals and no trailing zeros.
char* write_number(char* out, char* end, float value, const std::optional<int>& precision) {
  if (!precision) return std::to_chars(out, end, value).ptr;
  char* const start = out;
  out = std::to_chars(out, end, value, std::chars_format::fixed, *precision).ptr;
  if (*precision > 0) {
    while (out[-1] == '0') --out;
    if (out[-1] == '.') --out;
  }
  // "-0" (a small negative rounded away) reads as 0: write it so.
  if (out - start == 2 && start[0] == '-' && start[1] == '0') {
    start[0] = '0';
    out = start + 1;
  }
  return out;
}

void append_number(std::string& text, float value, const std::optional<int>& precision) {
  char buffer[kMaxNumberChars];
  text.append(buffer, write_number(buffer, buffer + sizeof buffer, value, precision));
}

void write_joint(const Skeleton& skeleton, const std::vector<std::vector<int>>& children, int joint, int depth,
                 const std::optional<int>& precision, std::string& text) {
  const std::string indent(static_cast<std::size_t>(depth), '\t');
  if (skeleton.is_end_site(joint)) {
    text += indent + "End Site\n";
  } else {
    text += indent + (skeleton.parents[joint] == kNoParent ? "ROOT " : "JOINT ") + skeleton.names[joint] + '\n';
  }
  text += indent + "{\n";
  text += indent + "\tOFFSET";
  for (int axis = 0; axis < 3; ++axis) {
    text += ' ';
    append_number(text, skeleton.offsets[joint][axis], precision);
  }
  text += '\n';
  if (!skeleton.is_end_site(joint)) {
    text += indent + "\tCHANNELS " + std::to_string(skeleton.channel_counts[joint]);
    const int first = skeleton.first_channels[joint];
    for (int c = first; c < first + skeleton.channel_counts[joint]; ++c) {
      text += ' ';
      text += channel_name(skeleton.channel_kinds[c]);
    }
    text += '\n';
  }
  for (const int child : children[static_cast<std::size_t>(joint)])
    write_joint(skeleton, children, child, depth + 1, precision, text);
  text += indent + "}\n";
}

}  // namespace

void write_bvh(const Clip& clip, std::ostream& out, const BvhWriteOptions& options) {
  const Skeleton& skeleton = clip.skeleton;
  std::vector<std::vector<int>> children(static_cast<std::size_t>(skeleton.joint_count()));
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.parents[joint] != kNoParent)
      children[static_cast<std::size_t>(skeleton.parents[joint])].push_back(joint);
  }
  std::string header = "HIERARCHY\n";
  for (const int root : skeleton.roots) write_joint(skeleton, children, root, 0, options.precision, header);
  const std::size_t frames = clip.motion.frame_count;
  header += "MOTION\nFrames: " + std::to_string(frames) + "\nFrame Time: ";
  char buffer[kMaxNumberChars];
  header.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, clip.motion.frame_time).ptr);
  header += '\n';
  out.write(header.data(), static_cast<std::streamsize>(header.size()));

  const auto columns = static_cast<std::size_t>(clip.motion.channel_count);
  write_chunks_in_order((frames + kFramesPerChunk - 1) / kFramesPerChunk, options.threads,
                        [&](std::size_t chunk, std::string& text) {
                          const std::size_t first = chunk * kFramesPerChunk;
                          const std::size_t last = std::min(frames, first + kFramesPerChunk);
                          text.resize((last - first) * (columns + 1) * kMaxNumberChars);
                          char* at = text.data();
                          char* const end = text.data() + text.size();
                          for (std::size_t frame = first; frame < last; ++frame) {
                            const float* values = clip.motion.values.data() + frame * columns;
                            for (std::size_t c = 0; c < columns; ++c) {
                              if (c > 0) *at++ = ' ';
                              at = write_number(at, end, values[c], options.precision);
                            }
                            *at++ = '\n';
                          }
                          text.resize(static_cast<std::size_t>(at - text.data()));
                        },
                        out);
}

}  // namespace bvhscope
