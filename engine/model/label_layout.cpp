#include "model/label_layout.hpp"

#include <algorithm>

namespace bvhscope {
namespace {

// How far the Far spots stand off, in label heights beyond the near offset.
constexpr float kFarHeights = 2.0f;

constexpr LabelSpot kNearSpots[] = {LabelSpot::Right,     LabelSpot::Left,       LabelSpot::Above,
                                    LabelSpot::Below,     LabelSpot::AboveRight, LabelSpot::BelowRight,
                                    LabelSpot::AboveLeft, LabelSpot::BelowLeft};
constexpr LabelSpot kFarSpots[] = {LabelSpot::FarRight, LabelSpot::FarLeft, LabelSpot::FarAbove, LabelSpot::FarBelow};

}  // namespace

void LabelLayout::begin(const LabelBox& bounds, const LabelLayoutStyle& style) noexcept {
  bounds_ = bounds;
  style_ = style;
  boxes_.clear();
}

void LabelLayout::reserve(std::size_t boxes) { boxes_.reserve(boxes); }

void LabelLayout::block(const LabelBox& box) { boxes_.push_back(box); }

LabelBox LabelLayout::box_at(LabelSpot spot, glm::vec2 point, glm::vec2 size, float offset) noexcept {
  const float far = offset + kFarHeights * size.y;
  glm::vec2 min(0.0f);
  switch (spot) {
    case LabelSpot::Right:
      min = {point.x + offset, point.y - size.y * 0.5f};
      break;
    case LabelSpot::Left:
      min = {point.x - offset - size.x, point.y - size.y * 0.5f};
      break;
    case LabelSpot::Above:
      min = {point.x - size.x * 0.5f, point.y - offset - size.y};
      break;
    case LabelSpot::Below:
      min = {point.x - size.x * 0.5f, point.y + offset};
      break;
    case LabelSpot::AboveRight:
      min = {point.x + offset, point.y - offset - size.y};
      break;
    case LabelSpot::BelowRight:
      min = {point.x + offset, point.y + offset};
      break;
    case LabelSpot::AboveLeft:
      min = {point.x - offset - size.x, point.y - offset - size.y};
      break;
    case LabelSpot::BelowLeft:
      min = {point.x - offset - size.x, point.y + offset};
      break;
    case LabelSpot::FarRight:
      min = {point.x + far, point.y - size.y * 0.5f};
      break;
    case LabelSpot::FarLeft:
      min = {point.x - far - size.x, point.y - size.y * 0.5f};
      break;
    case LabelSpot::FarAbove:
      min = {point.x - size.x * 0.5f, point.y - far - size.y};
      break;
    case LabelSpot::FarBelow:
      min = {point.x - size.x * 0.5f, point.y + far};
      break;
    case LabelSpot::Hidden:
      min = point;
      break;
  }
  return {min, min + size};
}

bool LabelLayout::free(const LabelBox& box) const noexcept {
  if (!box.inside(bounds_)) return false;
  const LabelBox padded{box.min - style_.gap, box.max + style_.gap};
  return std::none_of(boxes_.begin(), boxes_.end(), [&](const LabelBox& other) { return padded.overlaps(other); });
}

PlacedLabel LabelLayout::place(glm::vec2 point, glm::vec2 size, bool allow_far) {
  const auto try_spots = [&](std::span<const LabelSpot> spots) -> PlacedLabel {
    for (const LabelSpot spot : spots) {
      const LabelBox box = box_at(spot, point, size, style_.offset);
      if (free(box)) {
        boxes_.push_back(box);
        return {spot, box};
      }
    }
    return {};
  };
  const PlacedLabel near = try_spots(kNearSpots);
  if (near.shown() || !allow_far) return near;
  return try_spots(kFarSpots);
}

void label_order(const Skeleton& skeleton, std::span<const int> depths, int selected, bool all, std::vector<int>& order,
                 std::size_t limit) {
  order.clear();
  const int count = std::min(skeleton.joint_count(), static_cast<int>(depths.size()));
  if (selected >= count) selected = -1;
  for (int joint = selected; joint >= 0 && order.size() < limit;
       joint = skeleton.parents[static_cast<std::size_t>(joint)]) {
    order.push_back(joint);  // a selected End Site keeps its label; its ancestors are joints
  }
  if (!all || order.size() >= limit) return;
  // The whole chain is in: its joint at depth d is order[chain - 1 - d].
  const std::size_t chain = order.size();
  const auto listed = [&](int joint) {
    if (skeleton.is_end_site(joint)) return false;
    const auto depth = static_cast<std::size_t>(depths[static_cast<std::size_t>(joint)]);
    return depth >= chain || order[chain - 1 - depth] != joint;
  };
  // The rest by depth, file order among equals: a counting sort (one pass to count each depth,
  // one to place), keeping the first `limit` places.
  const int deepest = count > 0 ? *std::max_element(depths.begin(), depths.begin() + count) : -1;
  std::vector<std::size_t> next(static_cast<std::size_t>(deepest) + 2, 0);
  for (int joint = 0; joint < count; ++joint) {
    if (listed(joint)) ++next[static_cast<std::size_t>(depths[static_cast<std::size_t>(joint)]) + 1];
  }
  for (std::size_t d = 1; d < next.size(); ++d) next[d] += next[d - 1];  // next[d]: where depth d starts
  const std::size_t kept = std::min(next.back(), limit - chain);
  order.resize(chain + kept);
  for (int joint = 0; joint < count; ++joint) {
    if (!listed(joint)) continue;
    const std::size_t place = next[static_cast<std::size_t>(depths[static_cast<std::size_t>(joint)])]++;
    if (place < kept) order[chain + place] = joint;
  }
}

LabelBox tooltip_box(glm::vec2 cursor, glm::vec2 size, const LabelBox& bounds, glm::vec2 offset) noexcept {
  glm::vec2 min = cursor + offset;
  if (min.x + size.x > bounds.max.x) min.x = cursor.x - offset.x - size.x;
  if (min.y + size.y > bounds.max.y) min.y = cursor.y - offset.y - size.y;
  min.x = std::max(std::min(min.x, bounds.max.x - size.x), bounds.min.x);
  min.y = std::max(std::min(min.y, bounds.max.y - size.y), bounds.min.y);
  return {min, min + size};
}

}  // namespace bvhscope
