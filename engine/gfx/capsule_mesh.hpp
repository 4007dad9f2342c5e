// The unit capsule mesh the solid style instances for every bone and joint: vertex directions on
// the unit sphere, split at the equator into the bone's two ends.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

namespace bvhscope::gfx {

struct CapsuleVertex {
  glm::vec3 direction;  // unit length; +Y points along the bone
  float end;            // 0 at the parent end (direction.y <= 0), 1 at the child end
};

struct CapsuleMesh {
  std::vector<CapsuleVertex> vertices;
  std::vector<std::uint16_t> indices;  // triangles, counter-clockwise seen from outside
};

// `segments` around the axis (>= 3), `rings` per hemisphere (>= 1). The equator ring appears twice,
// once per end, so the cylinder between the ends is part of the mesh.
CapsuleMesh make_capsule_mesh(int segments, int rings);

}  // namespace bvhscope::gfx
