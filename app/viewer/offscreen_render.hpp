// `bvhscope render --ui`: the viewer itself drawn offscreen, its panels laid out as in a window
// (an EGL context, a multisampled target, ImGui's OpenGL backend fed headless frames), for a PNG or
// every frame of a video. Renders without --ui need no viewer: engine/render's OffscreenRenderer.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/prepared_clip.hpp"
#include "render/offscreen_options.hpp"
#include "render/video_loop.hpp"

namespace bvhscope::viewer {

using render::OffscreenImage;
using render::OffscreenOptions;

class Viewer;

// A viewer with its panels drawing offscreen frame after frame: the GL context, the target, the
// clips set up as `options` says (paused, compared, a joint selected) and ImGui. Not movable.
class OffscreenViewer {
 public:
  // nullptr with `error` (no GL context, an unknown --select name).
  static std::unique_ptr<OffscreenViewer> create(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                                 std::string& error);
  ~OffscreenViewer();
  OffscreenViewer(const OffscreenViewer&) = delete;
  OffscreenViewer& operator=(const OffscreenViewer&) = delete;

  // Draws the frame at the active (last) clip's frame position `active_frame` (fractional:
  // interpolated) with the panels into the target (the first frame builds the UI a few times, so
  // that ImGui has measured every window).
  void draw_frame(double active_frame);
  // The last frame drawn, width x height x 4 bytes, top row first, into `rgba` (resized).
  void read_pixels(std::vector<std::uint8_t>& rgba) const;
  [[nodiscard]] Viewer& viewer() noexcept;
  [[nodiscard]] const Viewer& viewer() const noexcept;

 private:
  struct Parts;  // the context, target, viewer and ImGui (offscreen_render.cpp)
  explicit OffscreenViewer(const OffscreenOptions& options);
  OffscreenOptions options_;
  std::unique_ptr<Parts> parts_;
  int frames_drawn_ = 0;
};

// The viewer with its panels at options.frame, as pixels with where the active clip's joints were
// drawn; nullopt with `error` (no GL 3.3 context: it says what is missing; an unknown --select).
std::optional<OffscreenImage> render_ui_still(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                              std::string& error);

// The viewer with its panels rendered to a video or a PNG sequence at `path`, as render::render_video.
bool render_ui_video(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                     const render::VideoOptions& video, const std::string& path, std::string& error);

}  // namespace bvhscope::viewer
