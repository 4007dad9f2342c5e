#include "anim/bvh_parser.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "anim/bvh_header.hpp"
#include "anim/number_parser.hpp"
#include "anim/parse_messages.hpp"
#include "anim/row_assembler.hpp"
#include "anim/row_pipeline.hpp"
#include "anim/text_cursor.hpp"

namespace bvhscope {
namespace {

bool equals_ignore_case(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
           return lower(x) == lower(y);
         });
}

bool starts_with_ignore_case(std::string_view text, std::string_view prefix) noexcept {
  return text.size() >= prefix.size() && equals_ignore_case(text.substr(0, prefix.size()), prefix);
}

std::optional<ChannelKind> channel_from_name(std::string_view name) noexcept {
  static constexpr std::array<std::string_view, 6> kNames = {"Xposition", "Yposition", "Zposition",
                                                             "Xrotation", "Yrotation", "Zrotation"};
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (equals_ignore_case(name, kNames[i])) return static_cast<ChannelKind>(i);
  }
  return std::nullopt;
}

std::string describe(const Token& token) { return token.at_end() ? std::string("end of file") : quoted(token.text); }

// The 1-based line and column of byte `offset` of `text` (LF, CRLF and CR end a line, as TextCursor counts).
void locate_offset(std::string_view text, std::size_t offset, int& line, int& column) noexcept {
  line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (!is_line_end(text[i])) continue;
    if (text[i] == '\r' && i + 1 < offset && text[i + 1] == '\n') ++i;
    ++line;
    line_start = i + 1;
  }
  column = static_cast<int>(offset - line_start) + 1;
}

// Longer names are refused: no exporter writes them, and a corrupt file must not copy a huge line.
constexpr std::size_t kMaxNameBytes = 4096;

// An open ROOT/JOINT/End Site block while the hierarchy is being read.
struct OpenJoint {
  int index;
  bool end_site;
  bool has_offset = false;
  bool has_channels = false;
};

class BvhParser {
 public:
  BvhParser(std::string_view text, std::string_view source) : cursor_(text), source_(source) {
    clip_.source = std::string(source);
  }

  Result<BvhHeader> run(bool* touched_end) {
    auto fail = [&](Diagnostic error) -> Result<BvhHeader> {
      if (touched_end != nullptr) *touched_end = cursor_.touched_end();
      return error;
    };
    if (auto error = check_encoding()) return fail(*error);
    std::optional<Diagnostic> error = parse_hierarchy();
    if (!error) error = parse_motion_header();
    // A NUL byte anywhere the header reading went is binary data, whatever it made of the text
    // (a name "Ch\0est" reads as a name); the rows are checked as they are parsed.
    if (auto nul = refuse_nul(cursor_.position())) return fail(*nul);
    if (error) return fail(*error);
    if (touched_end != nullptr) *touched_end = cursor_.touched_end();
    BvhHeader header;
    clip_.motion.channel_count = clip_.skeleton.channel_count();
    header.clip = std::move(clip_);
    header.declared_frames = declared_frames_;
    header.rows_offset = cursor_.position();
    header.rows_line = cursor_.line();
    header.frames_line = frames_token_.line;
    header.frames_column = frames_token_.column;
    return header;
  }

 private:
  Diagnostic error_at(int line, int column, std::string message) const {
    return Diagnostic{std::string(source_), line, column, std::move(message)};
  }
  Diagnostic error_at(const Token& token, std::string message) const {
    return error_at(token.line, token.column, std::move(message));
  }
  void warn_at(int line, int column, std::string message) {
    clip_.warnings.push_back(Diagnostic{std::string(source_), line, column, std::move(message)});
  }

  std::optional<Diagnostic> check_encoding() {
    const std::string_view text = cursor_.text();
    if (text.size() >= 2 && ((text[0] == '\xff' && text[1] == '\xfe') || (text[0] == '\xfe' && text[1] == '\xff'))) {
      return error_at(1, 1, "the file is UTF-16 encoded; BVH files are read as ASCII or UTF-8 (re-save it as UTF-8)");
    }
    if (text.size() >= 3 && text.substr(0, 3) == "\xef\xbb\xbf") cursor_.resume_at(3);
    // A binary file is told apart at once, before its first bytes are taken for a token.
    return refuse_nul(std::min<std::size_t>(text.size(), 4096));
  }

  // The error for the first NUL byte in the first `end` bytes, located, if there is one.
  std::optional<Diagnostic> refuse_nul(std::size_t end) const {
    const std::string_view text = cursor_.text().substr(0, end);
    const std::size_t at = text.find('\0');
    if (at == std::string_view::npos) return std::nullopt;
    int line = 0;
    int column = 0;
    locate_offset(text, at, line, column);
    return error_at(line, column, "binary data (a NUL byte) in the file: not a BVH text file");
  }

  std::optional<Diagnostic> parse_hierarchy() {
    const Token first = cursor_.next_token();
    if (first.at_end()) return error_at(first, "empty file: expected HIERARCHY");
    if (!equals_ignore_case(first.text, "HIERARCHY")) {
      return error_at(first, "expected HIERARCHY at the start of the file, found " + describe(first));
    }
    for (;;) {
      const Token token = cursor_.next_token();
      if (token.at_end()) {
        return error_at(token, clip_.skeleton.roots.empty() ? "unexpected end of file: expected ROOT"
                                                            : "unexpected end of file: expected MOTION");
      }
      if (equals_ignore_case(token.text, "MOTION")) {
        if (clip_.skeleton.roots.empty()) return error_at(token, "MOTION before any ROOT: the hierarchy is empty");
        return std::nullopt;
      }
      if (equals_ignore_case(token.text, "ROOT") || equals_ignore_case(token.text, "JOINT")) {
        if (equals_ignore_case(token.text, "JOINT")) {
          warn_at(token.line, token.column, "root written as JOINT; read as ROOT");
        }
        if (auto error = parse_root(token)) return error;
        continue;
      }
      if (token.text == "}") return error_at(token, "unmatched '}': no joint is open here");
      return error_at(token, "expected ROOT or MOTION, found " + describe(token));
    }
  }

  // Reads "NAME [{]" after ROOT/JOINT; returns the name token, sets brace_open when '{' ended the line.
  std::optional<Diagnostic> read_joint_name(const Token& keyword, Token& name, bool& brace_open) {
    name = cursor_.rest_of_line(kMaxNameBytes + 2);  // room for " {" after the longest name
    brace_open = false;
    std::string_view text = name.text;
    if (!text.empty() && text.back() == '{') {
      brace_open = true;
      text.remove_suffix(1);
      while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
    }
    name.text = text;
    if (text.empty() || text == "{" || text == "}") {
      return error_at(keyword.line, keyword.column + static_cast<int>(keyword.text.size()),
                      std::string(keyword.text) + " without a name");
    }
    if (text.size() > kMaxNameBytes) {
      return error_at(name, "joint name is longer than " + std::to_string(kMaxNameBytes) + " bytes");
    }
    return std::nullopt;
  }

  std::optional<Diagnostic> expect_open_brace(const std::string& subject) {
    const Token brace = cursor_.next_token();
    if (brace.text != "{") return error_at(brace, "expected '{' to open " + subject + ", found " + describe(brace));
    return std::nullopt;
  }

  int add_joint(std::string name, int parent, bool end_site, int line) {
    Skeleton& s = clip_.skeleton;
    s.names.push_back(std::move(name));
    s.parents.push_back(parent);
    s.offsets.emplace_back(0.0f);
    s.first_channels.push_back(s.channel_count());
    s.channel_counts.push_back(0);
    s.end_sites.push_back(end_site ? 1 : 0);
    s.source_lines.push_back(line);
    return s.joint_count() - 1;
  }

  std::optional<Diagnostic> open_named_joint(const Token& keyword, int parent, std::vector<OpenJoint>& stack) {
    Token name;
    bool brace_open = false;
    if (auto error = read_joint_name(keyword, name, brace_open)) return error;
    const std::string joint_name(name.text);
    if (auto [it, inserted] = first_line_of_name_.emplace(joint_name, keyword.line); !inserted) {
      warn_at(
          name.line, name.column,
          "duplicate joint name " + quoted(joint_name) + " (first used at line " + std::to_string(it->second) + ")");
    }
    if (!brace_open) {
      if (auto error = expect_open_brace("joint " + quoted(joint_name))) return error;
    }
    const int index = add_joint(joint_name, parent, false, keyword.line);
    if (parent == kNoParent) clip_.skeleton.roots.push_back(index);
    stack.push_back(OpenJoint{index, false});
    return std::nullopt;
  }

  std::optional<Diagnostic> open_end_site(const Token& keyword, std::vector<OpenJoint>& stack) {
    const Token site = cursor_.next_token_on_line();
    if (!equals_ignore_case(site.text, "Site")) {
      return error_at(
          site.at_end() ? Token{{}, keyword.line, keyword.column + 3} : site,
          "expected 'Site' after 'End', found " + (site.at_end() ? std::string("end of line") : describe(site)));
    }
    const Token rest = cursor_.rest_of_line();  // an optional name, perhaps followed by '{'
    if (rest.text.empty() || rest.text.back() != '{') {
      if (auto error = expect_open_brace("End Site")) return error;
    }
    const int parent = stack.back().index;
    const int index = add_joint(clip_.skeleton.names[parent] + "End", parent, true, keyword.line);
    stack.push_back(OpenJoint{index, true});
    return std::nullopt;
  }

  std::optional<Diagnostic> parse_root(const Token& root_keyword) {
    std::vector<OpenJoint> stack;  // explicit stack: deep files cannot overflow the call stack
    if (auto error = open_named_joint(root_keyword, kNoParent, stack)) return error;
    while (!stack.empty()) {
      OpenJoint& open = stack.back();
      const Token token = cursor_.next_token();
      const Skeleton& s = clip_.skeleton;
      const int open_index = open.index;
      auto what = [&s, open_index] {
        return s.is_end_site(open_index) ? "End Site of " + quoted(s.names[s.parents[open_index]])
                                         : "joint " + quoted(s.names[open_index]);
      };
      if (token.at_end()) {
        return error_at(token, "unexpected end of file: " + what() + " (line " +
                                   std::to_string(clip_.skeleton.source_lines[open.index]) + ") is not closed");
      }
      if (equals_ignore_case(token.text, "OFFSET")) {
        if (open.has_offset) return error_at(token, "second OFFSET in " + what());
        if (auto error = parse_offset(token, open.index)) return error;
        open.has_offset = true;
      } else if (equals_ignore_case(token.text, "CHANNELS")) {
        if (open.end_site) return error_at(token, "an End Site cannot have CHANNELS");
        if (open.has_channels) return error_at(token, "second CHANNELS in " + what());
        if (auto error = parse_channels(token, open.index)) return error;
        open.has_channels = true;
      } else if (equals_ignore_case(token.text, "JOINT")) {
        if (open.end_site) return error_at(token, "an End Site cannot have children (missing '}'?)");
        const int parent = open.index;
        if (auto error = open_named_joint(token, parent, stack)) return error;
      } else if (equals_ignore_case(token.text, "End")) {
        if (open.end_site) return error_at(token, "an End Site cannot have children (missing '}'?)");
        if (auto error = open_end_site(token, stack)) return error;
      } else if (token.text == "}") {
        if (!open.has_offset) return error_at(token, what() + " has no OFFSET");
        stack.pop_back();
      } else if (token.text == "{") {
        return error_at(token, "unexpected '{' in " + what());
      } else if (equals_ignore_case(token.text, "MOTION") || equals_ignore_case(token.text, "ROOT")) {
        return error_at(token, "unexpected " + std::string(token.text) + ": " + what() + " (line " +
                                   std::to_string(clip_.skeleton.source_lines[open.index]) +
                                   ") is not closed with '}'");
      } else {
        return error_at(token, "unexpected " + describe(token) + " in " + what());
      }
    }
    return std::nullopt;
  }

  std::optional<Diagnostic> parse_offset(const Token& keyword, int joint) {
    glm::vec3 offset(0.0f);
    for (int axis = 0; axis < 3; ++axis) {
      const Token value = cursor_.next_token();
      if (value.at_end() || value.line != keyword.line) {
        return error_at(keyword, "malformed OFFSET: expected 3 numbers, found " + std::to_string(axis));
      }
      if (auto error = parse_float_token(value, offset[axis], "in OFFSET")) return error;
    }
    const Token extra = cursor_.next_token_on_line();
    if (!extra.at_end() && extra.text != "}" && extra.text != "{") {
      return error_at(extra, "malformed OFFSET: more than 3 values (" + describe(extra) + ")");
    }
    cursor_.resume_at(cursor_.position() - extra.text.size());
    clip_.skeleton.offsets[joint] = offset;
    return std::nullopt;
  }

  std::optional<Diagnostic> parse_float_token(const Token& token, float& out, std::string_view context) {
    const char* first = token.text.data();
    const char* last = first + token.text.size();
    const NumberScan scan = scan_float(first, last, out);
    if (scan.status == NumberStatus::Ok && scan.end == last) return std::nullopt;
    return error_at(token, number_problem(scan.status, token.text) + " " + std::string(context));
  }

  std::optional<Diagnostic> parse_channels(const Token& keyword, int joint) {
    const Token count_token = cursor_.next_token_on_line();
    if (count_token.at_end()) return error_at(keyword, "CHANNELS without a channel count");
    int count = -1;
    const auto [ptr, ec] =
        std::from_chars(count_token.text.data(), count_token.text.data() + count_token.text.size(), count);
    if (ec != std::errc{} || ptr != count_token.text.data() + count_token.text.size()) {
      return error_at(count_token, "CHANNELS count must be a whole number from 0 to 6, found " + describe(count_token));
    }
    if (count < 0 || count > 6) {
      return error_at(count_token, "CHANNELS count must be from 0 to 6, found " + std::string(count_token.text));
    }
    Skeleton& s = clip_.skeleton;
    s.first_channels[joint] = s.channel_count();
    std::array<bool, 6> seen{};
    for (int i = 0; i < count; ++i) {
      const Token name = cursor_.next_token_on_line();
      if (name.at_end()) {
        return error_at(count_token,
                        "CHANNELS declares " + std::to_string(count) + " channels but lists " + std::to_string(i));
      }
      const auto kind = channel_from_name(name.text);
      if (!kind) return error_at(name, "unknown channel " + describe(name));
      if (seen[static_cast<std::size_t>(*kind)]) return error_at(name, "duplicate channel " + describe(name));
      seen[static_cast<std::size_t>(*kind)] = true;
      s.channel_kinds.push_back(*kind);
      s.channel_joints.push_back(joint);
    }
    const Token extra = cursor_.next_token_on_line();
    if (!extra.at_end()) {
      if (channel_from_name(extra.text)) {
        return error_at(extra, "CHANNELS declares " + std::to_string(count) + " channels but lists more");
      }
      return error_at(extra, "unexpected " + describe(extra) + " after the CHANNELS list");
    }
    s.channel_counts[joint] = count;
    return std::nullopt;
  }

  // Reads "LABEL:" where the colon may be attached or separate; leaves the cursor after the colon.
  // Returns the rest of an attached token ("Frames:5" gives "5"), empty otherwise.
  std::optional<Diagnostic> expect_label(std::string_view label, std::string_view display, std::string_view& rest) {
    const Token token = cursor_.next_token();
    if (!starts_with_ignore_case(token.text, label)) {
      return error_at(token, "expected '" + std::string(display) + "', found " + describe(token));
    }
    std::string_view tail = token.text.substr(label.size());
    if (tail.empty()) {
      const Token colon = cursor_.next_token_on_line();
      if (colon.text.empty() || colon.text.front() != ':') {
        return error_at(colon.at_end() ? token : colon, "expected ':' after '" + std::string(label) + "'");
      }
      tail = colon.text.substr(1);
    } else if (tail.front() == ':') {
      tail.remove_prefix(1);
    } else {
      return error_at(token, "expected '" + std::string(display) + "', found " + describe(token));
    }
    rest = tail;
    return std::nullopt;
  }

  // The value after a label: attached ("Frames:5") or the next token on the line.
  Token label_value(std::string_view attached) {
    if (!attached.empty()) {
      return Token{attached, cursor_.line(), cursor_.column() - static_cast<int>(attached.size())};
    }
    return cursor_.next_token_on_line();
  }

  std::optional<Diagnostic> expect_line_end(std::string_view after) {
    const Token extra = cursor_.next_token_on_line();
    if (!extra.at_end()) return error_at(extra, "unexpected " + describe(extra) + " after " + std::string(after));
    return std::nullopt;
  }

  std::optional<Diagnostic> parse_motion_header() {
    // "Frames: N"
    std::string_view attached;
    if (auto error = expect_label("Frames", "Frames:", attached)) return error;
    const Token frames = label_value(attached);
    if (frames.at_end()) return error_at(frames, "missing frame count after 'Frames:'");
    if (frames.text.front() == '-') return error_at(frames, "negative frame count " + quoted(frames.text));
    std::uint64_t declared = 0;
    const char* frames_end = frames.text.data() + frames.text.size();
    const auto [ptr, ec] = std::from_chars(frames.text.data(), frames_end, declared);
    if (ec == std::errc::result_out_of_range)
      return error_at(frames, "frame count " + quoted(frames.text) + " is too large");
    if (ec != std::errc{} || ptr != frames_end) {
      return error_at(frames, "frame count must be a whole number, found " + quoted(frames.text));
    }
    if (auto error = expect_line_end("the frame count")) return error;
    declared_frames_ = declared;
    frames_token_ = frames;

    // "Frame Time: T"
    const Token frame_keyword = cursor_.next_token();
    if (!equals_ignore_case(frame_keyword.text, "Frame")) {
      return error_at(frame_keyword, "expected 'Frame Time:', found " + describe(frame_keyword));
    }
    if (auto error = expect_label("Time", "Frame Time:", attached)) return error;
    const Token time = label_value(attached);
    if (time.at_end()) return error_at(time, "missing frame time after 'Frame Time:'");
    double frame_time = 0.0;
    const NumberScan scan = scan_double(time.text.data(), time.text.data() + time.text.size(), frame_time);
    if (scan.status != NumberStatus::Ok || scan.end != time.text.data() + time.text.size()) {
      return error_at(time, "frame time: " + number_problem(scan.status, time.text));
    }
    if (frame_time < 0.0) return error_at(time, "negative frame time " + quoted(time.text));
    if (auto error = expect_line_end("the frame time")) return error;
    clip_.declared_frame_time = frame_time;
    clip_.motion.frame_time = frame_time;
    if (frame_time == 0.0) {
      clip_.motion.frame_time = kDefaultFrameTime;
      warn_at(time.line, time.column, "frame time is 0; playing at 30 frames per second");
    } else if (frame_time < kMinFrameTime || frame_time > kMaxFrameTime) {
      // Beyond these a shared timeline's frame counts overflow (1e308 s) or vanish (1e-320 s).
      clip_.motion.frame_time = kDefaultFrameTime;
      warn_at(
          time.line, time.column,
          "frame time " + std::string(time.text) + " s is outside 1e-6 s to 1 hour; playing at 30 frames per second");
    }
    return std::nullopt;
  }

  TextCursor cursor_;
  std::string_view source_;
  Clip clip_;
  Token frames_token_;
  std::uint64_t declared_frames_ = 0;
  std::unordered_map<std::string, int> first_line_of_name_;
};

}  // namespace

Result<BvhHeader> parse_bvh_header(std::string_view text, std::string_view source, bool* touched_end) {
  return BvhParser(text, source).run(touched_end);
}

std::optional<Diagnostic> parse_rows(BvhHeader& header, BlockSource& blocks, const ParseOptions& options,
                                     LoadProgress* progress) {
  Clip& clip = header.clip;
  const int channels = clip.motion.channel_count;
  if (channels == 0) {
    // No joint has channels: frame rows are empty lines, so any value in them is refused.
    int line = header.rows_line;
    bool after_cr = false;
    for (;;) {
      Result<std::optional<RowBlockText>> next = blocks.next(options.block_bytes);
      if (!next) return next.error();
      if (!next.value()) break;
      const RowBlockText& block = *next.value();
      const std::string_view text = block.storage.empty() ? block.view : std::string_view(block.storage);
      std::size_t line_start = 0;
      for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
          if (!after_cr) ++line;
          line_start = i + 1;
        } else if (c == '\r') {
          ++line;
          line_start = i + 1;
        } else if (!is_blank(c)) {
          return Diagnostic{clip.source, line, static_cast<int>(i - line_start) + 1,
                            c == '\0' ? "binary data (a NUL byte) in the frame rows: not a BVH text file"
                                      : "a value in the frame rows, but no joint has channels"};
        }
        after_cr = c == '\r';
      }
    }
    constexpr std::uint64_t kMaxEmptyFrames = 1'000'000;
    clip.motion.frame_count = static_cast<std::size_t>(std::min(header.declared_frames, kMaxEmptyFrames));
    if (header.declared_frames > kMaxEmptyFrames) {
      clip.warnings.push_back(Diagnostic{clip.source, header.frames_line, header.frames_column,
                                         "no joint has channels; frame count limited to 1000000"});
    }
    return std::nullopt;
  }
  // Never trust the declared count for memory: a complete row needs at least 2 bytes per channel.
  const std::uint64_t max_rows = (blocks.remaining_bytes() + 1) / (2 * static_cast<std::uint64_t>(channels));
  RowAssembler assembler(clip, header.declared_frames, header.rows_line, header.frames_line, header.frames_column,
                         std::min(header.declared_frames, max_rows));
  if (progress != nullptr && progress->on_start) progress->on_start(clip);

  const std::size_t block_bytes = std::max<std::size_t>(options.block_bytes, 1);
  RowPipeline pipeline(
      channels,
      RowPipeline::workers_for(static_cast<std::size_t>(blocks.remaining_bytes()), block_bytes, options.threads),
      options.on_worker_start);
  const std::size_t max_in_flight =
      2 * std::max<std::size_t>(1, RowPipeline::workers_for(SIZE_MAX, block_bytes, options.threads)) + 1;
  auto commit_oldest = [&]() -> std::optional<Diagnostic> {
    const std::shared_ptr<RowPipeline::Block> block = pipeline.pop();
    if (block->overlong_line) return assembler.refuse_overlong_line(max_frame_line_bytes(channels));
    if (options.before_commit) options.before_commit();
    if (auto error = assembler.commit(block->result, block->text)) return error;
    if (!block->storage.empty() && !block->read_by_worker) blocks.recycle(std::move(block->storage));
    if (progress != nullptr)
      progress->frames_ready.store(static_cast<std::size_t>(assembler.rows_committed()), std::memory_order_release);
    if (options.after_commit) options.after_commit();
    return std::nullopt;
  };
  for (;;) {
    if (progress != nullptr && progress->cancel.load(std::memory_order_relaxed)) {
      return Diagnostic{clip.source, 0, 0, "loading was cancelled"};
    }
    while (pipeline.in_flight() >= max_in_flight) {
      if (auto error = commit_oldest()) return error;
    }
    Result<std::optional<RowBlockText>> next = blocks.next(block_bytes);
    if (!next) return next.error();
    if (!next.value()) break;
    RowBlockText& block = *next.value();
    pipeline.push(std::move(block.storage), block.view, block.overlong_line ? 0 : assembler.rows_wanted(),
                  block.overlong_line);
  }
  while (pipeline.in_flight() > 0) {
    if (auto error = commit_oldest()) return error;
  }
  assembler.finish();
  return std::nullopt;
}

namespace {

// The rows of a text held in memory, cut into blocks at line ends.
class TextBlocks final : public BlockSource {
 public:
  TextBlocks(std::string_view rows, int channels) : rows_(rows), max_line_bytes_(max_frame_line_bytes(channels)) {}
  std::uint64_t remaining_bytes() const override { return rows_.size() - position_; }
  Result<std::optional<RowBlockText>> next(std::size_t block_bytes) override {
    if (position_ >= rows_.size()) return std::optional<RowBlockText>{};
    std::size_t end = std::min(rows_.size(), position_ + block_bytes);
    std::size_t line_start = end;  // where the line that `end` sits in begins
    while (line_start > position_ && !is_line_end(rows_[line_start - 1])) --line_start;
    while (end < rows_.size() && !is_line_end(rows_[end - 1])) {  // finish the line
      if (end - line_start > max_line_bytes_) {
        // The limit of a streamed load: first the rows before this line, then the line refused.
        RowBlockText block;
        if (line_start > position_) {  // the complete rows before the long line
          block.view = rows_.substr(position_, line_start - position_);
          position_ = line_start;
        } else {  // the long line itself, refused; nothing after it is read
          block.view = rows_.substr(position_, max_line_bytes_);
          block.overlong_line = true;
          position_ = rows_.size();
        }
        return std::optional<RowBlockText>(std::move(block));
      }
      ++end;
    }
    if (end < rows_.size() && rows_[end - 1] == '\r' && rows_[end] == '\n') ++end;  // keep CRLF whole
    RowBlockText block;
    block.view = rows_.substr(position_, end - position_);
    position_ = end;
    return std::optional<RowBlockText>(std::move(block));
  }

 private:
  std::string_view rows_;
  std::size_t max_line_bytes_;
  std::size_t position_ = 0;
};

}  // namespace

Result<Clip> parse_bvh(std::string_view text, std::string_view source, const ParseOptions& options) {
  Result<BvhHeader> header = parse_bvh_header(text, source);
  if (!header) return header.error();
  TextBlocks blocks(text.substr(header.value().rows_offset), header.value().clip.motion.channel_count);
  if (auto error = parse_rows(header.value(), blocks, options, nullptr)) return *error;
  return std::move(header.value().clip);
}

}  // namespace bvhscope
