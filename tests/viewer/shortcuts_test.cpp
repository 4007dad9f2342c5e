// One list of shortcuts (app/viewer/shortcuts.hpp): the README's table has exactly its rows, in
// its order, and every key the viewer's key handler (viewer_frame.cpp) reacts to is in it.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "viewer/shortcuts.hpp"

namespace bvhscope::viewer {
namespace {

std::string source_text(const std::string& relative) {
  std::ifstream in(test::fixtures_dir() / ".." / ".." / relative);
  EXPECT_TRUE(in) << relative;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(Shortcuts, TheReadmeTableIsTheList) {
  const std::string readme = source_text("README.md");
  const std::size_t marker = readme.find("<!-- The rows of app/viewer/shortcuts.hpp");
  ASSERT_NE(marker, std::string::npos) << "the README's shortcut table has lost its marker";
  std::istringstream lines(readme.substr(marker));
  std::string line;
  std::getline(lines, line);  // the marker
  std::getline(lines, line);
  EXPECT_EQ(line, "| keys | does |");
  std::getline(lines, line);
  EXPECT_EQ(line, "|---|---|");
  std::vector<std::string> rows;
  while (std::getline(lines, line) && !line.empty()) rows.push_back(line);
  ASSERT_EQ(rows.size(), std::size(kShortcuts));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i], std::string("| ") + kShortcuts[i].keys + " | " + kShortcuts[i].does + " |") << "row " << i + 1;
  }
}

TEST(Shortcuts, EveryKeyTheHandlerTakesIsListed) {
  std::set<std::string> listed;
  for (const Shortcut& row : kShortcuts) {
    // Its words: runs of letters and digits (no std::regex: GCC 12 warns inside it under ASan).
    std::string word;
    for (const char c : std::string(row.keys) + ' ') {
      if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
        word += c;
      } else if (!word.empty()) {
        listed.insert(word);
        word.clear();
      }
    }
  }
  const std::string handler = source_text("app/viewer/viewer_frame.cpp");
  const std::string handled = "case GLFW_KEY_";
  const std::map<std::string, std::string> names = {
      {"SPACE", "Space"},   {"LEFT", "Left"},     {"RIGHT", "Right"},  {"HOME", "Home"},           {"END", "End"},
      {"DELETE", "Delete"}, {"ESCAPE", "Esc"},    {"ENTER", "Enter"},  {"BACKSPACE", "Backspace"}, {"KP_1", "Numpad 1"},
      {"KP_3", "Numpad 3"}, {"KP_5", "Numpad 5"}, {"KP_7", "Numpad 7"}};
  int count = 0;
  for (std::size_t at = handler.find(handled); at != std::string::npos; at = handler.find(handled, at + 1)) {
    const std::size_t begin = at + handled.size();
    const std::size_t end = handler.find(':', begin);
    if (end == std::string::npos) break;
    const std::string glfw = handler.substr(begin, end - begin);
    const auto named = names.find(glfw);
    const std::string name = named != names.end() ? named->second : glfw;
    // Every word of the name listed ("Numpad 1": "Numpad" and "1").
    bool all_listed = true;
    std::istringstream words(name);
    for (std::string word; words >> word;) all_listed = all_listed && listed.count(word) == 1;
    EXPECT_TRUE(all_listed) << "the handler takes " << glfw << " but the shortcut list has no " << name;
    ++count;
  }
  EXPECT_GE(count, 25);  // the handler's cases were found at all
}

}  // namespace
}  // namespace bvhscope::viewer
