// Rendering a motion to a video or a PNG sequence (`bvhscope render -o OUT.mp4|.webm|.gif|DIR/`):
// the offscreen viewer draws each output frame of the video timing (anim/video_timing) and a frame
// sink (engine/video) encodes it while the next one is drawn.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "anim/video_timing.hpp"
#include "viewer/offscreen_render.hpp"

namespace bvhscope::viewer {

// How the camera moves over the video: it frames the whole motion and stays (Fixed), keeps the
// root centred (Follow), or follows the root while turning once around it (Orbit).
enum class VideoCamera : std::uint8_t { Fixed, Follow, Orbit };
std::optional<VideoCamera> parse_video_camera(std::string_view text) noexcept;

struct VideoOptions {
  std::optional<ClipFrameRange> frames;  // of the active (last) clip; every frame by default
  std::optional<double> fps;             // the clip's rate capped at 60 by default
  VideoCamera camera = VideoCamera::Fixed;
  std::string audio;  // a sound file muxed from frame 0 (MP4 and WebM)
  // Called after each frame is handed to the encoder: frames done, frames in all.
  std::function<void(std::size_t, std::size_t)> progress;
};

// Renders the clips (the last one active) into `path`. false with `error` (nothing written under
// `path`): a frame range or rate the clip cannot give, no GL context, ffmpeg missing or failing,
// an interrupt.
bool render_video(std::vector<PreparedClip> clips, const OffscreenOptions& options, const VideoOptions& video,
                  const std::string& path, std::string& error);

}  // namespace bvhscope::viewer
