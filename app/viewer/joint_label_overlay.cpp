#include "viewer/joint_label_overlay.hpp"

namespace bvhscope::viewer {

void JointLabelOverlay::refresh_order(const ClipSlot& slot, LabelMode mode, std::span<const ClipSlot> clips) {
  const Skeleton& skeleton = slot.clip().skeleton;
  const Key new_key{slot.id, skeleton.joint_count(), slot.selected, mode};
  if (new_key == key) return;
  // A new clip, selection or mode: the order is rebuilt and the storage sized (not while playing).
  label_order(skeleton, slot.tree_shape.depths, slot.selected, mode == LabelMode::All, order);
  layout.reserve(order.size() + 1);
  placed.reserve(order.size());
  characters = 0;
  for (const int joint : order) characters += slot.labels[static_cast<std::size_t>(joint)].size();
  // A leader, a box and a text a label, a few items a name tag and the hover name.
  overlay.items.reserve(3 * order.size() + 6 * clips.size() + 8);
  std::size_t tag_characters = 0;
  for (const ClipSlot& clip : clips) tag_characters += clip.file_name.size();
  overlay.text_bytes.reserve(characters + tag_characters + 256);
  key = new_key;
}

}  // namespace bvhscope::viewer
