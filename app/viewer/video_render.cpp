#include "viewer/video_render.hpp"

#include <cmath>
#include <numbers>

#include "video/frame_sink.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {

std::optional<VideoCamera> parse_video_camera(std::string_view text) noexcept {
  if (text == "fixed") return VideoCamera::Fixed;
  if (text == "follow") return VideoCamera::Follow;
  if (text == "orbit") return VideoCamera::Orbit;
  return std::nullopt;
}

bool render_video(std::vector<PreparedClip> clips, const OffscreenOptions& options, const VideoOptions& video,
                  const std::string& path, std::string& error) {
  if (clips.empty()) {
    error = "no clip to render";
    return false;
  }
  const Motion& motion = clips.back().clip.motion;
  const std::optional<VideoTiming> timing =
      plan_video_timing(motion.frame_count, motion.frame_time, video.frames, video.fps, error);
  if (!timing) return false;
  // The output is opened before any frame is drawn: a missing ffmpeg or an odd size is said at once.
  video::FrameSinkOptions sink_options;
  sink_options.audio = video.audio;
  sink_options.duration = timing->duration;
  video::OpenedSink opened = video::open_frame_sink(path, options.width, options.height, timing->fps, sink_options);
  if (!opened) {
    error = opened.error;
    return false;
  }
  std::unique_ptr<OffscreenViewer> offscreen = OffscreenViewer::create(std::move(clips), options, error);
  if (!offscreen) return false;

  // The camera: the first frame is framed as a still is; then, for a fixed camera, the whole
  // motion (every frame stays in view); following keeps the root centred at that framing.
  offscreen->draw_frame(timing->position(0));
  Viewer& viewer = offscreen->viewer();
  Actions camera;
  if (video.camera == VideoCamera::Fixed) {
    camera.frame_all = true;
  } else {
    camera.follow = true;
  }
  viewer.apply(camera);
  const float start_yaw = viewer.state().camera.yaw;

  std::vector<std::uint8_t> rgba;
  for (std::size_t k = 0; k < timing->frame_count; ++k) {
    if (video.camera == VideoCamera::Orbit) {  // one whole turn over the video
      const double turn = static_cast<double>(k) / static_cast<double>(timing->frame_count);
      viewer.state().camera.yaw = start_yaw + static_cast<float>(2.0 * std::numbers::pi * turn);
    }
    offscreen->draw_frame(timing->position(k));
    offscreen->read_pixels(rgba);
    if (!opened.sink->write(rgba.data(), error)) return false;
    if (video.progress) video.progress(k + 1, timing->frame_count);
  }
  return opened.sink->commit(error);
}

}  // namespace bvhscope::viewer
