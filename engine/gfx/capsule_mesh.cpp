#include "gfx/capsule_mesh.hpp"

#include <algorithm>
#include <cmath>

#include <glm/gtc/constants.hpp>

namespace bvhscope::gfx {

CapsuleMesh make_capsule_mesh(int segments, int rings) {
  segments = std::max(segments, 3);
  rings = std::max(rings, 1);
  CapsuleMesh mesh;
  // Latitude rows from the south pole (parent end) to the north pole (child end); the equator
  // row is emitted twice: once with end 0 and once with end 1.
  const int rows = 2 * rings + 2;
  for (int row = 0; row < rows; ++row) {
    const int latitude_step = row <= rings ? row : row - 1;  // 0..2*rings
    const float end = row <= rings ? 0.0f : 1.0f;
    const float theta = -glm::half_pi<float>() + glm::pi<float>() * static_cast<float>(latitude_step) / static_cast<float>(2 * rings);
    const float y = std::sin(theta);
    const float r = std::cos(theta);
    for (int s = 0; s <= segments; ++s) {
      const float phi = glm::two_pi<float>() * static_cast<float>(s) / static_cast<float>(segments);
      mesh.vertices.push_back({glm::vec3(r * std::cos(phi), y, -r * std::sin(phi)), end});
    }
  }
  const int stride = segments + 1;
  for (int row = 0; row + 1 < rows; ++row) {
    for (int s = 0; s < segments; ++s) {
      const auto a = static_cast<std::uint16_t>(row * stride + s);
      const auto b = static_cast<std::uint16_t>(row * stride + s + 1);
      const auto c = static_cast<std::uint16_t>((row + 1) * stride + s);
      const auto d = static_cast<std::uint16_t>((row + 1) * stride + s + 1);
      mesh.indices.insert(mesh.indices.end(), {a, b, d, a, d, c});
    }
  }
  return mesh;
}

}  // namespace bvhscope::gfx
