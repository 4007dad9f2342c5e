#include "viewer/video_export_job.hpp"

#include <utility>

namespace bvhscope::viewer {

PreparedClip share_prepared_clip(const PreparedClip& original) {
  PreparedClip copy;
  copy.clip.source = original.clip.source;
  copy.clip.skeleton = original.clip.skeleton;
  copy.clip.declared_frame_time = original.clip.declared_frame_time;
  copy.clip.motion.frame_count = original.clip.motion.frame_count;
  copy.clip.motion.channel_count = original.clip.motion.channel_count;
  copy.clip.motion.frame_time = original.clip.motion.frame_time;
  copy.clip.motion.values = original.clip.motion.values.share(original.clip.motion.values.size());
  copy.clip.warnings = original.clip.warnings;
  copy.mode_request = original.mode_request;
  copy.up_request = original.up_request;
  copy.decision = original.decision;
  copy.measures = original.measures;
  copy.listing = original.listing;
  return copy;
}

VideoExportJob::~VideoExportJob() {
  cancel();
  if (thread_.joinable()) thread_.join();
}

bool VideoExportJob::start(std::vector<PreparedClip> clips, const OffscreenOptions& options, const VideoOptions& video,
                           const std::string& path) {
  if (thread_.joinable()) return false;
  path_ = path;
  cancel_.store(false);
  ended_.store(false);
  done_.store(0);
  total_.store(0);
  {
    const std::lock_guard lock(result_mutex_);
    written_ = false;
    error_.clear();
  }
  OffscreenOptions worker_options = options;
  worker_options.egl_only = true;  // beside the window's context, on this thread of its own
  VideoOptions worker_video = video;
  worker_video.cancel = &cancel_;
  worker_video.progress = [this](std::size_t done, std::size_t total) {
    total_.store(total);
    done_.store(done);
  };
  thread_ = std::thread([this, clips = std::move(clips), worker_options, worker_video, path]() mutable {
    std::string error;
    const bool written = render_video(std::move(clips), worker_options, worker_video, path, error);
    {
      const std::lock_guard lock(result_mutex_);
      written_ = written;
      error_ = error;
    }
    ended_.store(true);
  });
  return true;
}

float VideoExportJob::progress() const noexcept {
  const std::size_t all = total();
  return all > 0 ? static_cast<float>(done()) / static_cast<float>(all) : 0.0f;
}

std::optional<VideoExportJob::Outcome> VideoExportJob::finish(std::string& error) {
  if (!thread_.joinable() || !ended_.load()) return std::nullopt;
  thread_.join();
  const std::lock_guard lock(result_mutex_);
  error = error_;
  if (written_) return Outcome::Written;
  return cancel_.load() ? Outcome::Cancelled : Outcome::Failed;
}

}  // namespace bvhscope::viewer
