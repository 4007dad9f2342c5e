// Draws the posed skeletons of every clip: bones as lines or as shaded capsules, joints as dots or
// spheres, the selected and hovered joints highlighted, and the soft ground shadow. All clips share
// one dynamic vertex buffer sized when the clip set changes and updated with one glBufferSubData
// per frame (write_pose for each clip into a staging array, then upload). In solid style each bone
// capsule, with the sphere of its child joint, is one screen rectangle whose pixels ray-cast the
// exact surfaces (shaders/capsule.*; a root's sphere has a rectangle of its own), with antialiased
// edges in multisampled framebuffers. Each bone and joint has its own radius (anim/bone_radii),
// uploaded once per clip set into a static buffer texture the shaders read beside the bone buffer.
// Each clip is drawn with the detail its slot gives (anim/draw_detail): a huge skeleton's bones (or
// an even subset of them) as lines in either style, without joint dots or shadow.
// A clip whose look has joint colours (one per joint) is drawn in them: joints in their own, bones
// graded from parent to child. They live in a colour buffer parallel to the bone buffer (RGBA8, one
// a point), read as a buffer texture by the capsules and as a vertex attribute by the lines, and
// updated by one glBufferSubData in set_looks when any of them changed. A clip whose look has an
// opacity below 1 is a ghost: drawn after the opaque clips, its nearest surface blended over them
// (a depth pass, then a colour pass kept to once a sample by the stencil), with no shadow.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/ext/vector_uint4_sized.hpp>
#include <glm/vec3.hpp>

#include "anim/pose.hpp"
#include "anim/skeleton.hpp"
#include "gfx/gl_object.hpp"
#include "gfx/scene_style.hpp"
#include "gfx/shader_program.hpp"
#include "model/clip_placement.hpp"
#include "model/draw_detail.hpp"
#include "model/pixel_rect.hpp"

namespace bvhscope::gfx {

// One clip's skeleton in the shared buffer; `figure_size` (the skeleton's size in scene units) sets
// the thickness of its bones and joints.
struct SkeletonSlot {
  const Skeleton* skeleton = nullptr;
  float figure_size = 1.0f;
  DrawDetail detail;  // everything by default
};

class SkeletonPass {
 public:
  // How far a capsule's rectangle reaches beyond the capsule's image, in pixels, by default:
  // capsule.frag keeps a pixel whose ray passes within about 0.375 of its own pixel measure of the
  // surface (coverage 1/8, half a sample of four), a measure that on screen is up to 1/cos of the
  // angle off the view's axis larger (about 0.5 pixel in the corner of a 45-degree view), and a
  // multisampled pixel is shaded when any of its samples (up to ~0.7 pixel from its centre) is in
  // the rectangle.
  static constexpr float kRectangleMargin = 1.5f;

  // Draws lines with `lines`, the scene's line program, which must outlive the pass.
  static std::optional<SkeletonPass> create(const ShaderProgram& lines, std::string& error);

  // Sizes the shared bone buffer and the staging array for these clips and uploads their bone and
  // joint radii (allocates; call when the clip set changes only). Every clip's look starts as the
  // palette's colours, visible.
  void set_skeletons(std::span<const SkeletonSlot> slots);
  // One clip (the single-clip callers and tests).
  void set_skeleton(const Skeleton& skeleton, float figure_size);
  // Writes clip `slot`'s bone and joint positions, placed into the scene, into the staging array.
  // Allocates nothing; uploads nothing.
  void write_pose(std::size_t slot, const Skeleton& skeleton, const Pose& pose, const Placement& placement) noexcept;
  // One glBufferSubData of the whole staging array.
  void upload() noexcept;
  // write_pose(0, ...) and upload(): the single-clip path.
  void update(const Skeleton& skeleton, const Pose& pose);
  // Colours, visibility, selection, hover, joint colours and opacity of each clip (same order as
  // set_skeletons). Allocates nothing when the count matches; uploads the joint colours (one
  // glBufferSubData for all clips) only when some changed.
  void set_looks(std::span<const ClipLook> looks);

  // With `to_mask`, writes each bone's shadow darkness into the bound shadow mask (ShadowMask)
  // keeping the maximum (so overlapping bones do not pile up); otherwise multiplies it into the colour.
  void draw_shadow(const SceneView& view, const SceneStyle& style, float ground_y, bool to_mask) const;
  void draw(const SceneView& view, const SceneStyle& style, float ground_y) const;
  // How far each capsule's rectangle reaches beyond the capsule's image, in pixels
  // (kRectangleMargin); a test widens it to show that the default loses no pixel of an
  // antialiased edge.
  void set_rectangle_margin(float pixels) noexcept { margin_pixels_ = pixels; }

  [[nodiscard]] std::size_t slot_count() const noexcept { return blocks_.size(); }
  [[nodiscard]] std::size_t bone_count() const noexcept { return bone_count_; }    // drawn, over all clips
  [[nodiscard]] std::size_t joint_count() const noexcept { return joint_count_; }  // over all clips
  [[nodiscard]] std::size_t buffer_bytes() const noexcept { return staging_.size() * sizeof(glm::vec3); }
  // How many glBufferSubData uploads have been made (the test of "one per frame").
  [[nodiscard]] std::size_t upload_count() const noexcept { return uploads_; }
  // How many uploads of the joint colours set_looks has made, and the colour buffer's size.
  [[nodiscard]] std::size_t color_upload_count() const noexcept { return color_uploads_; }
  [[nodiscard]] std::size_t color_buffer_bytes() const noexcept { return color_staging_.size() * sizeof(glm::u8vec4); }
  // The GL name of the shared bone buffer (tests check which buffer each frame's upload hits).
  [[nodiscard]] unsigned buffer_name() const noexcept { return bones_.name(); }
  // The staged joint positions of clip `slot` in scene units (what the last upload sent).
  [[nodiscard]] std::span<const glm::vec3> joint_positions(std::size_t slot) const noexcept;
  // What draw and draw_shadow draw for the figures beyond the view, the style and the skeletons:
  // the staged points, their colours and each clip's look (a window that keeps its last picture
  // tells changed figures by them).
  [[nodiscard]] std::span<const glm::vec3> staged_points() const noexcept { return staging_; }
  [[nodiscard]] std::span<const glm::u8vec4> staged_colors() const noexcept { return color_staging_; }
  [[nodiscard]] std::span<const ClipLook> looks() const noexcept { return looks_; }
  // Adds to `extent` what draw and draw_shadow can put on screen for the staged poses of every
  // clip (shown or not): a cube around each bone and joint point, twice as wide as the thickest
  // radius its figure has (a marked joint grows 1.44x), and under each bone point the square of
  // the floor at `ground_y` where its shadow is darker than nothing (shaders/shadow.frag: 1.2
  // radii + 0.3 x the height above the floor from the bone). Lines and dots are a few pixels
  // wide beyond their points: the caller widens the rectangle by those.
  void add_figure_extent(PixelExtent& extent, float ground_y) const noexcept;
  // The shadow part of that alone: where draw_shadow darkens the floor.
  void add_shadow_extent(PixelExtent& extent, float ground_y) const noexcept;

 private:
  // Where one clip lives in the shared buffer: [2 vertices per bone][1 per joint] from first_vertex.
  // Without every bone in its detail, the bones are the segments of `segments` (a subset).
  struct Block {
    std::size_t first_vertex = 0;
    std::size_t bones = 0;
    std::size_t joints = 0;
    DrawDetail detail;
    ReducedBones segments;           // when detail.every_bone is false
    float radius = 1.0f;             // the thickest a bone of this figure can be: scales its shadow and contact shade
    std::vector<int> bone_of_joint;  // joint -> bone index in this block (-1 for roots)
    std::vector<std::size_t> roots;  // the joints without a parent (no bone ends at them)
    std::vector<int> point_joint;    // the joint whose colour each bone point (2 a bone) takes
    bool point_colors = false;       // its look gives its joints' colours
  };
  // How a clip's capsules are drawn: opaque, or a ghost's depth or colour pass (see draw_ghosts).
  enum class SolidPass : std::uint8_t { Opaque, GhostDepth, GhostColor };

  SkeletonPass(const ShaderProgram& lines, ShaderProgram capsule, ShaderProgram shadow) noexcept;
  void build_static_meshes();
  void bind_points(const VertexArray& vao, std::size_t first_vertex, std::size_t points) const;
  void bind_radii() const noexcept;  // and the colours
  static void unbind_radii() noexcept;
  void draw_rectangles(const VertexArray& vao, std::size_t first_vertex, std::size_t count,
                       std::size_t points_per_shape, int first_point_location) const;
  void draw_capsules(const VertexArray& vao, std::size_t first_vertex, std::size_t count, int points_per_capsule) const;
  void begin_lines(const SceneView& view) const;
  void draw_lines_clip(std::size_t i, const SceneStyle& style, float opacity, bool dots_first) const;
  void draw_lines_marks(std::size_t i, const SceneStyle& style) const;
  bool begin_solid(const SceneView& view, float ground_y, SolidPass pass) const;
  void end_solid(bool antialias) const;
  void draw_solid_clip(std::size_t i, const SceneStyle& style, float opacity, bool roots_first) const;
  void draw_solid_marks(std::size_t i, const SceneStyle& style) const;
  // The depth pull of the lines and capsule programs (draw_ghosts sets it and puts back 0).
  void set_depth_bias(float bias) const;
  void draw_ghosts(const SceneView& view, const SceneStyle& style, float ground_y) const;
  void draw_marked_solid(const Block& block, int joint, const glm::vec3& color, float grow) const;
  void draw_marked_lines(const Block& block, int joint, const glm::vec3& color, const SceneStyle& style) const;
  [[nodiscard]] int selected_in(std::size_t slot, const SceneStyle& style) const noexcept;

  const ShaderProgram* lines_;  // SceneRenderer's: one line program for every pass
  ShaderProgram capsule_;
  ShaderProgram shadow_;
  Buffer bones_;               // every clip's block, vec3, dynamic
  Buffer radii_;               // one float per point of bones_, static (see set_skeletons)
  Texture radii_texture_;      // radii_ as a GL_R32F buffer texture
  Buffer colors_;              // one RGBA8 colour per point of bones_, dynamic (see set_looks)
  Texture colors_texture_;     // colors_ as a GL_RGBA8 buffer texture
  Buffer rectangle_ibo_;       // the capsule rectangles of one instance, as indexed triangles
  VertexArray line_vao_;       // attribute 0 over the whole bone buffer, 1 over the colour buffer
  VertexArray capsule_vao_;    // a clip's bones with their child joints, seven a draw instance (re-pointed per clip)
  VertexArray sphere_vao_;     // a root joint's sphere (re-pointed per root)
  VertexArray shadow_vao_;     // a clip's bones, seven an instance, a quad each (re-pointed per clip)
  VertexArray highlight_vao_;  // one marked bone or joint (re-pointed per draw)
  std::vector<glm::vec3> staging_;
  std::vector<glm::u8vec4> color_staging_;
  std::vector<Block> blocks_;
  std::vector<ClipLook> looks_;
  std::size_t bone_count_ = 0;
  std::size_t joint_count_ = 0;
  std::size_t line_blocks_ = 0;  // blocks drawn as lines in solid style
  std::size_t uploads_ = 0;
  std::size_t color_uploads_ = 0;
  float max_line_width_ = 1.0f;
  float margin_pixels_ = kRectangleMargin;
  struct {
    int view_proj, color, round_points, point_size, vertex_colors, depth_bias;
  } l_{};
  struct {
    int view_proj, radii, first_point, radius_scale, joint_scale, color, eye, light_dir, ground_y, contact_height,
        pixel_size, margin_px, samples, viewport_size, ray_centre, ray_dx, ray_dy, points_per_capsule, joint_color,
        colors, point_colors, opacity, depth_bias, origin_centre, origin_dx, origin_dy;
  } c_{};
  struct {
    int view_proj, radii, first_point, ground_y, radius_scale, strength, falloff_height, to_mask;
  } s_{};
};

}  // namespace bvhscope::gfx
