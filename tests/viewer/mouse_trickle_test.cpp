// Mouse button events a change a frame, with their presses' gaps (issue 34, item 7: a double-click
// on a drag field was lost when frames were slow).
#include "viewer/mouse_trickle.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <vector>

namespace bvhscope::viewer {
namespace {

constexpr double kDoubleClick = 0.3;

TEST(MouseTrickle, TwoClicksInOneFrameBecomeFourFramesAndADoubleClickByTheirTimes) {
  MouseTrickle mouse;
  // A double-click whose four events came before one (slow) frame.
  mouse.push(0, true, 10.00);
  mouse.push(0, false, 10.05);
  mouse.push(0, true, 10.12);
  mouse.push(0, false, 10.16);
  MouseTrickle::Frame f = mouse.take_frame(kDoubleClick);
  EXPECT_TRUE(f.down[0]);
  EXPECT_FALSE(f.since_last_press[0]);  // the first press: nothing before it
  EXPECT_TRUE(mouse.pending());
  f = mouse.take_frame(kDoubleClick);
  EXPECT_FALSE(f.down[0]);
  f = mouse.take_frame(kDoubleClick);
  EXPECT_TRUE(f.down[0]);
  ASSERT_TRUE(f.since_last_press[0]);
  EXPECT_NEAR(*f.since_last_press[0], 0.12, 1e-12);  // the events' gap, whatever the frames took
  f = mouse.take_frame(kDoubleClick);
  EXPECT_FALSE(f.down[0]);
  EXPECT_FALSE(mouse.pending());
}

TEST(MouseTrickle, AThirdClickAfterADoubleClickIsNotTimedAgainstIt) {
  MouseTrickle mouse;
  for (const double t : {1.0, 1.1, 1.2}) {
    mouse.push(0, true, t);
    mouse.push(0, false, t + 0.02);
  }
  std::vector<std::optional<double>> gaps;
  while (mouse.pending()) {
    const MouseTrickle::Frame f = mouse.take_frame(kDoubleClick);
    if (f.down[0]) gaps.push_back(f.since_last_press[0]);
  }
  ASSERT_EQ(gaps.size(), 3u);
  EXPECT_FALSE(gaps[0]);
  ASSERT_TRUE(gaps[1]);
  EXPECT_NEAR(*gaps[1], 0.1, 1e-12);
  EXPECT_FALSE(gaps[2]);  // ImGui itself treats it as a new first click
}

TEST(MouseTrickle, SlowClicksKeepTheirLongGap) {
  MouseTrickle mouse;
  mouse.push(0, true, 1.0);
  mouse.push(0, false, 1.1);
  mouse.push(0, true, 2.0);
  mouse.take_frame(kDoubleClick);
  mouse.take_frame(kDoubleClick);
  const MouseTrickle::Frame f = mouse.take_frame(kDoubleClick);
  ASSERT_TRUE(f.since_last_press[0]);
  EXPECT_NEAR(*f.since_last_press[0], 1.0, 1e-12);
}

TEST(MouseTrickle, ButtonsChangeTogetherInOneFrameButKeepTheirOrder) {
  MouseTrickle mouse;
  mouse.push(1, true, 0.0);    // right down
  mouse.push(0, true, 0.01);   // left down
  mouse.push(1, false, 0.02);  // right up: waits (right already changed this frame), and so does what follows
  mouse.push(0, false, 0.03);
  MouseTrickle::Frame f = mouse.take_frame(kDoubleClick);
  EXPECT_TRUE(f.down[0]);
  EXPECT_TRUE(f.down[1]);
  f = mouse.take_frame(kDoubleClick);
  EXPECT_FALSE(f.down[0]);
  EXPECT_FALSE(f.down[1]);
  EXPECT_FALSE(mouse.pending());
}

TEST(MouseTrickle, EventsThatChangeNothingAreDroppedAndSettleFollowsTheWindowSystem) {
  MouseTrickle mouse;
  mouse.push(0, false, 0.0);  // a release never pressed here (the press was outside the window)
  mouse.push(5, true, 0.0);   // not a button it keeps
  MouseTrickle::Frame f = mouse.take_frame(kDoubleClick);
  EXPECT_FALSE(f.down[0]);
  EXPECT_FALSE(mouse.pending());
  mouse.push(2, true, 1.0);
  f = mouse.take_frame(kDoubleClick);
  EXPECT_TRUE(f.down[2]);
  mouse.settle(2, false);  // its release never came
  EXPECT_FALSE(mouse.take_frame(kDoubleClick).down[2]);
}

}  // namespace
}  // namespace bvhscope::viewer
