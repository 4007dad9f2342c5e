#include "gfx/trajectory_pass.hpp"

#include <algorithm>
#include <vector>

#include "gfx/gl.hpp"

namespace bvhscope::gfx {

TrajectoryPass::TrajectoryPass(const ShaderProgram& lines) noexcept
    : lines_(&lines), vao_(VertexArray::create()), vbo_(Buffer::create()) {
  l_ = {lines_->location("u_view_proj"), lines_->location("u_color"), lines_->location("u_round_points"),
        lines_->location("u_point_size")};
  glBindVertexArray(vao_.name());
  glBindBuffer(GL_ARRAY_BUFFER, vbo_.name());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
  glBindVertexArray(0);
}

TrajectoryPass TrajectoryPass::create(const ShaderProgram& lines) { return TrajectoryPass(lines); }

void TrajectoryPass::set_path(std::span<const glm::vec3> points, float ground_y) {
  std::vector<glm::vec3> flat(points.begin(), points.end());
  for (glm::vec3& point : flat) point.y = ground_y;
  count_ = flat.size();
  glBindBuffer(GL_ARRAY_BUFFER, vbo_.name());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(count_, 1) * sizeof(glm::vec3)),
               flat.empty() ? nullptr : flat.data(), GL_STATIC_DRAW);
}

void TrajectoryPass::draw(const SceneView& view, const SceneStyle& style, std::size_t current) const {
  if (count_ < 2) return;
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  lines_->use();
  ShaderProgram::set(l_.view_proj, view.projection * view.view);
  ShaderProgram::set(l_.round_points, 0);
  ShaderProgram::set(l_.point_size, 1.0f);
  ShaderProgram::set(l_.color, glm::vec4(style.palette.trajectory, 0.85f));
  glLineWidth(2.0f * style.pixel_scale);
  glBindVertexArray(vao_.name());
  glDrawArrays(GL_LINE_STRIP, 0, static_cast<GLsizei>(count_));
  glLineWidth(1.0f);
  glEnable(GL_PROGRAM_POINT_SIZE);
  ShaderProgram::set(l_.round_points, 1);
  ShaderProgram::set(l_.point_size, 9.0f * style.pixel_scale);
  ShaderProgram::set(l_.color, glm::vec4(style.palette.trajectory, 1.0f));
  glDrawArrays(GL_POINTS, static_cast<GLint>(std::min(current, count_ - 1)), 1);
  glDisable(GL_PROGRAM_POINT_SIZE);
  glDisable(GL_BLEND);
}

}  // namespace bvhscope::gfx
