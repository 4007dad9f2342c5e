// Motion: the frames × channels table of a clip, one contiguous frame-major float array.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace bvhscope {

// Frame time used for playback when a file says "Frame Time: 0" (30 frames per second).
inline constexpr double kDefaultFrameTime = 1.0 / 30.0;
// Frame times the timeline plays as written (seconds); others play at kDefaultFrameTime with a warning.
inline constexpr double kMinFrameTime = 1e-6;
inline constexpr double kMaxFrameTime = 3600.0;

// An allocator whose resize leaves new elements uninitialised: a table sized for the rows a file
// could hold costs memory only for the rows written into it (untouched pages are never mapped).
template <class T>
struct UninitialisedAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitialisedAllocator<U>;
  };
  UninitialisedAllocator() noexcept = default;
  template <class U>
  UninitialisedAllocator(const UninitialisedAllocator<U>& /*other*/) noexcept {}  // NOLINT(google-explicit-constructor)
  template <class U>
  void construct(U* place) noexcept {
    ::new (static_cast<void*>(place)) U;
  }
  template <class U, class... Args>
  void construct(U* place, Args&&... args) {
    ::new (static_cast<void*>(place)) U(std::forward<Args>(args)...);
  }
};

// The values of a motion table, frame-major.
using FrameValues = std::vector<float, UninitialisedAllocator<float>>;

struct Motion {
  std::size_t frame_count = 0;
  int channel_count = 0;
  double frame_time = kDefaultFrameTime;  // seconds per frame as written in the file (> 0 after loading)
  FrameValues values;                     // frame_count * channel_count, frame-major

  [[nodiscard]] std::span<const float> frame(std::size_t index) const noexcept {
    return {values.data() + index * static_cast<std::size_t>(channel_count), static_cast<std::size_t>(channel_count)};
  }
  [[nodiscard]] double duration() const noexcept {
    return frame_count > 1 ? static_cast<double>(frame_count - 1) * frame_time : 0.0;
  }
};

}  // namespace bvhscope
