// Reading a GL test's RGBA picture (rows top first, 4 bytes a pixel): a pixel's colour, its distance
// from an expected colour (0..1 floats, as the renderer's palette gives them), and the best match
// in a neighbourhood (lines are a few pixels wide and antialiased).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include <glm/vec3.hpp>

namespace bvhscope::test {

struct Rgb {
  int r, g, b;
};

// The pixel at (x, y) of a picture `width` pixels wide.
inline Rgb pixel_at(const std::vector<std::uint8_t>& rgba, int width, int x, int y) {
  const std::size_t i =
      (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
  return {rgba[i], rgba[i + 1], rgba[i + 2]};
}

// The largest channel difference (0..255) between `a` and the colour `b`.
inline int distance(Rgb a, glm::vec3 b) {
  return std::max({std::abs(a.r - static_cast<int>(std::lround(b.x * 255.0f))),
                   std::abs(a.g - static_cast<int>(std::lround(b.y * 255.0f))),
                   std::abs(a.b - static_cast<int>(std::lround(b.z * 255.0f)))});
}

// The best match to `colour` within the (2r+1)² pixels around (x, y), clamped to the picture.
inline int nearest_distance(const std::vector<std::uint8_t>& rgba, int width, int height, int x, int y,
                            glm::vec3 colour, int r) {
  int best = 255;
  for (int dy = -r; dy <= r; ++dy) {
    for (int dx = -r; dx <= r; ++dx) {
      const int px = std::clamp(x + dx, 0, width - 1);
      const int py = std::clamp(y + dy, 0, height - 1);
      best = std::min(best, distance(pixel_at(rgba, width, px, py), colour));
    }
  }
  return best;
}

}  // namespace bvhscope::test
