// Mouse button events held back so that Dear ImGui 1.86 sees every click and times double-clicks
// by the events, not by its frames. ImGui 1.86 reads a button as "down at this frame": two clicks
// within one slow frame were one click (a double-click on a drag field to type it was lost), and
// it measures a double-click between the frames that saw the presses, so frames slower than its
// 0.3 s limit never made one. Here each frame takes at most one change of each button, in order,
// and a press comes with the time since that button's previous press (its event times).
#pragma once

#include <array>
#include <deque>
#include <optional>

namespace bvhscope::viewer {

class MouseTrickle {
 public:
  static constexpr int kButtons = 3;  // left, right, middle

  // A button's change as the window system sent it, at `seconds` (any steady clock).
  void push(int button, bool pressed, double seconds);

  struct Frame {
    std::array<bool, kButtons> down{};  // each button as this frame shows it
    // Set for a button pressed in this frame after an earlier press: seconds between the two
    // presses' events (unset after a press that already made a double-click, as ImGui does, so that
    // a third click is not a second double-click).
    std::array<std::optional<double>, kButtons> since_last_press{};
  };
  // This frame's share: the events up to the second change of any button.
  Frame take_frame(double double_click_seconds);
  [[nodiscard]] bool pending() const noexcept { return !events_.empty(); }
  // With nothing pending, a button's state as the window system has it now (an event that never
  // came, say a release outside the window, does not leave it held).
  void settle(int button, bool down) noexcept;

 private:
  struct Event {
    int button = 0;
    bool pressed = false;
    double seconds = 0.0;
  };
  std::deque<Event> events_;
  std::array<bool, kButtons> down_{};
  std::array<std::optional<double>, kButtons> last_press_{};
};

}  // namespace bvhscope::viewer
