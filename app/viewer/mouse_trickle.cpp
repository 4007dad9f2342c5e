#include "viewer/mouse_trickle.hpp"

namespace bvhscope::viewer {

void MouseTrickle::push(int button, bool pressed, double seconds) {
  if (button < 0 || button >= kButtons) return;
  events_.push_back(Event{button, pressed, seconds});
}

MouseTrickle::Frame MouseTrickle::take_frame(double double_click_seconds) {
  Frame frame;
  std::array<bool, kButtons> changed{};
  while (!events_.empty()) {
    const Event event = events_.front();
    const auto b = static_cast<std::size_t>(event.button);
    if (event.pressed == down_[b]) {  // no change (a repeat, or a release never pressed here)
      events_.pop_front();
      continue;
    }
    if (changed[b]) break;  // its next change waits for the next frame, as do the events after it
    events_.pop_front();
    changed[b] = true;
    down_[b] = event.pressed;
    if (!event.pressed) continue;
    if (last_press_[b]) {
      const double gap = event.seconds - *last_press_[b];
      frame.since_last_press[b] = gap;
      // A double-click made: the press after it starts afresh.
      last_press_[b] = gap < double_click_seconds ? std::nullopt : std::optional<double>(event.seconds);
    } else {
      last_press_[b] = event.seconds;
    }
  }
  frame.down = down_;
  return frame;
}

void MouseTrickle::settle(int button, bool down) noexcept {
  if (button < 0 || button >= kButtons || !events_.empty()) return;
  down_[static_cast<std::size_t>(button)] = down;
}

}  // namespace bvhscope::viewer
