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

std::optional<VideoQuality> parse_video_quality(std::string_view text) noexcept {
  if (text == "preview") return VideoQuality::Preview;
  if (text == "normal") return VideoQuality::Normal;
  if (text == "best") return VideoQuality::Best;
  return std::nullopt;
}

bool pipes_yuv420(VideoFormat format) noexcept { return format == VideoFormat::Mp4 || format == VideoFormat::WebM; }

std::vector<std::string> ffmpeg_arguments(VideoFormat format, const EncodeSettings& settings,
                                          const std::string& output) {
  std::vector<std::string> args = {"-hide_banner",
                                   "-nostdin",
                                   "-loglevel",
                                   "error",
                                   "-f",
                                   "rawvideo",
                                   "-pixel_format",
                                   pipes_yuv420(format) ? "yuv420p" : "rgba",
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
  if (pipes_yuv420(format)) {
    args.insert(args.end(),
                {"-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"});
  }
  switch (format) {
    case VideoFormat::Mp4: {
      // x264: ultrafast drops CABAC and most of the search; slow searches far more for fewer bits.
      const bool preview = settings.quality == VideoQuality::Preview;
      const bool best = settings.quality == VideoQuality::Best;
      args.insert(args.end(), {"-c:v", "libx264", "-preset",
                               preview ? "ultrafast"
                               : best  ? "slow"
                                       : "veryfast",
                               "-crf",
                               preview ? "23"
                               : best  ? "18"
                                       : "20",
                               "-pix_fmt", "yuv420p", "-movflags", "+faststart"});
      if (audio) args.insert(args.end(), {"-c:a", "aac", "-b:a", "192k"});
      args.insert(args.end(), {"-f", "mp4"});
      break;
    }
    case VideoFormat::WebM:
      // libvpx: the realtime deadline at its fastest speed, or (best) the good deadline at speed 2.
      if (settings.quality == VideoQuality::Best) {
        args.insert(args.end(), {"-c:v", "libvpx-vp9", "-deadline", "good", "-cpu-used", "2", "-row-mt", "1", "-b:v",
                                 "0", "-crf", "30", "-pix_fmt", "yuv420p"});
      } else {
        args.insert(args.end(),
                    {"-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-b:v", "0",
                     "-crf", settings.quality == VideoQuality::Preview ? "36" : "32", "-pix_fmt", "yuv420p"});
      }
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
