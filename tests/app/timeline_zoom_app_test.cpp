// The timeline zoomed and panned in the real viewer (the wheel over the lanes zooms about the frame
// under the mouse, Shift+wheel and a right drag pan, a double-click on the ruler shows everything),
// and what clips shorter than the timeline show after their end (clip_end: hold, loop, hide).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <sstream>
#include <thread>
#include <vector>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

std::string move_to(unsigned long window, float x, float y) {
  return "mousemove --window " + std::to_string(window) + " " + std::to_string(static_cast<int>(std::lround(x))) + " " +
         std::to_string(static_cast<int>(std::lround(y)));
}

// "first,last" of timeline_view.
std::pair<double, double> view_of(const State& s) {
  const std::string& text = s.at("timeline_view");
  const std::size_t comma = text.find(',');
  return {std::stod(text.substr(0, comma)), std::stod(text.substr(comma + 1))};
}

// The last field of a clip_N line: shown at this frame's time.
bool clip_shown(const State& s, const std::string& key) {
  const std::string& line = s.at(key);
  return line.substr(line.rfind(';') + 1) == "1";
}

bool near(double a, double b, double tolerance) { return std::abs(a - b) <= tolerance; }
bool near(float a, double b, double tolerance) { return near(static_cast<double>(a), b, tolerance); }

// Polls the state until `predicate` holds or hang_bound(`seconds`) passes; no failure (the caller retries).
bool poll_until(const ViewerProcess& app, const std::function<bool(const State&)>& predicate, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + hang_bound(std::chrono::duration<double>(seconds));
  while (std::chrono::steady_clock::now() < deadline) {
    const State s = app.state();
    if (!s.empty() && predicate(s)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

class TimelineZoomTest : public ViewerAppTest {};

TEST_F(TimelineZoomTest, WheelZoomsAboutTheMouseLanesFollowPanAndDoubleClickShowsAll) {
  TempDir dir;
  const auto long_clip = dir.write("long.bvh", walking_clip(101));
  const auto short_clip = dir.write("short.bvh", walking_clip(21));
  ViewerProcess app({long_clip.string(), short_clip.string()});
  app.wait_for_work([](const State& s) { return s.at("clips") == "2" && s.at("loading") == "0"; }, "two clips");
  const unsigned long window = window_of(app);
  xdotool("key space");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  xdotool("key Home");  // the playhead out of the way of the views below (they never page to it)
  State state =
      app.wait_for([](const State& s) { return s.at("frame") == "0" && s.count("lane_2") > 0; }, "at frame 0");
  EXPECT_EQ(state.at("timeline_view"), "0,100");
  // Unzoomed, the long clip's lane spans the track: frame 0 at x0, frame 100 at x1.
  const auto lane1 = as_rect(state, "lane_1");
  const auto lane2 = as_rect(state, "lane_2");
  const double x0 = static_cast<double>(lane1[0]);
  const double x1 = static_cast<double>(lane1[0] + lane1[2]);
  ASSERT_GT(x1 - x0, 300.0);

  // Three wheel notches up over the lanes, 30% across: the view narrows to 100 / 1.25^3 frames
  // with the frame under the mouse (30) kept under it.
  const float mouse_x = static_cast<float>(x0 + 0.3 * (x1 - x0));
  const double fraction = (std::round(static_cast<double>(mouse_x)) - x0) / (x1 - x0);
  const double span = 100.0 / (1.25 * 1.25 * 1.25);
  ASSERT_TRUE(xdotool(move_to(window, mouse_x, lane2[1] + lane2[3] * 0.5f)));
  xdotool("click 4 click 4 click 4");
  state = app.wait_for(
      [&](const State& s) {
        const auto [first, last] = view_of(s);
        return near(last - first, span, 1e-6);
      },
      "three wheel notches zooming in");
  auto [first, last] = view_of(state);
  EXPECT_NEAR(first, fraction * (100.0 - span), 1e-3) << state.at("timeline_view");
  EXPECT_NEAR(first + fraction * span, fraction * 100.0, 1e-3);

  // The lanes are drawn through the view (a frame after it changed): frame f at x0 + (f - first) ×
  // pixels per frame.
  const double pixels_per_frame = (x1 - x0) / span;
  const auto lanes_follow = [&](const State& s) {
    const auto [f, l] = view_of(s);
    const auto a = as_rect(s, "lane_1");
    const auto b = as_rect(s, "lane_2");
    return near(a[0], x0 - f * pixels_per_frame, 1.0) && near(a[2], 100.0 * pixels_per_frame, 1.0) &&
           near(b[0], x0 - f * pixels_per_frame, 1.0) && near(b[2], 20.0 * pixels_per_frame, 1.0);
  };
  state = app.wait_for(lanes_follow, "the lanes mapped through the zoomed view");

  // Shift+wheel down pans a tenth of the view towards later frames. Shift is held first, and a step
  // (Right) made while it is held shows that the viewer has seen it before the wheel comes.
  const double before_pan = first;
  ASSERT_TRUE(xdotool("keydown shift"));
  xdotool("key Right");
  app.wait_for([](const State& s) { return s.at("frame") != "0"; }, "a step with Shift held");
  xdotool("click 5");
  state = app.wait_for([&](const State& s) { return view_of(s).first > before_pan + 1e-6; }, "Shift+wheel panning");
  xdotool("keyup shift");
  std::tie(first, last) = view_of(state);
  EXPECT_NEAR(first, before_pan + span * 0.1, 1e-6) << state.at("timeline_view");
  EXPECT_NEAR(last - first, span, 1e-6);
  app.wait_for(lanes_follow, "the lanes mapped through the panned view");

  // A right drag 120 pixels to the left pans 120 pixels' worth of frames towards later ones.
  const double before_drag = first;
  const float y = lane2[1] + lane2[3] * 0.5f;
  ASSERT_TRUE(xdotool(move_to(window, mouse_x, y)));
  ASSERT_TRUE(xdotool("mousedown 3"));
  app.wait_for([](const State& s) { return s.at("ui_active") == "1"; }, "the pan drag held");
  for (int step = 1; step <= 6; ++step) {
    ASSERT_TRUE(xdotool(move_to(window, mouse_x - 20.0f * static_cast<float>(step), y)));
  }
  ASSERT_TRUE(xdotool("mouseup 3"));
  state = app.wait_for(
      [&](const State& s) {
        return s.at("ui_active") == "0" && near(view_of(s).first, before_drag + 120.0 / pixels_per_frame, 1e-3);
      },
      "the right drag panned 120 pixels");
  EXPECT_NEAR(view_of(state).second - view_of(state).first, span, 1e-6);
  app.wait_for(lanes_follow, "the lanes mapped through the dragged view");

  // A double-click on the ruler (between the transport row and the lanes) shows everything again.
  // The two presses may fall into one frame of a slow machine (one click seen): retried until the
  // view is whole.
  const auto timeline = as_rect(state, "timeline");
  // (The ruler starts under the panel's padding (10), the transport row (21) and a spacing (6), and
  // ends a spacing and the lane's inset above the first lane.)
  const float ruler_y = (timeline[1] + 10.0f + 21.0f + 6.0f + lane1[1] - 10.0f) * 0.5f;
  ASSERT_TRUE(xdotool(move_to(window, mouse_x, ruler_y)));
  bool whole = false;
  for (int attempt = 0; attempt < 10 && !whole; ++attempt) {
    xdotool("click --repeat 2 --delay 150 1");
    whole = poll_until(
        app, [](const State& s) { return s.at("timeline_view") == "0,100"; }, 5.0);
  }
  EXPECT_TRUE(whole) << app.state().at("timeline_view");
  state = app.wait_for([&](const State& s) { return near(as_rect(s, "lane_1")[0], x0, 0.5); }, "the lanes unzoomed");
  EXPECT_NEAR(as_rect(state, "lane_1")[2], lane1[2], 0.5);
}

// Clips that hide outside their frames: the short (active) clip is on screen at frame 0 and gone
// at the timeline's last frame (state, pixels and its lane: nothing after its end).
TEST_F(TimelineZoomTest, HiddenClipsAreNotDrawnPastTheirEnd) {
  TempDir dir;
  const auto long_clip = dir.write("long.bvh", walking_clip(61));
  const auto short_clip = dir.write("short.bvh", walking_clip(21));
  ViewerProcess app({long_clip.string(), short_clip.string()}, "clip_end=hide\n");
  app.wait_for_work([](const State& s) { return s.at("clips") == "2" && s.at("loading") == "0"; }, "two clips");
  const unsigned long window = window_of(app);
  xdotool("key space");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  EXPECT_EQ(app.state().at("clip_end"), "hide");
  xdotool("key Home");
  State state = app.wait_for(
      [](const State& s) { return s.at("frame") == "0" && clip_shown(s, "clip_1") && clip_shown(s, "clip_2"); },
      "frame 0, both shown");
  // The short clip's figure: the middle of its bone is in its colour (green).
  const auto bone_middle = [](const State& s) {
    const auto joints = joint_pixels(s, "clip1_joint_pixels");
    return std::pair<int, int>{(joints[0].first + joints[1].first) / 2, (joints[0].second + joints[1].second) / 2};
  };
  const auto green = [](const std::array<int, 3>& rgb) { return rgb[1] > rgb[0] + 25 && rgb[1] > rgb[2] + 25; };
  auto [bx, by] = bone_middle(state);
  WindowImage image = x11_->grab(window);
  auto pixel = image.at(bx, by);
  EXPECT_TRUE(green(pixel)) << pixel[0] << ',' << pixel[1] << ',' << pixel[2];

  // At the last frame (60) the short clip (frames 0-20) has ended: hidden, the long one shown.
  xdotool("key End");
  state = app.wait_for([](const State& s) { return s.at("frame") == "60" && !clip_shown(s, "clip_2"); },
                       "the last frame, the short clip hidden");
  EXPECT_TRUE(clip_shown(state, "clip_1"));
  std::tie(bx, by) = bone_middle(state);
  // Drawn a frame after the state changed: wait for its pixels to go.
  bool gone = false;
  const auto deadline = std::chrono::steady_clock::now() + kStateDeadline;
  while (!gone && std::chrono::steady_clock::now() < deadline) {
    image = x11_->grab(window);
    pixel = image.at(bx, by);
    gone = !green(pixel);
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_TRUE(gone) << pixel[0] << ',' << pixel[1] << ',' << pixel[2];
  // Its lane shows nothing after its end (no hold line): the lane's background, neutral grey.
  const auto lane2 = as_rect(state, "lane_2");
  const auto after =
      image.at(static_cast<int>(lane2[0] + lane2[2] * 1.6f), static_cast<int>(lane2[1] + lane2[3] * 0.5f));
  EXPECT_LT(std::abs(after[1] - after[0]), 12) << after[0] << ',' << after[1] << ',' << after[2];
  // Back to a frame inside it: shown again.
  xdotool("key Home");
  app.wait_for([](const State& s) { return s.at("frame") == "0" && clip_shown(s, "clip_2"); }, "shown again");
}

// Clips that loop: at the timeline's frame 60 the 21-frame clip plays its frame 60 mod 21 = 18, its
// lane shows faint repeats, and the choice is saved.
TEST_F(TimelineZoomTest, LoopingClipsPlayAgainAndTheChoiceIsSaved) {
  TempDir dir;
  const auto long_clip = dir.write("long.bvh", walking_clip(61));
  const auto short_clip = dir.write("short.bvh", walking_clip(21));
  ViewerProcess app({long_clip.string(), short_clip.string()}, "clip_end=loop\n");
  app.wait_for_work([](const State& s) { return s.at("clips") == "2" && s.at("loading") == "0"; }, "two clips");
  const unsigned long window = window_of(app);
  xdotool("key space");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  xdotool("key End");
  State state = app.wait_for([](const State& s) { return s.at("frame") == "60"; }, "the last frame");
  EXPECT_EQ(state.at("clip_end"), "loop");
  EXPECT_EQ(state.at("clip_frame"), "18");  // the short clip is the active one
  EXPECT_TRUE(clip_shown(state, "clip_2"));
  // Its first repeat (clock frames 21 to 41) is drawn faintly in its colour.
  const auto lane1 = as_rect(state, "lane_1");
  const auto lane2 = as_rect(state, "lane_2");
  const float pixels_per_frame = lane1[2] / 60.0f;
  const WindowImage image = x11_->grab(window);
  const auto repeat =
      image.at(static_cast<int>(lane2[0] + 31.0f * pixels_per_frame), static_cast<int>(lane2[1] + lane2[3] * 0.5f));
  EXPECT_GT(repeat[1], repeat[0] + 10) << repeat[0] << ',' << repeat[1] << ',' << repeat[2];
  EXPECT_EQ(app.quit_with_keys(), 0);
  EXPECT_NE(read_file(app.config_dir() / "settings.ini").find("\nclip_end=loop\n"), std::string::npos);
}

}  // namespace
}  // namespace bvhscope::test
