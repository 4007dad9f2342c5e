// The frame-time plan of a video: output frame counts, clip positions and durations, by hand.
#include <gtest/gtest.h>

#include "anim/video_timing.hpp"

namespace bvhscope {
namespace {

VideoTiming plan(std::size_t frames, double frame_time, std::optional<ClipFrameRange> range = std::nullopt,
                 std::optional<double> fps = std::nullopt) {
  std::string error;
  const std::optional<VideoTiming> timing = plan_video_timing(frames, frame_time, range, fps, error);
  EXPECT_TRUE(timing.has_value()) << error;
  return timing.value_or(VideoTiming{});
}

TEST(VideoTiming, AClipAtItsOwnRateGivesEveryFrameOnce) {
  const VideoTiming timing = plan(300, 1.0 / 30.0);
  EXPECT_DOUBLE_EQ(timing.fps, 30.0);
  ASSERT_EQ(timing.frame_count, 300u);
  for (std::size_t k = 0; k < 300; ++k) EXPECT_EQ(timing.position(k), static_cast<double>(k));
  EXPECT_DOUBLE_EQ(timing.duration, 10.0);
}

TEST(VideoTiming, AFileFrameTimeWithFewDigitsIsItsWholeRate) {
  const VideoTiming timing = plan(100, 0.0333333);  // as BVH files write 30 fps
  EXPECT_DOUBLE_EQ(timing.fps, 30.0);
  EXPECT_EQ(timing.frame_count, 100u);
  EXPECT_EQ(timing.position(99), 99.0);
}

TEST(VideoTiming, TheDefaultRateIsCappedAt60) {
  EXPECT_DOUBLE_EQ(default_video_fps(1.0 / 120.0), 60.0);
  EXPECT_DOUBLE_EQ(default_video_fps(0.00833333), 60.0);
  EXPECT_DOUBLE_EQ(default_video_fps(0.04), 25.0);
  const VideoTiming timing = plan(241, 0.00833333);  // 120 fps to 60: every other frame
  EXPECT_EQ(timing.frame_count, 121u);
  EXPECT_EQ(timing.position(1), 2.0);
  EXPECT_EQ(timing.position(120), 240.0);
}

TEST(VideoTiming, A120FpsClipAt30StepsByFourFrames) {
  const VideoTiming timing = plan(241, 1.0 / 120.0, std::nullopt, 30.0);
  ASSERT_EQ(timing.frame_count, 61u);
  for (std::size_t k = 0; k < 61; ++k) EXPECT_EQ(timing.position(k), 4.0 * static_cast<double>(k)) << k;
  EXPECT_DOUBLE_EQ(timing.duration, 61.0 / 30.0);
}

TEST(VideoTiming, A25FpsClipAt60IsInterpolatedAndHoldsItsLastFrame) {
  // 25 frames last 1 s: 60 output frames at k * 25 / 60; 58 (24.17) and 59 (24.58) hold frame 24.
  const VideoTiming timing = plan(25, 0.04, std::nullopt, 60.0);
  ASSERT_EQ(timing.frame_count, 60u);
  EXPECT_EQ(timing.position(0), 0.0);
  EXPECT_NEAR(timing.position(1), 25.0 / 60.0, 1e-12);
  EXPECT_EQ(timing.position(12), 5.0);
  EXPECT_NEAR(timing.position(13), 13.0 * 25.0 / 60.0, 1e-12);
  EXPECT_NEAR(timing.position(57), 57.0 * 25.0 / 60.0, 1e-12);  // 23.75
  EXPECT_EQ(timing.position(58), 24.0);
  EXPECT_EQ(timing.position(59), 24.0);
  EXPECT_DOUBLE_EQ(timing.duration, 1.0);
}

TEST(VideoTiming, ARangeStartsAtItsFirstFrameAndEndsAtItsLast) {
  const VideoTiming timing = plan(1000, 1.0 / 120.0, ClipFrameRange{100, 340}, 30.0);  // 241 frames
  ASSERT_EQ(timing.frame_count, 61u);
  EXPECT_EQ(timing.position(0), 100.0);
  EXPECT_EQ(timing.position(1), 104.0);
  EXPECT_EQ(timing.position(60), 340.0);
  const VideoTiming one = plan(1000, 1.0 / 30.0, ClipFrameRange{7, 7});
  ASSERT_EQ(one.frame_count, 1u);
  EXPECT_EQ(one.position(0), 7.0);
  // 10 frames at 120 to 30 fps: 2.5 output frames rounded up, the last at 8.
  const VideoTiming partial = plan(1000, 1.0 / 120.0, ClipFrameRange{0, 9}, 30.0);
  ASSERT_EQ(partial.frame_count, 3u);
  EXPECT_EQ(partial.position(2), 8.0);
}

TEST(VideoTiming, RefusesWhatCannotBePlanned) {
  std::string error;
  EXPECT_FALSE(plan_video_timing(0, 0.04, std::nullopt, std::nullopt, error));
  EXPECT_EQ(error, "the clip has no frames");
  EXPECT_FALSE(plan_video_timing(10, 0.0, std::nullopt, std::nullopt, error));
  EXPECT_FALSE(plan_video_timing(10, 0.04, std::nullopt, -5.0, error));
  EXPECT_FALSE(plan_video_timing(10, 0.04, ClipFrameRange{5, 10}, std::nullopt, error));
  EXPECT_EQ(error, "frames 5:10 are not within the clip's 0:9");
  EXPECT_FALSE(plan_video_timing(10, 0.04, ClipFrameRange{6, 5}, std::nullopt, error));
}

}  // namespace
}  // namespace bvhscope
