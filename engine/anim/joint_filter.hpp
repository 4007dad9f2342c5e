// The joint tree's name filter and labels: which joints match, which stay visible as ancestors,
// and labels that keep duplicate names distinguishable.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "anim/skeleton.hpp"

namespace bvhscope {

struct JointFilter {
  std::vector<std::uint8_t> matches;  // 1 where the name contains the query (case-insensitive)
  std::vector<std::uint8_t> visible;  // 1 where the joint matches or has a matching descendant
  int match_count = 0;
};

// Where `query` first occurs in `text`, ignoring ASCII case (npos when it does not; 0 for an
// empty query).
std::size_t find_ignore_case(std::string_view text, std::string_view query) noexcept;

// An empty query matches every joint. One backward pass (children come after their parents).
JointFilter filter_joints(const Skeleton& skeleton, std::string_view query);

// A joint's label for lists and the tree: its name, with " #<index>" appended when another joint
// has the same name (End Sites under one joint, duplicate names in the file).
std::vector<std::string> joint_labels(const Skeleton& skeleton);

// Indices of a joint's direct children, in file order.
std::vector<int> joint_children(const Skeleton& skeleton, int joint);

}  // namespace bvhscope
