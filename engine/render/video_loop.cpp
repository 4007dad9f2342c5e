#include "render/video_loop.hpp"

#include <utility>

namespace bvhscope::render {

std::optional<VideoCamera> parse_video_camera(std::string_view text) noexcept {
  if (text == "fixed") return VideoCamera::Fixed;
  if (text == "follow") return VideoCamera::Follow;
  if (text == "orbit") return VideoCamera::Orbit;
  return std::nullopt;
}

std::unique_ptr<video::FrameSink> open_video_output(const std::string& path, int width, int height,
                                                    const VideoTiming& timing, const VideoOptions& video,
                                                    std::string& error) {
  video::FrameSinkOptions sink_options;
  sink_options.audio = video.audio;
  sink_options.duration = timing.duration;
  sink_options.replace_frames = video.replace_frames;
  sink_options.quality = video.quality;
  video::OpenedSink opened = video::open_frame_sink(path, width, height, timing.fps, sink_options);
  if (!opened) error = opened.error;
  return std::move(opened.sink);
}

bool encode_frames(video::FrameSink& sink, const VideoTiming& timing, const VideoOptions& video,
                   const std::function<const std::uint8_t*(std::size_t)>& draw_frame, std::string& error) {
  return encode_written_frames(
      sink, timing, video, [&](std::size_t k, std::string& reason) { return sink.write(draw_frame(k), reason); },
      error);
}

bool encode_written_frames(video::FrameSink& sink, const VideoTiming& timing, const VideoOptions& video,
                           const std::function<bool(std::size_t, std::string&)>& write_frame, std::string& error) {
  for (std::size_t k = 0; k < timing.frame_count; ++k) {
    if (video.cancel != nullptr && video.cancel->load()) {
      error = "cancelled";
      return false;  // the sink, dropped uncommitted, removes what it wrote
    }
    if (!write_frame(k, error)) return false;
    if (video.progress) video.progress(k + 1, timing.frame_count);
  }
  return sink.commit(error);
}

}  // namespace bvhscope::render
