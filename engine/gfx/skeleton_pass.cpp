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

void SkeletonPass::set_skeletons(std::span<const SkeletonSlot> slots) {
  blocks_.clear();
  bone_count_ = 0;
  joint_count_ = 0;
  std::size_t vertex = 0;
  for (const SkeletonSlot& slot : slots) {
    Block block;
    const Skeleton& skeleton = *slot.skeleton;
    block.first_vertex = vertex;
    block.bones = bvhscope::bone_count(skeleton);
    block.joints = static_cast<std::size_t>(skeleton.joint_count());
    block.radius = slot.bone_radius > 0.0f ? slot.bone_radius : 1.0f;
    block.bone_of_joint.assign(block.joints, -1);
    int bone = 0;
    for (std::size_t joint = 0; joint < block.joints; ++joint) {
      if (skeleton.parents[joint] != kNoParent) block.bone_of_joint[joint] = bone++;
    }
    vertex += 2 * block.bones + block.joints;
    bone_count_ += block.bones;
    joint_count_ += block.joints;
    blocks_.push_back(std::move(block));
  }
  staging_.assign(vertex, glm::vec3(0.0f));
  looks_.assign(blocks_.size(), ClipLook{});
  glBindBuffer(GL_ARRAY_BUFFER, bones_.name());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(buffer_bytes(), sizeof(glm::vec3))),
               nullptr, GL_DYNAMIC_DRAW);
  glBindVertexArray(line_vao_.name());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
  glBindVertexArray(0);
}

void SkeletonPass::set_skeleton(const Skeleton& skeleton, float bone_radius) {
  const SkeletonSlot slot{&skeleton, bone_radius};
  set_skeletons(std::span<const SkeletonSlot>(&slot, 1));
}

void SkeletonPass::write_pose(std::size_t slot, const Skeleton& skeleton, const Pose& pose,
                              const Placement& placement) noexcept {
  if (slot >= blocks_.size()) return;
  const Block& block = blocks_[slot];
  if (pose.world.size() != block.joints) return;
  const std::span<glm::vec3> all =
      std::span<glm::vec3>(staging_).subspan(block.first_vertex, 2 * block.bones + block.joints);
  write_bone_vertices(skeleton, pose, all.first(2 * block.bones));
  write_joint_positions(pose, all.subspan(2 * block.bones));
  if (placement.scale != 1.0f || placement.offset != glm::vec3(0.0f)) placement.apply_in_place(all);
}

void SkeletonPass::upload() noexcept {
  if (staging_.empty()) return;
  glBindBuffer(GL_ARRAY_BUFFER, bones_.name());
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(buffer_bytes()), staging_.data());
  ++uploads_;
}

void SkeletonPass::update(const Skeleton& skeleton, const Pose& pose) {
  if (blocks_.empty() || pose.world.size() != blocks_.front().joints) return;
  write_pose(0, skeleton, pose, Placement{});
  upload();
}

void SkeletonPass::set_looks(std::span<const ClipLook> looks) {
  const std::size_t n = std::min(looks.size(), looks_.size());
  std::copy_n(looks.begin(), n, looks_.begin());
}

std::span<const glm::vec3> SkeletonPass::joint_positions(std::size_t slot) const noexcept {
  if (slot >= blocks_.size()) return {};
  const Block& block = blocks_[slot];
  return std::span<const glm::vec3>(staging_).subspan(block.first_vertex + 2 * block.bones, block.joints);
}

int SkeletonPass::selected_in(std::size_t slot, const SceneStyle& style) const noexcept {
  const int selected = looks_[slot].selected;
  if (selected >= 0) return selected;
  return slot == 0 ? style.highlight_joint : -1;
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
  ShaderProgram::set(s_.strength, 0.62f);
  for (std::size_t i = 0; i < blocks_.size(); ++i) {
    const Block& block = blocks_[i];
    if (!looks_[i].visible || block.bones == 0) continue;
    ShaderProgram::set(s_.radius, block.radius * (style.bones == BoneStyle::Solid ? 1.0f : 0.6f));
    ShaderProgram::set(s_.falloff_height, block.radius * 40.0f);
    bind_instances(shadow_vao_, block.first_vertex, 2);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(block.bones));
  }
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

void SkeletonPass::draw_marked_lines(const Block& block, int joint, const glm::vec3& color, const SceneStyle& style) const {
  if (joint < 0 || static_cast<std::size_t>(joint) >= block.joints) return;
  ShaderProgram::set(l_.color, glm::vec4(color, 1.0f));
  const int bone = block.bone_of_joint[static_cast<std::size_t>(joint)];
  if (bone >= 0) {
    glLineWidth(std::min(4.0f * style.pixel_scale, max_line_width_));
    glDrawArrays(GL_LINES, static_cast<GLint>(block.first_vertex + 2 * static_cast<std::size_t>(bone)), 2);
  }
  glEnable(GL_PROGRAM_POINT_SIZE);
  ShaderProgram::set(l_.round_points, 1);
  ShaderProgram::set(l_.point_size, 10.0f * style.pixel_scale);
  glDrawArrays(GL_POINTS, static_cast<GLint>(block.first_vertex + 2 * block.bones + static_cast<std::size_t>(joint)), 1);
  ShaderProgram::set(l_.round_points, 0);
  glDisable(GL_PROGRAM_POINT_SIZE);
}

void SkeletonPass::draw_lines(const SceneView& view, const SceneStyle& style) const {
  lines_.use();
  ShaderProgram::set(l_.view_proj, view.projection * view.view);
  glBindVertexArray(line_vao_.name());
  for (std::size_t i = 0; i < blocks_.size(); ++i) {
    const Block& block = blocks_[i];
    const ClipLook& look = looks_[i];
    if (!look.visible) continue;
    ShaderProgram::set(l_.round_points, 0);
    ShaderProgram::set(l_.point_size, 1.0f);
    glLineWidth(std::min(2.5f * style.pixel_scale, max_line_width_));
    ShaderProgram::set(l_.color, glm::vec4(look.use_palette ? style.palette.bone : look.line_color, 1.0f));
    glDrawArrays(GL_LINES, static_cast<GLint>(block.first_vertex), static_cast<GLsizei>(2 * block.bones));
    glLineWidth(1.0f);
    if (style.show_joints) {
      glEnable(GL_PROGRAM_POINT_SIZE);
      ShaderProgram::set(l_.round_points, 1);
      ShaderProgram::set(l_.point_size, 7.0f * style.pixel_scale);
      ShaderProgram::set(l_.color, glm::vec4(style.palette.joint, 1.0f));
      glDrawArrays(GL_POINTS, static_cast<GLint>(block.first_vertex + 2 * block.bones), static_cast<GLsizei>(block.joints));
      glDisable(GL_PROGRAM_POINT_SIZE);
    }
    // Marks go on top of the clip's own bones and dots.
    glDepthFunc(GL_ALWAYS);
    if (look.hovered != selected_in(i, style)) draw_marked_lines(block, look.hovered, style.palette.hover, style);
    draw_marked_lines(block, selected_in(i, style), style.palette.highlight, style);
    glDepthFunc(GL_LEQUAL);
    glLineWidth(1.0f);
  }
}

// A marked joint in solid style: its bone as a slightly fatter capsule and its joint as a sphere.
void SkeletonPass::draw_marked_solid(const Block& block, int joint, const glm::vec3& color, float grow) const {
  if (joint < 0 || static_cast<std::size_t>(joint) >= block.joints) return;
  ShaderProgram::set(c_.color, color);
  const int bone = block.bone_of_joint[static_cast<std::size_t>(joint)];
  if (bone >= 0) {
    bind_instances(highlight_vao_, block.first_vertex + 2 * static_cast<std::size_t>(bone), 2);
    ShaderProgram::set(c_.taper, 1.0f);
    ShaderProgram::set(c_.radius, block.radius * grow);
    glDrawElementsInstanced(GL_TRIANGLES, capsule_index_count_, GL_UNSIGNED_SHORT, nullptr, 1);
  }
  bind_instances(highlight_vao_, block.first_vertex + 2 * block.bones + static_cast<std::size_t>(joint), 1);
  ShaderProgram::set(c_.taper, 0.0f);
  ShaderProgram::set(c_.radius, block.radius * grow * 1.35f);
  glDrawElementsInstanced(GL_TRIANGLES, capsule_index_count_, GL_UNSIGNED_SHORT, nullptr, 1);
}

void SkeletonPass::draw_solid(const SceneView& view, const SceneStyle& style, float ground_y) const {
  capsule_.use();
  ShaderProgram::set(c_.view_proj, view.projection * view.view);
  ShaderProgram::set(c_.eye, view.eye);
  ShaderProgram::set(c_.light_dir, glm::normalize(glm::vec3(0.35f, 0.9f, 0.45f)));
  ShaderProgram::set(c_.ground_y, ground_y);
  for (std::size_t i = 0; i < blocks_.size(); ++i) {
    const Block& block = blocks_[i];
    const ClipLook& look = looks_[i];
    if (!look.visible) continue;
    const glm::vec3 solid = look.use_palette ? style.palette.solid : look.solid_color;
    ShaderProgram::set(c_.contact_height, block.radius * 6.0f);
    ShaderProgram::set(c_.radius, block.radius);
    ShaderProgram::set(c_.taper, 1.0f);
    ShaderProgram::set(c_.color, solid);
    if (block.bones > 0) {
      bind_instances(capsule_vao_, block.first_vertex, 2);
      glDrawElementsInstanced(GL_TRIANGLES, capsule_index_count_, GL_UNSIGNED_SHORT, nullptr,
                              static_cast<GLsizei>(block.bones));
    }
    if (style.show_joints) {
      ShaderProgram::set(c_.taper, 0.0f);
      ShaderProgram::set(c_.radius, block.radius * 1.06f);
      ShaderProgram::set(c_.color, glm::mix(solid, style.palette.joint, 0.35f));
      bind_instances(sphere_vao_, block.first_vertex + 2 * block.bones, 1);
      glDrawElementsInstanced(GL_TRIANGLES, capsule_index_count_, GL_UNSIGNED_SHORT, nullptr,
                              static_cast<GLsizei>(block.joints));
    }
    const int selected = selected_in(i, style);
    if (look.hovered != selected) draw_marked_solid(block, look.hovered, style.palette.hover, 1.1f);
    draw_marked_solid(block, selected, style.palette.highlight, 1.15f);
  }
  glBindVertexArray(0);
}

}  // namespace bvhscope::gfx
