#include "anim/bvh_writer.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "anim/ordered_chunks.hpp"

namespace bvhscope {
namespace {

constexpr std::size_t kFramesPerChunk = 256;
constexpr std::size_t kMaxNumberChars = 64;    // the longest float in fixed form with 9 decimals (3.4e38), and a space
constexpr std::size_t kMaxShortestChars = 16;  // the longest shortest float ("-1.1754944e-38") and a space
constexpr std::size_t kHeaderPiece = std::size_t{1} << 20;  // HIERARCHY text written in pieces of about this size
// Tabs indent a block as deep as its joint, up to this many (as the viewer's joint tree indents):
// a deep chain's file stays linear in its joint count, not quadratic.
constexpr int kMaxIndentDepth = 24;
constexpr std::string_view kTabs = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
static_assert(kTabs.size() >= kMaxIndentDepth);

}  // namespace

char* write_shortest_float(char* out, char* end, float value) {
  // The fast path: 1e-3 <= |value| < 1e5, where to_chars writes fixed notation, and at most 6
  // decimals. value * 10^k is exact in a double (24 + 20 bits), and so are its distance to the
  // nearest integer n and half the gap between floats at value times 10^k: n / 10^k reads back as
  // value exactly when that distance is below that bound. The smallest such k gives the fewest
  // digits, and n is the nearest such decimal, as to_chars chooses. Ties, powers of two (uneven
  // gaps) and the rest go to to_chars.
  static constexpr double kPowers[] = {1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6};
  const float magnitude = std::abs(value);
  if (magnitude >= 1e-3f && magnitude < 1e5f) {
    // magnitude = 1.m * 2^(e - 127) with e the biased exponent; half the gap between floats there is
    // 2^(e - 127 - 24), made directly as a double's bits. A power of two (m = 0) has a smaller gap below.
    const auto bits = std::bit_cast<std::uint32_t>(magnitude);
    if ((bits & 0x7fffffu) != 0) {
      const auto biased = static_cast<std::uint64_t>(bits >> 23);
      const double half_gap = std::bit_cast<double>((biased - 151 + 1023) << 52);
      for (int k = 0; k <= 6; ++k) {
        const double scaled = static_cast<double>(magnitude) * kPowers[k];
        // The nearest integer (ties to even) without a libm call: 0 <= scaled < 1e11 < 2^52.
        const double nearest = (scaled + 0x1p52) - 0x1p52;
        const double distance = std::abs(scaled - nearest);
        const double bound = half_gap * kPowers[k];
        if (distance == 0.5 || distance == bound) break;
        if (distance > bound) continue;
        // Written in place, last digit first: the length is known from the integer part's digits.
        const auto digits = static_cast<std::uint64_t>(nearest);
        const std::uint64_t whole = digits / static_cast<std::uint64_t>(kPowers[k]);
        int whole_digits = 1;
        for (std::uint64_t rest = whole / 10; rest > 0; rest /= 10) ++whole_digits;
        const int length = (value < 0.0f ? 1 : 0) + whole_digits + (k > 0 ? k + 1 : 0);
        if (end - out < length) break;
        char* at = out + length;
        std::uint64_t remaining = digits;
        for (int d = 0; d < k; ++d) {
          *--at = static_cast<char>('0' + remaining % 10);
          remaining /= 10;
        }
        if (k > 0) *--at = '.';
        do {
          *--at = static_cast<char>('0' + remaining % 10);
          remaining /= 10;
        } while (remaining > 0);
        if (value < 0.0f) *--at = '-';
        return out + length;
      }
    }
  }
  return std::to_chars(out, end, value).ptr;
}

namespace {

// Writes `value` at `out` in the shortest form, or with `precision` decimals and no trailing zeros.
char* write_number(char* out, char* end, float value, const std::optional<int>& precision) {
  if (!precision) return write_shortest_float(out, end, value);
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

// The opening lines of a joint's block at `depth`: its keyword and name, "{", OFFSET, CHANNELS.
void open_joint(const Skeleton& skeleton, int joint, int depth, const std::optional<int>& precision,
                std::string& text) {
  const std::string_view indent = kTabs.substr(0, static_cast<std::size_t>(std::min(depth, kMaxIndentDepth)));
  text += indent;
  if (skeleton.is_end_site(joint)) {
    text += "End Site\n";
  } else {
    text += skeleton.parents[joint] == kNoParent ? "ROOT " : "JOINT ";
    text += skeleton.names[joint];
    text += '\n';
  }
  text += indent;
  text += "{\n";
  text += indent;
  text += "\tOFFSET";
  for (int axis = 0; axis < 3; ++axis) {
    text += ' ';
    append_number(text, skeleton.offsets[joint][axis], precision);
  }
  text += '\n';
  if (!skeleton.is_end_site(joint)) {
    text += indent;
    text += "\tCHANNELS ";
    text += std::to_string(skeleton.channel_counts[joint]);
    const int first = skeleton.first_channels[joint];
    for (int c = first; c < first + skeleton.channel_counts[joint]; ++c) {
      text += ' ';
      text += channel_name(skeleton.channel_kinds[c]);
    }
    text += '\n';
  }
}

void close_joint(int depth, std::string& text) {
  text += kTabs.substr(0, static_cast<std::size_t>(std::min(depth, kMaxIndentDepth)));
  text += "}\n";
}

// The HIERARCHY section, depth first without recursion (a chain 200 000 joints deep is a
// file bvhscope reads): an explicit stack of (joint, next child). Text goes to `out` in pieces of
// about kHeaderPiece bytes.
void write_hierarchy(const Skeleton& skeleton, const std::optional<int>& precision, std::ostream& out) {
  std::vector<std::vector<int>> children(static_cast<std::size_t>(skeleton.joint_count()));
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    if (skeleton.parents[joint] != kNoParent)
      children[static_cast<std::size_t>(skeleton.parents[joint])].push_back(joint);
  }
  std::string text = "HIERARCHY\n";
  const auto flush_if_full = [&] {
    if (text.size() < kHeaderPiece) return;
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    text.clear();
  };
  struct Open {
    int joint;
    std::size_t next_child;
  };
  std::vector<Open> stack;
  for (const int root : skeleton.roots) {
    open_joint(skeleton, root, 0, precision, text);
    stack.push_back({root, 0});
    while (!stack.empty()) {
      Open& top = stack.back();
      const std::vector<int>& below = children[static_cast<std::size_t>(top.joint)];
      const int depth = static_cast<int>(stack.size());
      if (top.next_child < below.size()) {
        const int child = below[top.next_child++];
        open_joint(skeleton, child, depth, precision, text);
        stack.push_back({child, 0});
      } else {
        close_joint(depth - 1, text);
        stack.pop_back();
      }
      flush_if_full();
    }
  }
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

}  // namespace

void write_bvh(const Clip& clip, std::ostream& out, const BvhWriteOptions& options) {
  write_hierarchy(clip.skeleton, options.precision, out);
  const std::size_t frames = clip.motion.frame_count;
  std::string header = "MOTION\nFrames: " + std::to_string(frames) + "\nFrame Time: ";
  char buffer[kMaxNumberChars];
  header.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, clip.motion.frame_time).ptr);
  header += '\n';
  out.write(header.data(), static_cast<std::streamsize>(header.size()));

  const auto columns = static_cast<std::size_t>(clip.motion.channel_count);
  write_chunks_in_order((frames + kFramesPerChunk - 1) / kFramesPerChunk, options.threads,
                        [&](std::size_t chunk, std::string& text) {
                          const std::size_t first = chunk * kFramesPerChunk;
                          const std::size_t last = std::min(frames, first + kFramesPerChunk);
                          // Room for the longest row (resize fills only what it adds: the slot's
                          // text keeps its size from chunk to chunk).
                          const std::size_t room = (last - first) * (columns + 1) *
                                                   (options.precision ? kMaxNumberChars : kMaxShortestChars);
                          if (text.size() < room) text.resize(room);
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
