// A skeleton for joint arrays whose layout bvhscope does not know (--skeleton FILE): a small text
// file naming the array's joints in its order, one a line, each with its parent:
//
//   # name  parent (a name, a 0-based joint number, or - for a root)
//   hips    -
//   spine   hips
//   head    1
//
// Blank lines and text after '#' are ignored. Parents may be named before or after their
// children. Refused, at the line and column: a line without two words, a name given twice, a
// parent that names no joint, a joint its own ancestor (a cycle of parents).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "anim/result.hpp"

namespace bvhscope {

struct JointTree {
  std::string name;                // what the tree is called in messages: its file's name
  std::vector<std::string> names;  // the joints, in the array's order
  std::vector<int> parents;        // each joint's parent (an index into names), -1 for a root
};

Result<JointTree> parse_skeleton_text(std::string_view text, std::string_view source);
Result<JointTree> read_skeleton_file(const std::string& path);

}  // namespace bvhscope
