// What a clip shows outside its frames on a longer shared timeline (Hold, Loop, Hide): exact values.
#include <gtest/gtest.h>

#include <limits>

#include "anim/clip_timeline.hpp"

namespace bvhscope {
namespace {

Motion motion_of(std::size_t frames, double frame_time) {
  Motion motion;
  motion.frame_count = frames;
  motion.frame_time = frame_time;
  return motion;
}

void expect_sample(const ClipSample& sample, double frame, bool shown) {
  EXPECT_EQ(sample.frame, frame);
  EXPECT_EQ(sample.shown, shown);
}

// Five frames a quarter of a second apart, starting 1 s into the shared time: frame k from
// 1 + k/4 s, its end (every frame shown for a frame time) at 2.25 s.
TEST(ClipEnd, HoldKeepsTheFirstAndLastFrames) {
  const Motion m = motion_of(5, 0.25);
  expect_sample(clip_sample(m, 1.0, 0.0, ClipEnd::Hold), 0.0, true);
  expect_sample(clip_sample(m, 1.0, 1.0, ClipEnd::Hold), 0.0, true);
  expect_sample(clip_sample(m, 1.0, 1.625, ClipEnd::Hold), 2.5, true);
  expect_sample(clip_sample(m, 1.0, 2.0, ClipEnd::Hold), 4.0, true);
  expect_sample(clip_sample(m, 1.0, 2.25, ClipEnd::Hold), 4.0, true);
  expect_sample(clip_sample(m, 1.0, 100.0, ClipEnd::Hold), 4.0, true);
  // The same as clip_frame_position.
  for (const double s : {-3.0, 0.5, 1.3, 2.1, 9.0}) {
    EXPECT_EQ(clip_sample(m, 1.0, s, ClipEnd::Hold).frame, clip_frame_position(m, 1.0, s));
  }
}

TEST(ClipEnd, LoopPlaysAgainFromFrameZeroEveryFrameCountFrameTimes) {
  const Motion m = motion_of(5, 0.25);
  expect_sample(clip_sample(m, 1.0, 0.0, ClipEnd::Loop), 0.0, true);  // before its start: frame 0
  expect_sample(clip_sample(m, 1.0, 1.5, ClipEnd::Loop), 2.0, true);
  expect_sample(clip_sample(m, 1.0, 2.0, ClipEnd::Loop), 4.0, true);
  expect_sample(clip_sample(m, 1.0, 2.1875, ClipEnd::Loop), 4.0, true);  // the last frame keeps its slot
  expect_sample(clip_sample(m, 1.0, 2.25, ClipEnd::Loop), 0.0, true);    // period 5 × 0.25 s
  expect_sample(clip_sample(m, 1.0, 2.375, ClipEnd::Loop), 0.5, true);
  expect_sample(clip_sample(m, 1.0, 3.0, ClipEnd::Loop), 3.0, true);  // p = 8: the second pass's frame 3
  expect_sample(clip_sample(m, 1.0, 3.5, ClipEnd::Loop), 0.0, true);  // p = 10: the third pass
  expect_sample(clip_sample(m, 1.0, 1.0 + 0.25 * 5003.5, ClipEnd::Loop), 3.5, true);
}

TEST(ClipEnd, HideShowsTheClipOnlyWithinItsFrames) {
  const Motion m = motion_of(5, 0.25);
  expect_sample(clip_sample(m, 1.0, 0.75, ClipEnd::Hide), 0.0, false);
  expect_sample(clip_sample(m, 1.0, 1.0, ClipEnd::Hide), 0.0, true);
  expect_sample(clip_sample(m, 1.0, 1.625, ClipEnd::Hide), 2.5, true);
  expect_sample(clip_sample(m, 1.0, 2.0, ClipEnd::Hide), 4.0, true);
  expect_sample(clip_sample(m, 1.0, 2.1875, ClipEnd::Hide), 4.0, true);  // the last frame's slot
  expect_sample(clip_sample(m, 1.0, 2.25, ClipEnd::Hide), 4.0, false);   // its end
  expect_sample(clip_sample(m, 1.0, 50.0, ClipEnd::Hide), 4.0, false);
}

TEST(ClipEnd, NegativeOffsets) {
  const Motion m = motion_of(5, 0.25);  // frame 0 at -0.5 s, its end at 0.75 s
  expect_sample(clip_sample(m, -0.5, 0.0, ClipEnd::Hold), 2.0, true);
  expect_sample(clip_sample(m, -0.5, -0.5, ClipEnd::Hide), 0.0, true);
  expect_sample(clip_sample(m, -0.5, -0.625, ClipEnd::Hide), 0.0, false);
  expect_sample(clip_sample(m, -0.5, 0.75, ClipEnd::Hide), 4.0, false);
  expect_sample(clip_sample(m, -0.5, 0.75, ClipEnd::Loop), 0.0, true);
  expect_sample(clip_sample(m, -0.5, 1.0, ClipEnd::Loop), 1.0, true);
  expect_sample(clip_sample(m, -0.5, -2.0, ClipEnd::Loop), 0.0, true);
}

TEST(ClipEnd, OneFrameClips) {
  const Motion m = motion_of(1, 0.25);  // shown for one frame time from 1 s
  for (const double s : {0.0, 1.0, 1.125, 1.25, 7.0}) {
    expect_sample(clip_sample(m, 1.0, s, ClipEnd::Hold), 0.0, true);
    expect_sample(clip_sample(m, 1.0, s, ClipEnd::Loop), 0.0, true);
  }
  expect_sample(clip_sample(m, 1.0, 0.875, ClipEnd::Hide), 0.0, false);
  expect_sample(clip_sample(m, 1.0, 1.0, ClipEnd::Hide), 0.0, true);
  expect_sample(clip_sample(m, 1.0, 1.125, ClipEnd::Hide), 0.0, true);
  expect_sample(clip_sample(m, 1.0, 1.25, ClipEnd::Hide), 0.0, false);
}

// A 120 fps clip of 120 frames on the 30 fps clock of another clip: shared times are computed in
// thirtieths of a second, which are not exact; each still lands on the frame it names.
TEST(ClipEnd, ClipsOfOtherFrameRatesOnOneClock) {
  const Motion fast = motion_of(120, 1.0 / 120.0);  // one second: its end at clock frame 30
  const Motion slow = motion_of(31, 1.0 / 30.0);    // the clock's own clip: frame 30 at 1 s
  const double clock_frame = 1.0 / 30.0;
  for (int f = 0; f < 30; ++f) {
    const double seconds = f * clock_frame;
    EXPECT_NEAR(clip_sample(fast, 0.0, seconds, ClipEnd::Loop).frame, 4.0 * f, 1e-9) << f;
    EXPECT_TRUE(clip_sample(fast, 0.0, seconds, ClipEnd::Hide).shown) << f;
  }
  const double one = 30 * clock_frame;
  EXPECT_FALSE(clip_sample(fast, 0.0, one, ClipEnd::Hide).shown);
  EXPECT_NEAR(clip_sample(fast, 0.0, one, ClipEnd::Loop).frame, 0.0, 1e-9);
  EXPECT_NEAR(clip_sample(fast, 0.0, 31 * clock_frame, ClipEnd::Loop).frame, 4.0, 1e-9);
  EXPECT_NEAR(clip_sample(fast, 0.0, 45 * clock_frame, ClipEnd::Loop).frame, 60.0, 1e-9);
  EXPECT_EQ(clip_sample(fast, 0.0, one, ClipEnd::Hold).frame, 119.0);
  // The 30 fps clip shows its last frame at clock frame 30, hidden from 31.
  EXPECT_TRUE(clip_sample(slow, 0.0, one, ClipEnd::Hide).shown);
  EXPECT_NEAR(clip_sample(slow, 0.0, one, ClipEnd::Hide).frame, 30.0, 1e-9);
  EXPECT_FALSE(clip_sample(slow, 0.0, 31 * clock_frame, ClipEnd::Hide).shown);
  // Offset by 0.4 s on a 25 fps clock: clock frame 10 is its frame 0 in every mode.
  const Motion walk = motion_of(21, 0.04);
  for (const ClipEnd end : {ClipEnd::Hold, ClipEnd::Loop, ClipEnd::Hide}) {
    const ClipSample at = clip_sample(walk, 0.4, 10 * 0.04, end);
    EXPECT_NEAR(at.frame, 0.0, 1e-9);
    EXPECT_TRUE(at.shown);
  }
  EXPECT_FALSE(clip_sample(walk, 0.4, 9 * 0.04, ClipEnd::Hide).shown);
  EXPECT_TRUE(clip_sample(walk, 0.4, 30 * 0.04, ClipEnd::Hide).shown);  // its frame 20
  EXPECT_FALSE(clip_sample(walk, 0.4, 31 * 0.04, ClipEnd::Hide).shown);
  EXPECT_NEAR(clip_sample(walk, 0.4, 31 * 0.04, ClipEnd::Loop).frame, 0.0, 1e-9);
}

TEST(ClipEnd, DegenerateClipsAndNames) {
  expect_sample(clip_sample(motion_of(0, 0.25), 0.0, 1.0, ClipEnd::Hide), 0.0, true);
  expect_sample(clip_sample(motion_of(5, 0.0), 0.0, 1.0, ClipEnd::Loop), 0.0, true);
  expect_sample(clip_sample(motion_of(5, 0.25), 0.0, std::numeric_limits<double>::infinity(), ClipEnd::Hide), 0.0,
                true);
  for (const ClipEnd end : {ClipEnd::Hold, ClipEnd::Loop, ClipEnd::Hide}) {
    EXPECT_EQ(parse_clip_end(clip_end_name(end)), end);
  }
  EXPECT_EQ(clip_end_name(ClipEnd::Loop), "loop");
  EXPECT_FALSE(parse_clip_end("Loop").has_value());
  EXPECT_FALSE(parse_clip_end("").has_value());
}

}  // namespace
}  // namespace bvhscope
