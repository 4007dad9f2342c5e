// The frame-time plan of a video: which clip frame position (fractional: posed by interpolation)
// each output frame shows, at an output frame rate that may differ from the clip's. GL-free.
//
// A clip of N frames at rate R lasts N / R seconds (each frame is shown for 1 / R). Output frame k
// is the clip at time k / fps, for every k with k / fps < that duration: ceil(N * fps / R) frames.
// Its position is first + k * R / fps, clamped to the last frame of the range: the output frames
// that fall within the last clip frame's own interval hold that frame. So N frames at R rendered at
// R give exactly N frames (positions 0 .. N-1), 241 frames at 120 to 30 fps give 61 frames at
// 0, 4, ..., 240, and 25 frames at 25 to 60 fps give 60 frames at k * 25 / 60, the last two held at
// 24. The video lasts frame_count / fps: the clip's duration rounded up to whole output frames.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace bvhscope {

// Clip frames first..last, 0-based and inclusive (the `--frames A:B` of the command line).
struct ClipFrameRange {
  std::size_t first = 0;
  std::size_t last = 0;
};

struct VideoTiming {
  double fps = 0.0;             // output frames per second
  std::size_t frame_count = 0;  // output frames
  std::size_t first = 0;        // the range's first clip frame
  std::size_t last = 0;         // the range's last clip frame
  double step = 1.0;            // clip frames per output frame (clip rate / fps)
  double duration = 0.0;        // seconds: frame_count / fps

  // The clip frame position output frame k shows (k < frame_count): first + k * step, clamped to
  // `last`; within 1e-6 of a whole frame it is that frame exactly.
  [[nodiscard]] double position(std::size_t k) const noexcept;
};

// The default output rate: the clip's rate (1 / frame_time) capped at 60; a rate within 0.01 % of a
// whole number is that number (a file's "Frame Time: 0.0333333" is 30 fps).
[[nodiscard]] double default_video_fps(double frame_time) noexcept;

// The plan for a clip of `clip_frames` frames of `frame_time` seconds; `range` defaults to every
// frame, `fps` to default_video_fps(). nullopt with `error` set when the clip has no frames, the
// frame time or fps is not a positive finite number, or the range is outside the clip or reversed.
std::optional<VideoTiming> plan_video_timing(std::size_t clip_frames, double frame_time,
                                             std::optional<ClipFrameRange> range, std::optional<double> fps,
                                             std::string& error);

}  // namespace bvhscope
