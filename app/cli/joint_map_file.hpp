// Reading a joint map file (compare --map, retarget --map): "first name,second name" per line.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace bvhscope::cli {

// The pairs of the map at `path` (parse_joint_map), each pair's line in `lines` (optional), or
// nullopt with the located error printed on `err`.
std::optional<std::vector<std::pair<std::string, std::string>>> read_joint_map(const std::string& path,
                                                                               std::ostream& err,
                                                                               std::vector<int>* lines = nullptr);

}  // namespace bvhscope::cli
