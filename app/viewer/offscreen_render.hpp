// Rendering one frame of a clip without showing a window (an EGL context, engine/render; an
// offscreen multisampled framebuffer) to RGBA pixels or a PNG: the
// `bvhscope render` command and the GL tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "model/compare_start.hpp"
#include "model/pixel_rect.hpp"
#include "model/prepared_clip.hpp"
#include "video/frame_sink.hpp"
#include "video/png_file.hpp"
#include "viewer/settings.hpp"

namespace bvhscope::viewer {

class Viewer;

struct OffscreenOptions {
  std::size_t frame = 0;  // 0-based; clamped to the clip
  int width = 1280;
  int height = 720;
  bool ui = false;    // draw the panels too, laid out as in the viewer
  bool solid = true;  // solid bones (false: lines)
  bool grid = true;
  bool shadow = true;
  bool joints = true;
  bool axes = true;
  bool trajectory = false;
  std::string select;                   // a joint of the last clip to select (inspector, highlight, trail, curves)
  bool trail = true;                    // the selected joint's trail
  int labels = 1;                       // joint labels: 0 none, 1 the selected chain, 2 all joints
  std::optional<CompareStart> compare;  // the first clip the reference, the others compared with it
  // A filmstrip: this many poses of the (one) clip spread evenly over its frames
  // strip_first..strip_last, older ones fainter, in one picture; `frame` must be strip_last.
  int strip = 0;
  std::size_t strip_first = 0;
  std::size_t strip_last = 0;
};

struct OffscreenImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  // top row first
  // Window pixel of every joint of the last (active) clip (x right, y down), as the camera projects it.
  std::vector<std::pair<float, float>> joint_pixels;
  // Each clip drawn with less than full detail (a huge skeleton): its file, and what is left out.
  struct Notice {
    std::string file;
    std::string text;
  };
  std::vector<Notice> notices;
};

// The viewer settings an offscreen render uses: the defaults (not the user's file: the same command
// gives the same image) with the display choices of `options`.
Settings offscreen_settings(const OffscreenOptions& options);

// A viewer drawing offscreen frame after frame (one PNG, or every frame of a video): the GL context
// (EGL), the multisampled target, the clips set up as `options` says (paused,
// compared, a joint selected), and ImGui with --ui. Not movable: made on the heap.
class OffscreenViewer {
 public:
  // nullptr with `error` (no GL context, an unknown --select name).
  static std::unique_ptr<OffscreenViewer> create(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                                 std::string& error);
  ~OffscreenViewer();
  OffscreenViewer(const OffscreenViewer&) = delete;
  OffscreenViewer& operator=(const OffscreenViewer&) = delete;

  // Draws the frame at the active (last) clip's frame position `active_frame` (fractional:
  // interpolated) into the target, with the UI when asked.
  void draw_frame(double active_frame);
  // The last frame drawn, width x height x 4 bytes, top row first, into `rgba` (resized).
  void read_pixels(std::vector<std::uint8_t>& rgba) const;
  // A frame of a video: draw_frame then read_pixels, the same pixels, but when the camera has not
  // moved since the previous call (and no trail, trajectory or UI is drawn) only the rectangle
  // where the figures and their shadows are is drawn and read, over the backdrop drawn once (the
  // software renderer's cost follows the pixels drawn). The frame stays valid until the next call.
  const std::vector<std::uint8_t>& draw_video_frame(double active_frame);
  // draw_video_frame, and the frame written to `sink`: a frame of a still camera straight into
  // the sink's buffer, copying only the rectangles that changed since that buffer was last
  // written (PatchedFrame::write_into); other frames whole. false with `error` as FrameSink::write.
  bool write_video_frame(double active_frame, video::FrameSink& sink, std::string& error);
  // What the last draw_video_frame drew: that rectangle (GL's convention, origin at the bottom
  // left; empty when no figure was in view), or nullopt for the whole frame.
  [[nodiscard]] std::optional<PixelRect> video_redrawn() const noexcept;
  [[nodiscard]] Viewer& viewer() noexcept;
  [[nodiscard]] const Viewer& viewer() const noexcept;

 private:
  struct Parts;  // the context, target, viewer and ImGui (offscreen_render.cpp)
  explicit OffscreenViewer(const OffscreenOptions& options);
  OffscreenOptions options_;
  std::unique_ptr<Parts> parts_;
  int frames_drawn_ = 0;
};

// Several clips side by side, the last one active; `error` also reports an unknown --select name.
// The clips are moved into the viewer that draws them (a huge clip is never held twice).
std::optional<OffscreenImage> render_offscreen(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                               std::string& error);

// The frame as pixels; nullopt with `error` set when no GL 3.3 context can be had (it says what is
// missing: the display, and why EGL failed).
std::optional<OffscreenImage> render_offscreen(PreparedClip clip, const OffscreenOptions& options, std::string& error);

// Writes an image as PNG; false with `error` set on failure.
bool write_png(const OffscreenImage& image, const std::string& path, std::string& error);
// RGBA rows top first, written as an AtomicFile (beside the target, checked, renamed); `error`
// says why it failed.
using video::write_png_file;

}  // namespace bvhscope::viewer
