// The frame-interval figures of progressive loading: p95 (nearest rank) and worst interval of the
// last load, and the idle baseline.
#include "model/load_frame_times.hpp"

#include <gtest/gtest.h>

namespace bvhscope::viewer {
namespace {

TEST(LoadFrameTimes, SummarisesTheIntervalsOfTheLastLoad) {
  LoadFrameTimes times;
  double now = 100.0;
  // Idle at 10 ms per frame.
  for (int i = 0; i < 50; ++i) times.frame(now += 0.010, false);
  EXPECT_EQ(times.loads(), 0u);
  // A load: 20 frames, 19 of 20 ms and one of 90 ms; it ends on the frame that sees it idle.
  times.frame(now += 0.010, true);
  for (int i = 0; i < 19; ++i) times.frame(now += 0.020, true);
  times.frame(now += 0.090, false);
  ASSERT_EQ(times.loads(), 1u);
  const LoadFrameSummary& load = times.last_load();
  EXPECT_EQ(load.frames, 20u);
  EXPECT_NEAR(load.p95_ms, 20.0, 1e-6);  // rank ceil(0.95 * 20) = 19 of 20 sorted: still 20 ms
  EXPECT_NEAR(load.max_ms, 90.0, 1e-6);
  EXPECT_NEAR(load.seconds, 19 * 0.020 + 0.090, 1e-9);
  const LoadFrameSummary idle = times.idle();
  EXPECT_EQ(idle.frames, 49u);  // the first frame has no interval before it
  EXPECT_NEAR(idle.p95_ms, 10.0, 1e-6);
  EXPECT_NEAR(idle.max_ms, 10.0, 1e-6);
  EXPECT_EQ(times.frames_drawn(), 50u + 1 + 19 + 1) << "every frame, loading or not";
}

TEST(LoadFrameTimes, P95IsTheNearestRank) {
  LoadFrameTimes times;
  double now = 1.0;
  times.frame(now, false);
  times.frame(now += 0.001, true);
  // 100 intervals of 1..100 ms: p95 is the 95th.
  for (int ms = 1; ms <= 99; ++ms) times.frame(now += ms / 1000.0, true);
  times.frame(now += 0.100, false);
  EXPECT_EQ(times.last_load().frames, 100u);
  EXPECT_NEAR(times.last_load().p95_ms, 95.0, 1e-6);
  EXPECT_NEAR(times.last_load().max_ms, 100.0, 1e-6);
  // A second load replaces the first's figures.
  times.frame(now += 0.005, true);
  times.frame(now += 0.007, false);
  EXPECT_EQ(times.loads(), 2u);
  EXPECT_EQ(times.last_load().frames, 1u);
  EXPECT_NEAR(times.last_load().max_ms, 7.0, 1e-6);
}

}  // namespace
}  // namespace bvhscope::viewer
