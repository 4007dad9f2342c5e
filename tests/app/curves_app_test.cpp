// The curves strip and the frame loop in the real viewer (issue 17): the read-out under the mouse
// gives the frame and the file's values, a legend click hides its channel (its colour leaves the
// plot), and the paused viewer sleeps (under 1 % of a core over 5 s) while playing still advances.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

// Hips (three position channels) and a head; frame f: X = (f mod 20) × 0.5, Y = (f mod 8) × 0.25,
// Z = -(f mod 5), all exact in binary. 200 frames at 25 fps.
std::string known_clip() {
  std::string text =
      "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\nJOINT Head\n{\nOFFSET 0 10 0\n"
      "End Site\n{\nOFFSET 0 5 0\n}\n}\n}\nMOTION\nFrames: 200\nFrame Time: 0.04\n";
  for (int f = 0; f < 200; ++f) {
    char row[64];
    std::snprintf(row, sizeof(row), "%g %g %d\n", (f % 20) * 0.5, (f % 8) * 0.25, -(f % 5));
    text += row;
  }
  return text;
}

// "x,y,w,h;low,high;off_scale;hover" of a curves_<plot> line, split.
std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, ';')) out.push_back(field);
  while (out.size() < 4) out.emplace_back();
  return out;
}

std::array<double, 4> rect_of(const std::string& text) {
  std::array<double, 4> r{};
  std::sscanf(text.c_str(), "%lf,%lf,%lf,%lf", &r[0], &r[1], &r[2], &r[3]);
  return r;
}

// The rectangle of legend entry `name` in a curves_<plot>_legend line.
std::array<double, 4> legend_rect(const State& s, const std::string& key, const std::string& name) {
  const std::string& line = s.at(key);
  const std::size_t at = line.find(name + ':');
  if (at == std::string::npos) return {};
  return rect_of(line.substr(at + name.size() + 1));
}

std::string move_to(unsigned long window, double x, double y) {
  return "mousemove --window " + std::to_string(window) + " " + std::to_string(std::lround(x)) + " " +
         std::to_string(std::lround(y));
}

class CurvesApp : public ViewerAppTest {
 protected:
  // The known clip loaded, paused at frame 0, Hips selected (clicked in the view): the strip shows.
  State select_hips(const ViewerProcess& app, unsigned long window) {
    xdotool("key space");
    app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
    xdotool("key Home");
    const State at_zero = app.wait_for([](const State& s) { return s.at("frame") == "0"; }, "frame 0");
    const auto [x, y] = joint_pixels(at_zero)[0];
    EXPECT_TRUE(xdotool(move_to(window, x, y) + " sleep 0.1 click 1"));
    return app.wait_for([](const State& s) { return s.at("selected") == "0" && s.count("curves_position") > 0; },
                        "Hips selected, its curves shown");
  }
};

TEST_F(CurvesApp, HoverReadsTheFramesValuesAndALegendClickHidesItsChannel) {
  TempDir dir;
  const auto path = dir.write("known.bvh", known_clip());
  ViewerProcess app({path.string()});
  wait_loaded(app, path.string());
  const unsigned long window = window_of(app);
  State state = select_hips(app, window);
  const auto plot = rect_of(fields(state.at("curves_position"))[0]);
  ASSERT_GT(plot[2], 100.0) << state.at("curves_position");
  EXPECT_EQ(state.at("timeline_view"), "0,199");

  // Frame 123 under the mouse: X = 3 × 0.5, Y = 3 × 0.25, Z = -3.
  const double x = plot[0] + 123.0 / 199.0 * plot[2];
  ASSERT_TRUE(xdotool(move_to(window, x, plot[1] + plot[3] * 0.5)));
  state = app.wait_for([](const State& s) { return !fields(s.at("curves_position"))[3].empty(); }, "a read-out");
  EXPECT_EQ(fields(state.at("curves_position"))[3], "frame=123,Xposition=1.5,Yposition=0.75,Zposition=-3");
  EXPECT_EQ(state.at("curves_hidden"), "");

  // X's colour (the red of kAxisColors) is in the plot; after a click on its legend entry it is not.
  const std::array<int, 3> red = {235, 98, 92};
  ASSERT_TRUE(xdotool(move_to(window, 5, 300)));  // no hairline, no tooltip
  app.wait_for([](const State& s) { return fields(s.at("curves_position"))[3].empty(); }, "no read-out");
  EXPECT_GT(pixels_like(x11_->grab(window), plot, red), 30);
  const auto entry = legend_rect(state, "curves_position_legend", "Xposition");
  ASSERT_GT(entry[2], 0.0) << state.at("curves_position_legend");
  ASSERT_TRUE(xdotool(move_to(window, entry[0] + entry[2] * 0.5, entry[1] + entry[3] * 0.5) + " sleep 0.1 click 1"));
  app.wait_for([](const State& s) { return s.at("curves_hidden") == "Xposition"; }, "Xposition hidden");
  ASSERT_TRUE(xdotool(move_to(window, 5, 300)));
  state = app.wait_for([](const State& s) { return fields(s.at("curves_position"))[3].empty(); }, "no read-out");
  // The frame that reported the change may not be on screen yet: the next grab that shows it.
  int red_left = -1;
  const auto deadline = std::chrono::steady_clock::now() + kStateDeadline;
  while (red_left != 0 && std::chrono::steady_clock::now() < deadline) {
    red_left = pixels_like(x11_->grab(window), plot, red);
    if (red_left != 0) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(red_left, 0);
  // The read-out lists the shown channels only.
  ASSERT_TRUE(xdotool(move_to(window, x, plot[1] + plot[3] * 0.5)));
  state = app.wait_for([](const State& s) { return !fields(s.at("curves_position"))[3].empty(); }, "a read-out");
  EXPECT_EQ(fields(state.at("curves_position"))[3], "frame=123,Yposition=0.75,Zposition=-3");

  // A wheel notch over the plot zooms the timeline's view (shared with the timeline) about the
  // frame under the mouse; the plot follows it: frame 123 is still under the mouse.
  xdotool("click 4");
  state = app.wait_for([](const State& s) { return s.at("timeline_view") != "0,199"; }, "the wheel zooming in");
  const std::string& view = state.at("timeline_view");
  const double first = std::stod(view.substr(0, view.find(',')));
  const double last = std::stod(view.substr(view.find(',') + 1));
  EXPECT_NEAR(last - first, 199.0 / 1.25, 1e-6) << view;
  EXPECT_NEAR(first + (std::round(x) - plot[0]) / plot[2] * (last - first), 123.0, 0.5) << view;
  state = app.wait_for(
      [&](const State& s) {
        return fields(s.at("curves_position"))[3].rfind("frame=", 0) == 0 && s.at("timeline_view") == view;
      },
      "a read-out in the zoomed plot");
  EXPECT_EQ(fields(state.at("curves_position"))[3], "frame=123,Yposition=0.75,Zposition=-3");
}

TEST_F(CurvesApp, ThePausedViewerSleepsAndPlayingAdvances) {
  TempDir dir;
  const auto path = dir.write("known.bvh", known_clip());
  ViewerProcess app({path.string()});
  wait_loaded(app, path.string());
  const unsigned long window = window_of(app);
  select_hips(app, window);  // the curves strip drawn too
  ASSERT_TRUE(xdotool(move_to(window, 5, 5)));
  app.wait_for([](const State& s) { return s.at("idle") == "1"; }, "idle");
  // Once the last events (the click, the move) have had their few frames, a paused viewer draws
  // none: the count of frames drawn stops. One that kept drawing (or woke to draw) would never
  // hold it for kQuiet; however slow the machine, a sleeping one does.
  constexpr auto kQuiet = std::chrono::seconds(3);
  std::string drawn = app.state().at("frames_drawn");
  auto unchanged_since = std::chrono::steady_clock::now();
  app.wait_for(
      [&](const State& s) {
        if (s.at("frames_drawn") != drawn) {
          drawn = s.at("frames_drawn");
          unchanged_since = std::chrono::steady_clock::now();
        }
        return std::chrono::steady_clock::now() - unchanged_since >= kQuiet;
      },
      "no frame drawn for 3 s while paused");
  EXPECT_EQ(app.state().at("idle"), "1");

  xdotool("key space");
  const State playing = app.wait_for([](const State& s) { return s.at("playing") == "1"; }, "playing");
  const std::string frame = playing.at("frame");
  const int drawn_when_playing = as_int(playing, "frames_drawn");
  app.wait_for(
      [&](const State& s) {
        return s.at("frame") != frame && s.at("idle") == "0" && as_int(s, "frames_drawn") > drawn_when_playing + 10;
      },
      "frames advancing");
}

}  // namespace
}  // namespace bvhscope::test
