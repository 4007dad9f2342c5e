// Clips drawn headless as the viewer draws them with its panels hidden, the view filling the
// picture: the clip set (the last clip active, the clock paused), a comparison and a selected joint
// when asked, a filmstrip's poses, the scene (render/clip_scene) and an orbit camera framed as a new
// view frames it, kept framed while it stays (a figure walking out is framed again), or following
// the root. Draws into the bound framebuffer; it has no GL context of its own (one must be current:
// render/offscreen_renderer, the grid's tiles).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/clip_set.hpp"
#include "model/comparison.hpp"
#include "model/display_options.hpp"
#include "model/orbit_camera.hpp"
#include "model/prepared_clip.hpp"
#include "render/clip_scene.hpp"
#include "render/offscreen_options.hpp"
#include "render/offscreen_session.hpp"
#include "render/video_loop.hpp"

namespace bvhscope::render {

class OffscreenClips {
 public:
  // The clips (moved in: a huge clip is never held twice) for pictures of width x height pixels,
  // drawn with `session`'s shaders and buffers when one is given (else new ones); nullptr with
  // `error` (no clip, a shader error, an unknown or ambiguous --select name).
  static std::unique_ptr<OffscreenClips> create(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                                int width, int height, std::string& error,
                                                OffscreenSession* session = nullptr);
  OffscreenClips(const OffscreenClips&) = delete;
  OffscreenClips& operator=(const OffscreenClips&) = delete;

  // Every clip posed where the active (last) clip shows frame position `active_frame` (fractional:
  // interpolated); the camera follows or keeps the figures framed.
  void pose_at(double active_frame);
  // The camera's view (framed as a new view is, the first time) and the scene's style.
  [[nodiscard]] gfx::SceneView view();
  [[nodiscard]] gfx::SceneStyle style() const;
  // The scene from view() into the bound framebuffer (cleared by the caller); with `region` only
  // that rectangle; with `over_ground`, all but the ground draw_ground drew, which must be there.
  void draw(std::optional<gfx::Viewport> region = std::nullopt, bool over_ground = false);
  void draw_ground(std::optional<gfx::Viewport> region = std::nullopt);
  void draw_backdrop();
  // See ClipScene::figure_region, for view().
  [[nodiscard]] std::optional<gfx::Viewport> figure_region();

  // After the first picture framed the clips: a fixed camera frames the whole motion, the others
  // follow the root. Returns the yaw an orbit starts from.
  float start_camera(VideoCamera camera);
  [[nodiscard]] OrbitCamera& camera() noexcept { return camera_; }
  // Whether the camera moves with the figures from frame to frame (follow, orbit): a view's
  // backdrop is then not drawn for the next frames.
  [[nodiscard]] bool camera_follows() const noexcept { return follow_; }

  [[nodiscard]] const ClipSet& clips() const noexcept { return clips_; }
  // The shaders and buffers drawn with, for the next clips (OffscreenSession::give_back); these
  // clips are then only destroyed.
  [[nodiscard]] gfx::SceneRenderer take_renderer() && noexcept { return std::move(scene_).take_renderer(); }
  // Where each joint of the active clip was drawn last, in pixels (x right, y down).
  [[nodiscard]] std::vector<std::pair<float, float>> active_joint_pixels() const;
  // Each clip drawn with less than full detail: its file and what is left out.
  [[nodiscard]] std::vector<OffscreenImage::Notice> detail_notices() const;

 private:
  OffscreenClips(gfx::SceneRenderer renderer, const OffscreenOptions& options, int width, int height);
  // Rebuilds the scene when the clips or the ghosts changed, then poses every clip.
  void sync();
  void arrange_strip(const OffscreenOptions& options);
  void update_follow();
  void frame(const Bounds& bounds, bool reset);
  [[nodiscard]] float aspect() const noexcept;

  ClipSet clips_;
  Comparison comparison_;
  ClipScene scene_;
  DisplayOptions display_;
  InspectionOptions inspection_;
  PoseTiming timing_;
  OrbitCamera camera_;
  int width_ = 0;
  int height_ = 0;
  std::uint64_t revision_ = 0;  // the clip set's revision the scene was built for
  bool framed_ = false;         // the first view framed
  bool follow_ = false;
  float follow_height_ = 0.0f;
  // The camera the last framing left while it stays there: the figures are kept in view.
  std::optional<OrbitCamera> framed_camera_;
};

}  // namespace bvhscope::render
