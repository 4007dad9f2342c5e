#include "cli/joint_map_file.hpp"

#include <fstream>
#include <sstream>

#include "anim/joint_matching.hpp"
#include "anim/printable.hpp"

namespace bvhscope::cli {

std::optional<std::vector<std::pair<std::string, std::string>>> read_joint_map(const std::string& path,
                                                                               std::ostream& err,
                                                                               std::vector<int>* lines) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    err << printable(path) << ": error: cannot open the joint map\n";
    return std::nullopt;
  }
  std::ostringstream text;
  text << file.rdbuf();
  auto pairs = parse_joint_map(text.str(), path, lines);
  if (!pairs) {
    err << format_diagnostic(pairs.error(), Severity::Error) << '\n';
    return std::nullopt;
  }
  return std::move(pairs).value();
}

}  // namespace bvhscope::cli
