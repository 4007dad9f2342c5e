#include "viewer/background_job.hpp"

#include <memory>
#include <utility>

namespace bvhscope::viewer {

BackgroundJob::Task video_render_task(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                      const VideoOptions& video, const std::string& path) {
  // Shared so that the task can be a std::function (copyable) without copying the clips.
  auto shared_clips = std::make_shared<std::vector<PreparedClip>>(std::move(clips));
  OffscreenOptions worker_options = options;
  worker_options.egl_only = true;  // beside the window's context, on the worker thread
  return [shared_clips, worker_options, video, path](const std::atomic<bool>& cancel,
                                                     const BackgroundJob::Progress& progress, std::string& error) {
    VideoOptions worker_video = video;
    worker_video.cancel = &cancel;
    worker_video.progress = progress;
    return render_video(std::move(*shared_clips), worker_options, worker_video, path, error);
  };
}

}  // namespace bvhscope::viewer
