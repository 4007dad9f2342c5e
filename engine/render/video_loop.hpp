// The video loop of `bvhscope render -o OUT.mp4|.webm|.gif|DIR/`, the grid's video and File >
// Export video: the output opened for a video timing (anim/video_timing) before any frame is drawn,
// then each output frame drawn by the caller and handed to a frame sink (engine/video), which
// encodes it while the next one is drawn; cancel and progress between frames. No GL of its own.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "anim/video_timing.hpp"
#include "video/frame_sink.hpp"

namespace bvhscope::render {

// How the camera moves over the video: it frames the whole motion and stays (Fixed), keeps the
// root centred (Follow), or follows the root while turning once around it (Orbit).
enum class VideoCamera : std::uint8_t { Fixed, Follow, Orbit };
std::optional<VideoCamera> parse_video_camera(std::string_view text) noexcept;

struct VideoOptions {
  std::optional<ClipFrameRange> frames;  // of the active (last) clip; every frame by default
  std::optional<double> fps;             // the clip's rate capped at 60 by default
  VideoCamera camera = VideoCamera::Fixed;
  std::string audio;                                          // a sound file muxed from frame 0 (MP4 and WebM)
  video::VideoQuality quality = video::VideoQuality::Normal;  // the encoder's effort (render --quality)
  // A PNG sequence replaces the frames its folder holds (`render --force`, the dialog's Overwrite);
  // else such a folder is refused.
  bool replace_frames = false;
  // Called after each frame is handed to the encoder: frames done, frames in all.
  std::function<void(std::size_t, std::size_t)> progress;
  // Checked before each frame (the viewer's Cancel, from another thread): once set, the render
  // stops with the error "cancelled" and nothing is written under the path.
  const std::atomic<bool>* cancel = nullptr;
};

// The output for the timing (its encoder found, size accepted) before any frame is drawn; `error` says
// why not.
std::unique_ptr<video::FrameSink> open_video_output(const std::string& path, int width, int height,
                                                    const VideoTiming& timing, const VideoOptions& video,
                                                    std::string& error);
// Every output frame k drawn by `draw_frame(k)` (its RGBA pixels, top row first, valid until the
// next call), written, progress reported, then committed.
bool encode_frames(video::FrameSink& sink, const VideoTiming& timing, const VideoOptions& video,
                   const std::function<const std::uint8_t*(std::size_t)>& draw_frame, std::string& error);
// The same with each output frame k drawn and handed to the sink by `write_frame(k, error)`
// (false with `error` when the sink failed).
bool encode_written_frames(video::FrameSink& sink, const VideoTiming& timing, const VideoOptions& video,
                           const std::function<bool(std::size_t, std::string&)>& write_frame, std::string& error);

}  // namespace bvhscope::render
