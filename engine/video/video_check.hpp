// Before a video is renamed over its target: did ffmpeg really write all of it? ffmpeg 5.1 exits 0
// after "Error writing trailer ...: No space left on device", leaving a file with no index. Its
// stderr is searched for such write errors, and the file's container is walked: an MP4's top-level
// boxes must tile the file and include 'moov', a WebM must be an EBML header then a Segment whose
// size was written and reaches the end, a GIF's blocks must end in its trailer (0x3B) at the last byte.
#pragma once

#include <optional>
#include <string>

#include "video/video_format.hpp"

namespace bvhscope::video {

// The line of ffmpeg's stderr that tells of a failed write ("Error writing trailer of F: No space
// left on device"); nullopt when there is none.
std::optional<std::string> ffmpeg_write_error(const std::string& ffmpeg_stderr);

// Why the file at `path` is not a whole video of `format` ("the file ends inside its 'mdat' box");
// nullopt when it is. A PNG sequence is not checked here.
std::optional<std::string> check_video_file(const std::string& path, VideoFormat format);

}  // namespace bvhscope::video
