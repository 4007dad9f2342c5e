#include "model/clip_colours.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

namespace bvhscope {
namespace {

// Hues that read on the dark background and stay apart from the selection blue.
constexpr std::array<ClipColor, 6> kChosen = {{
    {{1.0f, 0.62f, 0.18f}, {0.93f, 0.70f, 0.46f}},   // amber / clay: the palette's own
    {{0.45f, 0.85f, 0.45f}, {0.55f, 0.80f, 0.55f}},  // green
    {{0.92f, 0.45f, 0.72f}, {0.86f, 0.55f, 0.74f}},  // pink
    {{0.70f, 0.58f, 1.0f}, {0.68f, 0.62f, 0.92f}},   // violet
    {{0.95f, 0.88f, 0.35f}, {0.90f, 0.85f, 0.52f}},  // yellow
    {{1.0f, 0.45f, 0.38f}, {0.90f, 0.52f, 0.46f}},   // coral
}};

// The selection highlight and the hover colour (engine/gfx/scene_style.hpp): clips keep away.
constexpr glm::vec3 kHighlight{0.30f, 0.78f, 1.0f};
constexpr glm::vec3 kHover{0.72f, 0.90f, 1.0f};
constexpr std::size_t kPaletteSize = 256;
constexpr float kMinLightness = 0.70f;  // OKLab L: the chosen six are 0.71 to 0.90

float linear(float channel) {
  return channel <= 0.04045f ? channel / 12.92f : std::pow((channel + 0.055f) / 1.055f, 2.4f);
}

glm::vec3 oklab(const glm::vec3& srgb) {
  const float r = linear(srgb.x);
  const float g = linear(srgb.y);
  const float b = linear(srgb.z);
  const float l = std::cbrt(0.4122214708f * r + 0.5363325363f * g + 0.0514459929f * b);
  const float m = std::cbrt(0.2119034982f * r + 0.6806995451f * g + 0.1073969566f * b);
  const float s = std::cbrt(0.0883024619f * r + 0.2817188376f * g + 0.6299787005f * b);
  return {0.2104542553f * l + 0.7936177850f * m - 0.0040720468f * s,
          1.9779984951f * l - 2.4285922050f * m + 0.4505937099f * s,
          0.0259040371f * l + 0.7827717662f * m - 0.8086757660f * s};
}

// A bright, saturated colour of hue `hue` (0..1) at lightness `value` (HSV), and its softer solid.
ClipColor from_hue(float hue, float saturation, float value) {
  const auto channel = [&](float n) {
    const float k = std::fmod(n + hue * 6.0f, 6.0f);
    return value - value * saturation * std::max(0.0f, std::min({k, 4.0f - k, 1.0f}));
  };
  const glm::vec3 line{channel(5.0f), channel(3.0f), channel(1.0f)};
  const glm::vec3 grey(glm::dot(line, glm::vec3(0.30f, 0.59f, 0.11f)));
  return {line, 0.72f * line + 0.28f * glm::max(grey, glm::vec3(0.55f))};
}

// Candidates in a fixed order (golden-angle hues at three saturation/value levels); each colour
// after the chosen six is the candidate farthest from every colour before it and the highlights.
std::vector<ClipColor> build_palette() {
  std::vector<ClipColor> candidates;
  constexpr std::array<std::array<float, 2>, 5> kLevels = {
      {{0.70f, 0.98f}, {0.45f, 0.95f}, {0.85f, 0.85f}, {0.30f, 0.90f}, {0.95f, 1.0f}}};
  for (int i = 0; i < 180; ++i) {
    const float hue = std::fmod(0.02f + static_cast<float>(i) * 0.6180340f, 1.0f);
    for (const auto& level : kLevels) {
      const ClipColor colour = from_hue(hue, level[0], level[1]);
      const glm::vec3 lab = oklab(colour.line);
      // Light enough for the dark background, and never mistaken for a highlighted joint.
      if (lab.x >= kMinLightness && glm::distance(lab, oklab(kHighlight)) >= kMinHighlightDistance &&
          glm::distance(lab, oklab(kHover)) >= kMinHighlightDistance) {
        candidates.push_back(colour);
      }
    }
  }
  std::vector<ClipColor> palette(kChosen.begin(), kChosen.end());
  std::vector<glm::vec3> taken;
  for (const ClipColor& colour : palette) taken.push_back(oklab(colour.line));
  std::vector<glm::vec3> lab(candidates.size());
  std::vector<float> nearest(candidates.size(), 1e9f);
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    lab[c] = oklab(candidates[c].line);
    for (const glm::vec3& t : taken) nearest[c] = std::fmin(nearest[c], glm::distance(lab[c], t));
  }
  while (palette.size() < kPaletteSize) {
    std::size_t best = 0;
    for (std::size_t c = 1; c < candidates.size(); ++c) {
      if (nearest[c] > nearest[best]) best = c;
    }
    palette.push_back(candidates[best]);
    for (std::size_t c = 0; c < candidates.size(); ++c) {
      nearest[c] = std::fmin(nearest[c], glm::distance(lab[c], lab[best]));
    }
  }
  return palette;
}

}  // namespace

ClipColor clip_color(int index) noexcept {
  static const std::vector<ClipColor> palette = build_palette();
  return palette[static_cast<std::size_t>(index < 0 ? 0 : index) % palette.size()];
}

float colour_distance(const glm::vec3& a, const glm::vec3& b) noexcept { return glm::distance(oklab(a), oklab(b)); }

}  // namespace bvhscope
