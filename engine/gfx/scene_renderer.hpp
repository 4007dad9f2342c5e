// The 3D scene of the viewer: background, ground grid, shadow, root path, axes and skeleton, drawn
// into a viewport of the bound framebuffer. Owns every GL object of the scene.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include <glm/vec3.hpp>

#include "anim/pose.hpp"
#include "anim/skeleton.hpp"
#include "gfx/background_pass.hpp"
#include "gfx/ground_pass.hpp"
#include "gfx/scene_style.hpp"
#include "gfx/shader_program.hpp"
#include "gfx/shadow_mask.hpp"
#include "gfx/skeleton_pass.hpp"
#include "gfx/trail_pass.hpp"
#include "gfx/trajectory_pass.hpp"
#include "model/scene_scale.hpp"

namespace bvhscope::gfx {

class SceneRenderer {
 public:
  // Builds every shader and buffer; nullopt with a message when the GL implementation refuses one.
  static std::optional<SceneRenderer> create(std::string& error);

  // On load: sizes the bone buffer for the skeleton; `height` (the skeleton's size in its units)
  // bounds the bone thickness (anim/bone_radii).
  void set_skeleton(const Skeleton& skeleton, float height);
  // On load or when the units or position mode change: where the floor is and how it is ruled.
  void set_ground(const GroundGrid& grid);
  // On load: the root's path, one point per frame.
  void set_trajectory(std::span<const glm::vec3> points);
  // Every frame: one upload of the pose's bones and joints.
  void update_pose(const Skeleton& skeleton, const Pose& pose) { skeleton_.update(skeleton, pose); }

  // Several clips: sizes one shared bone buffer for all of them (when the clip set changes);
  // `heights` (each skeleton's size in scene units) bound each clip's bone thickness, which follows
  // each bone's length (anim/bone_radii); `details` say how much of each is drawn (everything for
  // a clip without one).
  void set_skeletons(std::span<const Skeleton* const> skeletons, std::span<const float> heights,
                     std::span<const DrawDetail> details = {});
  // Every frame: write_pose for each clip, then one upload for all of them.
  void write_pose(std::size_t slot, const Skeleton& skeleton, const Pose& pose, const Placement& placement) noexcept {
    skeleton_.write_pose(slot, skeleton, pose, placement);
  }
  void upload_poses() noexcept { skeleton_.upload(); }
  // Every frame: each clip's look (colours or joint colours, visibility, marks, opacity: ClipLook).
  void set_looks(std::span<const ClipLook> looks) { skeleton_.set_looks(looks); }
  // The selected joint's path over the whole clip, in scene units (on a new selection).
  void set_trail(std::span<const glm::vec3> points) { trail_.set_path(points); }

  // Draws the scene into view.viewport (scissored) of the bound framebuffer. `frame` places the
  // marker on the root path.
  void draw(const SceneView& view, const SceneStyle& style, std::size_t frame) const;
  // draw in two halves, the same pixels: the ground (background, floor and grid), then what
  // stands over it (shadow, trajectory, axes, skeletons, trail), with depth cleared in between.
  // A still camera draws the ground once and copies it under each frame (RenderTarget::copy_rect_from).
  void draw_ground(const SceneView& view, const SceneStyle& style) const;
  void draw_over_ground(const SceneView& view, const SceneStyle& style, std::size_t frame) const;
  // Only the background (no clip loaded yet).
  void draw_empty(const SceneView& view, const SceneStyle& style) const;
  // What draw draws where no figure, shadow, trail or trajectory is: the background, the floor
  // with its grid, and the axes. With a camera that stays, a frame of draw equals this outside the
  // extent of add_figure_extent (without trail and trajectory).
  void draw_backdrop(const SceneView& view, const SceneStyle& style) const;
  // Adds every figure and its shadow as staged to `extent` (SkeletonPass::add_figure_extent).
  void add_figure_extent(PixelExtent& extent) const noexcept { skeleton_.add_figure_extent(extent, ground_y_); }

  [[nodiscard]] const SkeletonPass& skeleton_pass() const noexcept { return skeleton_; }

 private:
  SceneRenderer(std::unique_ptr<const ShaderProgram> lines, BackgroundPass background, GroundPass ground,
                SkeletonPass skeleton, TrajectoryPass trajectory, TrailPass trail, ShadowMask shadow_mask) noexcept
      : lines_(std::move(lines)),
        background_(std::move(background)),
        ground_(std::move(ground)),
        skeleton_(std::move(skeleton)),
        trajectory_(std::move(trajectory)),
        trail_(std::move(trail)),
        shadow_mask_(std::move(shadow_mask)) {}
  static void begin_viewport(const SceneView& view) noexcept;
  void draw_over_ground_passes(const SceneView& view, const SceneStyle& style, std::size_t frame) const;
  static void end_viewport() noexcept;
  void draw_shadow(const SceneView& view, const SceneStyle& style) const;

  std::unique_ptr<const ShaderProgram> lines_;  // the one line program; the passes below draw with it
  BackgroundPass background_;
  GroundPass ground_;
  SkeletonPass skeleton_;
  TrajectoryPass trajectory_;
  TrailPass trail_;
  // Scratch for draw_shadow (drawing is const: the mask holds nothing from one frame to the next).
  mutable ShadowMask shadow_mask_;
  float ground_y_ = 0.0f;
};

}  // namespace bvhscope::gfx
