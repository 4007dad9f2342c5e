// The gate between the frame loop and its loads (model/frame_gate): a load waits while a frame is
// drawn (no wait between frames, a wait that ends when the frame is on screen, never longer than
// asked), and a load's news ends the loop's wait between frames and calls its waker.
#include "model/frame_gate.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "test_pace.hpp"

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
  std::atomic<bool> shown_when_done{false};
  std::thread loader([&] {
    gate.wait_for_gap(milliseconds(600000));  // far longer than the test takes
    shown_when_done = shown.load();
  });
  std::this_thread::sleep_for(milliseconds(20));  // the loader is waiting by now, most likely
  shown = true;
  gate.frame_shown();
  loader.join();
  EXPECT_TRUE(shown_when_done) << "the wait ended before the frame was shown";
}

// A frame shown and the next begun before the waiting load ran again: the wait still ends (at the
// end of the frame it waited for), rather than lasting into the next frame.
TEST(FrameGate, AWaitEndsWithItsFrameThoughTheNextHasBegun) {
  FrameGate gate;
  gate.frame_started();
  std::atomic<bool> done{false};
  std::thread loader([&] {
    gate.wait_for_gap(std::chrono::minutes(10));
    done = true;
  });
  std::this_thread::sleep_for(milliseconds(20));  // the loader is waiting by now, most likely
  gate.frame_shown();
  gate.frame_started();  // at once: the gate is closed again before the loader wakes
  loader.join();         // returns: would hang for 10 minutes if only an open gate ended the wait
  EXPECT_TRUE(done);
  gate.frame_shown();
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

// A load with news that redraws the whole view waits for the next frame to be shown (not only for
// the one being drawn), so that the frame showing its news follows a frame just shown; a loop
// that draws nothing makes it wait not at all.
TEST(FrameGate, TheNextFrameShownEndsAWaitForIt) {
  FrameGate gate(std::chrono::minutes(10));  // frames never count as stopped, however late a thread runs
  EXPECT_FALSE(gate.wait_for_next_shown(std::chrono::minutes(10)));  // never drawn: at once
  gate.frame_started();  // the loop draws from here on, before the loader runs
  gate.frame_shown();
  // A frame loop drawing until the loader's wait has ended (whenever the loader gets to run).
  std::atomic<bool> done{false};
  std::atomic<bool> saw{false};
  std::thread loader([&] {
    saw = gate.wait_for_next_shown(std::chrono::minutes(10));
    done = true;
  });
  const Clock::time_point deadline = Clock::now() + test::hang_bound(std::chrono::seconds(60));
  while (!done && Clock::now() < deadline) {
    gate.frame_started();
    std::this_thread::sleep_for(milliseconds(1));
    gate.frame_shown();
    std::this_thread::sleep_for(milliseconds(1));
  }
  ASSERT_TRUE(done) << "the wait did not end while frames were shown";
  loader.join();
  EXPECT_TRUE(saw) << "the wait ended without a frame shown";
}

TEST(FrameGate, AWaitForTheNextFrameLastsOnlyAsLongAsAskedOrNotAtAllWhenFramesStopped) {
  FrameGate gate(milliseconds(100));
  gate.frame_started();  // a frame that never ends
  Clock::time_point start = Clock::now();
  EXPECT_FALSE(gate.wait_for_next_shown(milliseconds(30)));
  EXPECT_GE(Clock::now() - start, milliseconds(30));
  gate.frame_shown();
  // No frame started for longer than a loop that draws leaves between two (an idle viewer).
  std::this_thread::sleep_for(milliseconds(150));
  start = Clock::now();
  EXPECT_FALSE(gate.wait_for_next_shown(std::chrono::minutes(10)));  // returns: would hang otherwise
}

TEST(FrameGate, NewsEndsTheWaitBetweenFramesAndCallsTheWaker) {
  FrameGate gate;
  std::atomic<int> wakes{0};
  gate.set_waker([&wakes] { wakes.fetch_add(1); });
  std::atomic<bool> woken{false};
  std::atomic<bool> news_sent{false};
  std::atomic<bool> sent_when_woken{false};
  std::thread loop([&] {
    woken = gate.wait_between_frames(Clock::now() + std::chrono::minutes(10));
    sent_when_woken = news_sent.load();
  });
  std::this_thread::sleep_for(milliseconds(20));  // the loop is waiting by now, most likely
  news_sent = true;
  gate.news();
  loop.join();
  EXPECT_TRUE(woken);
  EXPECT_TRUE(sent_when_woken) << "the wait ended before the news";
  EXPECT_EQ(wakes.load(), 1);
  gate.set_waker({});
  gate.news();
  EXPECT_EQ(wakes.load(), 1);  // no waker any more
}

TEST(FrameGate, NewsTakenByAFrameDoesNotEndTheNextWait) {
  FrameGate gate;
  gate.news();  // before the frame: the frame shows it
  gate.frame_started();
  gate.frame_shown();
  const Clock::time_point start = Clock::now();
  EXPECT_FALSE(gate.wait_between_frames(start + milliseconds(30)));  // to its deadline
  EXPECT_GE(Clock::now() - start, milliseconds(30));
  gate.news();  // after the frame began: the next wait ends at once, the one after does not
  EXPECT_TRUE(gate.wait_between_frames(Clock::now() + std::chrono::minutes(10)));
  EXPECT_FALSE(gate.wait_between_frames(Clock::now() + milliseconds(1)));
}

}  // namespace
}  // namespace bvhscope
