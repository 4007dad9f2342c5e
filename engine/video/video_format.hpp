// What `render -o OUT` writes, by OUT's name, and the ffmpeg command line for each video kind.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::video {

enum class VideoFormat {
  Mp4,          // .mp4: H.264 (libx264), yuv420p, faststart; AAC audio
  WebM,         // .webm: VP9 (libvpx-vp9), yuv420p; Opus audio
  Gif,          // .gif: palette made from the whole video, looping
  PngSequence,  // a path ending in '/': DIR/frame_00000.png ..., no ffmpeg
};

// The kind of video OUT names (extension compared without case); nullopt for anything else (such
// as a single .png).
std::optional<VideoFormat> video_format_of(std::string_view path);
[[nodiscard]] const char* format_name(VideoFormat format) noexcept;

// How hard the encoder works (`render --quality`), measured on a 10 s 480x480 clip (bench/README.md
// has the figures): preview takes about 0.6x normal's encoder time for about 3x its MP4 size; best
// (a lower CRF, a slower preset) about 3x normal's time for about 1.3x its size, closer to what was
// drawn. A PNG sequence and a GIF (its palette made from the whole video) are the same at every
// quality.
enum class VideoQuality { Preview, Normal, Best };
std::optional<VideoQuality> parse_video_quality(std::string_view text) noexcept;

struct EncodeSettings {
  int width = 0;
  int height = 0;
  double fps = 30.0;
  std::string audio;      // a sound file muxed from frame 0; empty: none
  double duration = 0.0;  // the video's seconds: the audio is padded with silence or cut to it
  VideoQuality quality = VideoQuality::Normal;
};

// Whether frames reach ffmpeg as planar 4:2:0 (video/yuv420: BT.709, limited range, converted on
// our side) rather than RGBA: MP4 and WebM, whose encoders take yuv420p. A GIF's palette is made
// from RGBA.
[[nodiscard]] bool pipes_yuv420(VideoFormat format) noexcept;

// ffmpeg's arguments (after the program name): raw frames of the given size and rate from stdin
// (yuv420p when pipes_yuv420, else RGBA), encoded into `output` with the muxer named explicitly
// (`-f`), whatever its name; a 4:2:0 video tagged BT.709 limited range, as it was converted.
std::vector<std::string> ffmpeg_arguments(VideoFormat format, const EncodeSettings& settings,
                                          const std::string& output);

// An ffmpeg rate: "30", "29.97", "23.976023" (enough digits; ffmpeg makes it a fraction).
std::string fps_text(double fps);

}  // namespace bvhscope::video
