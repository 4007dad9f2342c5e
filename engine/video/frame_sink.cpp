#include "video/frame_sink.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>

#include "io/temporary_folder.hpp"
#include "video/sinks.hpp"

namespace bvhscope::video {
namespace {

OpenedSink refused(std::string error) { return OpenedSink{nullptr, std::move(error)}; }

}  // namespace

std::string sequence_frame_path(const std::string& folder, std::size_t index) {
  char name[40];
  std::snprintf(name, sizeof name, "frame_%05zu.png", index);
  std::string path = folder;
  if (!path.empty() && path.back() != '/') path += '/';
  return path + name;
}

bool is_sequence_frame_name(const std::string& name) {
  return name.size() > 10 && name.compare(0, 6, "frame_") == 0 && name.compare(name.size() - 4, 4, ".png") == 0;
}

std::size_t count_sequence_frames(const std::string& folder) {
  return io::folder_entries(folder, is_sequence_frame_name).size();
}

std::string sequence_in_use_text(std::size_t frames) {
  return "already holds " + std::to_string(frames) + (frames == 1 ? " frame" : " frames") +
         " (frame_*.png) of an earlier render";
}

OpenedSink open_frame_sink(const std::string& path, int width, int height, double fps,
                           const FrameSinkOptions& options) {
  const std::optional<VideoFormat> format = video_format_of(path);
  if (!format) return refused(path + ": not a video output (name it .mp4, .webm or .gif, or FOLDER/ for PNG frames)");
  if (width <= 0 || height <= 0 || width > 16384 || height > 16384) {
    return refused(path + ": the frame size " + std::to_string(width) + "x" + std::to_string(height) +
                   " is not between 1x1 and 16384x16384");
  }
  if (!(fps > 0.0) || !std::isfinite(fps) || fps > 1000.0) {
    return refused(path + ": the frame rate must be above 0 and at most 1000");
  }
  if (*format == VideoFormat::Mp4 && (width % 2 != 0 || height % 2 != 0)) {
    const int even_width = width + width % 2;
    const int even_height = height + height % 2;
    return refused(path + ": MP4 (H.264, yuv420p) needs an even width and height, not " + std::to_string(width) + "x" +
                   std::to_string(height) + " (use " + std::to_string(even_width) + "x" + std::to_string(even_height) +
                   ")");
  }
  if (!options.audio.empty()) {
    if (*format == VideoFormat::Gif || *format == VideoFormat::PngSequence) {
      return refused(path + ": --audio needs an .mp4 or .webm output; " + format_name(*format) + " has no sound track");
    }
    if (::access(options.audio.c_str(), R_OK) != 0) return refused(options.audio + ": cannot read the audio file");
    if (!(options.duration > 0.0)) return refused(path + ": --audio needs the video's duration");
  }
  if (*format == VideoFormat::PngSequence) return detail::open_png_sequence_sink(path, width, height, options);
  EncodeSettings settings;
  settings.width = width;
  settings.height = height;
  settings.fps = fps;
  settings.audio = options.audio;
  settings.duration = options.duration;
  settings.quality = options.quality;
  const bool program_named = !options.ffmpeg.empty() || options.search_path.has_value();
  const bool in_process = pipes_yuv420(*format) && settings.audio.empty();
  if (options.encoder == VideoEncoder::Library && (!in_process || program_named))
    return refused(path + ": FFmpeg's libraries encode only MP4 and WebM without audio here");
  if (options.encoder != VideoEncoder::Program && !program_named && in_process) {
    std::string why_not;
    if (std::optional<OpenedSink> opened = detail::open_libav_sink(path, *format, settings, options, why_not))
      return std::move(*opened);
    if (options.encoder == VideoEncoder::Library) return refused(path + ": FFmpeg's libraries: " + why_not);
  }
  return detail::open_ffmpeg_sink(path, *format, settings, options);
}

}  // namespace bvhscope::video
