// The gate a load waits at while the viewer draws a frame (model/frame_gate): no wait between
// frames, a wait that ends when the frame is on screen, and never longer than asked.
#include "model/frame_gate.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace bvhscope {
namespace {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

TEST(FrameGate, BetweenFramesNothingWaits) {
  FrameGate gate;
  EXPECT_FALSE(gate.wait_for_gap(milliseconds(60000)));  // never drawn
  gate.frame_started();
  gate.frame_shown();
  EXPECT_FALSE(gate.wait_for_gap(milliseconds(60000)));  // the frame is on screen
}

TEST(FrameGate, AWaitEndsWhenTheFrameIsShown) {
  FrameGate gate;
  gate.frame_started();
  std::atomic<bool> shown{false};
  std::atomic<bool> waited{false};
  std::atomic<bool> shown_when_done{false};
  std::thread loader([&] {
    waited = gate.wait_for_gap(milliseconds(600000));  // far longer than the test takes
    shown_when_done = shown.load();
  });
  std::this_thread::sleep_for(milliseconds(20));  // the loader is waiting by now, most likely
  shown = true;
  gate.frame_shown();
  loader.join();
  EXPECT_TRUE(waited);
  EXPECT_TRUE(shown_when_done) << "the wait ended before the frame was shown";
}

TEST(FrameGate, AFrameThatDoesNotEndHoldsAWaitOnlyAsLongAsAsked) {
  FrameGate gate;
  gate.frame_started();
  const Clock::time_point start = Clock::now();
  EXPECT_TRUE(gate.wait_for_gap(milliseconds(30)));
  EXPECT_GE(Clock::now() - start, milliseconds(30));
  gate.frame_shown();
  gate.frame_started();  // a new frame: the gate closes again
  EXPECT_TRUE(gate.wait_for_gap(milliseconds(1)));
}

}  // namespace
}  // namespace bvhscope
