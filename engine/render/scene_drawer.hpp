// Draws a Scene (render/scene.hpp) into the bound framebuffer: the 3D part through
// gfx::SceneRenderer, uploading skeletons, ground, root path and trail only when they change, then
// the overlay through an OverlayDrawer. Headless: no window, no GLFW, no ImGui.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gfx/scene_renderer.hpp"
#include "render/scene.hpp"

namespace bvhscope::render {

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

  // The scene into scene.view.viewport of the bound framebuffer (fb_width x fb_height pixels), then
  // its overlay through `overlay` when given and the overlay is not empty.
  void draw(const Scene& scene, int fb_width, int fb_height, OverlayDrawer* overlay = nullptr);

  // The renderer as the last scene left it (where each clip's joints were drawn: picking, extents).
  [[nodiscard]] const gfx::SceneRenderer& renderer() const noexcept { return renderer_; }

 private:
  explicit SceneDrawer(gfx::SceneRenderer renderer) noexcept : renderer_(std::move(renderer)) {}
  // Uploads what changed since the last scene: skeletons, ground, root path, trail.
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
  };
  Uploaded uploaded_;
  bool anything_uploaded_ = false;
  std::vector<gfx::ClipLook> looks_;  // scratch
};

}  // namespace bvhscope::render
