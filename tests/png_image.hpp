// Tests' PNG reader: an image file as RGB rows (stb_image), with a clamped pixel lookup.
#pragma once

#include <algorithm>
#include <array>
#include <filesystem>
#include <vector>

#include <stb_image.h>

namespace bvhscope::test {

struct Png {
  int width = 0;
  int height = 0;
  std::vector<unsigned char> rgb;  // empty when the file could not be read
  // The pixel at (x, y), clamped to the image.
  [[nodiscard]] std::array<int, 3> at(int x, int y) const {
    x = std::clamp(x, 0, width - 1);
    y = std::clamp(y, 0, height - 1);
    const std::size_t i =
        (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

inline Png read_png(const std::filesystem::path& path) {
  Png png;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &png.width, &png.height, &channels, 3);
  if (data == nullptr) return png;
  png.rgb.assign(data, data + static_cast<std::size_t>(png.width) * static_cast<std::size_t>(png.height) * 3);
  stbi_image_free(data);
  return png;
}

}  // namespace bvhscope::test
