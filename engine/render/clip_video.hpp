// Clips rendered to a video or a PNG sequence without a window (`bvhscope render -o OUT.mp4|.webm|
// .gif|DIR/`, File > Export video): the offscreen renderer draws each output frame of the video
// timing (anim/video_timing) and a frame sink (engine/video) encodes it while the next is drawn.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "anim/video_timing.hpp"

#include "model/background_job.hpp"
#include "model/prepared_clip.hpp"
#include "render/offscreen_options.hpp"
#include "render/offscreen_session.hpp"
#include "render/video_loop.hpp"
#include "video/frame_sink.hpp"

namespace bvhscope::render {

// A video of clips, opened before any frame is drawn (a missing ffmpeg or an odd size is said at
// once): the timing of the active (last) clip's frames as `video` asks, and the output at `path`.
struct OpenedClipVideo {
  VideoTiming timing;
  std::unique_ptr<video::FrameSink> sink;
};
std::optional<OpenedClipVideo> open_clip_video(const std::vector<PreparedClip>& clips, const OffscreenOptions& options,
                                               const VideoOptions& video, const std::string& path, std::string& error);

// Renders the clips (the last one active) into `path`. false with `error` (nothing written under
// `path`): a frame range or rate the clip cannot give, no GL context, ffmpeg missing or failing,
// an interrupt, a cancel. With a `session`, its context, targets and shaders are used (and kept).
bool render_video(std::vector<PreparedClip> clips, const OffscreenOptions& options, const VideoOptions& video,
                  const std::string& path, std::string& error, OffscreenSession* session = nullptr);

// The viewer's Export video task: render_video of `clips` into `path` through its own EGL context
// (beside the window's), its frames checked against the job's cancel flag.
BackgroundJob::Task video_render_task(std::vector<PreparedClip> clips, const OffscreenOptions& options,
                                      const VideoOptions& video, const std::string& path);

}  // namespace bvhscope::render
