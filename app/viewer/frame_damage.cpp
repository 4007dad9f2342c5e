#include "viewer/frame_damage.hpp"

#include <algorithm>
#include <utility>

namespace bvhscope::viewer {
namespace {

// Rectangles this close are drawn as one: two draws of the passes cost more than a few rows more.
constexpr int kMergeGap = 16;

long long area(const PixelRect& r) noexcept { return static_cast<long long>(r.width) * r.height; }

// Whether a and b are better drawn as their bounding rectangle: they are near each other (or
// overlap) and it holds little more than they do.
bool worth_merging(const PixelRect& a, const PixelRect& b) noexcept {
  const bool near = a.x <= b.x + b.width + kMergeGap && b.x <= a.x + a.width + kMergeGap &&
                    a.y <= b.y + b.height + kMergeGap && b.y <= a.y + a.height + kMergeGap;
  return near && 4 * area(united(a, b)) <= 5 * (area(a) + area(b));
}

PixelRect clipped(const PixelRect& r, int width, int height) noexcept {
  const int left = std::clamp(r.x, 0, width);
  const int bottom = std::clamp(r.y, 0, height);
  const int right = std::clamp(r.x + r.width, 0, width);
  const int top = std::clamp(r.y + r.height, 0, height);
  return {left, bottom, right - left, top - bottom};
}

}  // namespace

PixelRect united(const PixelRect& a, const PixelRect& b) noexcept {
  if (a.empty()) return b;
  if (b.empty()) return a;
  const int left = std::min(a.x, b.x);
  const int bottom = std::min(a.y, b.y);
  const int right = std::max(a.x + a.width, b.x + b.width);
  const int top = std::max(a.y + a.height, b.y + b.height);
  return {left, bottom, right - left, top - bottom};
}

PixelRect intersection(const PixelRect& a, const PixelRect& b) noexcept {
  const int left = std::max(a.x, b.x);
  const int bottom = std::max(a.y, b.y);
  const int right = std::min(a.x + a.width, b.x + b.width);
  const int top = std::min(a.y + a.height, b.y + b.height);
  return {left, bottom, std::max(right - left, 0), std::max(top - bottom, 0)};
}

std::vector<PixelRect> merge_damage(std::vector<PixelRect> rects, int width, int height, std::size_t most) {
  std::vector<PixelRect> merged;
  for (const PixelRect& r : rects) {
    const PixelRect c = clipped(r, width, height);
    if (!c.empty()) merged.push_back(c);
  }
  // Merge until no two are near each other (a merge can bring a third one near).
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < merged.size() && !changed; ++i) {
      for (std::size_t j = i + 1; j < merged.size(); ++j) {
        if (!worth_merging(merged[i], merged[j])) continue;
        merged[i] = united(merged[i], merged[j]);
        merged.erase(merged.begin() + static_cast<std::ptrdiff_t>(j));
        changed = true;
        break;
      }
    }
  }
  long long covered = 0;
  for (const PixelRect& r : merged) covered += area(r);
  const long long whole = static_cast<long long>(width) * height;
  if (merged.size() > most || 4 * covered > 3 * whole) return {PixelRect{0, 0, width, height}};
  return merged;
}

namespace {

const DrawnLayer* find_layer(const std::vector<DrawnLayer>& layers, std::uintptr_t id) noexcept {
  for (const DrawnLayer& layer : layers) {
    if (layer.id == id) return &layer;
  }
  return nullptr;
}

// Whether the lists both frames have are drawn in the same order (else where they overlap the
// picture changes: the whole frame is drawn).
bool same_order(const std::vector<DrawnLayer>& a, const std::vector<DrawnLayer>& b) {
  std::size_t j = 0;
  for (const DrawnLayer& layer : a) {
    if (find_layer(b, layer.id) == nullptr) continue;
    while (j < b.size() && find_layer(a, b[j].id) == nullptr) ++j;
    if (j == b.size() || b[j].id != layer.id) return false;
    ++j;
  }
  return true;
}

}  // namespace

std::vector<PixelRect> FrameDamage::update(FrameContent now) {
  std::vector<PixelRect> rects;
  const bool first =
      !last_ || last_->width != now.width || last_->height != now.height || !same_order(now.layers, last_->layers);
  if (first) {
    rects.push_back({0, 0, now.width, now.height});
  } else {
    const FrameContent& last = *last_;
    if (now.redraw_view || now.scene_hash != last.scene_hash || !(now.view == last.view) || !now.figures ||
        !last.figures) {
      rects.push_back(now.view);
      rects.push_back(last.view);
    } else if (now.figures_hash != last.figures_hash || !(*now.figures == *last.figures)) {
      rects.push_back(*now.figures);
      rects.push_back(*last.figures);
    }
    for (const DrawnLayer& layer : now.layers) {
      const DrawnLayer* before = find_layer(last.layers, layer.id);
      if (before == nullptr) {  // new: a tooltip, a popup
        rects.push_back(layer.extent);
        continue;
      }
      if (layer.hash == before->hash && layer.extent == before->extent) continue;
      if (layer.changed) {
        rects.push_back(*layer.changed);
      } else {
        rects.push_back(layer.extent);
        rects.push_back(before->extent);
      }
    }
    for (const DrawnLayer& layer : last.layers) {
      if (find_layer(now.layers, layer.id) == nullptr) rects.push_back(layer.extent);  // gone
    }
  }
  std::vector<PixelRect> damage = merge_damage(std::move(rects), now.width, now.height, kMostRects);
  last_ = std::move(now);
  return damage;
}

}  // namespace bvhscope::viewer
