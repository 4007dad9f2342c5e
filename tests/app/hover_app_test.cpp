// The real viewer under the pointer: pointing at a joint in the 3D view names it (state report and
// a name box by the cursor) and draws it in the hover colour, for whichever clip it belongs to;
// nothing is hovered over a panel. Shift+F frames the pose on screen. The first window fits the
// screen and stands in its middle.
#include <gtest/gtest.h>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <string>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

const std::string kSample = (fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string();

// The joint drawn farthest from every other joint of `pixels` and of `others` (so pointing there
// can only mean it), inside the view by a margin; -1 when none stands 14 px apart.
int isolated_joint(const std::vector<std::pair<int, int>>& pixels, const std::vector<std::pair<int, int>>& others,
                   const std::array<float, 4>& view) {
  int best = -1;
  double best_gap = 0.0;
  for (std::size_t i = 0; i < pixels.size(); ++i) {
    const double x = pixels[i].first;
    const double y = pixels[i].second;
    const double left = static_cast<double>(view[0]) + 40.0;
    const double top = static_cast<double>(view[1]) + 40.0;
    const double right = static_cast<double>(view[0] + view[2]) - 40.0;
    const double bottom = static_cast<double>(view[1] + view[3]) - 40.0;
    if (x < left || y < top || x > right || y > bottom) continue;
    double gap = 1e9;
    const auto consider = [&](const std::vector<std::pair<int, int>>& points, std::size_t skip) {
      for (std::size_t j = 0; j < points.size(); ++j) {
        if (j != skip) gap = std::min(gap, std::hypot(points[j].first - x, points[j].second - y));
      }
    };
    consider(pixels, i);
    consider(others, static_cast<std::size_t>(-1));
    if (gap > best_gap) {
      best_gap = gap;
      best = static_cast<int>(i);
    }
  }
  return best_gap >= 14.0 ? best : -1;
}

// Pixels of the hover colour (light blue, palette.hover 0.72 0.90 1.0, shaded) within `radius` of (x, y).
int hover_coloured(const WindowImage& image, int x, int y, int radius) {
  int count = 0;
  for (int py = std::max(y - radius, 0); py <= std::min(y + radius, image.height - 1); ++py) {
    for (int px = std::max(x - radius, 0); px <= std::min(x + radius, image.width - 1); ++px) {
      const auto [r, g, b] = image.at(px, py);
      if (b > 150 && r > 70 && b - r > 35 && g - r > 15) ++count;
    }
  }
  return count;
}

// Pixels of the name box's amber border (235, 190, 90) in the rectangle from (x0, y0) to (x1, y1).
int amber(const WindowImage& image, int x0, int y0, int x1, int y1) {
  int count = 0;
  for (int y = std::max(y0, 0); y < std::min(y1, image.height); ++y) {
    for (int x = std::max(x0, 0); x < std::min(x1, image.width); ++x) {
      const auto [r, g, b] = image.at(x, y);
      if (std::abs(r - 235) < 30 && std::abs(g - 190) < 30 && std::abs(b - 90) < 40) ++count;
    }
  }
  return count;
}

std::string move_to(unsigned long window, int x, int y) {
  return "mousemove --window " + std::to_string(window) + " " + std::to_string(x) + " " + std::to_string(y);
}

class HoverApp : public ViewerAppTest {
 protected:
  // Paused at frame 0 with the pointer over the left panel.
  unsigned long paused_at_start(const ViewerProcess& app) {
    const unsigned long window = window_of(app);
    xdotool("key space");
    app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
    xdotool("key Home");
    app.wait_for([](const State& s) { return s.at("frame") == "0"; }, "frame 0");
    return window;
  }
};

TEST_F(HoverApp, PointingAtAJointNamesItAndDrawsItInTheHoverColour) {
  ViewerProcess app({kSample});
  wait_loaded(app, kSample);
  const unsigned long window = paused_at_start(app);
  const State before = app.wait_for([](const State& s) { return s.at("hovered_joint") == "-1"; }, "nothing hovered");
  const auto view = as_rect(before, "view");
  const auto pixels = joint_pixels(before);
  const int joint = isolated_joint(pixels, {}, view);
  ASSERT_GE(joint, 0) << "no joint stands apart on screen";
  const auto [x, y] = pixels[static_cast<std::size_t>(joint)];
  const WindowImage plain = x11_->grab(window);

  ASSERT_TRUE(xdotool(move_to(window, x, y)));
  const State hovered = app.wait_for([&](const State& s) { return s.at("hovered_joint") == std::to_string(joint); },
                                     "joint " + std::to_string(joint) + " hovered");
  EXPECT_EQ(hovered.at("hovered_clip"), "0");
  EXPECT_EQ(hovered.at("selected"), "-1") << "hovering selects nothing";
  EXPECT_FALSE(hovered.at("hovered_name").empty());
  // The state is written after the frame is drawn: the next grab shows the hover.
  WindowImage lit;
  const auto deadline = std::chrono::steady_clock::now() + kStateDeadline;
  do {
    lit = x11_->grab(window);
    // The joint's colour and its name box may reach the screen a frame apart on a busy machine.
  } while ((hover_coloured(lit, x, y, 12) < 12 || amber(lit, x + 8, y + 10, x + 200, y + 60) < 40) &&
           std::chrono::steady_clock::now() < deadline);
  EXPECT_LT(hover_coloured(plain, x, y, 12), 4) << "no hover colour before";
  EXPECT_GE(hover_coloured(lit, x, y, 12), 12) << "the hovered joint is drawn in the hover colour";
  EXPECT_LT(amber(plain, x + 8, y + 10, x + 200, y + 60), 20);
  EXPECT_GE(amber(lit, x + 8, y + 10, x + 200, y + 60), 40) << "the name box's border below right of the cursor";

  // Over the left panel nothing is hovered.
  ASSERT_TRUE(xdotool(move_to(window, 100, static_cast<int>(view[1]) + 200)));
  app.wait_for([](const State& s) { return s.at("hovered_joint") == "-1" && s.at("hovered_name").empty(); },
               "no hover over a panel");
  // Back over the joint, then a camera drag: no hover while the button is down.
  ASSERT_TRUE(xdotool(move_to(window, x, y)));
  app.wait_for([&](const State& s) { return s.at("hovered_joint") == std::to_string(joint); }, "hovered again");
  ASSERT_TRUE(xdotool("mousedown 1"));
  app.wait_for([](const State& s) { return s.at("hovered_joint") == "-1"; }, "no hover while a button is down");
  ASSERT_TRUE(xdotool("mouseup 1"));
}

TEST_F(HoverApp, TheHoveredJointCanBelongToAClipThatIsNotActive) {
  const std::string other = std::string(BVHSCOPE_CORPUS_DIR) + "/assimp__01_01.bvh";
  ViewerProcess app({kSample, other});
  app.wait_for_work([&](const State& s) { return s.at("clips") == "2" && s.at("loading") == "0"; }, "two clips");
  const unsigned long window = paused_at_start(app);
  const State state = app.wait_for([](const State& s) { return s.at("active") == "1"; }, "the second clip active");
  const auto view = as_rect(state, "view");
  const auto sample_pixels = joint_pixels(state, "clip0_joint_pixels");
  const int joint = isolated_joint(sample_pixels, joint_pixels(state, "clip1_joint_pixels"), view);
  ASSERT_GE(joint, 0) << "no joint of the first clip stands apart on screen";
  const auto [x, y] = sample_pixels[static_cast<std::size_t>(joint)];
  ASSERT_TRUE(xdotool(move_to(window, x, y)));
  const State hovered = app.wait_for(
      [&](const State& s) { return s.at("hovered_clip") == "0" && s.at("hovered_joint") == std::to_string(joint); },
      "joint " + std::to_string(joint) + " of clip 0 hovered");
  EXPECT_EQ(hovered.at("active"), "1") << "hovering does not change the active clip";
}

// A move onto a joint and a click there that reach the viewer in one frame (a busy machine, a
// sleeping viewer woken late) select that joint and leave the camera where it was: the move to the
// press is not a drag. The viewer is stopped while xdotool sends both, so they land together.
TEST_F(HoverApp, AMoveAndAClickInOneFrameSelectTheJointWithoutTurningTheCamera) {
  ViewerProcess app({kSample});
  wait_loaded(app, kSample);
  const unsigned long window = paused_at_start(app);
  const State before = app.wait_for([](const State& s) { return s.at("hovered_joint") == "-1"; }, "nothing hovered");
  const auto pixels = joint_pixels(before);
  const int joint = isolated_joint(pixels, {}, as_rect(before, "view"));
  ASSERT_GE(joint, 0) << "no joint stands apart on screen";
  const auto [x, y] = pixels[static_cast<std::size_t>(joint)];
  ASSERT_EQ(::kill(app.pid(), SIGSTOP), 0);
  const bool sent = xdotool(move_to(window, x, y) + " click 1");
  ASSERT_EQ(::kill(app.pid(), SIGCONT), 0);
  ASSERT_TRUE(sent);
  const State selected = app.wait_for([&](const State& s) { return s.at("selected") != "-1"; }, "a selection");
  EXPECT_EQ(selected.at("selected"), std::to_string(joint));
  EXPECT_EQ(selected.at("camera"), before.at("camera")) << "the move to the click turned the camera";
}

// Bounds of the joints on screen: {min x, min y, max x, max y}.
std::array<int, 4> pixel_bounds(const std::vector<std::pair<int, int>>& pixels) {
  std::array<int, 4> b{1 << 30, 1 << 30, -(1 << 30), -(1 << 30)};
  for (const auto& [x, y] : pixels) {
    b[0] = std::min(b[0], x);
    b[1] = std::min(b[1], y);
    b[2] = std::max(b[2], x);
    b[3] = std::max(b[3], y);
  }
  return b;
}

TEST_F(HoverApp, ShiftFFramesThePoseOnScreen) {
  ViewerProcess app({kSample});
  wait_loaded(app, kSample);
  const unsigned long window = paused_at_start(app);
  const State start = app.state();
  const auto view = as_rect(start, "view");
  // Zoom out (wheel down, pointer in the view) until the figure is small.
  ASSERT_TRUE(
      xdotool(move_to(window, static_cast<int>(view[0] + view[2] / 2), static_cast<int>(view[1] + view[3] / 2))));
  ASSERT_TRUE(xdotool("click --repeat 6 --delay 30 5"));
  // A step after the wheel: once its frame shows, every wheel event before it has been handled.
  ASSERT_TRUE(xdotool("key Right"));
  const State small = app.wait_for(
      [&](const State& s) {
        const auto b = pixel_bounds(joint_pixels(s));
        return s.at("clip_frame") == "1" && static_cast<float>(b[3] - b[1]) < 0.3f * view[3];
      },
      "a small figure after zooming out");
  ASSERT_TRUE(xdotool("key shift+f"));
  const State framed =
      app.wait_for([&](const State& s) { return s.at("camera") != small.at("camera"); }, "the camera moved");
  const auto b = pixel_bounds(joint_pixels(framed));
  const float height = static_cast<float>(b[3] - b[1]);
  const float width = static_cast<float>(b[2] - b[0]);
  EXPECT_TRUE(height > 0.6f * view[3] || width > 0.6f * view[2])
      << "the pose fills the view: " << width << " x " << height;
  EXPECT_GE(static_cast<float>(b[0]), view[0]);
  EXPECT_GE(static_cast<float>(b[1]), view[1]);
  EXPECT_LE(static_cast<float>(b[2]), view[0] + view[2]);
  EXPECT_LE(static_cast<float>(b[3]), view[1] + view[3]) << "every joint in the view";
  // Centred: the middle of the joints' screen box lies near the view's centre.
  EXPECT_NEAR(static_cast<float>(b[0] + b[2]) / 2.0f, view[0] + view[2] / 2.0f, 0.1f * view[2]);
  EXPECT_NEAR(static_cast<float>(b[1] + b[3]) / 2.0f, view[1] + view[3] / 2.0f, 0.1f * view[3]);
}

// Resizing the window refits what was framed while the camera is as framing left it (a narrow
// view would otherwise cut off the clips at the sides); once moved, the camera stays.
TEST_F(HoverApp, ANarrowerWindowStillShowsEveryFramedClip) {
  const std::string second = std::string(BVHSCOPE_CORPUS_DIR) + "/assimp__01_01.bvh";
  const std::string third = std::string(BVHSCOPE_CORPUS_DIR) + "/creativeinquiry__05_20-daz.bvh";
  ViewerProcess app({kSample, second, third});
  app.wait_for_work([&](const State& s) { return s.at("clips") == "3" && s.at("loading") == "0"; }, "three clips");
  const unsigned long window = paused_at_start(app);
  // R frames the figures on screen (the walking clips have moved since the load framed them); S
  // (lines style) shows when both keys have been handled.
  const std::string style = app.state().at("style");
  xdotool("key r key s");
  const State wide = app.wait_for([&](const State& s) { return s.at("style") != style; }, "R and S handled");
  const float wide_width = as_rect(wide, "view")[2];
  const auto all_inside = [](const State& s) {
    const auto view = as_rect(s, "view");
    for (const char* key : {"clip0_joint_pixels", "clip1_joint_pixels", "clip2_joint_pixels"}) {
      for (const auto& [x, y] : joint_pixels(s, key)) {
        const auto px = static_cast<float>(x);
        const auto py = static_cast<float>(y);
        if (px < view[0] || py < view[1] || px > view[0] + view[2] || py > view[1] + view[3]) return false;
      }
    }
    return true;
  };
  ASSERT_TRUE(all_inside(wide)) << "framed at the start";
  ASSERT_TRUE(xdotool("windowsize " + std::to_string(window) + " 760 700"));
  const State narrow =
      app.wait_for([&](const State& s) { return as_rect(s, "view")[2] < 0.6f * wide_width && all_inside(s); },
                   "a narrower view with every joint of every clip in it");
  EXPECT_NE(narrow.at("camera"), wide.at("camera")) << "the camera moved back to fit";
}

// "W H" of the X screen, and "X Y W H" of a window, from xdotool.
std::array<int, 4> read_numbers(const std::string& command, int count) {
  std::array<int, 4> values{};
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return values;
  for (int i = 0; i < count; ++i) {
    if (std::fscanf(pipe, "%d", &values[static_cast<std::size_t>(i)]) != 1) break;
  }
  ::pclose(pipe);
  return values;
}

std::array<int, 4> window_geometry(unsigned long window) {
  // "Position: X,Y (screen: 0)" and "Geometry: WxH" as numbers.
  return read_numbers("xdotool getwindowgeometry " + std::to_string(window) +
                          " | sed -n 's/.*Position: \\([0-9-]*\\),\\([0-9-]*\\).*/\\1 \\2/p; s/.*Geometry: "
                          "\\([0-9]*\\)x\\([0-9]*\\).*/\\1 \\2/p'",
                      4);
}

TEST_F(HoverApp, TheFirstWindowFitsTheScreenAndIsCentred) {
  const auto screen = read_numbers("xdotool getdisplaygeometry", 2);
  ASSERT_GT(screen[0], 0);
  // No window manager under Xvfb: the work area is the whole screen.
  const int width = std::min(1440, static_cast<int>(std::floor(static_cast<float>(screen[0]) * 0.9f)));
  const int height = std::min(900, static_cast<int>(std::floor(static_cast<float>(screen[1]) * 0.9f)));
  {
    ViewerProcess app({kSample});
    wait_loaded(app, kSample);
    const unsigned long window = window_of(app);
    const auto g = window_geometry(window);
    EXPECT_EQ(g[2], width);
    EXPECT_EQ(g[3], height);
    EXPECT_EQ(g[0], (screen[0] - width) / 2);
    EXPECT_EQ(g[1], (screen[1] - height) / 2);
  }
  {
    ViewerProcess app({kSample}, "window_width=9000\nwindow_height=7000\n");
    wait_loaded(app, kSample);
    const auto g = window_geometry(window_of(app));
    EXPECT_EQ(g[2], screen[0]) << "a saved size too big for the screen is cut to it";
    EXPECT_EQ(g[3], screen[1]);
    EXPECT_EQ(g[0], 0);
    EXPECT_EQ(g[1], 0);
  }
}

}  // namespace
}  // namespace bvhscope::test
