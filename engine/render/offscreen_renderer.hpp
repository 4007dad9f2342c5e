// Clips rendered without a window (`bvhscope render`, `thumbnail`, File > Export video): an EGL
// context (render/offscreen_context), a multisampled target, and the clips drawn as the viewer draws
// them with its panels hidden (render/offscreen_clips). A still comes back as pixels; a video's
// frames with a still camera redraw only the rectangle the figures and their shadows cover, over a
// backdrop drawn once (the software renderer's cost follows the pixels drawn). No GLFW, no ImGui.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/pixel_rect.hpp"
#include "model/prepared_clip.hpp"
#include "render/offscreen_clips.hpp"
#include "render/offscreen_options.hpp"
#include "render/offscreen_session.hpp"
#include "video/frame_sink.hpp"

namespace bvhscope::render {

class OffscreenRenderer {
 public:
  // nullptr with `error` (no GL context, no clip, an unknown --select name). The clips are moved in.
  // With a `session` (which must outlive the renderer), its context, targets and shaders are used
  // and given back at the end; else the renderer makes its own.
  static std::unique_ptr<OffscreenRenderer> create(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                                   std::string& error, OffscreenSession* session = nullptr);
  ~OffscreenRenderer();
  OffscreenRenderer(const OffscreenRenderer&) = delete;
  OffscreenRenderer& operator=(const OffscreenRenderer&) = delete;

  // Draws the frame at the active (last) clip's frame position `active_frame` (fractional:
  // interpolated), whole, into the target.
  void draw_frame(double active_frame);
  // Poses the clips at `active_frame` and frames the camera as draw_frame's first picture does,
  // drawing nothing: where a video's camera starts before it goes its own way.
  void frame_at(double active_frame);
  // The last frame drawn, width x height x 4 bytes, top row first, into `rgba` (resized).
  void read_pixels(std::vector<std::uint8_t>& rgba) const;
  // A frame of a video: draw_frame then read_pixels, the same pixels, but when the camera has not
  // moved since the previous call (and no trail or root path is drawn) only the rectangle where the
  // figures and their shadows are is drawn and read, over the backdrop drawn once. The frame stays
  // valid until the next call.
  const std::vector<std::uint8_t>& draw_video_frame(double active_frame);
  // draw_video_frame, and the frame written to `sink`: a frame of a still camera straight into the
  // sink's buffer, copying only the rectangles that changed since that buffer was last written
  // (PatchedFrame::write_into); other frames whole. false with `error` as FrameSink::write.
  bool write_video_frame(double active_frame, video::FrameSink& sink, std::string& error);
  // What the last draw_video_frame drew: that rectangle (GL's convention, origin at the bottom left;
  // empty when no figure was in view), or nullopt for the whole frame.
  [[nodiscard]] std::optional<PixelRect> video_redrawn() const noexcept;

  [[nodiscard]] OffscreenClips& clips() noexcept;

 private:
  struct Parts;  // the context, the targets, the clips, the kept frame (offscreen_renderer.cpp)
  explicit OffscreenRenderer(const OffscreenOptions& options);
  [[nodiscard]] std::optional<gfx::RenderTarget> make_target(std::string& error) const;
  OffscreenOptions options_;
  std::unique_ptr<Parts> parts_;
};

// The clips (the last one active) at options.frame, as pixels with where the active clip's joints
// were drawn and what was drawn with less detail; nullopt with `error` (no GL 3.3 context: it says
// what is missing; an unknown --select name).
std::optional<OffscreenImage> render_still(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                           std::string& error, OffscreenSession* session = nullptr);

}  // namespace bvhscope::render
