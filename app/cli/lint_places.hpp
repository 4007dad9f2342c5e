// Where a lint finding is, in words: "frame 12, joint LeftArm Xrotation", "line 58:10 (Chest)", for
// lint's text and the report page.
#pragma once

#include <string>
#include <vector>

#include "anim/lint.hpp"
#include "anim/skeleton.hpp"

namespace bvhscope::cli {

// The names a finding's place refers to: the clip's joints and its channels' kinds.
struct LintNames {
  std::vector<std::string> joint_names;
  std::vector<ChannelKind> channel_kinds;
};

// "frame 12, joint LeftArm Xrotation", "line 58:10 (Chest)", "joint Hips"; empty for the whole file.
std::string place_text(const LintNames& file, const LintPlace& place);

}  // namespace bvhscope::cli
