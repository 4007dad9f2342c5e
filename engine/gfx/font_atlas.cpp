#include "gfx/font_atlas.hpp"

#include <cmath>

#include <stb_truetype.h>

namespace bvhscope::gfx {
namespace {

constexpr int kOversampleH = 2;  // as ImGui bakes the UI font
constexpr int kOversampleV = 1;
constexpr int kPadding = 1;

}  // namespace

std::optional<FontAtlas> FontAtlas::bake(std::string_view ttf, float pixels, std::string& error) {
  const auto* data = reinterpret_cast<const unsigned char*>(ttf.data());
  stbtt_fontinfo info;
  if (ttf.empty() || stbtt_GetFontOffsetForIndex(data, 0) < 0 ||
      stbtt_InitFont(&info, data, stbtt_GetFontOffsetForIndex(data, 0)) == 0) {
    error = "font atlas: the font's bytes are no TrueType font";
    return std::nullopt;
  }
  if (!(pixels >= 4.0f && pixels <= 256.0f)) {
    error = "font atlas: a text size of " + std::to_string(pixels) + " pixels is outside 4..256";
    return std::nullopt;
  }
  constexpr int kCount = static_cast<int>(kLast - kFirst + 1);
  FontAtlas atlas;
  atlas.pixels_ = pixels;
  atlas.width_ = 512;
  std::vector<stbtt_packedchar> packed(static_cast<std::size_t>(kCount));
  // The smallest height (a power of two) that holds every glyph.
  for (atlas.height_ = 64; atlas.height_ <= 4096; atlas.height_ *= 2) {
    atlas.coverage_.assign(static_cast<std::size_t>(atlas.width_) * static_cast<std::size_t>(atlas.height_), 0);
    stbtt_pack_context pack;
    if (stbtt_PackBegin(&pack, atlas.coverage_.data(), atlas.width_, atlas.height_, 0, kPadding, nullptr) == 0) break;
    stbtt_PackSetOversampling(&pack, kOversampleH, kOversampleV);
    const int fitted = stbtt_PackFontRange(&pack, data, 0, pixels, static_cast<int>(kFirst), kCount, packed.data());
    stbtt_PackEnd(&pack);
    if (fitted != 0) break;
  }
  if (atlas.height_ > 4096) {
    error = "font atlas: the glyphs of a " + std::to_string(pixels) + "-pixel font do not fit 512x4096 pixels";
    return std::nullopt;
  }
  // The baseline a line's top-left is from, as ImGui places it (the ascent rounded up by a pixel).
  int ascent = 0;
  int descent = 0;
  int line_gap = 0;
  stbtt_GetFontVMetrics(&info, &ascent, &descent, &line_gap);
  const float scale = stbtt_ScaleForPixelHeight(&info, pixels);
  const float baseline = std::round(std::floor(static_cast<float>(ascent) * scale + 1.0f));
  atlas.glyphs_.resize(static_cast<std::size_t>(kCount));
  for (int i = 0; i < kCount; ++i) {
    float x = 0.0f;
    float y = 0.0f;
    stbtt_aligned_quad quad;
    stbtt_GetPackedQuad(packed.data(), atlas.width_, atlas.height_, i, &x, &y, &quad, 0);
    Glyph& glyph = atlas.glyphs_[static_cast<std::size_t>(i)];
    glyph.min = {quad.x0, quad.y0 + baseline};
    glyph.max = {quad.x1, quad.y1 + baseline};
    glyph.uv_min = {quad.s0, quad.t0};
    glyph.uv_max = {quad.s1, quad.t1};
    glyph.advance = packed[static_cast<std::size_t>(i)].xadvance;
  }
  return atlas;
}

const FontAtlas::Glyph& FontAtlas::glyph(char32_t codepoint) const noexcept {
  if (codepoint < kFirst || codepoint > kLast) codepoint = U'?';
  return glyphs_[static_cast<std::size_t>(codepoint - kFirst)];
}

glm::vec2 FontAtlas::measure(std::string_view text) const noexcept {
  float width = 0.0f;
  for_each_codepoint(text, [&](char32_t codepoint) { width += glyph(codepoint).advance; });
  return {std::floor(width + 0.99999f), pixels_};
}

}  // namespace bvhscope::gfx
