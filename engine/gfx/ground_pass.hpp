// Draws the ground: the floor disc with its grid, and the world axes at the origin.
#pragma once

#include <optional>
#include <string>

#include "gfx/gl_object.hpp"
#include "gfx/scene_style.hpp"
#include "gfx/shader_program.hpp"
#include "model/scene_scale.hpp"

namespace bvhscope::gfx {

class GroundPass {
 public:
  // Draws lines with `lines`, the scene's line program, which must outlive the pass.
  static std::optional<GroundPass> create(const ShaderProgram& lines, std::string& error);

  // Where the grid goes and how it is spaced (once per load or unit change).
  void set_grid(const GroundGrid& grid);
  void draw_floor(const SceneView& view, const SceneStyle& style) const;
  // The X (red), Y (green) and Z (blue) axes, one major grid cell long, depth-tested.
  void draw_axes(const SceneView& view, const SceneStyle& style) const;

 private:
  GroundPass(ShaderProgram ground, const ShaderProgram& lines) noexcept;

  ShaderProgram ground_;
  const ShaderProgram* lines_;  // SceneRenderer's: one line program for every pass
  VertexArray floor_vao_;
  VertexArray axes_vao_;
  Buffer axes_vbo_;
  GroundGrid grid_;
  struct {
    int view_proj, center, extent, minor, major, pixel_scale, floor_color, floor_alpha, minor_color, major_color;
  } g_{};
  struct {
    int view_proj, color, round_points, point_size;
  } l_{};
};

}  // namespace bvhscope::gfx
