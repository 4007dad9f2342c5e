#include "formats/skeleton_file.hpp"

#include <charconv>
#include <unordered_map>

#include "anim/file_loader.hpp"

namespace bvhscope {
namespace {

struct Word {
  std::string_view text;
  int column = 0;  // 1-based
};

// The words of one line, up to a '#'.
std::vector<Word> words_of(std::string_view line) {
  std::vector<Word> words;
  std::size_t at = 0;
  while (at < line.size()) {
    const char c = line[at];
    if (c == '#') break;
    if (c == ' ' || c == '\t' || c == '\r') {
      ++at;
      continue;
    }
    const std::size_t start = at;
    while (at < line.size() && line[at] != ' ' && line[at] != '\t' && line[at] != '\r' && line[at] != '#') ++at;
    words.push_back({line.substr(start, at - start), static_cast<int>(start) + 1});
  }
  return words;
}

}  // namespace

Result<JointTree> parse_skeleton_text(std::string_view text, std::string_view source) {
  JointTree tree;
  const std::size_t slash = source.find_last_of('/');
  tree.name = std::string(slash == std::string_view::npos ? source : source.substr(slash + 1));
  const auto refuse = [&](int line, int column, std::string message) {
    return Diagnostic{std::string(source), line, column, std::move(message)};
  };
  struct ParentWord {
    Word word;
    int line = 0;
  };
  std::vector<ParentWord> parent_words;
  std::unordered_map<std::string_view, int> index_of;
  std::vector<int> lines;
  int line_number = 0;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    ++line_number;
    start = end + 1;
    const std::vector<Word> words = words_of(line);
    if (words.empty()) continue;
    if (words.size() != 2)
      return refuse(line_number, words.size() < 2 ? words[0].column : words[2].column,
                    words.size() < 2 ? "expected a joint's name and its parent ('-' for a root), found only '" +
                                           std::string(words[0].text) + "'"
                                     : "expected a joint's name and its parent, then the end of the line; found '" +
                                           std::string(words[2].text) + "'");
    const auto [earlier, added] = index_of.emplace(words[0].text, static_cast<int>(tree.names.size()));
    if (!added)
      return refuse(line_number, words[0].column,
                    "joint '" + std::string(words[0].text) + "' is named again (first on line " +
                        std::to_string(lines[static_cast<std::size_t>(earlier->second)]) + ")");
    tree.names.emplace_back(words[0].text);
    parent_words.push_back({words[1], line_number});
    lines.push_back(line_number);
    if (end == text.size()) break;
  }
  if (tree.names.empty()) return refuse(0, 0, "names no joints (expected lines of 'name parent')");
  for (const ParentWord& parent : parent_words) {
    const std::string_view word = parent.word.text;
    const std::size_t joint = tree.parents.size();
    if (word == "-") {
      tree.parents.push_back(-1);
      continue;
    }
    int index = -1;
    if (const auto found = index_of.find(word); found != index_of.end()) {
      index = found->second;
    } else {
      unsigned number = 0;
      const auto [stop, ec] = std::from_chars(word.data(), word.data() + word.size(), number);
      if (ec != std::errc{} || stop != word.data() + word.size())
        return refuse(parent.line, parent.word.column,
                      "parent '" + std::string(word) + "' names no joint of the file (a name, a joint number, or -)");
      if (number >= tree.names.size())
        return refuse(parent.line, parent.word.column,
                      "parent " + std::string(word) + " is not a joint number: the file names " +
                          std::to_string(tree.names.size()) + " joints (0 to " + std::to_string(tree.names.size() - 1) +
                          ")");
      index = static_cast<int>(number);
    }
    if (static_cast<std::size_t>(index) == joint)
      return refuse(parent.line, parent.word.column, "joint '" + tree.names[joint] + "' is its own parent");
    tree.parents.push_back(index);
  }
  // Every chain of parents must reach a root: walk each, marking the joints known to.
  std::vector<char> reaches_root(tree.names.size(), 0);
  for (std::size_t joint = 0; joint < tree.names.size(); ++joint) {
    std::size_t steps = 0;
    int at = static_cast<int>(joint);
    while (at != -1 && reaches_root[static_cast<std::size_t>(at)] == 0 && steps <= tree.names.size()) {
      at = tree.parents[static_cast<std::size_t>(at)];
      ++steps;
    }
    if (steps > tree.names.size())
      return refuse(lines[joint], 1,
                    "the parents of joint '" + tree.names[joint] + "' never reach a root: they form a cycle");
    for (int mark = static_cast<int>(joint); mark != at; mark = tree.parents[static_cast<std::size_t>(mark)])
      reaches_root[static_cast<std::size_t>(mark)] = 1;
  }
  return tree;
}

Result<JointTree> read_skeleton_file(const std::string& path) {
  Result<std::string> text = read_text_file(path);
  if (!text) return text.error();
  return parse_skeleton_text(text.value(), path);
}

}  // namespace bvhscope
