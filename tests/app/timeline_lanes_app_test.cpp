// The timeline's lanes in the real viewer: one per clip, as long as the clip on the shared clock,
// in the clip's colour; dragging a lane moves the clip in time; the frame readout counts the
// active clip's own frames and says when it holds its last one.
#include <gtest/gtest.h>

#include <fstream>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

std::string move_to(unsigned long window, float x, float y) {
  return "mousemove --window " + std::to_string(window) + " " + std::to_string(static_cast<int>(x)) + " " +
         std::to_string(static_cast<int>(y));
}

class TimelineLanesTest : public ViewerAppTest {};

TEST_F(TimelineLanesTest, LanesShowEachClipsExtentAndDragMovesItInTime) {
  TempDir dir;
  const auto long_clip = dir.write("long.bvh", walking_clip(61));
  const auto short_clip = dir.write("short.bvh", walking_clip(21));
  ViewerProcess app({long_clip.string(), short_clip.string()});
  app.wait_for_work([](const State& s) { return s.at("clips") == "2" && s.at("loading") == "0"; }, "two clips");
  const unsigned long window = window_of(app);
  xdotool("key space");
  State state = app.wait_for([](const State& s) { return s.at("playing") == "0" && s.count("lane_2") > 0; }, "paused");
  EXPECT_EQ(state.at("clip_1"), long_clip.string() + ";ready;61;25;0;visible;1;1");
  EXPECT_EQ(state.at("clip_2"), short_clip.string() + ";ready;21;25;0;visible;2;1");  // shown: it holds its last frame

  // Both start at the timeline's start; the short one is a third as long (20 of 60 frames).
  const auto lane1 = as_rect(state, "lane_1");
  const auto lane2 = as_rect(state, "lane_2");
  EXPECT_FLOAT_EQ(lane1[0], lane2[0]);
  EXPECT_NEAR(lane2[2] / lane1[2], 20.0f / 60.0f, 0.01f);
  EXPECT_GT(lane1[3], 5.0f);
  EXPECT_GT(lane2[1], lane1[1]);

  // Their pixels are in their colours: amber for the first, green for the second (active).
  const WindowImage image = x11_->grab(window);
  const auto amber =
      image.at(static_cast<int>(lane1[0] + lane1[2] * 0.8f), static_cast<int>(lane1[1] + lane1[3] * 0.5f));
  EXPECT_GT(amber[0], amber[1] + 20);
  EXPECT_GT(amber[1], amber[2] + 20);
  const auto green = image.at(static_cast<int>(lane2[0] + 3.0f), static_cast<int>(lane2[1] + lane2[3] * 0.5f));
  EXPECT_GT(green[1], green[0] + 30);
  EXPECT_GT(green[1], green[2] + 30);
  // Past the short lane's end, on its row, no bar: it holds its last frame (a thin line at most).
  const auto after = image.at(static_cast<int>(lane2[0] + lane2[2] * 2.5f), static_cast<int>(lane2[1] + 2.0f));
  EXPECT_LT(after[1], green[1] - 60);

  // Dragging the short lane right by 10 frames' width starts it 10 frames (0.4 s) later.
  const float frame_pixels = lane1[2] / 60.0f;
  const float y = lane2[1] + lane2[3] * 0.5f;
  ASSERT_TRUE(xdotool(move_to(window, lane2[0] + 4.0f, y)));
  ASSERT_TRUE(xdotool("mousedown 1"));
  app.wait_for([](const State& s) { return s.at("ui_active") == "1"; }, "the lane held");
  for (int step = 1; step <= 5; ++step) {
    ASSERT_TRUE(xdotool(move_to(window, lane2[0] + 4.0f + frame_pixels * 2.0f * static_cast<float>(step), y)));
  }
  ASSERT_TRUE(xdotool("mouseup 1"));
  // The drag arrives over several frames: wait for where it ends (the lane is drawn a frame later).
  const auto offset_of = [](const State& s) {
    std::string clip = s.at("clip_2");  // file;state;frames;fps;offset;visible;id
    for (int field = 0; field < 4; ++field) clip.erase(0, clip.find(';') + 1);
    return std::stod(clip.substr(0, clip.find(';')));
  };
  state = app.wait_for(
      [&](const State& s) {
        return s.at("ui_active") == "0" && offset_of(s) >= 0.36 &&
               as_rect(s, "lane_2")[0] > lane2[0] + frame_pixels * 8.0f;
      },
      "the short clip moved by about 10 frames");
  const double offset = offset_of(state);
  EXPECT_NEAR(offset, 10.0 * 0.04, 0.04 + 1e-6) << state.at("clip_2");
  const auto lane2_moved = as_rect(state, "lane_2");
  EXPECT_NEAR(static_cast<double>(lane2_moved[0] - lane2[0]), offset / 0.04 * static_cast<double>(frame_pixels), 1.5);
}

}  // namespace
}  // namespace bvhscope::test

namespace bvhscope::test {
namespace {

TEST_F(TimelineLanesTest, ShuttleKeysAndTheLoopRange) {
  TempDir dir;
  const auto clip = dir.write("walk.bvh", walking_clip(101));
  ViewerProcess app({clip.string()});
  app.wait_for_work([](const State& s) { return s.at("clips") == "1" && s.at("loading") == "0"; }, "the clip");
  window_of(app);
  xdotool("key space");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  // I at frame 10, O at frame 20: the range; Home keeps to it. (Under load the X server may
  // repeat a Right key, so the range is read back rather than assumed to be exactly 10..20.)
  xdotool("key Home");
  for (int i = 0; i < 10; ++i) xdotool("key Right");
  app.wait_for([](const State& s) { return std::stoi(s.at("frame")) >= 10; }, "frame 10");
  xdotool("key i");
  const State with_in = app.wait_for([](const State& s) { return !s.at("range").empty(); }, "an in point");
  for (int i = 0; i < 10; ++i) xdotool("key Right");
  const int in_frame = std::stoi(with_in.at("range").substr(0, with_in.at("range").find(',')));
  app.wait_for([&](const State& s) { return std::stoi(s.at("frame")) >= in_frame + 10; }, "ten frames on");
  xdotool("key o");
  const State ranged = app.wait_for(
      [&](const State& s) {
        return s.at("range").rfind(std::to_string(in_frame) + ",", 0) == 0 &&
               s.at("range") != std::to_string(in_frame) + ",100";
      },
      "the range");
  const std::string range = ranged.at("range");
  const int first = std::stoi(range.substr(0, range.find(',')));
  const int last = std::stoi(range.substr(range.find(',') + 1));
  EXPECT_GE(first, 10);
  EXPECT_GE(last, first + 10);
  EXPECT_LE(last, first + 14) << range;
  xdotool("key Home");
  app.wait_for([&](const State& s) { return s.at("frame") == std::to_string(first); }, "Home: the range's first frame");
  // L plays forwards and loops inside the range; L again doubles the speed.
  xdotool("key l");
  app.wait_for([](const State& s) { return s.at("playing") == "1" && s.at("reversed") == "0"; }, "playing forwards");
  xdotool("key l");
  app.wait_for([](const State& s) { return s.at("speed") == "2"; }, "twice as fast");
  // Every frame seen while it loops stays in the range.
  for (int i = 0; i < 20; ++i) {
    const State s = app.state();
    const int frame = std::stoi(s.at("frame"));
    EXPECT_GE(frame, first);
    EXPECT_LE(frame, last);
  }
  // J plays backwards at 1x; K pauses.
  xdotool("key j");
  app.wait_for([](const State& s) { return s.at("reversed") == "1" && s.at("speed") == "1"; }, "backwards");
  xdotool("key k");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused by K");
  // Alt+X clears the range; N cycles the joint names (labels).
  xdotool("key alt+x");
  app.wait_for([](const State& s) { return s.at("range").empty(); }, "the range cleared");
  const std::string labels = app.state().at("labels");
  xdotool("key n");
  app.wait_for([&](const State& s) { return s.at("labels") != labels; }, "labels changed by N");
}

}  // namespace
}  // namespace bvhscope::test
