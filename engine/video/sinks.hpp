// The frame sinks behind open_frame_sink (internal): arguments already checked.
#pragma once

#include "video/frame_sink.hpp"

namespace bvhscope::video::detail {

OpenedSink open_ffmpeg_sink(const std::string& path, VideoFormat format, const EncodeSettings& settings,
                            const FrameSinkOptions& options);
OpenedSink open_png_sequence_sink(const std::string& folder, int width, int height, const FrameSinkOptions& options);

}  // namespace bvhscope::video::detail
