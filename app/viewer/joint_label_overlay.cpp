#include "viewer/joint_label_overlay.hpp"

namespace bvhscope::viewer {

void JointLabelOverlay::refresh_order(const ClipSlot& slot, LabelMode mode) {
  const Skeleton& skeleton = slot.clip().skeleton;
  const Key new_key{slot.id, skeleton.joint_count(), slot.selected, mode};
  if (new_key == key) return;
  // A new clip, selection or mode: the order is rebuilt and the storage sized (not while playing).
  label_order(skeleton, slot.tree_shape.depths, slot.selected, mode == LabelMode::All, order);
  layout.reserve(order.size() + 1);
  placed.reserve(order.size());
  characters = 0;
  for (const int joint : order) characters += slot.labels[static_cast<std::size_t>(joint)].size();
  key = new_key;
}

}  // namespace bvhscope::viewer
