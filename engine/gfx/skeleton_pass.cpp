#include "gfx/skeleton_pass.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <span>

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>
#include <glm/vec2.hpp>

#include "anim/bone_geometry.hpp"
#include "anim/bone_radii.hpp"
#include "gfx/gl.hpp"

namespace bvhscope::gfx {
namespace {

const void* byte_offset(std::size_t bytes) {
  return reinterpret_cast<const void*>(bytes);
}  // NOLINT: GL's offset-as-pointer

// Each instance of the capsule and shadow draws reads this many consecutive points of the bone
// buffer (vertex attributes 2 to 15): seven bones (from, to), a rectangle each (or one point for a
// joint sphere on its own).
// llvmpipe sets up every instance on the drawing thread: with one capsule per instance that alone
// was about 1 ms a frame for ten 165-joint clips.
constexpr int kPointsPerInstance = 14;

// The rectangles (or shadow quads) of one instance as indexed triangles: corners 4q to 4q + 3 of
// rectangle q.
constexpr std::array<std::uint8_t, 6 * kPointsPerInstance> kRectangleIndices = [] {
  constexpr std::array<int, 6> kCorners = {0, 1, 2, 2, 1, 3};
  std::array<std::uint8_t, 6 * kPointsPerInstance> indices{};
  for (std::size_t i = 0; i < indices.size(); ++i) {
    indices[i] = static_cast<std::uint8_t>(4 * (i / 6) + static_cast<std::size_t>(kCorners[i % 6]));
  }
  return indices;
}();

// A marked (selected or hovered) joint's sphere against the joint's own sphere, before `grow`.
constexpr float kMarkedJointScale = 1.25f;

// The texture units the capsule and shadow shaders read the radii and the point colours from.
constexpr int kRadiiUnit = 0;
constexpr int kColorsUnit = 1;

// Ghosts drawn between two stencil clears at most: each has its own stencil value, 1 to 255.
constexpr int kMaxStencilRef = 255;
// A ghost's depths as if it were this much closer to the eye (a share of its distance): a ghost
// lying on the clip it is compared with (where they agree) is drawn over it, not lost in a depth
// tie decided by rounding. In clip space, z - share * |P[3][2]| moves a point's depth as scaling
// its eye-space position by (1 - share) would, for a perspective projection.
constexpr float kGhostDepthPull = 5e-4f;

std::uint8_t to_byte(float v) noexcept {
  const float c = v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;  // NaN too goes to 0
  return static_cast<std::uint8_t>(std::lround(c * 255.0f));
}

glm::u8vec4 pack(const glm::vec3& c) noexcept { return {to_byte(c.x), to_byte(c.y), to_byte(c.z), 255}; }

// Whether a look is drawn as a ghost (translucent, after the opaque clips), or at all.
bool is_ghost(const ClipLook& look) noexcept { return look.opacity < 1.0f; }
bool is_drawn(const ClipLook& look) noexcept { return look.visible && !(look.opacity <= 0.0f); }

}  // namespace

SkeletonPass::SkeletonPass(const ShaderProgram& lines, ShaderProgram capsule, ShaderProgram shadow) noexcept
    : lines_(&lines),
      capsule_(std::move(capsule)),
      shadow_(std::move(shadow)),
      bones_(Buffer::create()),
      radii_(Buffer::create()),
      radii_texture_(Texture::create()),
      colors_(Buffer::create()),
      colors_texture_(Texture::create()),
      rectangle_ibo_(Buffer::create()),
      line_vao_(VertexArray::create()),
      capsule_vao_(VertexArray::create()),
      sphere_vao_(VertexArray::create()),
      shadow_vao_(VertexArray::create()),
      highlight_vao_(VertexArray::create()) {
  l_ = {lines_->location("u_view_proj"),  lines_->location("u_color"),         lines_->location("u_round_points"),
        lines_->location("u_point_size"), lines_->location("u_vertex_colors"), lines_->location("u_depth_bias")};
  c_ = {capsule_.location("u_view_proj"),    capsule_.location("u_radii"),
        capsule_.location("u_first_point"),  capsule_.location("u_radius_scale"),
        capsule_.location("u_joint_scale"),  capsule_.location("u_color"),
        capsule_.location("u_eye"),          capsule_.location("u_light_dir"),
        capsule_.location("u_ground_y"),     capsule_.location("u_contact_height"),
        capsule_.location("u_pixel_size"),   capsule_.location("u_margin_px"),
        capsule_.location("u_samples"),      capsule_.location("u_viewport_size"),
        capsule_.location("u_ray_centre"),   capsule_.location("u_ray_dx"),
        capsule_.location("u_ray_dy"),       capsule_.location("u_points_per_capsule"),
        capsule_.location("u_joint_color"),  capsule_.location("u_colors"),
        capsule_.location("u_point_colors"), capsule_.location("u_opacity"),
        capsule_.location("u_depth_bias"),   capsule_.location("u_origin_centre"),
        capsule_.location("u_origin_dx"),    capsule_.location("u_origin_dy")};
  s_ = {shadow_.location("u_view_proj"),      shadow_.location("u_radii"),        shadow_.location("u_first_point"),
        shadow_.location("u_ground_y"),       shadow_.location("u_radius_scale"), shadow_.location("u_strength"),
        shadow_.location("u_falloff_height"), shadow_.location("u_to_mask")};
  capsule_.use();
  ShaderProgram::set(c_.radii, kRadiiUnit);
  ShaderProgram::set(c_.colors, kColorsUnit);
  ShaderProgram::set(c_.opacity, 1.0f);
  shadow_.use();
  ShaderProgram::set(s_.radii, kRadiiUnit);
  glUseProgram(0);
  std::array<GLfloat, 2> range{1.0f, 1.0f};
  glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, range.data());
  max_line_width_ = std::max(range[1], 1.0f);
  build_static_meshes();
}

std::optional<SkeletonPass> SkeletonPass::create(const ShaderProgram& lines, std::string& error) {
  std::optional<ShaderProgram> capsule = ShaderProgram::from_embedded("capsule", error);
  if (!capsule) return std::nullopt;
  std::optional<ShaderProgram> shadow = ShaderProgram::from_embedded("shadow", error);
  if (!shadow) return std::nullopt;
  return SkeletonPass(lines, std::move(*capsule), std::move(*shadow));
}

void SkeletonPass::build_static_meshes() {
  // The rectangles' indices and the per-instance points are part of each VAO that draws them
  // (element buffer binding, enabled attributes and divisors are VAO state; bind_points re-points).
  for (const VertexArray* vao : {&capsule_vao_, &sphere_vao_, &highlight_vao_, &shadow_vao_}) {
    glBindVertexArray(vao->name());
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, rectangle_ibo_.name());
    if (vao == &capsule_vao_) {
      glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(kRectangleIndices), kRectangleIndices.data(), GL_STATIC_DRAW);
    }
    for (std::size_t i = 0; i < kPointsPerInstance; ++i) {
      glEnableVertexAttribArray(static_cast<GLuint>(2 + i));
      glVertexAttribDivisor(static_cast<GLuint>(2 + i), 1);
    }
  }
  glBindVertexArray(0);
}

// Instance attributes 2 to 15 read kPointsPerInstance consecutive points of the bone buffer from
// `first_vertex` on, the next instance the next as many. Only the first `points` are read: the
// others repeat the first point, so that a last, partial instance reads nothing past its block
// (past the last block is past the end of the buffer).
void SkeletonPass::bind_points(const VertexArray& vao, std::size_t first_vertex, std::size_t points) const {
  glBindVertexArray(vao.name());
  glBindBuffer(GL_ARRAY_BUFFER, bones_.name());
  constexpr auto stride = static_cast<GLsizei>(kPointsPerInstance * sizeof(glm::vec3));
  for (std::size_t i = 0; i < kPointsPerInstance; ++i) {
    glVertexAttribPointer(static_cast<GLuint>(2 + i), 3, GL_FLOAT, GL_FALSE, stride,
                          byte_offset((first_vertex + (i < points ? i : 0)) * sizeof(glm::vec3)));
  }
}

void SkeletonPass::bind_radii() const noexcept {
  glActiveTexture(GL_TEXTURE0 + kColorsUnit);
  glBindTexture(GL_TEXTURE_BUFFER, colors_texture_.name());
  glActiveTexture(GL_TEXTURE0 + kRadiiUnit);
  glBindTexture(GL_TEXTURE_BUFFER, radii_texture_.name());
}

void SkeletonPass::unbind_radii() noexcept {
  glActiveTexture(GL_TEXTURE0 + kColorsUnit);
  glBindTexture(GL_TEXTURE_BUFFER, 0);
  glActiveTexture(GL_TEXTURE0 + kRadiiUnit);
  glBindTexture(GL_TEXTURE_BUFFER, 0);
}

// `count` rectangles (capsules or shadow quads) of `points_per_shape` points each (bones 2: from,
// to; joints 1) from `first_vertex` on: whole instances first, then one with the rest. The shader's
// uniform at `first_point_location` gets the point its instance 0 starts at, to find the radii.
void SkeletonPass::draw_rectangles(const VertexArray& vao, std::size_t first_vertex, std::size_t count,
                                   std::size_t points_per_shape, int first_point_location) const {
  const std::size_t per_instance = kPointsPerInstance / points_per_shape;
  const std::size_t whole = count / per_instance;
  const std::size_t rest = count % per_instance;
  if (whole > 0) {
    ShaderProgram::set(first_point_location, static_cast<int>(first_vertex));
    bind_points(vao, first_vertex, kPointsPerInstance);
    glDrawElementsInstanced(GL_TRIANGLES, static_cast<GLsizei>(6 * per_instance), GL_UNSIGNED_BYTE, nullptr,
                            static_cast<GLsizei>(whole));
  }
  if (rest > 0) {
    ShaderProgram::set(first_point_location, static_cast<int>(first_vertex + whole * kPointsPerInstance));
    bind_points(vao, first_vertex + whole * kPointsPerInstance, rest * points_per_shape);
    glDrawElementsInstanced(GL_TRIANGLES, static_cast<GLsizei>(6 * rest), GL_UNSIGNED_BYTE, nullptr, 1);
  }
}

// `count` capsules from `first_vertex`: bones (points_per_capsule 2: from, to) or joint spheres (1).
void SkeletonPass::draw_capsules(const VertexArray& vao, std::size_t first_vertex, std::size_t count,
                                 int points_per_capsule) const {
  ShaderProgram::set(c_.points_per_capsule, points_per_capsule);
  draw_rectangles(vao, first_vertex, count, static_cast<std::size_t>(points_per_capsule), c_.first_point);
}

void SkeletonPass::set_skeletons(std::span<const SkeletonSlot> slots) {
  blocks_.clear();
  bone_count_ = 0;
  joint_count_ = 0;
  std::size_t vertex = 0;
  // One float per point of the bone buffer: at a bone's `from` point the bone's radius, at its `to`
  // point and at a joint's point the radius of that joint's sphere.
  std::vector<float> radii;
  line_blocks_ = 0;
  for (const SkeletonSlot& slot : slots) {
    Block block;
    const Skeleton& skeleton = *slot.skeleton;
    block.first_vertex = vertex;
    block.bones = bvhscope::bone_count(skeleton);
    block.joints = static_cast<std::size_t>(skeleton.joint_count());
    block.detail = slot.detail;
    const float size = slot.figure_size > 0.0f ? slot.figure_size : 1.0f;
    block.radius = kMaxRadiusPerSize * size;
    if (!block.detail.every_bone) {
      // An even subset as lines: no radii are read (zeros keep the radii parallel to the points).
      block.detail.solid = false;
      block.detail.shadow = false;
      ++line_blocks_;
      block.segments = reduced_bones(skeleton, block.detail.drawn_bones);
      block.bones = block.segments.size();
      block.bone_of_joint.assign(block.joints, -1);
      block.point_joint.reserve(2 * block.bones);
      for (std::size_t s = 0; s < block.bones; ++s) {
        block.bone_of_joint[static_cast<std::size_t>(block.segments.to[s])] = static_cast<int>(s);
        block.point_joint.push_back(block.segments.from[s]);
        block.point_joint.push_back(block.segments.to[s]);
      }
      radii.resize(radii.size() + 2 * block.bones + block.joints, 0.0f);
      vertex += 2 * block.bones + block.joints;
      bone_count_ += block.bones;
      joint_count_ += block.joints;
      blocks_.push_back(std::move(block));
      continue;
    }
    if (!block.detail.solid) ++line_blocks_;
    const std::vector<float> bones = bone_radii(skeleton, size);
    const std::vector<float> joints = joint_radii(skeleton, bones, size);
    block.bone_of_joint.assign(block.joints, -1);
    block.point_joint.reserve(2 * block.bones);
    int bone = 0;
    for (std::size_t joint = 0; joint < block.joints; ++joint) {
      if (skeleton.parents[joint] != kNoParent) {
        radii.push_back(bones[static_cast<std::size_t>(bone)]);
        radii.push_back(joints[joint]);
        block.bone_of_joint[joint] = bone++;
        block.point_joint.push_back(skeleton.parents[joint]);
        block.point_joint.push_back(static_cast<int>(joint));
      } else {
        block.roots.push_back(joint);
      }
    }
    radii.insert(radii.end(), joints.begin(), joints.end());
    vertex += 2 * block.bones + block.joints;
    bone_count_ += block.bones;
    joint_count_ += block.joints;
    blocks_.push_back(std::move(block));
  }
  staging_.assign(vertex, glm::vec3(0.0f));
  looks_.assign(blocks_.size(), ClipLook{});
  glBindBuffer(GL_ARRAY_BUFFER, bones_.name());
  // The size of the one upload a frame, which then replaces the whole buffer (a driver need not
  // wait for the last frame's draws to finish with it).
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(std::max<std::size_t>(buffer_bytes(), sizeof(glm::vec3))),
               nullptr, GL_DYNAMIC_DRAW);
  radii.resize(std::max<std::size_t>(vertex, 1), 0.0f);
  glBindBuffer(GL_TEXTURE_BUFFER, radii_.name());
  glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(radii.size() * sizeof(float)), radii.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  // The point colours: one RGBA8 a point, white until a look gives a clip its joints' colours;
  // read as a buffer texture by the capsules and as vertex attribute 1 by the lines.
  color_staging_.assign(std::max<std::size_t>(vertex, 1), glm::u8vec4(255));
  glBindBuffer(GL_TEXTURE_BUFFER, colors_.name());
  glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(color_buffer_bytes()), color_staging_.data(),
               GL_DYNAMIC_DRAW);
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  bind_radii();
  glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, radii_.name());
  glActiveTexture(GL_TEXTURE0 + kColorsUnit);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, colors_.name());
  unbind_radii();
  glBindVertexArray(line_vao_.name());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
  glBindBuffer(GL_ARRAY_BUFFER, colors_.name());
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(glm::u8vec4), nullptr);
  glBindVertexArray(0);
}

void SkeletonPass::set_skeleton(const Skeleton& skeleton, float figure_size) {
  const SkeletonSlot slot{&skeleton, figure_size, DrawDetail{}};
  set_skeletons(std::span<const SkeletonSlot>(&slot, 1));
}

void SkeletonPass::write_pose(std::size_t slot, const Skeleton& skeleton, const Pose& pose,
                              const Placement& placement) noexcept {
  if (slot >= blocks_.size()) return;
  const Block& block = blocks_[slot];
  if (pose.world.size() != block.joints) return;
  const std::span<glm::vec3> all =
      std::span<glm::vec3>(staging_).subspan(block.first_vertex, 2 * block.bones + block.joints);
  if (!block.detail.every_bone) {
    write_segment_vertices(block.segments, pose, all.first(2 * block.bones));
  } else {
    write_bone_vertices(skeleton, pose, all.first(2 * block.bones));
  }
  write_joint_positions(pose, all.subspan(2 * block.bones));
  if (!placement.is_identity()) placement.apply_in_place(all);
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

// The looks are kept without their joint colours (copying those would be a second array to keep):
// the colours go straight into the colour staging array, uploaded when any byte of it changed.
void SkeletonPass::set_looks(std::span<const ClipLook> looks) {
  const std::size_t n = std::min(looks.size(), looks_.size());
  bool changed = false;
  for (std::size_t i = 0; i < n; ++i) {
    const ClipLook& in = looks[i];
    ClipLook& kept = looks_[i];
    kept.use_palette = in.use_palette;
    kept.line_color = in.line_color;
    kept.solid_color = in.solid_color;
    kept.visible = in.visible;
    kept.selected = in.selected;
    kept.hovered = in.hovered;
    kept.opacity = in.opacity;
    Block& block = blocks_[i];
    block.point_colors = block.joints > 0 && in.joint_colors.size() == block.joints;
    if (!block.point_colors) continue;
    // The bones' points take their joints' colours, the joints' points (after them) their own.
    const std::size_t bone_points = block.point_joint.size();
    for (std::size_t p = 0; p < bone_points + block.joints; ++p) {
      const std::size_t joint = p < bone_points ? static_cast<std::size_t>(block.point_joint[p]) : p - bone_points;
      const glm::u8vec4 c = pack(in.joint_colors[joint]);
      glm::u8vec4& staged = color_staging_[block.first_vertex + p];
      if (staged != c) {
        staged = c;
        changed = true;
      }
    }
  }
  if (!changed) return;
  glBindBuffer(GL_ARRAY_BUFFER, colors_.name());
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(color_buffer_bytes()), color_staging_.data());
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  ++color_uploads_;
}

std::span<const glm::vec3> SkeletonPass::joint_positions(std::size_t slot) const noexcept {
  if (slot >= blocks_.size()) return {};
  const Block& block = blocks_[slot];
  return std::span<const glm::vec3>(staging_).subspan(block.first_vertex + 2 * block.bones, block.joints);
}

void SkeletonPass::add_figure_extent(PixelExtent& extent, float ground_y) const noexcept {
  for (const Block& block : blocks_) {
    const glm::vec3 around(2.0f * block.radius);
    for (const glm::vec3& p :
         std::span<const glm::vec3>(staging_).subspan(block.first_vertex, 2 * block.bones + block.joints)) {
      extent.add_box(p - around, p + around);
    }
  }
  add_shadow_extent(extent, ground_y);
}

void SkeletonPass::add_shadow_extent(PixelExtent& extent, float ground_y) const noexcept {
  for (const Block& block : blocks_) {
    for (const glm::vec3& p : std::span<const glm::vec3>(staging_).subspan(block.first_vertex, 2 * block.bones)) {
      // A little beyond shadow.frag's reach (1.2 r + 0.3 h), for rounding.
      const float reach = 1.25f * block.radius + 0.31f * std::max(p.y - ground_y, 0.0f);
      extent.add_box(glm::vec3(p.x - reach, ground_y, p.z - reach), glm::vec3(p.x + reach, ground_y, p.z + reach));
    }
  }
}

int SkeletonPass::selected_in(std::size_t slot, const SceneStyle& style) const noexcept {
  const int selected = looks_[slot].selected;
  if (selected >= 0) return selected;
  return slot == 0 ? style.highlight_joint : -1;
}

void SkeletonPass::draw_shadow(const SceneView& view, const SceneStyle& style, float ground_y, bool to_mask) const {
  if (bone_count_ == 0) return;
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glEnable(GL_BLEND);
  if (to_mask) {
    glBlendEquation(GL_MAX);
    glBlendFunc(GL_ONE, GL_ONE);
  } else {
    glBlendFunc(GL_ZERO, GL_SRC_COLOR);  // multiply: the shadow only darkens what is below it
  }
  shadow_.use();
  ShaderProgram::set(s_.to_mask, to_mask ? 1 : 0);
  ShaderProgram::set(s_.view_proj, view.projection * view.view);
  ShaderProgram::set(s_.ground_y, ground_y);
  ShaderProgram::set(s_.strength, 0.62f);
  ShaderProgram::set(s_.radius_scale, style.bones == BoneStyle::Solid ? 1.0f : 0.6f);
  bind_radii();
  for (std::size_t i = 0; i < blocks_.size(); ++i) {
    const Block& block = blocks_[i];
    if (!is_drawn(looks_[i]) || is_ghost(looks_[i]) || block.bones == 0 || !block.detail.shadow) continue;
    ShaderProgram::set(s_.falloff_height, block.radius * 40.0f);
    draw_rectangles(shadow_vao_, block.first_vertex, block.bones, 2, s_.first_point);
  }
  unbind_radii();
  glBlendEquation(GL_FUNC_ADD);
  glDisable(GL_BLEND);
}

// Opaque clips first, as they always were; then the ghosts over them (draw_ghosts).
void SkeletonPass::draw(const SceneView& view, const SceneStyle& style, float ground_y) const {
  if (joint_count_ == 0) return;
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  const bool solid_style = style.bones == BoneStyle::Solid;
  bool ghosts = false;
  for (const ClipLook& look : looks_) ghosts = ghosts || (is_drawn(look) && is_ghost(look));
  if (solid_style) {
    const bool antialias = begin_solid(view, ground_y, SolidPass::Opaque);
    for (std::size_t i = 0; i < blocks_.size(); ++i) {
      if (!is_drawn(looks_[i]) || is_ghost(looks_[i]) || !blocks_[i].detail.solid) continue;  // lines after
      draw_solid_clip(i, style, 1.0f, false);
      draw_solid_marks(i, style);
    }
    end_solid(antialias);
  }
  if (!solid_style || line_blocks_ > 0) {
    begin_lines(view);
    for (std::size_t i = 0; i < blocks_.size(); ++i) {
      if (!is_drawn(looks_[i]) || is_ghost(looks_[i]) || (solid_style && blocks_[i].detail.solid)) continue;
      draw_lines_clip(i, style, 1.0f, false);
      draw_lines_marks(i, style);
    }
    glBindVertexArray(0);
  }
  if (ghosts) draw_ghosts(view, style, ground_y);
}

// Each ghost in two passes: its depth alone (colour masked), so that the depth buffer holds its
// nearest surface where that is in front of the opaque clips; then its colour, blended by its
// opacity, only where a fragment is that surface (GL_EQUAL to its own depth: GL_LEQUAL would also
// pass the multisampled edge's samples the depth pass did not cover) and once a sample: the stencil
// marks the samples blended, so overlapping capsules or dots of one ghost, which can tie in depth,
// never blend twice. Its marks are drawn opaque after it. Each ghost has its own stencil value, so
// that one can blend over another; the stencil is cleared once for all of them. The passes draw
// exactly the same fragments (same program, points and uniforms but the opacity), so the colour
// pass's depths are the depth pass's.
void SkeletonPass::draw_ghosts(const SceneView& view, const SceneStyle& style, float ground_y) const {
  const bool solid_style = style.bones == BoneStyle::Solid;
  set_depth_bias(kGhostDepthPull * std::abs(view.projection[3][2]));
  glStencilMask(0xFF);
  glClearStencil(0);
  glClear(GL_STENCIL_BUFFER_BIT);
  glEnable(GL_STENCIL_TEST);
  int ref = 0;
  for (std::size_t i = 0; i < blocks_.size(); ++i) {
    const ClipLook& look = looks_[i];
    if (!is_drawn(look) || !is_ghost(look)) continue;
    if (ref == kMaxStencilRef) {
      glClear(GL_STENCIL_BUFFER_BIT);
      ref = 0;
    }
    ++ref;
    const bool solid = solid_style && blocks_[i].detail.solid;
    for (const SolidPass pass : {SolidPass::GhostDepth, SolidPass::GhostColor}) {
      const bool color = pass == SolidPass::GhostColor;
      glStencilFunc(color ? GL_NOTEQUAL : GL_ALWAYS, ref, 0xFF);
      glStencilOp(GL_KEEP, GL_KEEP, color ? GL_REPLACE : GL_KEEP);
      glDepthMask(color ? GL_FALSE : GL_TRUE);
      glDepthFunc(color ? GL_EQUAL : GL_LEQUAL);
      if (color) {
        glEnable(GL_BLEND);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
      }
      if (solid) {
        const bool antialias = begin_solid(view, ground_y, pass);
        draw_solid_clip(i, style, color ? look.opacity : 1.0f, color);
        end_solid(antialias);
      } else {
        glColorMask(color ? GL_TRUE : GL_FALSE, color ? GL_TRUE : GL_FALSE, color ? GL_TRUE : GL_FALSE, GL_FALSE);
        begin_lines(view);
        draw_lines_clip(i, style, color ? look.opacity : 1.0f, color);
        glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
      }
    }
    glStencilFunc(GL_ALWAYS, 0, 0xFF);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glDisable(GL_BLEND);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LEQUAL);
    if (solid) {
      const bool antialias = begin_solid(view, ground_y, SolidPass::Opaque);
      draw_solid_marks(i, style);
      end_solid(antialias);
    } else {
      draw_lines_marks(i, style);
    }
  }
  glBindVertexArray(0);
  glDisable(GL_STENCIL_TEST);
  set_depth_bias(0.0f);
}

void SkeletonPass::set_depth_bias(float bias) const {
  lines_->use();
  ShaderProgram::set(l_.depth_bias, bias);
  capsule_.use();
  ShaderProgram::set(c_.depth_bias, bias);
}

void SkeletonPass::draw_marked_lines(const Block& block, int joint, const glm::vec3& color,
                                     const SceneStyle& style) const {
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
  glDrawArrays(GL_POINTS, static_cast<GLint>(block.first_vertex + 2 * block.bones + static_cast<std::size_t>(joint)),
               1);
  ShaderProgram::set(l_.round_points, 0);
  glDisable(GL_PROGRAM_POINT_SIZE);
}

void SkeletonPass::begin_lines(const SceneView& view) const {
  lines_->use();
  ShaderProgram::set(l_.view_proj, view.projection * view.view);
  glBindVertexArray(line_vao_.name());
}

// Clip `i`'s bones and joint dots as lines and points (the lines program bound by begin_lines), in
// its joints' colours when its look gives them; `opacity` goes into alpha (a ghost's colour pass).
// Where a dot and a line tie in depth the later one shows: `dots_first` (a ghost's colour pass, where
// the stencil lets the first one show) draws them in the opposite order, for the same picture.
void SkeletonPass::draw_lines_clip(std::size_t i, const SceneStyle& style, float opacity, bool dots_first) const {
  const Block& block = blocks_[i];
  const ClipLook& look = looks_[i];
  ShaderProgram::set(l_.vertex_colors, block.point_colors ? 1 : 0);
  const auto bones = [&] {
    ShaderProgram::set(l_.round_points, 0);
    ShaderProgram::set(l_.point_size, 1.0f);
    glLineWidth(std::min(2.5f * style.pixel_scale, max_line_width_));
    ShaderProgram::set(l_.color, glm::vec4(look.use_palette ? style.palette.bone : look.line_color, opacity));
    glDrawArrays(GL_LINES, static_cast<GLint>(block.first_vertex), static_cast<GLsizei>(2 * block.bones));
    glLineWidth(1.0f);
    if (!block.detail.joint_dots) {
      // Without joint dots, the bones' ends as points as wide as the lines: a bone shorter than a
      // pixel makes no line fragment (a chain of thousands would vanish), a point always has one.
      glEnable(GL_PROGRAM_POINT_SIZE);
      ShaderProgram::set(l_.point_size, std::min(2.5f * style.pixel_scale, max_line_width_));
      glDrawArrays(GL_POINTS, static_cast<GLint>(block.first_vertex), static_cast<GLsizei>(2 * block.bones));
      glDisable(GL_PROGRAM_POINT_SIZE);
    }
  };
  const auto dots = [&] {
    if (!style.show_joints || !block.detail.joint_dots) return;
    glEnable(GL_PROGRAM_POINT_SIZE);
    ShaderProgram::set(l_.round_points, 1);
    ShaderProgram::set(l_.point_size, 7.0f * style.pixel_scale);
    ShaderProgram::set(l_.color, glm::vec4(style.palette.joint, opacity));
    glDrawArrays(GL_POINTS, static_cast<GLint>(block.first_vertex + 2 * block.bones),
                 static_cast<GLsizei>(block.joints));
    ShaderProgram::set(l_.round_points, 0);
    glDisable(GL_PROGRAM_POINT_SIZE);
  };
  if (dots_first) dots();
  bones();
  if (!dots_first) dots();
  ShaderProgram::set(l_.vertex_colors, 0);
}

// Marks go on top of the clip's own bones and dots.
void SkeletonPass::draw_lines_marks(std::size_t i, const SceneStyle& style) const {
  const Block& block = blocks_[i];
  const ClipLook& look = looks_[i];
  glDepthFunc(GL_ALWAYS);
  if (look.hovered != selected_in(i, style)) draw_marked_lines(block, look.hovered, style.palette.hover, style);
  draw_marked_lines(block, selected_in(i, style), style.palette.highlight, style);
  glDepthFunc(GL_LEQUAL);
  glLineWidth(1.0f);
}

// A marked joint in solid style: its bone as a slightly fatter capsule and its joint as a sphere a
// little bigger than its own (so a fingertip's mark is fingertip-sized and a hip's hip-sized).
void SkeletonPass::draw_marked_solid(const Block& block, int joint, const glm::vec3& color, float grow) const {
  if (joint < 0 || static_cast<std::size_t>(joint) >= block.joints) return;
  ShaderProgram::set(c_.color, color);
  const int bone = block.bone_of_joint[static_cast<std::size_t>(joint)];
  ShaderProgram::set(c_.joint_scale, 0.0f);
  if (bone >= 0) {
    ShaderProgram::set(c_.radius_scale, grow);
    draw_capsules(highlight_vao_, block.first_vertex + 2 * static_cast<std::size_t>(bone), 1, 2);
  }
  ShaderProgram::set(c_.radius_scale, grow * kMarkedJointScale);
  draw_capsules(highlight_vao_, block.first_vertex + 2 * block.bones + static_cast<std::size_t>(joint), 1, 1);
}

// Capsules are ray-cast in capsule.frag over rectangles around their images (see capsule.vert). In a
// multisampled framebuffer the fragment's alpha is its edge coverage, turned into a sample mask by
// alpha-to-coverage and kept out of the colour buffer's alpha (GL_SAMPLE_ALPHA_TO_ONE would do that,
// but llvmpipe ignores it), so the picture stays opaque; without samples edges are hard. A ghost's
// depth pass covers the same samples (colour masked); its colour pass, whose alpha is the opacity,
// runs without alpha-to-coverage: the depth test keeps it to the samples the depth pass covered.
// Returns whether the framebuffer is multisampled.
bool SkeletonPass::begin_solid(const SceneView& view, float ground_y, SolidPass pass) const {
  GLint samples = 0;
  glGetIntegerv(GL_SAMPLES, &samples);
  const bool antialias = samples > 1;
  if (antialias && pass != SolidPass::GhostColor) glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
  // The coverage is not the picture's alpha, nor is a ghost's opacity.
  if (antialias || pass == SolidPass::GhostColor) glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
  if (pass == SolidPass::GhostDepth) glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  capsule_.use();
  ShaderProgram::set(c_.view_proj, view.projection * view.view);
  ShaderProgram::set(c_.eye, view.eye);
  ShaderProgram::set(c_.light_dir, glm::normalize(glm::vec3(0.35f, 0.9f, 0.45f)));
  ShaderProgram::set(c_.ground_y, ground_y);
  const glm::vec2 viewport(std::max(view.viewport.width, 1), std::max(view.viewport.height, 1));
  ShaderProgram::set(c_.viewport_size, viewport);
  ShaderProgram::set(c_.margin_px, margin_pixels_);
  // A pixel at view depth 1 is 2 tan(fov / 2) / height wide, and projection[1][1] = 1 / tan(fov / 2).
  const float focal = view.projection[1][1];
  ShaderProgram::set(c_.pixel_size, focal > 0.0f ? 2.0f / (focal * viewport.y) : 0.0f);
  // The rays through the viewport. Perspective: from the eye to points of the far plane (their w
  // does not depend on x and y, so the direction is linear in NDC). Orthographic (the projection's
  // last row 0 0 0 1): all along the view direction, from points of the near plane (linear in NDC).
  const glm::mat4 inverse = glm::inverse(view.projection * view.view);
  const auto unprojected = [&](float x, float y, float z) {
    const glm::vec4 p = inverse * glm::vec4(x, y, z, 1.0f);
    return glm::vec3(p) / p.w;
  };
  const bool orthographic = view.projection[3][3] == 1.0f;
  if (orthographic) {
    const glm::vec3 near_centre = unprojected(0.0f, 0.0f, -1.0f);
    ShaderProgram::set(c_.ray_centre, unprojected(0.0f, 0.0f, 1.0f) - near_centre);
    ShaderProgram::set(c_.ray_dx, glm::vec3(0.0f));
    ShaderProgram::set(c_.ray_dy, glm::vec3(0.0f));
    ShaderProgram::set(c_.origin_centre, near_centre);
    ShaderProgram::set(c_.origin_dx, unprojected(1.0f, 0.0f, -1.0f) - near_centre);
    ShaderProgram::set(c_.origin_dy, unprojected(0.0f, 1.0f, -1.0f) - near_centre);
  } else {
    const auto far_point = [&](float x, float y) { return unprojected(x, y, 1.0f) - view.eye; };
    const glm::vec3 centre = far_point(0.0f, 0.0f);
    ShaderProgram::set(c_.ray_centre, centre);
    ShaderProgram::set(c_.ray_dx, far_point(1.0f, 0.0f) - centre);
    ShaderProgram::set(c_.ray_dy, far_point(0.0f, 1.0f) - centre);
    ShaderProgram::set(c_.origin_centre, view.eye);
    ShaderProgram::set(c_.origin_dx, glm::vec3(0.0f));
    ShaderProgram::set(c_.origin_dy, glm::vec3(0.0f));
  }
  ShaderProgram::set(c_.samples, antialias ? static_cast<int>(samples) : 0);
  bind_radii();
  return antialias;
}

void SkeletonPass::end_solid(bool antialias) const {
  glBindVertexArray(0);
  unbind_radii();
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  if (antialias) glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);
}

// Clip `i`'s bones with their child joints' spheres, then its roots' spheres (no bone ends there),
// in its joints' colours when its look gives them; `opacity` below 1 for a ghost's colour pass, which
// draws the roots' spheres first (see draw_lines_clip: the same winner where two shapes tie).
void SkeletonPass::draw_solid_clip(std::size_t i, const SceneStyle& style, float opacity, bool roots_first) const {
  const Block& block = blocks_[i];
  const ClipLook& look = looks_[i];
  const glm::vec3 solid = look.use_palette ? style.palette.solid : look.solid_color;
  const glm::vec3 joint_color = glm::mix(solid, style.palette.joint, 0.35f);
  ShaderProgram::set(c_.point_colors, block.point_colors ? 1 : 0);
  ShaderProgram::set(c_.opacity, opacity);
  ShaderProgram::set(c_.contact_height, block.radius * 6.0f);
  ShaderProgram::set(c_.radius_scale, 1.0f);
  ShaderProgram::set(c_.joint_color, joint_color);
  const auto bones = [&] {
    ShaderProgram::set(c_.joint_scale, style.show_joints ? 1.0f : 0.0f);
    ShaderProgram::set(c_.color, solid);
    draw_capsules(capsule_vao_, block.first_vertex, block.bones, 2);
  };
  const auto roots = [&] {
    if (!style.show_joints) return;
    ShaderProgram::set(c_.joint_scale, 0.0f);
    ShaderProgram::set(c_.color, joint_color);
    for (const std::size_t root : block.roots) {
      draw_capsules(sphere_vao_, block.first_vertex + 2 * block.bones + root, 1, 1);
    }
  };
  if (roots_first) roots();
  bones();
  if (!roots_first) roots();
  ShaderProgram::set(c_.point_colors, 0);
  ShaderProgram::set(c_.opacity, 1.0f);
}

// The selected and hovered joints of clip `i`, in the highlight colours, opaque.
void SkeletonPass::draw_solid_marks(std::size_t i, const SceneStyle& style) const {
  const Block& block = blocks_[i];
  const ClipLook& look = looks_[i];
  ShaderProgram::set(c_.contact_height, block.radius * 6.0f);
  const int selected = selected_in(i, style);
  if (look.hovered != selected) draw_marked_solid(block, look.hovered, style.palette.hover, 1.1f);
  draw_marked_solid(block, selected, style.palette.highlight, 1.15f);
}

}  // namespace bvhscope::gfx
