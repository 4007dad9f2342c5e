#include "gfx/trail_pass.hpp"

#include <algorithm>
#include <array>

#include "gfx/gl.hpp"

namespace bvhscope::gfx {

TrailPass::TrailPass(const ShaderProgram& lines) noexcept
    : lines_(&lines), vao_(VertexArray::create()), vbo_(Buffer::create()) {
  l_ = {lines_->location("u_view_proj"), lines_->location("u_color"), lines_->location("u_round_points"),
        lines_->location("u_point_size")};
  std::array<GLfloat, 2> range{1.0f, 1.0f};
  glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, range.data());
  max_line_width_ = std::max(range[1], 1.0f);
  glBindVertexArray(vao_.name());
  glBindBuffer(GL_ARRAY_BUFFER, vbo_.name());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
  glBindVertexArray(0);
}

TrailPass TrailPass::create(const ShaderProgram& lines) { return TrailPass(lines); }

void TrailPass::set_path(std::span<const glm::vec3> points) {
  count_ = points.size();
  glBindBuffer(GL_ARRAY_BUFFER, vbo_.name());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(count_, 1) * sizeof(glm::vec3)),
               points.empty() ? nullptr : points.data(), GL_STATIC_DRAW);
}

void TrailPass::draw(const SceneView& view, const SceneStyle& style, std::size_t first, std::size_t last,
                     std::size_t current) const {
  if (count_ == 0) return;
  last = std::min(last, count_ - 1);
  first = std::min(first, last);
  current = std::clamp(current, first, last);
  glDisable(GL_DEPTH_TEST);  // the trail reads through the body it belongs to
  glDepthMask(GL_FALSE);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  lines_->use();
  ShaderProgram::set(l_.view_proj, view.projection * view.view);
  ShaderProgram::set(l_.round_points, 0);
  ShaderProgram::set(l_.point_size, 1.0f);
  glBindVertexArray(vao_.name());
  glLineWidth(std::min(3.0f * style.pixel_scale, max_line_width_));
  if (current > first) {  // the past: where the joint has been
    ShaderProgram::set(l_.color, glm::vec4(style.palette.trail, 1.0f));
    glDrawArrays(GL_LINE_STRIP, static_cast<GLint>(first), static_cast<GLsizei>(current - first + 1));
  }
  if (last > current) {  // the future: fainter
    ShaderProgram::set(l_.color, glm::vec4(style.palette.trail, 0.45f));
    glDrawArrays(GL_LINE_STRIP, static_cast<GLint>(current), static_cast<GLsizei>(last - current + 1));
  }
  glLineWidth(1.0f);
  glEnable(GL_PROGRAM_POINT_SIZE);
  ShaderProgram::set(l_.round_points, 1);
  ShaderProgram::set(l_.point_size, 8.0f * style.pixel_scale);
  ShaderProgram::set(l_.color, glm::vec4(style.palette.trail, 1.0f));
  glDrawArrays(GL_POINTS, static_cast<GLint>(current), 1);
  glDisable(GL_PROGRAM_POINT_SIZE);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
}

}  // namespace bvhscope::gfx
