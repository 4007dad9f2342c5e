#include "support/bench_data.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "anim/bvh_parser.hpp"
#include "anim/file_loader.hpp"

namespace bvhscope::bench {
namespace {

constexpr bool is_ws(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool starts_with_ignore_case(std::string_view text, std::string_view prefix) noexcept {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (lower(text[i]) != lower(prefix[i])) return false;
  }
  return true;
}

std::size_t find_ignore_case(std::string_view text, std::string_view needle) noexcept {
  for (std::size_t i = 0; i + needle.size() <= text.size(); ++i) {
    if (starts_with_ignore_case(text.substr(i), needle)) return i;
  }
  return std::string_view::npos;
}

std::string_view trim_left(std::string_view text) noexcept {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  return text;
}

// Lines of a text without their line ends (LF, CRLF or CR).
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\n' && text[i] != '\r') continue;
    lines.push_back(text.substr(start, i - start));
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    start = i + 1;
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

// A small deterministic generator (64-bit LCG); benchmarks must see the same data every run.
class Lcg {
 public:
  explicit Lcg(std::uint64_t seed) noexcept : state_(seed) {}
  double uniform() noexcept {  // [0, 1)
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state_ >> 11) * 0x1.0p-53;
  }

 private:
  std::uint64_t state_;
};

void append_fixed(std::string& out, double value, int decimals) {
  std::array<char, 64> digits{};
  const auto result =
      std::to_chars(digits.data(), digits.data() + digits.size(), value, std::chars_format::fixed, decimals);
  out.append(digits.data(), result.ptr);
}

}  // namespace

std::filesystem::path corpus_dir() { return std::filesystem::path(BVHSCOPE_CORPUS_DIR); }

std::optional<std::string> read_corpus_file(std::string_view file_name) {
  const std::filesystem::path path = corpus_dir() / std::filesystem::path(file_name);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  Result<std::string> text = read_text_file(path.string());
  if (!text) return std::nullopt;
  return std::move(text).value();
}

std::string synthetic_bvh(int joints, std::size_t frames) {
  joints = std::max(joints, 1);
  Lcg rng(0x5eed0000ULL + static_cast<std::uint64_t>(joints));
  std::string out =
      "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0.0000 0.0000 0.0000\n"
      "\tCHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation\n";
  static constexpr std::array<std::string_view, 5> kLimbs = {"LeftLeg", "RightLeg", "Spine", "LeftArm", "RightArm"};
  const int below_root = joints - 1;
  for (std::size_t limb = 0; limb < kLimbs.size(); ++limb) {
    const int length = below_root / 5 + (static_cast<int>(limb) < below_root % 5 ? 1 : 0);
    if (length == 0) continue;
    for (int depth = 0; depth < length; ++depth) {
      const std::string indent(static_cast<std::size_t>(depth) + 1, '\t');
      out += indent + "JOINT " + std::string(kLimbs[limb]) + std::to_string(depth + 1) + "\n" + indent + "{\n" +
             indent + "\tOFFSET ";
      for (int axis = 0; axis < 3; ++axis) {
        append_fixed(out, rng.uniform() * 6.0 - 3.0, 5);
        out += axis < 2 ? " " : "\n";
      }
      out += indent + "\tCHANNELS 3 Zrotation Yrotation Xrotation\n";
    }
    const std::string site_indent(static_cast<std::size_t>(length) + 1, '\t');
    out += site_indent + "End Site\n" + site_indent + "{\n" + site_indent + "\tOFFSET 0.00000 -1.50000 0.00000\n" +
           site_indent + "}\n";
    for (int depth = length - 1; depth >= 0; --depth)
      out += std::string(static_cast<std::size_t>(depth) + 1, '\t') + "}\n";
  }
  out += "}\nMOTION\nFrames: " + std::to_string(frames) + "\nFrame Time: .0083333\n";

  const std::size_t channels = 6 + 3 * static_cast<std::size_t>(joints - 1);
  std::vector<double> amplitude(channels);
  std::vector<double> speed(channels);
  std::vector<double> phase(channels);
  for (std::size_t c = 0; c < channels; ++c) {
    amplitude[c] = c < 3 ? 20.0 : 5.0 + 85.0 * rng.uniform();
    speed[c] = 0.002 + 0.03 * rng.uniform();
    phase[c] = 2.0 * std::numbers::pi * rng.uniform();
  }
  for (std::size_t f = 0; f < frames; ++f) {
    for (std::size_t c = 0; c < channels; ++c) {
      const double value = amplitude[c] * std::sin(static_cast<double>(f) * speed[c] + phase[c]);
      append_fixed(out, value, 4);
      out += ' ';
    }
    out += '\n';
  }
  return out;
}

SourceClip corpus_or_synthetic(std::string_view file_name, std::string_view label, int synthetic_joints,
                               std::size_t synthetic_frames) {
  if (auto text = read_corpus_file(file_name)) {
    return SourceClip{std::string(label), (corpus_dir() / std::filesystem::path(file_name)).string(), std::move(*text)};
  }
  return SourceClip{"synthetic" + std::to_string(synthetic_joints),
                    "synthetic (corpus file " + std::string(file_name) + " missing)",
                    synthetic_bvh(synthetic_joints, synthetic_frames)};
}

BigBvh make_big_bvh(std::string_view source, std::size_t target_bytes, std::size_t first_row) {
  const Result<Clip> parsed = parse_bvh(source, "source");
  if (!parsed) throw std::runtime_error(format_diagnostic(parsed.error(), Severity::Error));
  const Clip& clip = parsed.value();
  if (clip.motion.frame_count == 0 || clip.skeleton.channel_count() == 0) {
    throw std::runtime_error("the source clip has no frames or no channels");
  }

  const std::vector<std::string_view> lines = split_lines(source);
  std::size_t frames_line = lines.size();
  bool in_motion = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = trim_left(lines[i]);
    if (starts_with_ignore_case(line, "MOTION")) in_motion = true;
    if (in_motion && starts_with_ignore_case(line, "Frames")) {
      frames_line = i;
      break;
    }
  }
  if (frames_line + 1 >= lines.size()) throw std::runtime_error("the source clip has no 'Frames:' line");

  std::string header;
  for (std::size_t i = 0; i < frames_line; ++i) {
    header.append(lines[i]);
    header += '\n';
  }
  const std::string_view frame_time_line = lines[frames_line + 1];
  std::vector<std::string_view> rows;
  for (std::size_t i = frames_line + 2; i < lines.size() && rows.size() < clip.motion.frame_count; ++i) {
    if (!trim_left(lines[i]).empty()) rows.push_back(lines[i]);
  }

  // The row count first (the "Frames:" line is written before the rows), then the text in one piece.
  const std::size_t fixed =
      header.size() + std::string_view("Frames: 0000000000\n").size() + frame_time_line.size() + 1;
  std::size_t body = 0;
  std::size_t count = 0;
  first_row %= rows.size();
  while (fixed + body < target_bytes || count == 0) {
    body += rows[(first_row + count) % rows.size()].size() + 1;
    ++count;
  }
  BigBvh big;
  big.frames = count;
  big.channels = static_cast<std::size_t>(clip.skeleton.channel_count());
  big.text.reserve(fixed + body);
  big.text += header;
  big.text += "Frames: " + std::to_string(count) + "\n";
  big.text.append(frame_time_line);
  big.text += '\n';
  for (std::size_t i = 0; i < count; ++i) {
    big.text.append(rows[(first_row + i) % rows.size()]);
    big.text += '\n';
  }
  return big;
}

std::size_t motion_offset(std::string_view text) noexcept {
  const std::size_t at = find_ignore_case(text, "Frame Time");
  if (at == std::string_view::npos) return text.size();
  std::size_t p = text.find_first_of("\r\n", at);
  if (p == std::string_view::npos) return text.size();
  if (text[p] == '\r' && p + 1 < text.size() && text[p + 1] == '\n') ++p;
  return p + 1;
}

std::optional<std::size_t> from_chars_floats(std::string_view text, float* out, std::size_t capacity) noexcept {
  const char* p = text.data();
  const char* const end = p + text.size();
  std::size_t count = 0;
  while (count < capacity) {
    while (p < end && is_ws(*p)) ++p;
    if (p == end) break;
    const auto [next, ec] = std::from_chars(p, end, out[count]);
    if (ec != std::errc{}) return std::nullopt;
    p = next;
    ++count;
  }
  return count;
}

std::size_t declared_frames(std::string_view text) noexcept {
  const std::size_t at = find_ignore_case(text, "Frames:");
  if (at == std::string_view::npos) return 0;
  const char* p = text.data() + at + 7;
  const char* const end = text.data() + text.size();
  while (p < end && (*p == ' ' || *p == '\t')) ++p;
  std::size_t frames = 0;
  std::from_chars(p, end, frames);
  return frames;
}

std::size_t first_row_values(std::string_view text) noexcept {
  std::size_t p = motion_offset(text);
  std::size_t values = 0;
  bool in_token = false;
  for (; p < text.size() && text[p] != '\n' && text[p] != '\r'; ++p) {
    const bool blank = text[p] == ' ' || text[p] == '\t';
    if (!blank && !in_token) ++values;
    in_token = !blank;
  }
  return values;
}

}  // namespace bvhscope::bench
