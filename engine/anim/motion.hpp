// Motion: the frames × channels table of a clip, one contiguous frame-major float array.
#pragma once

#include <cstddef>
#include <span>

#include "anim/frame_values.hpp"

namespace bvhscope {

// Frame time used for playback when a file says "Frame Time: 0" (30 frames per second).
inline constexpr double kDefaultFrameTime = 1.0 / 30.0;
// Frame times the timeline plays as written (seconds); others play at kDefaultFrameTime with a warning.
inline constexpr double kMinFrameTime = 1e-6;
inline constexpr double kMaxFrameTime = 3600.0;

struct Motion {
  std::size_t frame_count = 0;
  int channel_count = 0;
  double frame_time = kDefaultFrameTime;  // seconds per frame as written in the file (> 0 after loading)
  FrameValues values;                     // frame_count * channel_count, frame-major (frame_values.hpp)

  [[nodiscard]] std::span<const float> frame(std::size_t index) const noexcept {
    return {values.data() + index * static_cast<std::size_t>(channel_count), static_cast<std::size_t>(channel_count)};
  }
  [[nodiscard]] double duration() const noexcept {
    return frame_count > 1 ? static_cast<double>(frame_count - 1) * frame_time : 0.0;
  }
};

}  // namespace bvhscope
