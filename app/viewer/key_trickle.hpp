// Key and character events held back so that Dear ImGui 1.86 sees every key press. ImGui 1.86
// reads keys as "held down at this frame", with the modifiers held at this frame: a press and its
// release within one frame would be lost, a modifier released in the frame of a press would strip
// the press of it (Ctrl+A arriving as A), and its text fields act on one key a frame. Events are
// released in order, a frame at a time: a frame holds releases first, then presses, and at most
// one press of a key that is not a modifier, which comes last of the presses.
#pragma once

#include <cstddef>
#include <deque>
#include <vector>

namespace bvhscope::viewer {

struct InputEvent {
  enum class Kind { Key, Char };
  Kind kind = Kind::Key;
  int key = 0;  // GLFW key code (Key)
  int scancode = 0;
  int action = 0;  // GLFW_PRESS, GLFW_RELEASE or GLFW_REPEAT (Key)
  int mods = 0;
  unsigned int codepoint = 0;  // (Char)
};

class KeyTrickle {
 public:
  static constexpr int kPress = 1;    // GLFW_PRESS
  static constexpr int kRelease = 0;  // GLFW_RELEASE
  static constexpr int kRepeat = 2;   // GLFW_REPEAT

  void push(const InputEvent& event) { queue_.push_back(event); }
  // The events for this frame, in order (cleared and refilled on each call).
  const std::vector<InputEvent>& take_frame();
  [[nodiscard]] bool pending() const noexcept { return !queue_.empty(); }

 private:
  std::deque<InputEvent> queue_;
  std::vector<InputEvent> frame_;
};

}  // namespace bvhscope::viewer
