#include "render/clip_video.hpp"

#include <cmath>
#include <memory>
#include <numbers>
#include <utility>

#include "render/offscreen_renderer.hpp"

namespace bvhscope::render {

std::optional<OpenedClipVideo> open_clip_video(const std::vector<PreparedClip>& clips, const OffscreenOptions& options,
                                               const VideoOptions& video, const std::string& path, std::string& error) {
  if (clips.empty()) {
    error = "no clip to render";
    return std::nullopt;
  }
  const Motion& motion = clips.back().clip.motion;
  std::optional<VideoTiming> timing =
      plan_video_timing(motion.frame_count, motion.frame_time, video.frames, video.fps, error);
  if (!timing) return std::nullopt;
  std::unique_ptr<video::FrameSink> sink =
      open_video_output(path, options.width, options.height, *timing, video, error);
  if (!sink) return std::nullopt;
  return OpenedClipVideo{std::move(*timing), std::move(sink)};
}

bool render_video(std::vector<PreparedClip> clips, const OffscreenOptions& options, const VideoOptions& video,
                  const std::string& path, std::string& error, OffscreenSession* session) {
  std::optional<OpenedClipVideo> opened = open_clip_video(clips, options, video, path, error);
  if (!opened) return false;
  const VideoTiming& timing = opened->timing;
  video::FrameSink& sink = *opened->sink;
  std::unique_ptr<OffscreenRenderer> renderer = OffscreenRenderer::create(std::move(clips), options, error, session);
  if (!renderer) return false;
  renderer->frame_at(timing.position(0));  // framed as a still is, then the camera's way
  OffscreenClips& drawn = renderer->clips();
  const float start_yaw = drawn.start_camera(video.camera);
  return encode_written_frames(
      sink, timing, video,
      [&](std::size_t k, std::string& reason) {
        if (video.camera == VideoCamera::Orbit) {  // one whole turn over the video
          const double turn = static_cast<double>(k) / static_cast<double>(timing.frame_count);
          drawn.camera().yaw = start_yaw + static_cast<float>(2.0 * std::numbers::pi * turn);
        }
        return renderer->write_video_frame(timing.position(k), sink, reason);
      },
      error);
}

BackgroundJob::Task video_render_task(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                      const VideoOptions& video, const std::string& path) {
  // Shared so that the task can be a std::function (copyable) without copying the clips.
  auto shared_clips = std::make_shared<std::vector<PreparedClip>>(std::move(clips));
  return [shared_clips, worker_options = options, video, path](
             const std::atomic<bool>& cancel, const BackgroundJob::Progress& progress, std::string& error) {
    VideoOptions worker_video = video;
    worker_video.cancel = &cancel;
    worker_video.progress = progress;
    return render_video(std::move(*shared_clips), worker_options, worker_video, path, error);
  };
}

}  // namespace bvhscope::render
