// Tests' BVH fixture builder: the text of a small file from a compact description (joints with
// their parents, offsets and channels, end sites, the frame time, and rows of values given or
// generated), so that a test states its skeleton and motion instead of spelling out the syntax.
// A joint's channels std::nullopt writes no CHANNELS line at all (read as none), and
// declared_frames() states a "Frames:" count whatever rows follow (a count with no rows, or rows a
// test appends itself).
// Tests whose point is the exact bytes (parser error columns, hostile files, whitespace, line ends)
// keep their literals. Numbers are written as the shortest text that reads back as the same double.
//
//   const std::string text = test::BvhBuilder()
//       .root("Hips", {0, 0, 0}, test::kPositionsZXY)
//       .joint("Head", "Hips", {0, 50, 0}, test::kRotationsZXY)
//       .end_site("Head", {0, 10, 0})
//       .frame_time(0.04)
//       .frames(20, [](int f) { return std::vector<double>{f, 90, 0, 0, 0, 0, 0, 0, 0}; })
//       .text();
#pragma once

#include <array>
#include <charconv>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace bvhscope::test {

// The channel lists most tests use: a root's six (positions, then rotations Z X Y) and a joint's three.
inline constexpr const char* kPositionsZXY = "Xposition Yposition Zposition Zrotation Xrotation Yrotation";
inline constexpr const char* kRotationsZXY = "Zrotation Xrotation Yrotation";

class BvhBuilder {
 public:
  using Offset = std::array<double, 3>;
  using Row = std::vector<double>;

  // The root joint (once, first). `channels` is the CHANNELS line's names, space-separated ("" for
  // "CHANNELS 0", std::nullopt for no CHANNELS line).
  BvhBuilder& root(std::string name, Offset offset, std::optional<std::string> channels) {
    if (!nodes_.empty()) throw std::logic_error("BvhBuilder: root() comes first, once");
    nodes_.push_back(Node{std::move(name), -1, offset, std::move(channels), false});
    return *this;
  }
  // A joint under `parent` (a joint named before), after its parent's earlier children.
  BvhBuilder& joint(std::string name, const std::string& parent, Offset offset, std::optional<std::string> channels) {
    nodes_.push_back(Node{std::move(name), index_of(parent), offset, std::move(channels), false});
    return *this;
  }
  // An End Site under `parent`.
  BvhBuilder& end_site(const std::string& parent, Offset offset) {
    nodes_.push_back(Node{"", index_of(parent), offset, std::nullopt, true});
    return *this;
  }
  BvhBuilder& frame_time(double seconds) {
    frame_time_ = seconds;
    return *this;
  }
  // "Frames: `count`" whatever the rows (by default the count of rows): frames declared without
  // rows, or a header whose rows the test writes itself.
  BvhBuilder& declared_frames(long long count) {
    declared_frames_ = count;
    return *this;
  }
  // One frame's values, in the order of the CHANNELS lines.
  BvhBuilder& frame(const Row& values) {
    std::string line;
    for (std::size_t i = 0; i < values.size(); ++i) line += (i == 0 ? "" : " ") + number(values[i]);
    rows_.push_back(std::move(line));
    return *this;
  }
  // One frame's line as written ("0 90 0 ...": values a test keeps as text).
  BvhBuilder& frame_line(std::string line) {
    rows_.push_back(std::move(line));
    return *this;
  }
  // One frame per line, each as written (the rows of a test that keeps its motion as text).
  BvhBuilder& frame_lines(const std::vector<std::string>& lines) {
    for (const std::string& line : lines) frame_line(line);
    return *this;
  }
  // `count` frames, frame f's values from `row(f)`.
  BvhBuilder& frames(int count, const std::function<Row(int)>& row) {
    for (int f = 0; f < count; ++f) frame(row(f));
    return *this;
  }

  // The file: HIERARCHY with two spaces of indent per level, MOTION, "Frames:" counting the rows
  // (or as declared).
  [[nodiscard]] std::string text() const {
    if (nodes_.empty()) throw std::logic_error("BvhBuilder: no root");
    std::vector<std::vector<std::size_t>> children(nodes_.size());
    for (std::size_t i = 1; i < nodes_.size(); ++i) children[static_cast<std::size_t>(nodes_[i].parent)].push_back(i);
    std::string out = "HIERARCHY\n";
    write_node(out, children, 0, 0);
    const long long frames = declared_frames_ ? *declared_frames_ : static_cast<long long>(rows_.size());
    out += "MOTION\nFrames: " + std::to_string(frames) + "\nFrame Time: " + number(frame_time_) + "\n";
    for (const std::string& row : rows_) out += row + "\n";
    return out;
  }

  // The shortest text that reads back as `value` (std::to_chars).
  static std::string number(double value) {
    char buffer[64];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return std::string(buffer, end);
  }

 private:
  struct Node {
    std::string name;
    int parent = -1;
    Offset offset{};
    std::optional<std::string> channels;
    bool end_site = false;
  };

  int index_of(const std::string& name) const {
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      if (!nodes_[i].end_site && nodes_[i].name == name) return static_cast<int>(i);
    }
    throw std::logic_error("BvhBuilder: no joint named " + name + " before its child");
  }

  static std::size_t count_channels(const std::string& channels) {
    std::size_t count = 0;
    bool in_word = false;
    for (const char c : channels) {
      if (c != ' ' && !in_word) ++count;
      in_word = c != ' ';
    }
    return count;
  }

  void write_node(std::string& out, const std::vector<std::vector<std::size_t>>& children, std::size_t index,
                  int depth) const {
    const Node& node = nodes_[index];
    const std::string indent(static_cast<std::size_t>(depth) * 2, ' ');
    if (node.end_site) {
      out += indent + "End Site\n";
    } else {
      out += indent + (node.parent < 0 ? "ROOT " : "JOINT ") + node.name + "\n";
    }
    out += indent + "{\n";
    out += indent + "  OFFSET " + number(node.offset[0]) + " " + number(node.offset[1]) + " " + number(node.offset[2]) +
           "\n";
    if (node.channels) {
      const std::size_t count = count_channels(*node.channels);
      out += indent + "  CHANNELS " + std::to_string(count) + (count == 0 ? "" : " " + *node.channels) + "\n";
    }
    for (const std::size_t child : children[index]) write_node(out, children, child, depth + 1);
    out += indent + "}\n";
  }

  std::vector<Node> nodes_;
  double frame_time_ = 1.0 / 30.0;
  std::optional<long long> declared_frames_;
  std::vector<std::string> rows_;
};

// The walk of the model tests: Hips (6 channels) -> `head` (0 50 0, 3 channels) -> End Site (0 10 0),
// `frame_time` s a frame, frame f's nine values from `row(f)`.
inline std::string walk(int frames, const std::function<BvhBuilder::Row(int)>& row, const std::string& head = "Head",
                        double frame_time = 0.04) {
  return BvhBuilder()
      .root("Hips", {0, 0, 0}, kPositionsZXY)
      .joint(head, "Hips", {0, 50, 0}, kRotationsZXY)
      .end_site(head, {0, 10, 0})
      .frame_time(frame_time)
      .frames(frames, row)
      .text();
}

}  // namespace bvhscope::test
