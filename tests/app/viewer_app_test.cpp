// The real viewer driven through the X server (xdotool) and checked through the state it
// reports and the pixels of its window.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

constexpr std::array<int, 3> kLineBone = {255, 158, 46};    // Palette::bone
constexpr std::array<int, 3> kLineJoint = {245, 237, 219};  // Palette::joint

int colour_distance(std::array<int, 3> a, std::array<int, 3> b) {
  return std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
}

int nearest(const WindowImage& image, int x, int y, std::array<int, 3> colour, int r) {
  int best = 255;
  for (int dy = -r; dy <= r; ++dy) {
    for (int dx = -r; dx <= r; ++dx) {
      const int px = std::clamp(x + dx, 0, image.width - 1);
      const int py = std::clamp(y + dy, 0, image.height - 1);
      best = std::min(best, colour_distance(image.at(px, py), colour));
    }
  }
  return best;
}

// The harness itself: a viewer that exits while a test waits on it fails that wait, and is then
// neither signalled nor waited for again (its pid, reaped, may be another process's by then).
TEST(ViewerProcessHarness, AViewerThatExitsWhileWaitedOnFailsTheWaitAndIsLeftAlone) {
  const auto start = std::chrono::steady_clock::now();
  {
    // A --skeleton file that does not exist: the viewer says so and exits before any window.
    ViewerProcess app({"--skeleton", "/nonexistent/bvhscope/skeleton.txt"});
    EXPECT_NONFATAL_FAILURE(app.wait_for([](const State&) { return false; }, "a state it never reaches"),
                            "the viewer exited while waiting for a state it never reaches");
  }
  // Only a hang is caught here: the old harness waited the whole deadline for the reaped pid.
  EXPECT_LT(std::chrono::steady_clock::now() - start, kStateDeadline);
}

TEST_F(ViewerAppTest, OpensTheBundledSampleAndPlaysItByWallTime) {
  ViewerProcess app({});
  const State loaded = wait_loaded(app, "sample.bvh");
  EXPECT_EQ(loaded.at("frames"), "994");
  EXPECT_EQ(loaded.at("title"), "bvhscope \xE2\x80\x94 sample.bvh (bundled CMU 131_01)");
  EXPECT_EQ(loaded.at("playing"), "1");
  const int first = as_int(loaded, "frame");
  app.wait_for([&](const State& s) { return as_int(s, "frame") > first + 30; }, "the playhead to move on");
}

// On a software renderer the window has no multisampling and the ground (background, floor,
// grid) is copied from a cache under each frame while the camera holds: playing does not draw it
// again, turning the camera does.
TEST_F(ViewerAppTest, WhileTheCameraHoldsTheGroundIsCopiedNotDrawnAgain) {
  ViewerProcess app({});
  const State loaded = wait_loaded(app, "sample.bvh");
  const unsigned long window = window_of(app);
  const State playing = app.wait_for([&](const State& s) { return as_int(s, "frame") > as_int(loaded, "frame") + 10; },
                                     "the playhead to move on");
  EXPECT_GE(as_int(playing, "ground_redraws"), 1) << "the ground cache is on (llvmpipe: no multisampling)";
  // While the window's layout settles (a slow build takes more frames) the view may still change,
  // and the ground with it: 30 frames over which the camera and the view held must not draw it.
  State before = playing;
  State later;
  bool held = false;
  for (int tries = 0; tries < 10 && !held; ++tries) {
    later =
        app.wait_for([&](const State& s) { return as_int(s, "frames_drawn") > as_int(before, "frames_drawn") + 30; },
                     "30 more frames drawn");
    held = later.at("camera") == before.at("camera") && later.at("view") == before.at("view");
    if (held) {
      EXPECT_EQ(as_int(later, "ground_redraws"), as_int(before, "ground_redraws"))
          << "30 frames of a still camera drew the ground again";
    }
    before = later;
  }
  EXPECT_TRUE(held) << "the camera or the view changed in each of 10 spans of 30 frames";
  const int redraws = as_int(later, "ground_redraws");
  EXPECT_EQ(later.at("gl_errors"), "0");
  const std::string w = std::to_string(window);
  xdotool("mousemove --window " + w + " 300 300 sleep 0.1 mousedown 1 sleep 0.1 mousemove --window " + w +
          " 360 315 sleep 0.1 mousemove --window " + w + " 420 330 sleep 0.1 mouseup 1");
  const State orbited =
      app.wait_for([&](const State& s) { return s.at("camera") != later.at("camera"); }, "the camera to orbit");
  app.wait_for([&](const State& s) { return as_int(s, "ground_redraws") > redraws; }, "the ground drawn again");
  EXPECT_EQ(orbited.at("gl_errors"), "0");
}

// On llvmpipe under X a frame draws and shows only what changed since the one before (the figure,
// its shadow, the panels whose contents changed); the window keeps the rest. What it keeps must
// be what a whole frame draws: after playing and pausing, the window's pixels are compared with
// those of the whole frame the viewer draws when the window is covered and uncovered.
TEST_F(ViewerAppTest, FramesShownByRectanglesAreWhatAWholeFrameDraws) {
  ViewerProcess app({});
  const State loaded = wait_loaded(app, "sample.bvh");
  const unsigned long window = window_of(app);
  ASSERT_EQ(loaded.at("partial_frames"), "1") << "a software renderer under X shows frames by rectangles";
  const State played = app.wait_for(
      [&](const State& s) { return as_int(s, "frames_by_rectangles") > as_int(loaded, "frames_by_rectangles") + 30; },
      "30 frames shown by rectangles while it plays");
  EXPECT_EQ(played.at("playing"), "1");
  xdotool("key space");
  const State paused = app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused by Space");
  // A message shown at the start may expire meanwhile and change the picture: none must be shown.
  app.wait_for([](const State& s) { return s.at("message").empty(); }, "no message on screen");
  const WindowImage kept = settled_grab(window);
  const State before = app.state();
  x11_->cover_and_expose(window);
  app.wait_for([&](const State& s) { return as_int(s, "frames_whole") > as_int(before, "frames_whole"); },
               "a whole frame drawn after the expose");
  const WindowImage whole = settled_grab(window);
  ASSERT_EQ(kept.width, whole.width);
  ASSERT_EQ(kept.height, whole.height);
  int differing = 0;
  int first_x = -1;
  int first_y = -1;
  for (int y = 0; y < kept.height; ++y) {
    for (int x = 0; x < kept.width; ++x) {
      if (kept.at(x, y) == whole.at(x, y)) continue;
      if (differing++ == 0) {
        first_x = x;
        first_y = y;
      }
    }
  }
  EXPECT_EQ(differing, 0) << "pixels kept from earlier frames differ from the whole frame's, the first at (" << first_x
                          << ", " << first_y << ") of " << kept.width << "x" << kept.height << " (frame "
                          << paused.at("frame") << ")";
  EXPECT_EQ(app.state().at("gl_errors"), "0");
}

// T shows the active clip's root path on the floor and hides it again. The path is made and sent
// to the GPU only when first shown (a clip of a long motion does not copy it when it comes): on
// screen from the frame T reaches, gone with the next T.
TEST_F(ViewerAppTest, TShowsTheRootPathMadeWhenFirstShownAndHidesIt) {
  constexpr std::array<int, 3> kTrajectory = {89, 204, 158};  // SceneStyle's palette.trajectory
  ViewerProcess app({});
  wait_loaded(app, "sample.bvh");
  const unsigned long window = window_of(app);
  xdotool("key space");
  const State paused =
      app.wait_for([](const State& s) { return s.at("playing") == "0" && s.at("trajectory") == "0"; }, "paused");
  app.wait_for([](const State& s) { return s.at("message").empty(); }, "no message on screen");
  const auto view = as_rect(paused, "view");
  const WindowImage off = settled_grab(window);
  xdotool("key t");
  app.wait_for([](const State& s) { return s.at("trajectory") == "1"; }, "T handled");
  const WindowImage on = settled_grab(window, &off);
  const int path_off = pixels_like(off, view, kTrajectory);
  const int path_on = pixels_like(on, view, kTrajectory);
  EXPECT_GT(path_on, path_off + 150) << "the root path in its colour on the floor: " << path_off << " -> " << path_on;
  xdotool("key t");
  app.wait_for([](const State& s) { return s.at("trajectory") == "0"; }, "T again");
  const WindowImage again = settled_grab(window, &on);
  EXPECT_EQ(pixels_like(again, view, kTrajectory), path_off);
}

TEST_F(ViewerAppTest, KeyboardTransport) {
  ViewerProcess app({});
  wait_loaded(app, "sample.bvh");
  window_of(app);
  xdotool("key space");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused by Space");
  xdotool("key End");
  app.wait_for([](const State& s) { return s.at("frame") == "993"; }, "End: last frame");
  xdotool("key Home");
  app.wait_for([](const State& s) { return s.at("frame") == "0"; }, "Home: first frame");
  xdotool("key Right Right Right Left");
  const State stepped = app.wait_for([](const State& s) { return s.at("frame") == "2"; }, "three steps on, one back");
  EXPECT_EQ(stepped.at("playing"), "0");
}

TEST_F(ViewerAppTest, DraggingOnTheTimelineScrubsLiveAndClickingJumps) {
  ViewerProcess app({});
  wait_loaded(app, "sample.bvh");
  const unsigned long window = window_of(app);
  xdotool("key space");
  const State paused = app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  const auto timeline = as_rect(paused, "timeline");
  const int y = static_cast<int>(timeline[1] + timeline[3] * 0.72f);  // the track is the lower part
  const auto x_at = [&](float share) { return static_cast<int>(timeline[0] + 20.0f + (timeline[2] - 40.0f) * share); };
  const std::string w = std::to_string(window);

  // Paced so the press, each move and the release reach the viewer in frames of their own.
  xdotool("mousemove --window " + w + " " + std::to_string(x_at(0.25f)) + " " + std::to_string(y) +
          " sleep 0.1 mousedown 1");
  app.wait_for([](const State& s) { return std::abs(as_int(s, "frame") - 248) < 30; }, "about a quarter in while held");
  xdotool("mousemove --window " + w + " " + std::to_string(x_at(0.75f)) + " " + std::to_string(y));
  app.wait_for([](const State& s) { return std::abs(as_int(s, "frame") - 745) < 30; },
               "the pose follows the held cursor");
  xdotool("mouseup 1 sleep 0.1 mousemove --window " + w + " " + std::to_string(x_at(0.5f)) + " " + std::to_string(y) +
          " sleep 0.1 click 1");
  const State jumped =
      app.wait_for([](const State& s) { return std::abs(as_int(s, "frame") - 496) < 30; }, "a click jumps");
  EXPECT_EQ(jumped.at("playing"), "0") << "scrubbing a paused clip leaves it paused";
}

TEST_F(ViewerAppTest, LineStyleDrawsEveryJointWhereTheCameraProjectsIt) {
  ViewerProcess app({});
  wait_loaded(app, "sample.bvh");
  const unsigned long window = window_of(app);
  xdotool("key space s");
  const State state = app.wait_for([](const State& s) { return s.at("playing") == "0" && s.at("style") == "lines"; },
                                   "paused in line style");
  // Read the window once a frame with the final state has reached it.
  xdotool("key Right");
  const State shown =
      app.wait_for([&](const State& s) { return as_int(s, "frame") == as_int(state, "frame") + 1; }, "one step");
  const WindowImage image = settled_grab(window);
  ASSERT_GT(image.width, 0);
  const auto view = as_rect(shown, "view");
  int drawn = 0;
  int inside = 0;
  const int left = static_cast<int>(view[0]) + 3;
  const int top = static_cast<int>(view[1]) + 3;
  const int right = static_cast<int>(view[0] + view[2]) - 4;
  const int bottom = static_cast<int>(view[1] + view[3]) - 4;
  for (const auto& [x, y] : joint_pixels(shown)) {
    if (x < left || y < top || x > right || y > bottom) continue;
    ++inside;
    const bool joint_dot = nearest(image, x, y, kLineJoint, 1) <= 40;
    const bool bone = nearest(image, x, y, kLineBone, 2) <= 40;
    if (joint_dot || bone) ++drawn;
  }
  EXPECT_GT(inside, 20);
  EXPECT_EQ(drawn, inside) << "every joint in the view is drawn";
  // The sky in the top left corner of the view is the dark background, not a bone.
  const auto sky = image.at(static_cast<int>(view[0]) + 4, static_cast<int>(view[1]) + 4);
  EXPECT_LT(sky[0], 90);
  EXPECT_GE(sky[2], sky[0]);

  xdotool("key End");
  app.wait_for([](const State& s) { return s.at("frame") == "993"; }, "the last frame");
  const WindowImage later = settled_grab(window, &image);  // fails if another frame never looks different
  EXPECT_NE(later.rgb, image.rgb) << "another frame looks different";
}

TEST_F(ViewerAppTest, MouseOrbitsZoomsAndFKeyFramesAgain) {
  ViewerProcess app({});
  wait_loaded(app, "sample.bvh");
  const unsigned long window = window_of(app);
  const std::string w = std::to_string(window);
  xdotool("key space");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  // R frames the figure on screen (a walking clip) from the default direction: on the first frame.
  xdotool("key Home");
  const State first = app.wait_for([](const State& s) { return s.at("frame") == "0"; }, "the first frame");
  xdotool("key r key s");  // S (lines style) shows when the keys have been handled
  const State before =
      app.wait_for([&](const State& s) { return s.at("style") != first.at("style"); }, "R and S handled");
  // Paced so each step reaches the viewer in its own frame, as a hand's drag does.
  xdotool("mousemove --window " + w + " 300 300 sleep 0.1 mousedown 1 sleep 0.1 mousemove --window " + w +
          " 360 315 sleep 0.1 mousemove --window " + w + " 420 330 sleep 0.1 mouseup 1");
  const State orbited =
      app.wait_for([&](const State& s) { return s.at("camera") != before.at("camera"); }, "the camera to orbit");
  xdotool("click 4 sleep 0.05 click 4 sleep 0.05 click 4");
  app.wait_for([&](const State& s) { return s.at("camera") != orbited.at("camera"); }, "the wheel to zoom");
  xdotool("key r");
  app.wait_for([&](const State& s) { return s.at("camera") == before.at("camera"); }, "R to reset to the same framing");
}

// On a busy machine a drag's moves and its release reach the viewer in one frame: held here by
// stopping the viewer while they are sent. The moves made with the button down still orbit.
TEST_F(ViewerAppTest, ADragWhoseMovesAndReleaseReachOneFrameStillOrbits) {
  ViewerProcess app({});
  wait_loaded(app, "sample.bvh");
  const std::string w = std::to_string(window_of(app));
  xdotool("key space");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  const State paused = app.state();
  xdotool("mousemove --window " + w + " 300 300");
  const State pointed = app.wait_for([&](const State& s) { return s.at("frames_drawn") != paused.at("frames_drawn"); },
                                     "a frame after the pointer moved over the view");
  ASSERT_EQ(::kill(app.pid(), SIGSTOP), 0);
  bool sent = xdotool("mousedown 1");
  ASSERT_EQ(::kill(app.pid(), SIGCONT), 0);
  ASSERT_TRUE(sent);
  // The frame that took the press (ImGui 1.86 reads the buttons and the pointer as they are when
  // a frame starts, so the moves below must not reach the window before that frame).
  const State pressed =
      app.wait_for([](const State& s) { return s.at("view_drag") == "0"; }, "the view to take the press");
  EXPECT_EQ(pressed.at("camera"), pointed.at("camera"));
  ASSERT_EQ(::kill(app.pid(), SIGSTOP), 0);
  sent = xdotool("mousemove --window " + w + " 360 315 mousemove --window " + w + " 420 330 mouseup 1");
  ASSERT_EQ(::kill(app.pid(), SIGCONT), 0);
  ASSERT_TRUE(sent);
  app.wait_for([&](const State& s) { return s.at("camera") != pointed.at("camera"); }, "the camera to orbit");
}

TEST_F(ViewerAppTest, ChoicesAndRecentFilesPersistInTheConfigDirectory) {
  const std::string clip = (fixtures_dir() / "two_joints.bvh").string();
  {
    ViewerProcess app({clip});
    wait_loaded(app, clip);
    window_of(app);
    xdotool("key s g");
    app.wait_for([](const State& s) { return s.at("style") == "lines"; }, "line style");
    EXPECT_EQ(app.quit_with_keys(), 0);
    const std::string settings = read_file(app.config_dir() / "settings.ini");
    EXPECT_NE(settings.find("style=lines"), std::string::npos) << settings;
    EXPECT_NE(settings.find("grid=0"), std::string::npos) << settings;
    EXPECT_NE(settings.find("recent=" + clip), std::string::npos) << settings;
  }
}

// A file opened by a relative path is kept in the recent list by its absolute path, so that File >
// Open Recent finds it from another folder (issue 34, item 1).
TEST_F(ViewerAppTest, RecentFilesAreKeptByTheirAbsolutePath) {
  const std::filesystem::path clip = fixtures_dir() / "two_joints.bvh";
  const std::string relative = std::filesystem::relative(clip).string();
  ASSERT_NE(relative.front(), '/');
  ViewerProcess app({relative});
  wait_loaded(app, relative);
  window_of(app);
  EXPECT_EQ(app.quit_with_keys(), 0);
  const std::string settings = read_file(app.config_dir() / "settings.ini");
  EXPECT_NE(settings.find("recent=" + clip.lexically_normal().string() + "\n"), std::string::npos) << settings;
  EXPECT_EQ(settings.find("recent=" + relative), std::string::npos) << settings;
}

}  // namespace
}  // namespace bvhscope::test
