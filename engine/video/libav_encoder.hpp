// A video encoded in this process through FFmpeg's libraries (video/libav_library): 4:2:0 frames
// (video/yuv420, written into the encoder's own frame) into an MP4 (libx264) or a WebM
// (libvpx-vp9) with the settings the ffmpeg program gets for the same output (video_format's
// ffmpeg_arguments): the same preset, rate factor, threads and colour tags, an MP4's index moved
// to the front. No process to start, no pipe to copy every frame through.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "video/libav_library.hpp"
#include "video/video_format.hpp"
#include "video/yuv420.hpp"

namespace bvhscope::video {

class LibavEncoder {
 public:
  // The encoder and the muxer writing `path` (opened for writing, truncated; its header written).
  // nullptr with `error` ("this FFmpeg has no libx264 encoder", "cannot write PATH: ...").
  static std::unique_ptr<LibavEncoder> open(const LibavFunctions& av, const std::string& path, VideoFormat format,
                                            const EncodeSettings& settings, std::string& error);
  ~LibavEncoder();
  LibavEncoder(const LibavEncoder&) = delete;
  LibavEncoder& operator=(const LibavEncoder&) = delete;

  // The planes of the encoder's frame, to write the next frame into: they hold the frame before it
  // (none before the first), so that only what changed need be written. nullopt with `error`.
  std::optional<Yuv420Planes> frame_planes(std::string& error);
  // The frame written into frame_planes() encoded as frame `index` (from 0, in order), and what
  // the encoder handed back written. false with `error` (a full disk: "cannot write the video: No
  // space left on device"); then drop the encoder.
  bool encode_frame(std::int64_t index, std::string& error);
  // The encoder drained, the file's trailer written (an MP4's index moved to the front) and the
  // file closed. false with `error`.
  bool finish(std::string& error);

 private:
  explicit LibavEncoder(const LibavFunctions& av) : av_(av) {}
  bool write_packets(std::string& error);
  std::string failed(const std::string& what, int code) const;

  const LibavFunctions& av_;
  AVFormatContext* format_ = nullptr;
  AVCodecContext* codec_ = nullptr;
  AVStream* stream_ = nullptr;
  AVFrame* frame_ = nullptr;
  AVPacket* packet_ = nullptr;
  bool file_open_ = false;
};

}  // namespace bvhscope::video
