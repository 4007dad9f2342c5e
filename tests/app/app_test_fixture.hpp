// Shared set-up of the tests that drive the real viewer on the X display.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <utility>

#include "viewer_process.hpp"
#include "x11_client.hpp"

namespace bvhscope::test {

class ViewerAppTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // A missing display or tool fails rather than skips: a skipped GUI test would pass CI unseen.
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "no DISPLAY: run under xvfb-run (scripts/bvhscope-dev test does)";
    ASSERT_EQ(std::system("command -v xdotool > /dev/null"), 0)
        << "xdotool is not installed (scripts/bvhscope-dev setup)";
    x11_ = X11Client::open();
    ASSERT_TRUE(x11_) << "cannot open the X display";
  }

  // Waits for the viewer's window, gives it the keyboard and puts the pointer in the 3D view.
  unsigned long window_of(const ViewerProcess& app) {
    app.wait_for([&](const State&) { return x11_->find_window(app.pid()) != 0; }, "a mapped window");
    const unsigned long window = x11_->find_window(app.pid());
    EXPECT_NE(window, 0ul);
    xdotool("windowfocus --sync " + std::to_string(window));
    xdotool("mousemove --window " + std::to_string(window) + " 200 200");
    return window;
  }

  // The window's pixels once they stop changing (two grabs in a row alike) and, with `other`, differ
  // from it: the frame that shows the state the viewer last reported, without guessing how long a
  // frame takes to reach the X server. Fails the test if they never settle.
  WindowImage settled_grab(unsigned long window, const WindowImage* other = nullptr) {
    const auto deadline = std::chrono::steady_clock::now() + kStateDeadline;
    WindowImage last = x11_->grab(window);
    while (std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      WindowImage next = x11_->grab(window);
      const bool settled = next.width > 0 && next.rgb == last.rgb;
      if (settled && (other == nullptr || next.rgb != other->rgb)) return next;
      last = std::move(next);
    }
    ADD_FAILURE() << "the window's pixels never settled" << (other != nullptr ? " on a new image" : "");
    return last;
  }

  // Waits for `clip` loaded and active, for as long as the load keeps moving (wait_for_work).
  static State wait_loaded(const ViewerProcess& app, const std::string& clip) {
    return app.wait_for_work([&](const State& s) { return s.at("clip") == clip && s.at("loading") == "0"; },
                             "clip " + clip);
  }

  std::unique_ptr<X11Client> x11_;
};

// Pixels of `image` within `tolerance` of `colour` on every channel inside rectangle `r` (x, y,
// width, height in window pixels; its edge pixels left out).
template <typename Number>
int pixels_like(const WindowImage& image, const std::array<Number, 4>& r, std::array<int, 3> colour,
                int tolerance = 30) {
  int count = 0;
  for (int y = static_cast<int>(r[1]) + 1; y < static_cast<int>(r[1] + r[3]) - 1; ++y) {
    for (int x = static_cast<int>(r[0]) + 1; x < static_cast<int>(r[0] + r[2]) - 1; ++x) {
      const auto p = image.at(x, y);
      if (std::abs(p[0] - colour[0]) < tolerance && std::abs(p[1] - colour[1]) < tolerance &&
          std::abs(p[2] - colour[2]) < tolerance)
        ++count;
    }
  }
  return count;
}

// Field `index` (0-based) of a ';'-separated state value.
inline std::string field(const std::string& line, int index) {
  std::size_t start = 0;
  for (int i = 0; i < index; ++i) start = line.find(';', start) + 1;
  return line.substr(start, line.find(';', start) - start);
}

// A two-joint clip of `frames` frames at 25 fps whose root walks along x.
inline std::string walking_clip(int frames) {
  std::string text =
      "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\nJOINT Head\n{\nOFFSET 0 10 0\n"
      "End Site\n{\nOFFSET 0 5 0\n}\n}\n}\nMOTION\nFrames: " +
      std::to_string(frames) + "\nFrame Time: 0.04\n";
  for (int f = 0; f < frames; ++f) text += std::to_string(f * 0.2) + " 0 0\n";
  return text;
}

}  // namespace bvhscope::test
