// Matching the joints of two skeletons by name: exactly first, then ignoring ASCII case and common
// rig prefixes (mixamorig:, Bip01 , Character1_, any Namespace:); End Sites through their parents.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anim/result.hpp"
#include "anim/skeleton.hpp"

namespace bvhscope {

struct JointPair {
  int reference = 0;
  int other = 0;
};

struct JointMatching {
  std::vector<JointPair> pairs;          // in the reference's joint order
  std::vector<int> unmatched_reference;  // joints of the reference with no partner, in file order
  std::vector<int> unmatched_other;      // joints of the other skeleton with no partner, in file order
};

// The name compared in the second pass: everything up to the last ':' dropped (mixamorig:,
// mixamorig1:, any Namespace:), then a leading "Bip01 ", "Bip01_" or "Character1_" (any case), then
// ASCII lower case. "mixamorig:LeftArm" and "Bip01_leftarm" both give "leftarm".
std::string normalized_joint_name(std::string_view name);

// Pairs (reference name, other name) given by the user are matched first (names that do not exist
// are ignored); then exact names, then normalized names (each joint used once, first come first
// served in file order). End Sites are never matched by name: a reference End Site matches the
// other's End Site when their parents matched and each parent has exactly one End Site.
// A joint map: lines "reference name,other name" (spaces and tabs around each name ignored, CR LF
// and a leading UTF-8 byte order mark allowed); blank lines and lines whose first character other
// than a space or tab is '#' are skipped. A line without a name on both
// sides of a comma is an error located at its line (column 1). `lines` (optional) receives each
// pair's line number.
Result<std::vector<std::pair<std::string, std::string>>> parse_joint_map(std::string_view text,
                                                                         const std::string& source,
                                                                         std::vector<int>* lines = nullptr);

JointMatching match_joints(const Skeleton& reference, const Skeleton& other,
                           const std::vector<std::pair<std::string, std::string>>& explicit_pairs = {});

}  // namespace bvhscope
