// What the view shows over the figures, placed into an Overlay for any front-end: the clips' name
// tags, the joint labels (in label_order's priority, none over another, hidden when no spot is
// free), the hovered joint's name box and a grid tile's caption. Text is measured through
// TextMetrics (ImGui's font in the viewer, engine/gfx's atlas headless); sizes are pixels before
// the content scale `scale`. No GL, no ImGui.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "model/label_layout.hpp"
#include "model/overlay.hpp"

namespace bvhscope {

// The label layout's offset and gap at `scale`: begin every frame's LabelLayout with it.
[[nodiscard]] LabelLayoutStyle overlay_label_style(float scale) noexcept;

// One clip's name tag: its file name over its figure, whose highest joint is at pixel `head`.
struct NameTag {
  glm::vec2 head{0.0f};
  std::string_view name;
  glm::vec3 colour{1.0f};  // the clip's line colour
  bool active = false;     // the active clip's tag is outlined
  std::string_view badge;  // a weak guess ("+y up?"), drawn in amber after the name; "" for none
};

// Places `tag` above its head, past the tags placed so far (`tags`; up first, then down, within a
// few rows), inside `bounds`; the placed box is added to `tags` and blocked in `layout` (joint
// labels keep clear of it). A tag with no free spot is left out and its head gets a dot of its
// colour. Adds the leader, dot, box, stripe and text to `overlay`, and the badge when there is one;
// the badge's box when it was placed (for the viewer's hover and click).
std::optional<LabelBox> place_name_tag(Overlay& overlay, const TextMetrics& metrics, const NameTag& tag,
                                       const LabelBox& bounds, float scale, std::vector<LabelBox>& tags,
                                       LabelLayout& layout);

// A joint label shown this frame: the joint, its point on screen and where its box went.
struct PlacedJointLabel {
  int joint = -1;
  glm::vec2 point{0.0f};
  PlacedLabel label;
};

// The active clip's joints as drawn now, for its labels.
struct JointLabelView {
  std::span<const int> order;          // label_order's joints, first placed first
  std::span<const glm::vec3> joints;   // world positions as drawn
  std::span<const std::string> names;  // each joint's label text
  std::span<const int> depths;         // each joint's depth in the tree
  int selected = -1;                   // the selected joint (its label is emphasised), -1 for none
  int hovered = -1;  // the joint under the pointer: the hover box names it, so it gets no label, -1 for none
  glm::mat4 view_projection{1.0f};
  glm::vec2 view_origin{0.0f};  // the view's top-left and size in pixels
  glm::vec2 view_size{0.0f};
  float scale = 1.0f;
};

// Places the labels in order with `layout` (begun for this frame; the selected joint and its
// ancestors may stand off their point with a leader line, the others only take a spot next to
// it), keeps the shown ones in `placed` (reused) and adds their leaders, then their boxes and
// texts, to `overlay`. Returns how many were hidden (no free spot).
int place_joint_labels(Overlay& overlay, LabelLayout& layout, const TextMetrics& metrics, const JointLabelView& view,
                       std::vector<PlacedJointLabel>& placed);

// The hovered joint's name, with its clip's file name when `file` is given (several clips shown).
struct HoverName {
  std::string_view name;
  std::optional<std::string_view> file;
};

// The box of the hover name for the mouse at `mouse`, below and right of the cursor, inside `bounds`.
[[nodiscard]] LabelBox hover_name_box(const TextMetrics& metrics, const HoverName& hover, glm::vec2 mouse,
                                      const LabelBox& bounds, float scale);
// Adds the hover name in `box` (from hover_name_box) to `overlay`.
void add_hover_name(Overlay& overlay, const TextMetrics& metrics, const HoverName& hover, const LabelBox& box,
                    float scale);

// A grid tile's caption: its text on a dark band at the top left of a tile of `tile_size` pixels.
void add_grid_caption(Overlay& overlay, const TextMetrics& metrics, std::string_view caption, glm::vec2 tile_size);

}  // namespace bvhscope
