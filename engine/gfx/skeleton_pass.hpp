// Draws the posed skeleton: bones as lines or as shaded capsules, joints as dots or spheres, the
// highlighted joint's bone, and the soft ground shadow. All of it reads one dynamic vertex buffer
// sized when a skeleton is set and updated with one glBufferSubData per pose.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "anim/pose.hpp"
#include "anim/skeleton.hpp"
#include "gfx/gl_object.hpp"
#include "gfx/scene_style.hpp"
#include "gfx/shader_program.hpp"

namespace bvhscope::gfx {

class SkeletonPass {
 public:
  static std::optional<SkeletonPass> create(std::string& error);

  // Sizes the bone buffer and the staging array for `skeleton` (allocates; call on load only).
  // `bone_radius` is the capsule radius in the clip's units.
  void set_skeleton(const Skeleton& skeleton, float bone_radius);
  // Writes the pose's bone and joint positions into the staging array and uploads them with one
  // glBufferSubData. Allocates nothing.
  void update(const Skeleton& skeleton, const Pose& pose);

  // With `to_alpha`, writes each bone's shadow darkness into destination alpha keeping the
  // maximum (so overlapping bones do not pile up); otherwise multiplies it into the colour.
  void draw_shadow(const SceneView& view, const SceneStyle& style, float ground_y, bool to_alpha) const;
  void draw(const SceneView& view, const SceneStyle& style, float ground_y) const;

  [[nodiscard]] std::size_t bone_count() const noexcept { return bone_count_; }
  [[nodiscard]] std::size_t joint_count() const noexcept { return joint_count_; }
  [[nodiscard]] std::size_t buffer_bytes() const noexcept { return staging_.size() * sizeof(glm::vec3); }
  // How many glBufferSubData uploads update() has made (the test of "one per frame").
  [[nodiscard]] std::size_t upload_count() const noexcept { return uploads_; }

 private:
  SkeletonPass(ShaderProgram lines, ShaderProgram capsule, ShaderProgram shadow) noexcept;
  void build_static_meshes();
  void bind_instances(const VertexArray& vao, std::size_t first_vertex, std::size_t stride_vertices) const;
  void draw_lines(const SceneView& view, const SceneStyle& style) const;
  void draw_solid(const SceneView& view, const SceneStyle& style, float ground_y) const;

  ShaderProgram lines_;
  ShaderProgram capsule_;
  ShaderProgram shadow_;
  Buffer bones_;          // [2 vertices per bone][1 per joint], vec3, dynamic
  Buffer capsule_vbo_;
  Buffer capsule_ibo_;
  Buffer quad_vbo_;
  VertexArray line_vao_;      // attribute 0 over the whole bone buffer
  VertexArray capsule_vao_;   // capsule mesh + one instance per bone
  VertexArray sphere_vao_;    // capsule mesh + one instance per joint (from == to)
  VertexArray shadow_vao_;    // quad + one instance per bone
  VertexArray highlight_vao_; // capsule mesh + the highlighted bone (re-pointed per draw)
  int capsule_index_count_ = 0;
  std::vector<glm::vec3> staging_;
  std::vector<int> bone_of_joint_;  // joint → bone index (-1 for roots)
  std::size_t bone_count_ = 0;
  std::size_t joint_count_ = 0;
  std::size_t uploads_ = 0;
  float radius_ = 1.0f;
  float max_line_width_ = 1.0f;
  struct {
    int view_proj, color, round_points, point_size;
  } l_{};
  struct {
    int view_proj, radius, taper, color, eye, light_dir, ground_y, contact_height;
  } c_{};
  struct {
    int view_proj, ground_y, radius, strength, falloff_height, to_alpha;
  } s_{};
};

}  // namespace bvhscope::gfx
