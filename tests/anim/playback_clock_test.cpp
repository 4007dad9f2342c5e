// PlaybackClock: wall time to frame position, driven by explicit time steps (no clock in tests).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "anim/clip_timeline.hpp"
#include "anim/playback_clock.hpp"

namespace bvhscope {
namespace {

PlaybackClock clock_at(std::size_t frames, double frame_time, bool play = true) {
  PlaybackClock clock;
  clock.reset(frames, frame_time, play);
  return clock;
}

TEST(PlaybackClock, PlaysBackwardsAndStopsOrLoopsAtTheStart) {
  PlaybackClock clock = clock_at(10, 0.1);
  clock.seek(5.0);
  clock.set_reverse(true);
  clock.advance(0.2);
  EXPECT_DOUBLE_EQ(clock.position(), 3.0);
  clock.advance(0.5);  // loops: 3 - 5 = -2 wraps to 8 in a 10-frame period
  EXPECT_DOUBLE_EQ(clock.position(), 8.0);
  clock.set_loop(false);
  clock.advance(2.0);
  EXPECT_DOUBLE_EQ(clock.position(), 0.0);
  EXPECT_FALSE(clock.playing());
  clock.play();  // stopped at the start backwards: plays again from the end
  EXPECT_DOUBLE_EQ(clock.position(), 9.0);
  EXPECT_TRUE(clock.playing());
}

TEST(PlaybackClock, ShuttleKeysPlayPauseAndSpeedUp) {
  PlaybackClock clock = clock_at(100, 0.1, false);
  clock.seek(50.0);
  clock.shuttle(1);  // L
  EXPECT_TRUE(clock.playing());
  EXPECT_FALSE(clock.reversed());
  EXPECT_EQ(clock.speed(), 1.0);
  clock.shuttle(1);  // L again: twice as fast
  clock.shuttle(1);
  EXPECT_EQ(clock.speed(), 4.0);
  clock.shuttle(1);  // at most kMaxSpeed
  EXPECT_EQ(clock.speed(), PlaybackClock::kMaxSpeed);
  clock.shuttle(-1);  // J: backwards at 1x
  EXPECT_TRUE(clock.reversed());
  EXPECT_EQ(clock.speed(), 1.0);
  clock.advance(0.5);
  EXPECT_DOUBLE_EQ(clock.position(), 45.0);
  clock.shuttle(0);  // K
  EXPECT_FALSE(clock.playing());
}

TEST(PlaybackClock, TheInOutRangeBoundsPlaybackLoopsAndJumps) {
  PlaybackClock clock = clock_at(100, 0.1);
  clock.set_in_point(20.0);
  clock.set_out_point(29.0);
  EXPECT_TRUE(clock.has_range());
  EXPECT_EQ(clock.range_start(), 20.0);
  EXPECT_EQ(clock.range_end(), 29.0);
  // Outside the range, playback enters it at its start.
  clock.advance(0.1);
  EXPECT_DOUBLE_EQ(clock.position(), 20.0);
  clock.advance(0.95);  // 9.5 frames: 29.5, still the last frame's slot
  EXPECT_DOUBLE_EQ(clock.position(), 29.5);
  clock.advance(0.1);  // 30.5 wraps to 20.5 (a 10-frame period)
  EXPECT_NEAR(clock.position(), 20.5, 1e-9);
  clock.jump_to_last();
  EXPECT_EQ(clock.position(), 29.0);
  clock.jump_to_first();
  EXPECT_EQ(clock.position(), 20.0);
  clock.set_loop(false);
  clock.advance(5.0);
  EXPECT_EQ(clock.position(), 29.0);
  EXPECT_FALSE(clock.playing());
  clock.play();
  EXPECT_EQ(clock.position(), 20.0);
  // An in point past the out point moves the out point along, and the other way round.
  clock.set_in_point(40.0);
  EXPECT_EQ(clock.range_end(), 40.0);
  clock.set_out_point(10.0);
  EXPECT_EQ(clock.range_start(), 10.0);
  clock.clear_range();
  EXPECT_FALSE(clock.has_range());
  EXPECT_EQ(clock.range_end(), 99.0);
}

TEST(PlaybackClock, AdvancesByWallTimeAtTheFileRate) {
  PlaybackClock clock = clock_at(100, 1.0 / 120.0);
  clock.advance(0.5);
  EXPECT_NEAR(clock.position(), 60.0, 1e-9);
  EXPECT_EQ(clock.frame(), 60u);
  EXPECT_NEAR(clock.time_seconds(), 0.5, 1e-9);
}

TEST(PlaybackClock, SameWallTimeGivesSamePositionWhateverTheRefreshRate) {
  PlaybackClock at_60hz = clock_at(1000, 1.0 / 120.0);
  PlaybackClock at_144hz = clock_at(1000, 1.0 / 120.0);
  for (int i = 0; i < 60; ++i) at_60hz.advance(1.0 / 60.0);
  for (int i = 0; i < 144; ++i) at_144hz.advance(1.0 / 144.0);
  EXPECT_NEAR(at_60hz.position(), 120.0, 1e-6);
  EXPECT_NEAR(at_144hz.position(), 120.0, 1e-6);
}

TEST(PlaybackClock, SpeedScalesAndIsClamped) {
  PlaybackClock clock = clock_at(1000, 0.01);
  clock.set_speed(2.0);
  clock.advance(0.1);
  EXPECT_NEAR(clock.position(), 20.0, 1e-9);
  clock.set_speed(100.0);
  EXPECT_DOUBLE_EQ(clock.speed(), PlaybackClock::kMaxSpeed);
  clock.set_speed(0.0);
  EXPECT_DOUBLE_EQ(clock.speed(), PlaybackClock::kMinSpeed);
}

TEST(PlaybackClock, LoopWrapsOverEveryFrameSlot) {
  PlaybackClock clock = clock_at(10, 0.1);
  clock.set_loop(true);
  clock.advance(0.95);  // 9.5 frames: still in the last frame's slot
  EXPECT_EQ(clock.frame(), 9u);
  clock.advance(0.1);  // 10.5 → wraps to 0.5
  EXPECT_NEAR(clock.position(), 0.5, 1e-9);
  EXPECT_EQ(clock.frame(), 0u);
  EXPECT_TRUE(clock.playing());
}

TEST(PlaybackClock, WithoutLoopStopsOnTheLastFrameAndPlayRestarts) {
  PlaybackClock clock = clock_at(10, 0.1);
  clock.set_loop(false);
  clock.advance(5.0);
  EXPECT_DOUBLE_EQ(clock.position(), 9.0);
  EXPECT_FALSE(clock.playing());
  clock.play();
  EXPECT_TRUE(clock.playing());
  EXPECT_DOUBLE_EQ(clock.position(), 0.0);
}

TEST(PlaybackClock, PausedIgnoresTime) {
  PlaybackClock clock = clock_at(10, 0.1, false);
  clock.advance(0.5);
  EXPECT_DOUBLE_EQ(clock.position(), 0.0);
  clock.toggle();
  clock.advance(0.2);
  EXPECT_NEAR(clock.position(), 2.0, 1e-9);
  clock.toggle();
  clock.advance(0.2);
  EXPECT_NEAR(clock.position(), 2.0, 1e-9);
}

TEST(PlaybackClock, BadTimeStepsAreIgnored) {
  PlaybackClock clock = clock_at(10, 0.1);
  clock.advance(-1.0);
  clock.advance(std::numeric_limits<double>::quiet_NaN());
  clock.advance(std::numeric_limits<double>::infinity());
  EXPECT_DOUBLE_EQ(clock.position(), 0.0);
}

TEST(PlaybackClock, StepPausesAndMovesWholeFramesFromTheFrameOnScreen) {
  PlaybackClock clock = clock_at(10, 0.1);
  clock.advance(0.37);  // 3.7: frame 3 on screen
  clock.step(1);
  EXPECT_FALSE(clock.playing());
  EXPECT_DOUBLE_EQ(clock.position(), 4.0);
  clock.step(-10);
  EXPECT_DOUBLE_EQ(clock.position(), 0.0);
  clock.step(100);
  EXPECT_DOUBLE_EQ(clock.position(), 9.0);
}

TEST(PlaybackClock, JumpsAndSeekClamp) {
  PlaybackClock clock = clock_at(50, 0.1);
  clock.jump_to_last();
  EXPECT_EQ(clock.frame(), 49u);
  clock.jump_to_first();
  EXPECT_EQ(clock.frame(), 0u);
  clock.seek(12.5);
  EXPECT_DOUBLE_EQ(clock.position(), 12.5);
  clock.seek(-3.0);
  EXPECT_DOUBLE_EQ(clock.position(), 0.0);
  clock.seek(1e9);
  EXPECT_DOUBLE_EQ(clock.position(), 49.0);
}

TEST(PlaybackClock, ScrubHoldsThePlayheadAndResumesPlaying) {
  PlaybackClock clock = clock_at(100, 0.1);
  clock.begin_scrub();
  clock.scrub(40.0);
  clock.advance(1.0);  // wall time passes while the timeline is held
  EXPECT_DOUBLE_EQ(clock.position(), 40.0);
  clock.scrub(42.0);
  EXPECT_DOUBLE_EQ(clock.position(), 42.0);
  clock.end_scrub();
  EXPECT_TRUE(clock.playing());
  clock.advance(0.1);
  EXPECT_NEAR(clock.position(), 43.0, 1e-9);
}

TEST(PlaybackClock, ScrubWhilePausedStaysPaused) {
  PlaybackClock clock = clock_at(100, 0.1, false);
  clock.begin_scrub();
  clock.scrub(10.0);
  clock.end_scrub();
  EXPECT_FALSE(clock.playing());
  EXPECT_DOUBLE_EQ(clock.position(), 10.0);
}

TEST(PlaybackClock, SamplePositionIsTheFrameOnScreenOrTheExactPosition) {
  PlaybackClock clock = clock_at(10, 0.1);
  clock.seek(3.75);
  EXPECT_DOUBLE_EQ(clock.sample_position(false), 3.0);
  EXPECT_DOUBLE_EQ(clock.sample_position(true), 3.75);
}

TEST(PlaybackClock, SingleFrameAndEmptyClipsNeverPlay) {
  PlaybackClock one = clock_at(1, 0.1);
  EXPECT_FALSE(one.playing());
  one.play();
  EXPECT_FALSE(one.playing());
  EXPECT_EQ(one.frame(), 0u);
  PlaybackClock none = clock_at(0, 0.1);
  none.jump_to_last();
  EXPECT_EQ(none.frame(), 0u);
}

TEST(PlaybackClock, ResetKeepsSpeedAndLoopButRewinds) {
  PlaybackClock clock = clock_at(100, 0.1);
  clock.set_speed(0.5);
  clock.set_loop(false);
  clock.advance(1.0);
  clock.reset(20, 0.05, true);
  EXPECT_DOUBLE_EQ(clock.position(), 0.0);
  EXPECT_DOUBLE_EQ(clock.speed(), 0.5);
  EXPECT_FALSE(clock.looping());
  EXPECT_DOUBLE_EQ(clock.frame_time(), 0.05);
}

TEST(PlaybackClock, GrowingClipKeepsPositionPlayingAndScrub) {
  PlaybackClock clock = clock_at(10, 0.1);
  clock.advance(0.45);  // 4.5 frames
  clock.begin_scrub();
  clock.scrub(6.0);
  clock.set_frame_count(1000);
  EXPECT_EQ(clock.frame_count(), 1000u);
  EXPECT_DOUBLE_EQ(clock.position(), 6.0);
  EXPECT_TRUE(clock.scrubbing());
  clock.scrub(800.0);
  EXPECT_DOUBLE_EQ(clock.position(), 800.0);
  clock.end_scrub();
  EXPECT_TRUE(clock.playing());
  clock.set_frame_count(50);  // shrinking clamps to the new last frame
  EXPECT_DOUBLE_EQ(clock.position(), 49.0);
  EXPECT_TRUE(clock.playing());
  clock.set_frame_count(1);
  EXPECT_FALSE(clock.playing());
  EXPECT_DOUBLE_EQ(clock.position(), 0.0);
}

TEST(PlaybackClock, WhileMoreFramesAreComingPlaybackWaitsOnTheLastFrame) {
  PlaybackClock clock = clock_at(10, 0.1);  // looping
  clock.set_more_frames_coming(true);
  clock.advance(0.85);  // 8.5
  clock.advance(0.3);   // would pass frame 9 and wrap; waits on 9 instead
  EXPECT_DOUBLE_EQ(clock.position(), 9.0);
  EXPECT_TRUE(clock.playing());
  clock.set_frame_count(20);
  clock.advance(0.25);
  EXPECT_DOUBLE_EQ(clock.position(), 11.5);
  clock.set_more_frames_coming(false);
  clock.advance(0.9);  // 20.5 wraps over 20 frames: the loop is back
  EXPECT_NEAR(clock.position(), 0.5, 1e-9);

  PlaybackClock once = clock_at(10, 0.1);
  once.set_loop(false);
  once.set_more_frames_coming(true);
  once.advance(2.0);
  EXPECT_DOUBLE_EQ(once.position(), 9.0);
  EXPECT_TRUE(once.playing()) << "a clip that is still loading does not stop at its current end";
  once.pause();
  once.play();
  EXPECT_DOUBLE_EQ(once.position(), 9.0) << "and play does not rewind while frames are coming";
}

}  // namespace
}  // namespace bvhscope

namespace bvhscope {
namespace {

TEST(TimelineFrames, CountsBothEndsAndIsCheckedForEveryFrameTime) {
  EXPECT_EQ(timeline_frames(10.0, 0.1), 101u);
  EXPECT_EQ(timeline_frames(0.0, 1.0 / 30.0), 1u);
  EXPECT_EQ(timeline_frames(-5.0, 0.1), 1u);
  EXPECT_EQ(timeline_frames(std::nan(""), 0.1), 1u);
  // Spans the parser can produce (an hour per frame on one clip, a microsecond on the active
  // one, billions of rows) stay within 2^53 frames instead of overflowing size_t.
  EXPECT_EQ(timeline_frames(3600.0 * 4e9, 1e-6), static_cast<std::size_t>(kMaxTimelineFrames));
  EXPECT_EQ(timeline_frames(1e308, 1e-320), static_cast<std::size_t>(kMaxTimelineFrames));
  EXPECT_EQ(timeline_frames(std::numeric_limits<double>::infinity(), 0.1),
            static_cast<std::size_t>(kMaxTimelineFrames));
}

}  // namespace
}  // namespace bvhscope
