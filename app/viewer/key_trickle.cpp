#include "viewer/key_trickle.hpp"

namespace bvhscope::viewer {
namespace {

// GLFW_KEY_LEFT_SHIFT .. GLFW_KEY_RIGHT_SUPER: the keys ImGui's backend reads as modifiers.
bool is_modifier(int key) { return key >= 340 && key <= 347; }

}  // namespace

const std::vector<InputEvent>& KeyTrickle::take_frame() {
  frame_.clear();
  bool pressed = false;      // a press in this frame: a release waits for the next
  bool key_pressed = false;  // a press of a key that is not a modifier: any other press waits
  while (!queue_.empty()) {
    const InputEvent& event = queue_.front();
    if (event.kind == InputEvent::Kind::Key) {
      if (event.action == kRelease && pressed) break;
      if (event.action == kPress) {
        if (key_pressed) break;
        pressed = true;
        key_pressed = !is_modifier(event.key);
      }
    }
    frame_.push_back(event);
    queue_.pop_front();
  }
  return frame_;
}

}  // namespace bvhscope::viewer
