#include "viewer/key_trickle.hpp"

#include <algorithm>

namespace bvhscope::viewer {

const std::vector<InputEvent>& KeyTrickle::take_frame() {
  frame_.clear();
  pressed_.clear();
  while (!queue_.empty()) {
    const InputEvent& event = queue_.front();
    if (event.kind == InputEvent::Kind::Key) {
      const bool pressed_here = std::find(pressed_.begin(), pressed_.end(), event.key) != pressed_.end();
      if (event.action == kRelease && pressed_here) break;  // the release waits for the next frame
      if (event.action == kPress) pressed_.push_back(event.key);
    }
    frame_.push_back(event);
    queue_.pop_front();
  }
  return frame_;
}

}  // namespace bvhscope::viewer
