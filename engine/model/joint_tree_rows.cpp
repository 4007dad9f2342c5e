#include "model/joint_tree_rows.hpp"

#include <algorithm>

namespace bvhscope {

JointTreeShape joint_tree_shape(const Skeleton& skeleton) {
  JointTreeShape shape;
  shape.depths = skeleton.depths();
  shape.child_counts.assign(static_cast<std::size_t>(skeleton.joint_count()), 0);
  for (const int parent : skeleton.parents) {
    if (parent != kNoParent) ++shape.child_counts[static_cast<std::size_t>(parent)];
  }
  return shape;
}

void tree_rows(const Skeleton& skeleton, std::span<const std::uint8_t> visible, std::span<const std::uint8_t> expanded,
               bool filtering, std::vector<int>& rows) {
  rows.clear();
  const auto count = static_cast<std::size_t>(skeleton.joint_count());
  if (visible.size() < count || expanded.size() < count) return;
  // shown[i] is decided before any child of i (parents come first), so one forward pass does it.
  std::vector<std::uint8_t> open(count, 0);  // the joint shows and its children may show
  for (std::size_t i = 0; i < count; ++i) {
    const int parent = skeleton.parents[i];
    const bool parent_open = parent == kNoParent || open[static_cast<std::size_t>(parent)] != 0;
    if (!parent_open || visible[i] == 0) continue;
    rows.push_back(static_cast<int>(i));
    open[i] = (filtering || expanded[i] != 0) ? 1 : 0;
  }
}

void expand_ancestors(const Skeleton& skeleton, int joint, std::span<std::uint8_t> expanded) noexcept {
  if (joint < 0 || joint >= skeleton.joint_count()) return;
  for (int p = skeleton.parents[static_cast<std::size_t>(joint)]; p != kNoParent;
       p = skeleton.parents[static_cast<std::size_t>(p)]) {
    if (static_cast<std::size_t>(p) < expanded.size()) expanded[static_cast<std::size_t>(p)] = 1;
  }
}

int row_of(std::span<const int> rows, int joint) noexcept {
  // Rows are in increasing joint order.
  const auto it = std::lower_bound(rows.begin(), rows.end(), joint);
  return it != rows.end() && *it == joint ? static_cast<int>(it - rows.begin()) : -1;
}

}  // namespace bvhscope
