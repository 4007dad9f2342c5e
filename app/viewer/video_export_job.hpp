// File > Export video: render_video (the engine of `bvhscope render -o OUT.mp4`) on a worker
// thread with its own EGL context, on shares of the viewer's clips, so the window stays live while
// it runs. Progress through atomics; Cancel through a flag the render checks before each frame.
#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "viewer/offscreen_render.hpp"
#include "viewer/video_render.hpp"

namespace bvhscope::viewer {

// A second handle on a prepared clip: its motion table shared (not copied), its measures copied.
PreparedClip share_prepared_clip(const PreparedClip& original);

class VideoExportJob {
 public:
  enum class Outcome { Written, Failed, Cancelled };

  VideoExportJob() = default;
  VideoExportJob(const VideoExportJob&) = delete;
  VideoExportJob& operator=(const VideoExportJob&) = delete;
  ~VideoExportJob();  // cancels a running render and waits for it (nothing is left under its path)

  // Starts rendering `clips` (the last one active) into `path`; false when one still runs.
  bool start(std::vector<PreparedClip> clips, const OffscreenOptions& options, const VideoOptions& video,
             const std::string& path);
  void cancel() noexcept { cancel_.store(true); }

  [[nodiscard]] bool running() const noexcept { return thread_.joinable(); }
  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  // Frames handed to the encoder and frames in all (0 until the first frame is drawn).
  [[nodiscard]] std::size_t done() const noexcept { return done_.load(); }
  [[nodiscard]] std::size_t total() const noexcept { return total_.load(); }
  [[nodiscard]] float progress() const noexcept;

  // On the UI thread each frame: once the render has ended, joins it and returns how it ended,
  // with `error` (the reason when it failed). nullopt while it runs or when none ran.
  std::optional<Outcome> finish(std::string& error);

 private:
  std::thread thread_;
  std::string path_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> ended_{false};
  std::atomic<std::size_t> done_{0};
  std::atomic<std::size_t> total_{0};
  std::mutex result_mutex_;
  bool written_ = false;  // guarded by result_mutex_
  std::string error_;     // guarded by result_mutex_
};

}  // namespace bvhscope::viewer
