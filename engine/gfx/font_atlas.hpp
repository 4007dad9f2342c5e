// A font baked into a coverage bitmap with stb_truetype (Latin-1, codepoints 32-255, oversampled
// twice horizontally as ImGui bakes it), with each glyph's quad and advance, and the text measure
// that lays text out exactly as OverlayPass draws it. No GL: the pass uploads the bitmap.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>

#include "model/overlay.hpp"

namespace bvhscope::gfx {

class FontAtlas {
 public:
  struct Glyph {
    glm::vec2 min{0.0f};  // the quad, pixels from the pen at the top-left of the line
    glm::vec2 max{0.0f};
    glm::vec2 uv_min{0.0f};  // where it is in the bitmap (0..1)
    glm::vec2 uv_max{0.0f};
    float advance = 0.0f;  // from this pen position to the next
  };
  static constexpr char32_t kFirst = 32;
  static constexpr char32_t kLast = 255;

  // Bakes `ttf` with a line height of `pixels`; nullopt with `error` set when the bytes are no
  // font or the glyphs do not fit.
  static std::optional<FontAtlas> bake(std::string_view ttf, float pixels, std::string& error);

  [[nodiscard]] float pixels() const noexcept { return pixels_; }
  // The glyph of `codepoint`; '?' for one outside the atlas.
  [[nodiscard]] const Glyph& glyph(char32_t codepoint) const noexcept;
  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] const std::vector<std::uint8_t>& coverage() const noexcept { return coverage_; }  // rows, top first

  // The width of `text` (UTF-8; pixels, rounded up) and the line height.
  [[nodiscard]] glm::vec2 measure(std::string_view text) const noexcept;

 private:
  FontAtlas() = default;
  float pixels_ = 0.0f;
  int width_ = 0;
  int height_ = 0;
  std::vector<std::uint8_t> coverage_;
  std::vector<Glyph> glyphs_;  // kFirst .. kLast
};

// Calls `visit(codepoint)` for each character of UTF-8 `text`; a malformed byte is U+FFFD.
template <typename Visit>
void for_each_codepoint(std::string_view text, Visit&& visit) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int extra = lead < 0x80             ? 0
                      : (lead & 0xE0) == 0xC0 ? 1
                      : (lead & 0xF0) == 0xE0 ? 2
                      : (lead & 0xF8) == 0xF0 ? 3
                                              : -1;
    char32_t codepoint = extra == 0 ? lead : extra == 1 ? (lead & 0x1Fu) : extra == 2 ? (lead & 0x0Fu) : (lead & 0x07u);
    bool valid = extra >= 0 && i + static_cast<std::size_t>(extra) < text.size();
    for (int k = 1; valid && k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
      valid = (next & 0xC0) == 0x80;
      codepoint = (codepoint << 6) | (next & 0x3Fu);
    }
    if (!valid) {
      visit(char32_t{0xFFFD});
      ++i;
      continue;
    }
    visit(codepoint);
    i += static_cast<std::size_t>(extra) + 1;
  }
}

// Text measured as a FontAtlas lays it out (the atlas must outlive it).
class FontMetrics final : public TextMetrics {
 public:
  explicit FontMetrics(const FontAtlas& atlas) noexcept : atlas_(&atlas) {}
  [[nodiscard]] glm::vec2 measure(std::string_view text) const override { return atlas_->measure(text); }
  [[nodiscard]] float line_height() const override { return atlas_->pixels(); }

 private:
  const FontAtlas* atlas_;
};

}  // namespace bvhscope::gfx
