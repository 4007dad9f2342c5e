// The keys pressed (or repeated) since the last frame, in order: GLFW's key callback pushes them
// and the frame's input handling takes them, so a tap shorter than a frame is not lost. Allocates
// nothing; keys beyond kSize in one frame are dropped.
#pragma once

#include <array>
#include <cstddef>
#include <span>

namespace bvhscope::viewer {

class KeyQueue {
 public:
  struct KeyPress {
    int key = 0;
    int mods = 0;
  };
  static constexpr std::size_t kSize = 32;

  void push(int key, int mods) noexcept;
  // The keys queued since the last take, oldest first; the queue is empty after it (the span stays
  // valid until the next push).
  std::span<const KeyPress> take() noexcept;

 private:
  std::array<KeyPress, kSize> keys_{};
  std::size_t count_ = 0;
};

}  // namespace bvhscope::viewer
