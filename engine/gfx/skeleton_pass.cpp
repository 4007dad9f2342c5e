#include "gfx/skeleton_pass.hpp"

#include <algorithm>
#include <array>
#include <span>

#include <glm/geometric.hpp>

#include "anim/bone_geometry.hpp"
#include "gfx/capsule_mesh.hpp"
#include "gfx/gl.hpp"

namespace bvhscope::gfx {
namespace {

const void* byte_offset(std::size_t bytes) { return reinterpret_cast<const void*>(bytes); }  // NOLINT: GL's offset-as-pointer

}  // namespace

SkeletonPass::SkeletonPass(ShaderProgram lines, ShaderProgram capsule, ShaderProgram shadow) noexcept
    : lines_(std::move(lines)), capsule_(std::move(capsule)), shadow_(std::move(shadow)), bones_(Buffer::create()),
      capsule_vbo_(Buffer::create()), capsule_ibo_(Buffer::create()), quad_vbo_(Buffer::create()),
      line_vao_(VertexArray::create()), capsule_vao_(VertexArray::create()), sphere_vao_(VertexArray::create()),
      shadow_vao_(VertexArray::create()), highlight_vao_(VertexArray::create()) {
  l_ = {lines_.location("u_view_proj"), lines_.location("u_color"), lines_.location("u_round_points"),
        lines_.location("u_point_size")};
  c_ = {capsule_.location("u_view_proj"), capsule_.location("u_radius"),   capsule_.location("u_taper"),
        capsule_.location("u_color"),     capsule_.location("u_eye"),      capsule_.location("u_light_dir"),
        capsule_.location("u_ground_y"),  capsule_.location("u_contact_height")};
  s_ = {shadow_.location("u_view_proj"), shadow_.location("u_ground_y"), shadow_.location("u_radius"),
        shadow_.location("u_strength"), shadow_.location("u_falloff_height"), shadow_.location("u_to_alpha")};
  std::array<GLfloat, 2> range{1.0f, 1.0f};
  glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, range.data());
  max_line_width_ = std::max(range[1], 1.0f);
  build_static_meshes();
}

std::optional<SkeletonPass> SkeletonPass::create(std::string& error) {
  std::optional<ShaderProgram> lines = ShaderProgram::from_embedded("lines", error);
  if (!lines) return std::nullopt;
  std::optional<ShaderProgram> capsule = ShaderProgram::from_embedded("capsule", error);
  if (!capsule) return std::nullopt;
  std::optional<ShaderProgram> shadow = ShaderProgram::from_embedded("shadow", error);
  if (!shadow) return std::nullopt;
  return SkeletonPass(std::move(*lines), std::move(*capsule), std::move(*shadow));
}

void SkeletonPass::build_static_meshes() {
  const CapsuleMesh mesh = make_capsule_mesh(20, 6);
  capsule_index_count_ = static_cast<int>(mesh.indices.size());
  glBindBuffer(GL_ARRAY_BUFFER, capsule_vbo_.name());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.vertices.size() * sizeof(CapsuleVertex)),
               mesh.vertices.data(), GL_STATIC_DRAW);
  for (const VertexArray* vao : {&capsule_vao_, &sphere_vao_, &highlight_vao_}) {
    glBindVertexArray(vao->name());
    glBindBuffer(GL_ARRAY_BUFFER, capsule_vbo_.name());
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(CapsuleVertex), byte_offset(offsetof(CapsuleVertex, direction)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, sizeof(CapsuleVertex), byte_offset(offsetof(CapsuleVertex, end)));
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, capsule_ibo_.name());
    if (vao == &capsule_vao_) {
      glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(std::uint16_t)),
                   mesh.indices.data(), GL_STATIC_DRAW);
    }
  }
  const std::array<float, 8> quad = {-1, -1, 1, -1, -1, 1, 1, 1};
  glBindVertexArray(shadow_vao_.name());
  glBindBuffer(GL_ARRAY_BUFFER, quad_vbo_.name());
  glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad.data(), GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
  glBindVertexArray(0);
}

// Instance attributes 2 (from) and 3 (to) read the bone buffer starting at `first_vertex`, one
// instance every `stride_vertices` vec3s; with stride 1 both read the same point (a sphere).
void SkeletonPass::bind_instances(const VertexArray& vao, std::size_t first_vertex, std::size_t stride_vertices) const {
  glBindVertexArray(vao.name());
  glBindBuffer(GL_ARRAY_BUFFER, bones_.name());
  const auto stride = static_cast<GLsizei>(stride_vertices * sizeof(glm::vec3));
  const std::size_t to_offset = stride_vertices > 1 ? 1 : 0;
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, stride, byte_offset(first_vertex * sizeof(glm::vec3)));
  glVertexAttribDivisor(2, 1);
  glEnableVertexAttribArray(3);
  glVertexAttribPointer(3, 3, GL_FLOAT, GL_FALSE, stride, byte_offset((first_vertex + to_offset) * sizeof(glm::vec3)));
  glVertexAttribDivisor(3, 1);
}

void SkeletonPass::set_skeleton(const Skeleton& skeleton, float bone_radius) {
  bone_count_ = bvhscope::bone_count(skeleton);
  joint_count_ = static_cast<std::size_t>(skeleton.joint_count());
  radius_ = bone_radius > 0.0f ? bone_radius : 1.0f;
  staging_.assign(2 * bone_count_ + joint_count_, glm::vec3(0.0f));
  bone_of_joint_.assign(joint_count_, -1);
  int bone = 0;
  for (std::size_t joint = 0; joint < joint_count_; ++joint) {
    if (skeleton.parents[joint] != kNoParent) bone_of_joint_[joint] = bone++;
  }
  glBindBuffer(GL_ARRAY_BUFFER, bones_.name());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(buffer_bytes(), sizeof(glm::vec3))),
               nullptr, GL_DYNAMIC_DRAW);
  glBindVertexArray(line_vao_.name());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
  bind_instances(capsule_vao_, 0, 2);
  bind_instances(shadow_vao_, 0, 2);
  bind_instances(sphere_vao_, 2 * bone_count_, 1);
  bind_instances(highlight_vao_, 0, 2);
  glBindVertexArray(0);
}

void SkeletonPass::update(const Skeleton& skeleton, const Pose& pose) {
  if (staging_.empty() || pose.world.size() != joint_count_) return;
  const std::span<glm::vec3> all(staging_);
  write_bone_vertices(skeleton, pose, all.first(2 * bone_count_));
  write_joint_positions(pose, all.subspan(2 * bone_count_));
  glBindBuffer(GL_ARRAY_BUFFER, bones_.name());
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(buffer_bytes()), staging_.data());
  ++uploads_;
}

void SkeletonPass::draw_shadow(const SceneView& view, const SceneStyle& style, float ground_y, bool to_alpha) const {
  if (bone_count_ == 0) return;
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glEnable(GL_BLEND);
  if (to_alpha) {
    glBlendEquation(GL_MAX);
    glBlendFunc(GL_ONE, GL_ONE);
  } else {
    glBlendFunc(GL_ZERO, GL_SRC_COLOR);  // multiply: the shadow only darkens what is below it
  }
  shadow_.use();
  ShaderProgram::set(s_.to_alpha, to_alpha ? 1 : 0);
  ShaderProgram::set(s_.view_proj, view.projection * view.view);
  ShaderProgram::set(s_.ground_y, ground_y);
  ShaderProgram::set(s_.radius, radius_ * (style.bones == BoneStyle::Solid ? 1.0f : 0.6f));
  ShaderProgram::set(s_.strength, 0.62f);
  ShaderProgram::set(s_.falloff_height, radius_ * 40.0f);
  glBindVertexArray(shadow_vao_.name());
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(bone_count_));
  glBlendEquation(GL_FUNC_ADD);
  glDisable(GL_BLEND);
}

void SkeletonPass::draw(const SceneView& view, const SceneStyle& style, float ground_y) const {
  if (joint_count_ == 0) return;
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  if (style.bones == BoneStyle::Lines) {
    draw_lines(view, style);
  } else {
    draw_solid(view, style, ground_y);
  }
}

void SkeletonPass::draw_lines(const SceneView& view, const SceneStyle& style) const {
  lines_.use();
  ShaderProgram::set(l_.view_proj, view.projection * view.view);
  ShaderProgram::set(l_.round_points, 0);
  ShaderProgram::set(l_.point_size, 1.0f);
  glBindVertexArray(line_vao_.name());
  glLineWidth(std::min(2.5f * style.pixel_scale, max_line_width_));
  ShaderProgram::set(l_.color, glm::vec4(style.palette.bone, 1.0f));
  glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(2 * bone_count_));
  const int highlight = style.highlight_joint;
  if (highlight >= 0 && static_cast<std::size_t>(highlight) < joint_count_ && bone_of_joint_[static_cast<std::size_t>(highlight)] >= 0) {
    glLineWidth(std::min(4.0f * style.pixel_scale, max_line_width_));
    ShaderProgram::set(l_.color, glm::vec4(style.palette.highlight, 1.0f));
    glDrawArrays(GL_LINES, 2 * bone_of_joint_[static_cast<std::size_t>(highlight)], 2);
  }
  glLineWidth(1.0f);
  if (style.show_joints) {
    glEnable(GL_PROGRAM_POINT_SIZE);
    ShaderProgram::set(l_.round_points, 1);
    ShaderProgram::set(l_.point_size, 7.0f * style.pixel_scale);
    ShaderProgram::set(l_.color, glm::vec4(style.palette.joint, 1.0f));
    glDrawArrays(GL_POINTS, static_cast<GLint>(2 * bone_count_), static_cast<GLsizei>(joint_count_));
    glDisable(GL_PROGRAM_POINT_SIZE);
  }
}

void SkeletonPass::draw_solid(const SceneView& view, const SceneStyle& style, float ground_y) const {
  capsule_.use();
  ShaderProgram::set(c_.view_proj, view.projection * view.view);
  ShaderProgram::set(c_.eye, view.eye);
  ShaderProgram::set(c_.light_dir, glm::normalize(glm::vec3(0.35f, 0.9f, 0.45f)));
  ShaderProgram::set(c_.ground_y, ground_y);
  ShaderProgram::set(c_.contact_height, radius_ * 6.0f);
  ShaderProgram::set(c_.radius, radius_);
  ShaderProgram::set(c_.taper, 1.0f);
  ShaderProgram::set(c_.color, style.palette.solid);
  if (bone_count_ > 0) {
    glBindVertexArray(capsule_vao_.name());
    glDrawElementsInstanced(GL_TRIANGLES, capsule_index_count_, GL_UNSIGNED_SHORT, nullptr,
                            static_cast<GLsizei>(bone_count_));
  }
  if (style.show_joints) {
    ShaderProgram::set(c_.taper, 0.0f);
    ShaderProgram::set(c_.radius, radius_ * 1.06f);
    ShaderProgram::set(c_.color, glm::mix(style.palette.solid, style.palette.joint, 0.35f));
    glBindVertexArray(sphere_vao_.name());
    glDrawElementsInstanced(GL_TRIANGLES, capsule_index_count_, GL_UNSIGNED_SHORT, nullptr,
                            static_cast<GLsizei>(joint_count_));
  }
  const int highlight = style.highlight_joint;
  if (highlight >= 0 && static_cast<std::size_t>(highlight) < joint_count_ && bone_of_joint_[static_cast<std::size_t>(highlight)] >= 0) {
    bind_instances(highlight_vao_, 2 * static_cast<std::size_t>(bone_of_joint_[static_cast<std::size_t>(highlight)]), 2);
    ShaderProgram::set(c_.taper, 1.0f);
    ShaderProgram::set(c_.radius, radius_ * 1.15f);
    ShaderProgram::set(c_.color, style.palette.highlight);
    glDrawElementsInstanced(GL_TRIANGLES, capsule_index_count_, GL_UNSIGNED_SHORT, nullptr, 1);
  }
  glBindVertexArray(0);
}

}  // namespace bvhscope::gfx
