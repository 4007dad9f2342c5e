// What is drawn over the 3D picture, as plain data in framebuffer pixels (y down): boxes (filled,
// rounded, outlined) and text, in drawing order. Joint labels, clip name tags, the hovered joint's
// name and grid captions are placed into an Overlay from text sizes (TextMetrics), so the same
// placement serves the interactive viewer (drawn by ImGui) and the headless renderer (drawn by
// engine/gfx without ImGui).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

namespace bvhscope {

struct OverlayItem {
  enum class Kind : unsigned char { Box, Text };
  Kind kind = Kind::Box;
  glm::vec2 min{0.0f};  // Box: top-left corner; Text: top-left of the text's line box
  glm::vec2 max{0.0f};  // Box: bottom-right corner (unused for Text)
  glm::vec4 colour{1.0f};
  glm::vec4 border{0.0f};     // Box: the outline's colour (alpha 0: none)
  float rounding = 0.0f;      // Box: corner radius in pixels
  float border_width = 0.0f;  // Box: outline width in pixels
  std::string text;           // Text: UTF-8
};

struct Overlay {
  float text_pixels = 13.0f;  // the text's line height in pixels
  std::vector<OverlayItem> items;

  void add_box(glm::vec2 min, glm::vec2 max, glm::vec4 fill, float rounding = 0.0f, glm::vec4 border = glm::vec4(0.0f),
               float border_width = 0.0f) {
    items.push_back(OverlayItem{OverlayItem::Kind::Box, min, max, fill, border, rounding, border_width, {}});
  }
  void add_text(glm::vec2 at, glm::vec4 colour, std::string text) {
    items.push_back(OverlayItem{OverlayItem::Kind::Text, at, at, colour, glm::vec4(0.0f), 0.0f, 0.0f, std::move(text)});
  }
  void clear() noexcept { items.clear(); }
};

// The size of a line of text as the font that will draw it lays it out (ImGui's font in the viewer,
// engine/gfx's in the headless renderer).
class TextMetrics {
 public:
  virtual ~TextMetrics() = default;
  [[nodiscard]] virtual glm::vec2 measure(std::string_view text) const = 0;
};

}  // namespace bvhscope
