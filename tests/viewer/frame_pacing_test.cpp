// The window loop's sleeping (viewer/frame_pacing): when it polls, how long it waits and why.
#include <gtest/gtest.h>

#include <limits>

#include "viewer/frame_pacing.hpp"

namespace bvhscope::viewer {
namespace {

constexpr double kNow = 100.0;

TEST(FramePacing, AnythingMovingPollsAtOnce) {
  for (int which = 0; which < 4; ++which) {
    LoopActivity activity;
    activity.playing = which == 0;
    activity.streaming = which == 1;
    activity.engaged = which == 2;
    activity.settle_frames = which == 3 ? 1 : 0;
    const LoopWait wait = plan_wait(activity, kNow);
    EXPECT_EQ(wait.until, kNow) << which;
    EXPECT_EQ(wait.reason, WakeReason::Frame) << which;
  }
}

TEST(FramePacing, IdleWaitsOnlyToLookAtSignals) {
  const LoopWait wait = plan_wait(LoopActivity{}, kNow);
  EXPECT_EQ(wait.until, kNow + 0.5);
  EXPECT_EQ(wait.reason, WakeReason::Signals);
}

TEST(FramePacing, BackgroundWorkWakesTenTimesASecond) {
  LoopActivity activity;
  activity.background = true;
  const LoopWait wait = plan_wait(activity, kNow);
  EXPECT_EQ(wait.until, kNow + 0.1);
  EXPECT_EQ(wait.reason, WakeReason::Progress);
}

TEST(FramePacing, TheNextTimerWhenItComesFirst) {
  LoopActivity activity;
  activity.next_timer = kNow + 0.3;
  LoopWait wait = plan_wait(activity, kNow);
  EXPECT_EQ(wait.until, kNow + 0.3);
  EXPECT_EQ(wait.reason, WakeReason::Timer);
  activity.background = true;  // the progress tick comes first
  wait = plan_wait(activity, kNow);
  EXPECT_EQ(wait.until, kNow + 0.1);
  EXPECT_EQ(wait.reason, WakeReason::Progress);
  activity.next_timer = kNow - 2.0;  // overdue: at once
  wait = plan_wait(activity, kNow);
  EXPECT_EQ(wait.until, kNow);
  EXPECT_EQ(wait.reason, WakeReason::Timer);
  activity.next_timer = std::numeric_limits<double>::infinity();
  activity.background = false;
  EXPECT_EQ(plan_wait(activity, kNow).reason, WakeReason::Signals);
}

TEST(FramePacing, TheMonitorsRateOrSixty) {
  EXPECT_EQ(frame_rate_cap(0), 60.0);  // Xvfb reports none
  EXPECT_EQ(frame_rate_cap(144), 144.0);
  EXPECT_EQ(frame_rate_cap(23), 60.0);
  EXPECT_EQ(frame_rate_cap(1000), 60.0);
  EXPECT_EQ(next_frame_start(10.0, 50.0, 10.005), 10.02);  // one period after the frame's start
  EXPECT_EQ(next_frame_start(10.0, 50.0, 10.5), 10.5);     // late: at once
}

}  // namespace
}  // namespace bvhscope::viewer
