// Placing joint labels over the view so that none overlaps another: each label tries a few spots
// around its joint's point on screen and takes the first that stays inside the view and clear of
// every box placed before it (labels placed earlier win); with no spot free it is hidden. Pure
// screen-rectangle arithmetic (no GL, no ImGui), reusing its storage from frame to frame.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec2.hpp>

#include "anim/skeleton.hpp"
#include "model/draw_detail.hpp"

namespace bvhscope {

// An axis-aligned screen rectangle, pixels, y down; `min` inclusive, `max` exclusive.
struct LabelBox {
  glm::vec2 min{0.0f};
  glm::vec2 max{0.0f};

  [[nodiscard]] bool overlaps(const LabelBox& other) const noexcept {
    return min.x < other.max.x && other.min.x < max.x && min.y < other.max.y && other.min.y < max.y;
  }
  [[nodiscard]] bool inside(const LabelBox& outer) const noexcept {
    return min.x >= outer.min.x && min.y >= outer.min.y && max.x <= outer.max.x && max.y <= outer.max.y;
  }
  bool operator==(const LabelBox&) const = default;
};

// Where a label went relative to its point, in the order they are tried. The first eight touch the
// point (a side or a corner of the box is `offset` away from it); the Far ones stand off by a few
// label heights and are drawn with a leader line back to the point.
enum class LabelSpot : std::uint8_t {
  Right,
  Left,
  Above,
  Below,
  AboveRight,
  BelowRight,
  AboveLeft,
  BelowLeft,
  FarRight,
  FarLeft,
  FarAbove,
  FarBelow,
  Hidden,
};

// True for the spots drawn with a leader line.
[[nodiscard]] constexpr bool needs_leader(LabelSpot spot) noexcept {
  return spot >= LabelSpot::FarRight && spot < LabelSpot::Hidden;
}

struct PlacedLabel {
  LabelSpot spot = LabelSpot::Hidden;
  LabelBox box;  // where it goes (meaningless when hidden)
  [[nodiscard]] bool shown() const noexcept { return spot != LabelSpot::Hidden; }
};

struct LabelLayoutStyle {
  float offset = 8.0f;  // from the point to the nearest edge of a box next to it
  float gap = 2.0f;     // kept clear between two boxes
};

class LabelLayout {
 public:
  // Starts a frame: no box placed yet, labels must stay inside `bounds`. Keeps the storage.
  void begin(const LabelBox& bounds, const LabelLayoutStyle& style) noexcept;
  // Makes room for `boxes` boxes (labels and blocked areas) so a frame of them allocates nothing.
  void reserve(std::size_t boxes);
  // An area no later label may cover (the hover tooltip); it is not checked against anything.
  void block(const LabelBox& box);
  // Places a box of `size` for the point `point`: the first free spot of Right .. BelowLeft, then
  // (with `allow_far`) FarRight .. FarBelow; Hidden when none is free.
  PlacedLabel place(glm::vec2 point, glm::vec2 size, bool allow_far);

  [[nodiscard]] std::span<const LabelBox> boxes() const noexcept { return boxes_; }

  // The box of `size` at `spot` around `point` (offset and no collision test).
  [[nodiscard]] static LabelBox box_at(LabelSpot spot, glm::vec2 point, glm::vec2 size, float offset) noexcept;

 private:
  [[nodiscard]] bool free(const LabelBox& box) const noexcept;

  LabelBox bounds_;
  LabelLayoutStyle style_;
  std::vector<LabelBox> boxes_;
};

// The order in which labels are placed (earlier ones win a contested spot): the selected joint,
// then its ancestors from the parent up, then with `all` every other joint by tree depth (the
// root first, then its children, ... ; file order among equals), the first `limit` of them (a
// huge skeleton gets labels near the selection and at the top of its tree). End Sites get no
// label unless selected. Without a selection (`selected` < 0) the chain is empty. Linear in the
// joints; reuses `order`'s storage (allocates only when it must grow, and a count per depth).
void label_order(const Skeleton& skeleton, std::span<const int> depths, int selected, bool all, std::vector<int>& order,
                 std::size_t limit = kMaxLabels);

// A tooltip's box of `size` for the mouse at `cursor`: below and right of it by `offset`, moved to
// the other side of the cursor on an axis where it would leave `bounds`, then clamped inside.
[[nodiscard]] LabelBox tooltip_box(glm::vec2 cursor, glm::vec2 size, const LabelBox& bounds, glm::vec2 offset) noexcept;

}  // namespace bvhscope
