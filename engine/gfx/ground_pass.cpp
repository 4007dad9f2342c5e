#include "gfx/ground_pass.hpp"

#include <array>

#include "gfx/gl.hpp"

namespace bvhscope::gfx {

GroundPass::GroundPass(ShaderProgram ground, const ShaderProgram& lines) noexcept
    : ground_(std::move(ground)),
      lines_(&lines),
      floor_vao_(VertexArray::create()),
      axes_vao_(VertexArray::create()),
      axes_vbo_(Buffer::create()) {
  g_ = {ground_.location("u_view_proj"),   ground_.location("u_center"),      ground_.location("u_extent"),
        ground_.location("u_minor"),       ground_.location("u_major"),       ground_.location("u_pixel_scale"),
        ground_.location("u_floor_color"), ground_.location("u_floor_alpha"), ground_.location("u_minor_color"),
        ground_.location("u_major_color")};
  l_ = {lines_->location("u_view_proj"), lines_->location("u_color"), lines_->location("u_round_points"),
        lines_->location("u_point_size")};
  glBindVertexArray(axes_vao_.name());
  glBindBuffer(GL_ARRAY_BUFFER, axes_vbo_.name());
  glBufferData(GL_ARRAY_BUFFER, 6 * sizeof(glm::vec3), nullptr, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
  glBindVertexArray(0);
  set_grid(grid_);
}

std::optional<GroundPass> GroundPass::create(const ShaderProgram& lines, std::string& error) {
  std::optional<ShaderProgram> ground = ShaderProgram::from_embedded("ground", error);
  if (!ground) return std::nullopt;
  return GroundPass(std::move(*ground), lines);
}

void GroundPass::set_grid(const GroundGrid& grid) {
  grid_ = grid;
  const float length = grid.major_spacing;
  const glm::vec3 origin(0.0f, grid.center.y, 0.0f);
  const std::array<glm::vec3, 6> axes = {origin, origin + glm::vec3(length, 0, 0),
                                         origin, origin + glm::vec3(0, length, 0),
                                         origin, origin + glm::vec3(0, 0, length)};
  glBindBuffer(GL_ARRAY_BUFFER, axes_vbo_.name());
  glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(axes), axes.data());
}

void GroundPass::draw_floor(const SceneView& view, const SceneStyle& style) const {
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  ground_.use();
  ShaderProgram::set(g_.view_proj, view.projection * view.view);
  ShaderProgram::set(g_.center, grid_.center);
  ShaderProgram::set(g_.extent, grid_.extent);
  ShaderProgram::set(g_.minor, grid_.minor_spacing);
  ShaderProgram::set(g_.major, grid_.major_spacing);
  ShaderProgram::set(g_.pixel_scale, style.pixel_scale);
  ShaderProgram::set(g_.floor_color, style.palette.floor);
  ShaderProgram::set(g_.floor_alpha, 0.85f);
  // Without the grid the floor disc stays, so the skeleton still stands on something.
  ShaderProgram::set(g_.minor_color, style.show_grid ? style.palette.grid_minor : style.palette.floor);
  ShaderProgram::set(g_.major_color, style.show_grid ? style.palette.grid_major : style.palette.floor);
  glBindVertexArray(floor_vao_.name());
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glDisable(GL_BLEND);
}

void GroundPass::draw_axes(const SceneView& view, const SceneStyle& style) const {
  glEnable(GL_DEPTH_TEST);
  glDepthMask(GL_TRUE);
  glLineWidth(2.0f * style.pixel_scale);
  lines_->use();
  ShaderProgram::set(l_.view_proj, view.projection * view.view);
  ShaderProgram::set(l_.round_points, 0);
  ShaderProgram::set(l_.point_size, 1.0f);
  glBindVertexArray(axes_vao_.name());
  const std::array<glm::vec3, 3> colors = {style.palette.axis_x, style.palette.axis_y, style.palette.axis_z};
  for (int axis = 0; axis < 3; ++axis) {
    ShaderProgram::set(l_.color, glm::vec4(colors[static_cast<std::size_t>(axis)], 1.0f));
    glDrawArrays(GL_LINES, axis * 2, 2);
  }
  glLineWidth(1.0f);
}

}  // namespace bvhscope::gfx
