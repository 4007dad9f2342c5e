// Rendering a motion to a video or a PNG sequence (`bvhscope render -o OUT.mp4|.webm|.gif|DIR/`):
// the offscreen viewer draws each output frame of the video timing (anim/video_timing) and a frame
// sink (engine/video) encodes it while the next one is drawn.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/background_job.hpp"
#include "render/video_loop.hpp"
#include "viewer/offscreen_render.hpp"

namespace bvhscope::viewer {

using render::VideoCamera;
using render::VideoOptions;

// Renders the clips (the last one active) into `path`. false with `error` (nothing written under
// `path`): a frame range or rate the clip cannot give, no GL context, ffmpeg missing or failing,
// an interrupt.
bool render_video(std::vector<PreparedClip> clips, const OffscreenOptions& options, const VideoOptions& video,
                  const std::string& path, std::string& error);

// After the first frame framed the clip as a still does: a fixed camera frames the whole motion,
// the others follow the root. Returns the yaw an orbit starts from.
float start_video_camera(Viewer& viewer, VideoCamera camera);

// The viewer's task: render_video of `clips` (the last one active) into `path`, through EGL
// (beside the window's own context), its frames checked against the cancel flag.
BackgroundJob::Task video_render_task(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                      const VideoOptions& video, const std::string& path);

}  // namespace bvhscope::viewer
