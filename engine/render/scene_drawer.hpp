// Draws a Scene (render/scene.hpp) into the bound framebuffer: the 3D part through
// gfx::SceneRenderer, uploading skeletons, ground, root path and trail only when they change, then
// the overlay through an OverlayDrawer. Staging (uploads and poses) is apart from drawing, so that
// picking and framing can read where the joints are before a picture is drawn, and a picture can be
// drawn in layers (the ground once, the figures over it). Headless: no window, no GLFW, no ImGui.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gfx/scene_renderer.hpp"
#include "render/scene.hpp"

namespace bvhscope::render {

// Projecting more points than this costs as much as drawing them (a huge skeleton): figure
// extents and view checks are skipped above it.
inline constexpr std::size_t kMostProjectedPoints = 100'000;

// Draws an Overlay (boxes, lines, dots, text, clip rectangles) over the bound framebuffer (fb_width x
// fb_height pixels, the overlay's y down): gfx::OverlayPass (gfx::draw_overlay) headless, ImGui's
// draw list in the viewer.
class OverlayDrawer {
 public:
  virtual ~OverlayDrawer() = default;
  virtual void draw(const Overlay& overlay, int fb_width, int fb_height) = 0;
};

class SceneDrawer {
 public:
  // The renderer's shaders and buffers (a GL context must be current); nullopt with `error`.
  static std::optional<SceneDrawer> create(std::string& error);
  explicit SceneDrawer(gfx::SceneRenderer renderer) noexcept : renderer_(std::move(renderer)) {}

  // What draw_staged draws of the scene: everything; all but the ground (over a ground drawn
  // before); the ground alone (background, floor, grid); what is there where no figure or shadow is
  // (background, floor, grid, axes).
  enum class Layer { All, OverGround, Ground, Backdrop };

  // The scene's clips into the renderer: what changed since the last stage uploaded (skeletons,
  // heights and detail, ground and root path by scene.revision, the trail by scene.trail_revision;
  // by value where those are 0; the root path only while shown: stage_trajectory), every clip's
  // pose written and uploaded once, and the looks set.
  // From then on the renderer says where each joint is (picking, framing, figure_region).
  void stage(const Scene& scene);
  // The clips' looks alone (a look changed since the stage).
  void set_looks(const Scene& scene);
  // The trail alone, when it changed since it was last uploaded.
  void stage_trail(const Scene& scene);
  // The ground alone, when it differs from the one uploaded (a streaming clip's floor made again
  // within a revision). The floor's height never changes (y = 0 of the scene): the root path and
  // the shadows, laid on it when uploaded, stay.
  void stage_ground(const Scene& scene);
  // The root path alone, when scene.style shows it and it changed since it was uploaded: a path
  // that is not shown (the default) is not copied to the GPU, so a clip of a long motion does not
  // copy its whole path on the frame it appears.
  void stage_trajectory(const Scene& scene);
  // The scene's root path was made since it was staged (ClipScene makes it when first shown): the
  // next stage_trajectory uploads it.
  void trajectory_changed() noexcept { trajectory_stale_ = true; }
  // The staged scene from scene.view into scene.view.viewport (with view.region, only that) of the
  // bound framebuffer.
  void draw_staged(const Scene& scene, Layer layer = Layer::All) const;
  // stage(), draw_staged() of everything, then the overlay through `overlay` when given and the
  // overlay is not empty. The framebuffer is fb_width x fb_height pixels.
  void draw(const Scene& scene, int fb_width, int fb_height, OverlayDrawer* overlay = nullptr);

  // The framebuffer rectangle outside which a draw of the staged scene from scene.view draws what
  // the Backdrop layer does (a video with a still camera redraws only that); empty when the
  // figures are out of view; nullopt when more than the figures moves (a trail, the root path's
  // marker), no clip is there or the figures are too many points to project cheaply.
  [[nodiscard]] std::optional<gfx::Viewport> figure_region(const Scene& scene) const;

  // The renderer as the last stage left it (where each clip's joints were drawn: picking, extents).
  [[nodiscard]] const gfx::SceneRenderer& renderer() const noexcept { return renderer_; }
  // The renderer's shaders and buffers, for another drawer (render/offscreen_session); this one is
  // then only destroyed.
  [[nodiscard]] gfx::SceneRenderer take_renderer() && noexcept { return std::move(renderer_); }

 private:
  // Uploads what changed since the last stage: skeletons, ground, root path, trail.
  void upload_changes(const Scene& scene);

  gfx::SceneRenderer renderer_;
  // What the renderer holds now.
  struct Uploaded {
    std::vector<const Skeleton*> skeletons;
    std::vector<float> heights;
    std::vector<DrawDetail> details;
    std::optional<GroundGrid> ground;
    std::vector<glm::vec3> trajectory;
    std::vector<glm::vec3> trail;
    std::uint64_t revision = 0;
    std::uint64_t trail_revision = 0;
  };
  Uploaded uploaded_;
  bool anything_uploaded_ = false;
  bool trail_uploaded_ = false;
  bool trajectory_stale_ = true;  // the renderer's root path is not the scene's (uploaded when shown)
  // Scratch, reused: a staged frame allocates nothing.
  std::vector<const Skeleton*> skeletons_;
  std::vector<float> heights_;
  std::vector<DrawDetail> details_;
  std::vector<gfx::ClipLook> looks_;
};

}  // namespace bvhscope::render
