// Motion: the frames × channels table of a clip, one contiguous frame-major float array; or, for
// formats that store joint positions without channels (joint arrays), the frames × joints × 3 table
// of those positions.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

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
  // A positions motion (position_joints > 0): no channels (channel_count 0, `values` empty, the
  // skeleton has none) but every joint's position, frame_count * position_joints * 3 floats in
  // `positions`, frame-major, x y z per joint in skeleton order, in the file's units and axes. Posing
  // reads them as they are (pose.hpp); the skeleton's offsets are only its rest pose.
  int position_joints = 0;
  FrameValues positions;
  // A positions motion read from an array whose joints are not in depth-first order: each joint's
  // index in the array it came from (array_joints[k]: the array's joint shown as joint k). Empty
  // otherwise (the skeleton's order is the file's).
  std::vector<int> array_joints;

  [[nodiscard]] bool holds_positions() const noexcept { return position_joints > 0; }
  // The positions of frame `index` of a positions motion: position_joints * 3 floats.
  [[nodiscard]] std::span<const float> joint_positions(std::size_t index) const noexcept {
    const auto row = static_cast<std::size_t>(position_joints) * 3;
    return {positions.data() + index * row, row};
  }

  [[nodiscard]] std::span<const float> frame(std::size_t index) const noexcept {
    return {values.data() + index * static_cast<std::size_t>(channel_count), static_cast<std::size_t>(channel_count)};
  }
  // The value of one channel in one frame.
  [[nodiscard]] float value(std::size_t index, int channel) const noexcept {
    return values[index * static_cast<std::size_t>(channel_count) + static_cast<std::size_t>(channel)];
  }
  [[nodiscard]] float& value(std::size_t index, int channel) noexcept {
    return values[index * static_cast<std::size_t>(channel_count) + static_cast<std::size_t>(channel)];
  }
  [[nodiscard]] double duration() const noexcept {
    return frame_count > 1 ? static_cast<double>(frame_count - 1) * frame_time : 0.0;
  }
};

}  // namespace bvhscope
