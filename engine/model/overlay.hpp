// What is drawn over the 3D picture, as plain data in framebuffer pixels (y down): boxes (filled,
// rounded, outlined), lines, dots and text, in drawing order. Joint labels, clip name tags, the
// hovered joint's name and grid captions are placed into an Overlay from text sizes (TextMetrics),
// so the same placement serves the interactive viewer (drawn by ImGui) and the headless renderer
// (drawn by engine/gfx without ImGui). Cleared and refilled every frame without allocating once its
// storage has grown (the text of every item shares one buffer).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

namespace bvhscope {

// Which corners of a box are rounded (a bit each).
enum OverlayCorners : unsigned char {
  kCornerTopLeft = 1,
  kCornerTopRight = 2,
  kCornerBottomRight = 4,
  kCornerBottomLeft = 8,
  kCornersLeft = kCornerTopLeft | kCornerBottomLeft,
  kCornersAll = 15,
};

struct OverlayItem {
  enum class Kind : unsigned char { Box, Text, Line, Dot };
  static constexpr float kNoClip = 1e30f;

  Kind kind = Kind::Box;
  glm::vec2 min{0.0f};  // Box: top-left corner; Text: top-left of the text's line box; Line: one end; Dot: centre
  glm::vec2 max{0.0f};  // Box: bottom-right corner; Line: the other end (unused for Text and Dot)
  glm::vec4 colour{1.0f};
  glm::vec4 border{0.0f};               // Box: the outline's colour (alpha 0: none)
  float rounding = 0.0f;                // Box: corner radius in pixels; Dot: its radius
  float border_width = 0.0f;            // Box: outline width in pixels; Line: its width
  unsigned char corners = kCornersAll;  // Box: the corners `rounding` rounds
  glm::vec2 clip_min{-kNoClip};         // nothing is drawn outside [clip_min, clip_max)
  glm::vec2 clip_max{kNoClip};
  std::uint32_t text_begin = 0;  // Text: its bytes in Overlay::text_bytes (UTF-8)
  std::uint32_t text_size = 0;

  [[nodiscard]] bool clipped() const noexcept { return clip_max.x < kNoClip || clip_min.x > -kNoClip; }
};

struct Overlay {
  float text_pixels = 13.0f;  // the text's line height in pixels
  std::vector<OverlayItem> items;
  std::string text_bytes;  // every Text item's bytes, one after the other

  void add_box(glm::vec2 min, glm::vec2 max, glm::vec4 fill, float rounding = 0.0f, glm::vec4 border = glm::vec4(0.0f),
               float border_width = 0.0f, unsigned char corners = kCornersAll) {
    OverlayItem& item = add(OverlayItem::Kind::Box, min, max, fill);
    item.border = border;
    item.rounding = rounding;
    item.border_width = border_width;
    item.corners = corners;
  }
  void add_line(glm::vec2 from, glm::vec2 to, glm::vec4 colour, float width) {
    add(OverlayItem::Kind::Line, from, to, colour).border_width = width;
  }
  void add_dot(glm::vec2 centre, float radius, glm::vec4 colour) {
    add(OverlayItem::Kind::Dot, centre, centre, colour).rounding = radius;
  }
  void add_text(glm::vec2 at, glm::vec4 colour, std::string_view text) {
    OverlayItem& item = add(OverlayItem::Kind::Text, at, at, colour);
    item.text_begin = static_cast<std::uint32_t>(text_bytes.size());
    item.text_size = static_cast<std::uint32_t>(text.size());
    text_bytes.append(text);
  }
  [[nodiscard]] std::string_view text(const OverlayItem& item) const noexcept {
    return std::string_view(text_bytes).substr(item.text_begin, item.text_size);
  }

  // Items added from now on are clipped to [min, max) (until clear_clip).
  void set_clip(glm::vec2 min, glm::vec2 max) noexcept {
    clip_min_ = min;
    clip_max_ = max;
  }
  void clear_clip() noexcept {
    clip_min_ = glm::vec2(-OverlayItem::kNoClip);
    clip_max_ = glm::vec2(OverlayItem::kNoClip);
  }
  // No item, no clip; the storage is kept.
  void clear() noexcept {
    items.clear();
    text_bytes.clear();
    clear_clip();
  }

 private:
  OverlayItem& add(OverlayItem::Kind kind, glm::vec2 min, glm::vec2 max, glm::vec4 colour) {
    OverlayItem& item = items.emplace_back();
    item.kind = kind;
    item.min = min;
    item.max = max;
    item.colour = colour;
    item.clip_min = clip_min_;
    item.clip_max = clip_max_;
    return item;
  }
  glm::vec2 clip_min_{-OverlayItem::kNoClip};
  glm::vec2 clip_max_{OverlayItem::kNoClip};
};

// The size of a line of text as the font that will draw it lays it out (ImGui's font in the viewer,
// engine/gfx's in the headless renderer).
class TextMetrics {
 public:
  virtual ~TextMetrics() = default;
  // The width of `text` (UTF-8) and the line height.
  [[nodiscard]] virtual glm::vec2 measure(std::string_view text) const = 0;
  // The line height in pixels (the font's size).
  [[nodiscard]] virtual float line_height() const = 0;
};

}  // namespace bvhscope
