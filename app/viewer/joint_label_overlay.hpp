// The joint labels over the 3D view: the active clip's joints in label priority (rebuilt only when
// the clip, the selection or the mode changes, so nothing is allocated while playing), the layout
// that keeps labels, name tags and the hover name from overlapping, this frame's placed labels and
// tags, the Overlay they are placed into (model/overlay_labels), and how many labels were shown or
// hidden (the state report's labels_shown/labels_hidden).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "model/clip_slot.hpp"
#include "model/label_layout.hpp"
#include "model/overlay.hpp"
#include "model/overlay_labels.hpp"
#include "viewer/actions.hpp"

namespace bvhscope::viewer {

// A weak guess's badge on a clip's name tag, as the overlay placed it (window pixels).
struct TagBadge {
  int clip_id = 0;
  LabelBox box;
};

struct JointLabelOverlay {
  struct Key {
    int clip_id = 0;
    int joint_count = 0;
    int selected = -1;
    LabelMode mode = LabelMode::None;
    bool operator==(const Key&) const = default;
  };

  // The label order for `slot` in `mode`, rebuilt (and the storage sized, the overlay's too for
  // the name tags of `clips`) only when the clip, its selection or the mode changed since the last call.
  void refresh_order(const ClipSlot& slot, LabelMode mode, std::span<const ClipSlot> clips);

  LabelLayout layout;      // reused every frame
  std::vector<int> order;  // joints in label priority, rebuilt when the key changes
  Key key;
  std::size_t characters = 0;            // of every label in order
  std::vector<PlacedJointLabel> placed;  // this frame's shown labels, reused
  std::vector<LabelBox> tag_boxes;       // this frame's clip name tags, reused
  std::vector<TagBadge> tag_badges;      // their weak-guess badges (clip id, box), reused
  Overlay overlay;                       // this frame's tags, labels and hover name, reused
  int shown = 0;                         // joint labels drawn in the last overlay
  int hidden = 0;                        // and those hidden because no free spot was left
};

}  // namespace bvhscope::viewer
