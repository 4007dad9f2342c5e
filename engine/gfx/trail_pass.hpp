// Draws one joint's world trajectory over a window of frames around the playhead: the joint's
// path over the whole clip is uploaded once (when the selection changes) and each frame draws only
// the window, the past brighter than the future, with a dot at the current frame.
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

class TrailPass {
 public:
  // Draws with `lines`, the scene's line program, which must outlive the pass.
  static TrailPass create(const ShaderProgram& lines);

  // Uploads the joint's position at every frame, in scene units (allocates GL storage; on a new
  // selection only). An empty span clears the trail.
  void set_path(std::span<const glm::vec3> points);
  // Draws frames [first, last] of the path (clamped), with a dot at `current`.
  void draw(const SceneView& view, const SceneStyle& style, std::size_t first, std::size_t last,
            std::size_t current) const;

 private:
  explicit TrailPass(const ShaderProgram& lines) noexcept;
  const ShaderProgram* lines_;  // SceneRenderer's: one line program for every pass
  VertexArray vao_;
  Buffer vbo_;
  std::size_t count_ = 0;
  float max_line_width_ = 1.0f;
  struct {
    int view_proj, color, round_points, point_size;
  } l_{};
};

}  // namespace bvhscope::gfx
