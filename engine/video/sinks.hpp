// The frame sinks behind open_frame_sink (internal): arguments already checked.
#pragma once

#include <optional>

#include "video/frame_sink.hpp"

namespace bvhscope::video::detail {

OpenedSink open_ffmpeg_sink(const std::string& path, VideoFormat format, const EncodeSettings& settings,
                            const FrameSinkOptions& options);
// The in-process encoder's sink (MP4 or WebM, no audio); nullopt with `why_not` when FFmpeg's
// libraries cannot be loaded (the ffmpeg program's sink then).
std::optional<OpenedSink> open_libav_sink(const std::string& path, VideoFormat format, const EncodeSettings& settings,
                                          const FrameSinkOptions& options, std::string& why_not);
OpenedSink open_png_sequence_sink(const std::string& folder, int width, int height, const FrameSinkOptions& options);

}  // namespace bvhscope::video::detail
