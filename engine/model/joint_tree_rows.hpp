// The joint tree as a flat list of rows for a clipped list view: which joints show, given the name
// filter and which joints are expanded, so a 100 000-joint tree draws only the rows on screen.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "anim/skeleton.hpp"

namespace bvhscope {

// Per joint: its depth (roots 0) and how many direct children it has. Computed once per clip.
struct JointTreeShape {
  std::vector<int> depths;
  std::vector<int> child_counts;
};
JointTreeShape joint_tree_shape(const Skeleton& skeleton);

// Fills `rows` with the joints to show, in file (depth-first) order: a joint shows when `visible`
// holds it (the filter) and every ancestor shows and is expanded. With `filtering`, the ancestors
// of matches are treated as expanded whatever `expanded` says. Reuses `rows`' storage.
void tree_rows(const Skeleton& skeleton, std::span<const std::uint8_t> visible, std::span<const std::uint8_t> expanded,
               bool filtering, std::vector<int>& rows);

// Marks every ancestor of `joint` expanded (so a joint picked in the view can be shown in the tree).
void expand_ancestors(const Skeleton& skeleton, int joint, std::span<std::uint8_t> expanded) noexcept;

// The row of `joint` in `rows`, or -1 when it is not shown.
int row_of(std::span<const int> rows, int joint) noexcept;

}  // namespace bvhscope
