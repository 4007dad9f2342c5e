// File > Export video's task for a BackgroundJob (model/background_job, the viewer's worker state
// machine): render_video (the engine of `bvhscope render -o OUT.mp4`) with its own EGL context on
// shares of the viewer's clips, its frames checked against the job's cancel token.
#pragma once

#include <string>
#include <vector>

#include "model/background_job.hpp"
#include "viewer/offscreen_render.hpp"
#include "viewer/video_render.hpp"

namespace bvhscope::viewer {

// The viewer's task: render_video of `clips` (the last one active) into `path`, through EGL
// (beside the window's own context), its frames checked against the cancel flag.
BackgroundJob::Task video_render_task(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                      const VideoOptions& video, const std::string& path);

}  // namespace bvhscope::viewer
