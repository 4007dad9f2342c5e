// Draws the root's path over the whole clip as a line on the ground, with a dot under the root.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include <glm/vec3.hpp>

#include "gfx/gl_object.hpp"
#include "gfx/scene_style.hpp"
#include "gfx/shader_program.hpp"

namespace bvhscope::gfx {

class TrajectoryPass {
 public:
  // Draws with `lines`, the scene's line program, which must outlive the pass.
  static TrajectoryPass create(const ShaderProgram& lines);

  // Uploads the path (one point per frame), flattened onto the ground at `ground_y` (on load).
  void set_path(std::span<const glm::vec3> points, float ground_y);
  // Draws the path, and a dot at `current` frame's point.
  void draw(const SceneView& view, const SceneStyle& style, std::size_t current) const;

 private:
  explicit TrajectoryPass(const ShaderProgram& lines) noexcept;
  const ShaderProgram* lines_;  // SceneRenderer's: one line program for every pass
  VertexArray vao_;
  Buffer vbo_;
  std::size_t count_ = 0;
  struct {
    int view_proj, color, round_points, point_size;
  } l_{};
};

}  // namespace bvhscope::gfx
