// A double-click on a drag field opens it for typing however the clicks fall into frames (issue
// 34, item 7): two clicks a millisecond apart, which arrive before one frame, were one click to
// Dear ImGui 1.86; now every press gets a frame of its own and is timed by its events.
#include <gtest/gtest.h>

#include <string>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

class DragFieldApp : public ViewerAppTest {};

TEST_F(DragFieldApp, ADoubleClickInOneBurstOpensTheSpeedFieldForTyping) {
  TempDir dir;
  const auto clip = dir.write("walk.bvh", walking_clip(40));
  ViewerProcess app({clip.string()});
  const unsigned long window = window_of(app);
  const State loaded = app.wait_for(
      [](const State& s) { return s.at("loading") == "0" && as_rect(s, "speed_field")[2] > 0.0f; }, "the speed field");
  EXPECT_EQ(loaded.at("text_input"), "0");
  const auto field = as_rect(loaded, "speed_field");
  ASSERT_TRUE(xdotool("mousemove --window " + std::to_string(window) + " " +
                      std::to_string(static_cast<int>(field[0] + field[2] / 2.0f)) + " " +
                      std::to_string(static_cast<int>(field[1] + field[3] / 2.0f)) +
                      " sleep 0.2 click --repeat 2 --delay 1 1"));
  app.wait_for([](const State& s) { return s.at("text_input") == "1"; }, "the speed field open for typing");
  xdotool("key ctrl+a");
  xdotool("type 2.5");
  xdotool("key Return");
  const State typed = app.wait_for([](const State& s) { return s.at("text_input") == "0" && s.at("speed") != "1"; },
                                   "the typed speed applied");
  EXPECT_EQ(typed.at("speed"), "2.5");
}

}  // namespace
}  // namespace bvhscope::test
