#include "video/video_format.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace bvhscope::video {
namespace {

bool ends_with_ignoring_case(std::string_view text, std::string_view suffix) {
  if (text.size() < suffix.size()) return false;
  return std::equal(suffix.begin(), suffix.end(), text.end() - static_cast<std::ptrdiff_t>(suffix.size()),
                    [](char a, char b) {
                      return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
                    });
}

std::string number_text(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6f", value);
  std::string result = text;
  while (result.back() == '0') result.pop_back();
  if (result.back() == '.') result.pop_back();
  return result;
}

}  // namespace

std::optional<VideoFormat> video_format_of(std::string_view path) {
  if (!path.empty() && path.back() == '/') return VideoFormat::PngSequence;
  if (ends_with_ignoring_case(path, ".mp4")) return VideoFormat::Mp4;
  if (ends_with_ignoring_case(path, ".webm")) return VideoFormat::WebM;
  if (ends_with_ignoring_case(path, ".gif")) return VideoFormat::Gif;
  return std::nullopt;
}

const char* format_name(VideoFormat format) noexcept {
  switch (format) {
    case VideoFormat::Mp4:
      return "MP4";
    case VideoFormat::WebM:
      return "WebM";
    case VideoFormat::Gif:
      return "GIF";
    case VideoFormat::PngSequence:
      return "a PNG sequence";
  }
  return "?";
}

std::string fps_text(double fps) { return number_text(fps); }

std::vector<std::string> ffmpeg_arguments(VideoFormat format, const EncodeSettings& settings,
                                          const std::string& output) {
  std::vector<std::string> args = {"-hide_banner",
                                   "-nostdin",
                                   "-loglevel",
                                   "error",
                                   "-f",
                                   "rawvideo",
                                   "-pixel_format",
                                   "rgba",
                                   "-video_size",
                                   std::to_string(settings.width) + "x" + std::to_string(settings.height),
                                   "-framerate",
                                   fps_text(settings.fps),
                                   "-i",
                                   "pipe:0"};
  const bool audio = !settings.audio.empty() && format != VideoFormat::Gif;
  if (audio) {
    args.insert(args.end(), {"-i", "file:" + settings.audio, "-map", "0:v:0", "-map", "1:a:0", "-af", "apad", "-t",
                             number_text(settings.duration)});
  }
  switch (format) {
    case VideoFormat::Mp4:
      args.insert(args.end(), {"-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                               "-movflags", "+faststart"});
      if (audio) args.insert(args.end(), {"-c:a", "aac", "-b:a", "192k"});
      args.insert(args.end(), {"-f", "mp4"});
      break;
    case VideoFormat::WebM:
      args.insert(args.end(), {"-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-b:v",
                               "0", "-crf", "32", "-pix_fmt", "yuv420p"});
      if (audio) args.insert(args.end(), {"-c:a", "libopus", "-b:a", "128k"});
      args.insert(args.end(), {"-f", "webm"});
      break;
    case VideoFormat::Gif:
      args.insert(args.end(),
                  {"-filter_complex", "[0:v]split[a][b];[a]palettegen[p];[b][p]paletteuse", "-loop", "0", "-f", "gif"});
      break;
    case VideoFormat::PngSequence:
      break;
  }
  args.insert(args.end(), {"-y", "file:" + output});  // file: so that a name with a colon is a file
  return args;
}

}  // namespace bvhscope::video
