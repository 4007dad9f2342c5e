#include "model/overlay_labels.hpp"

#include <algorithm>
#include <cmath>

#include <glm/common.hpp>
#include <glm/vec4.hpp>

#include "model/orbit_camera.hpp"

namespace bvhscope {
namespace {

// Sizes in pixels before the content scale.
constexpr float kLabelOffset = 7.0f;             // from the joint to its label's box
constexpr float kLabelGap = 2.0f;                // kept clear between two boxes
constexpr glm::vec2 kLabelPadding(4.0f, 1.0f);   // around a label's text
constexpr glm::vec2 kHoverPadding(6.0f, 3.0f);   // around the hover name's text
constexpr glm::vec2 kHoverOffset(14.0f, 18.0f);  // from the cursor to the hover name (clear of the arrow)
constexpr float kRounding = 3.0f;                // of every box's corners
constexpr float kTagLift = 10.0f;                // from the figure's top to its tag
constexpr float kMaxTagRows = 2.0f;              // how far a tag may move (in tag heights) to keep clear of the others

// A colour of 8-bit channels.
glm::vec4 rgba8(int r, int g, int b, int a) {
  return glm::vec4(static_cast<float>(r), static_cast<float>(g), static_cast<float>(b), static_cast<float>(a)) / 255.0f;
}

const glm::vec4 kLabelFill = rgba8(20, 22, 26, 190);
const glm::vec4 kLabelText = rgba8(215, 218, 224, 255);
const glm::vec4 kSelectedFill = rgba8(20, 60, 85, 235);
const glm::vec4 kSelectedText = rgba8(200, 236, 255, 255);
const glm::vec4 kLeader = rgba8(200, 205, 215, 170);
const glm::vec4 kHoverFill = rgba8(34, 37, 44, 240);
const glm::vec4 kHoverBorder = rgba8(235, 190, 90, 255);
const glm::vec4 kHoverText = rgba8(245, 246, 248, 255);
const glm::vec4 kHoverFileText = rgba8(160, 166, 178, 255);
const glm::vec4 kTagFill = rgba8(18, 20, 24, 215);
const glm::vec4 kTagText = rgba8(235, 237, 241, 255);
const glm::vec4 kBadgeFill = rgba8(235, 175, 60, 255);  // a weak guess: amber, as the Clip tab's reason
const glm::vec4 kBadgeText = rgba8(30, 24, 12, 255);
const glm::vec4 kCaptionFill = rgba8(16, 18, 21, 200);
const glm::vec4 kCaptionText = rgba8(232, 234, 238, 255);

}  // namespace

LabelLayoutStyle overlay_label_style(float scale) noexcept { return {kLabelOffset * scale, kLabelGap * scale}; }

std::optional<LabelBox> place_name_tag(Overlay& overlay, const TextMetrics& metrics, const NameTag& tag,
                                       const LabelBox& bounds, float scale, std::vector<LabelBox>& tags,
                                       LabelLayout& layout) {
  const glm::vec2 padding(kLabelPadding.x * scale * 1.5f, kLabelPadding.y * scale * 1.5f);
  const float stripe = 3.0f * scale;
  const glm::vec2 text = metrics.measure(tag.name);
  // The badge: its text in an amber box inside the tag, after the name.
  const float badge_width = tag.badge.empty() ? 0.0f : metrics.measure(tag.badge).x + 2.0f * padding.x;
  const float badge_room = tag.badge.empty() ? 0.0f : badge_width + padding.x;
  const glm::vec2 size(text.x + 2.0f * padding.x + stripe + badge_room, text.y + 2.0f * padding.y);
  const glm::vec2 start(
      std::clamp(tag.head.x - size.x * 0.5f, bounds.min.x, std::max(bounds.min.x, bounds.max.x - size.x)),
      tag.head.y - kTagLift * scale - size.y);
  // Past every tag it would cover (the tags placed so far): up first, then down; a tag with no
  // free spot inside the view is left out (its figure keeps the dot of its colour).
  const auto free_spot = [&](float direction) -> std::optional<glm::vec2> {
    glm::vec2 min = start;
    for (bool moved = true; moved;) {
      moved = false;
      for (const LabelBox& other : tags) {
        if (min.x < other.max.x && other.min.x < min.x + size.x && min.y < other.max.y &&
            other.min.y < min.y + size.y) {
          min.y = direction < 0.0f ? other.min.y - size.y - kLabelGap * scale : other.max.y + kLabelGap * scale;
          moved = true;
        }
      }
    }
    // Within a few rows of its figure: farther away, a crowd of tags would hide the figures.
    const bool near = std::abs(min.y - start.y) <= kMaxTagRows * (size.y + kLabelGap * scale);
    if (!near || min.y < bounds.min.y || min.y + size.y > bounds.max.y) return std::nullopt;
    return min;
  };
  std::optional<glm::vec2> spot = free_spot(-1.0f);
  if (!spot) spot = free_spot(1.0f);
  if (!spot) {
    overlay.add_dot(tag.head, 2.5f * scale, glm::vec4(tag.colour, 1.0f));
    return std::nullopt;
  }
  const glm::vec2 min = *spot;
  const LabelBox box{min, min + size};
  tags.push_back(box);
  layout.block(box);
  // A leader from the figure's top to its tag, so a tag moved away still points at its figure.
  const glm::vec2 foot(std::clamp(tag.head.x, box.min.x + stripe, box.max.x - stripe),
                       box.max.y < tag.head.y ? box.max.y : box.min.y);
  overlay.add_line(tag.head, foot, glm::vec4(tag.colour, 0.75f), 1.0f * scale);
  overlay.add_dot(tag.head, 2.0f * scale, glm::vec4(tag.colour, 0.9f));
  overlay.add_box(box.min, box.max, kTagFill, kRounding * scale);
  overlay.add_box(box.min, glm::vec2(box.min.x + stripe, box.max.y), glm::vec4(tag.colour, 1.0f), kRounding * scale,
                  glm::vec4(0.0f), 0.0f, kCornersLeft);
  if (tag.active)
    overlay.add_box(box.min, box.max, glm::vec4(0.0f), kRounding * scale, glm::vec4(tag.colour, 0.9f), 1.0f * scale);
  overlay.add_text(glm::vec2(box.min.x + stripe + padding.x, box.min.y + padding.y), kTagText, tag.name);
  if (tag.badge.empty()) return std::nullopt;
  const float inset = 1.0f * scale;
  const LabelBox badge{{box.max.x - badge_width - inset, box.min.y + inset}, {box.max.x - inset, box.max.y - inset}};
  overlay.add_box(badge.min, badge.max, kBadgeFill, kRounding * scale);
  overlay.add_text(glm::vec2(badge.min.x + padding.x, box.min.y + padding.y), kBadgeText, tag.badge);
  return badge;
}

int place_joint_labels(Overlay& overlay, LabelLayout& layout, const TextMetrics& metrics, const JointLabelView& view,
                       std::vector<PlacedJointLabel>& placed) {
  // The selected joint and its ancestors may stand off their point (with a leader line) rather
  // than be hidden; in All mode the other joints only take a spot next to their point.
  const std::size_t chain = view.selected >= 0 && static_cast<std::size_t>(view.selected) < view.depths.size()
                                ? static_cast<std::size_t>(view.depths[static_cast<std::size_t>(view.selected)]) + 1
                                : 0;
  const glm::vec2 padding = kLabelPadding * view.scale;
  int hidden = 0;
  placed.clear();
  for (std::size_t k = 0; k < view.order.size(); ++k) {
    const auto joint = static_cast<std::size_t>(view.order[k]);
    if (joint >= view.joints.size() || joint >= view.names.size() || view.order[k] == view.hovered) continue;
    const glm::vec3 p = project_to_pixels(view.view_projection, view.joints[joint], view.view_size);
    if (p.z < 0.0f || p.z > 1.0f) continue;
    const glm::vec2 point = glm::vec2(p.x, p.y) + view.view_origin;
    if (!(point.x >= view.view_origin.x && point.y >= view.view_origin.y &&
          point.x < view.view_origin.x + view.view_size.x && point.y < view.view_origin.y + view.view_size.y))
      continue;
    const PlacedLabel label = layout.place(point, metrics.measure(view.names[joint]) + 2.0f * padding, k < chain);
    if (label.shown()) {
      placed.push_back({static_cast<int>(joint), point, label});
    } else {
      ++hidden;
    }
  }
  for (const PlacedJointLabel& label : placed) {  // leader lines under every box
    if (!needs_leader(label.label.spot)) continue;
    const glm::vec2 end = glm::clamp(label.point, label.label.box.min, label.label.box.max);
    overlay.add_line(label.point, end, kLeader, 1.0f * view.scale);
  }
  for (const PlacedJointLabel& label : placed) {
    const bool strong = label.joint == view.selected;
    const LabelBox& box = label.label.box;
    overlay.add_box(box.min, box.max, strong ? kSelectedFill : kLabelFill, kRounding * view.scale);
    overlay.add_text(box.min + padding, strong ? kSelectedText : kLabelText,
                     view.names[static_cast<std::size_t>(label.joint)]);
  }
  return hidden;
}

LabelBox hover_name_box(const TextMetrics& metrics, const HoverName& hover, glm::vec2 mouse, const LabelBox& bounds,
                        float scale) {
  const glm::vec2 name_size = metrics.measure(hover.name);
  float width = name_size.x;
  if (hover.file) width += metrics.measure("  ").x + metrics.measure(*hover.file).x;
  const glm::vec2 size(width + 2.0f * kHoverPadding.x * scale, name_size.y + 2.0f * kHoverPadding.y * scale);
  return tooltip_box(mouse, size, bounds, kHoverOffset * scale);
}

void add_hover_name(Overlay& overlay, const TextMetrics& metrics, const HoverName& hover, const LabelBox& box,
                    float scale) {
  overlay.add_box(box.min, box.max, kHoverFill, kRounding * scale, kHoverBorder, 1.0f * scale);
  glm::vec2 at(box.min.x + kHoverPadding.x * scale, box.min.y + kHoverPadding.y * scale);
  overlay.add_text(at, kHoverText, hover.name);
  if (hover.file) {
    at.x += metrics.measure(hover.name).x + metrics.measure("  ").x;
    overlay.add_text(at, kHoverFileText, *hover.file);
  }
}

void add_grid_caption(Overlay& overlay, const TextMetrics& metrics, std::string_view caption, glm::vec2 tile_size) {
  const float font = metrics.line_height();
  const glm::vec2 text = metrics.measure(caption);
  const glm::vec2 at(font * 0.5f, font * 0.4f);
  overlay.add_box(glm::vec2(at.x - font * 0.35f, at.y - font * 0.2f),
                  glm::vec2(std::min(at.x + text.x + font * 0.35f, tile_size.x - 2.0f), at.y + text.y + font * 0.2f),
                  kCaptionFill, 3.0f);
  overlay.set_clip(glm::vec2(0.0f), glm::vec2(tile_size.x - font * 0.3f, tile_size.y));
  overlay.add_text(at, kCaptionText, caption);
  overlay.clear_clip();
}

}  // namespace bvhscope
