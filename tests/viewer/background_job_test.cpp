// The Export video job's state machine without GL: a task standing in for render_video, held by
// the test, drives Idle -> Running -> Written | Failed, and Running -> Cancelling -> Cancelled;
// progress comes back, a second start is refused while one runs, and destroying a running job
// cancels it and waits.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <string>
#include <thread>

#include "viewer/background_job.hpp"

namespace bvhscope::viewer {
namespace {

// Calls update() until the phase changes (the worker has returned); never a fixed sleep.
void update_until_ended(BackgroundJob& job) {
  while (!job.update()) std::this_thread::yield();
}

TEST(BackgroundJob, RunsToWrittenWithItsProgress) {
  BackgroundJob job;
  EXPECT_EQ(job.phase(), JobPhase::Idle);
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  ASSERT_TRUE(job.start([released](const std::atomic<bool>&, const BackgroundJob::Progress& progress, std::string&) {
    progress(3, 10);
    released.wait();
    progress(10, 10);
    return true;
  }));
  EXPECT_EQ(job.phase(), JobPhase::Running);
  while (job.done() != 3) std::this_thread::yield();
  EXPECT_EQ(job.total(), 10U);
  EXPECT_FLOAT_EQ(job.progress(), 0.3f);
  EXPECT_FALSE(job.update());  // the task still runs
  EXPECT_FALSE(job.start([](const std::atomic<bool>&, const BackgroundJob::Progress&, std::string&) { return true; }));
  release.set_value();
  update_until_ended(job);
  EXPECT_EQ(job.phase(), JobPhase::Written);
  EXPECT_EQ(job.done(), 10U);
  EXPECT_STREQ(job_phase_name(job.phase()), "written");
  EXPECT_FALSE(job.update());  // reported once
}

TEST(BackgroundJob, AFailureKeepsItsReasonAndAnotherExportCanStart) {
  BackgroundJob job;
  ASSERT_TRUE(job.start([](const std::atomic<bool>&, const BackgroundJob::Progress&, std::string& error) {
    error = "ffmpeg was not found";
    return false;
  }));
  update_until_ended(job);
  EXPECT_EQ(job.phase(), JobPhase::Failed);
  EXPECT_EQ(job.error(), "ffmpeg was not found");
  ASSERT_TRUE(job.start([](const std::atomic<bool>&, const BackgroundJob::Progress&, std::string&) { return true; }));
  update_until_ended(job);
  EXPECT_EQ(job.phase(), JobPhase::Written);
  EXPECT_EQ(job.error(), "");
}

// A task that draws "frames" until it is cancelled, as render_video checks before each frame.
bool until_cancelled(const std::atomic<bool>& cancel, const BackgroundJob::Progress& progress, std::string& error) {
  for (std::size_t frame = 1; !cancel.load(); ++frame) {
    progress(frame, 1000000);
    std::this_thread::yield();
  }
  error = "cancelled";
  return false;
}

TEST(BackgroundJob, CancelStopsTheTaskBeforeItsNextFrame) {
  BackgroundJob job;
  job.cancel();  // nothing to cancel: stays Idle
  EXPECT_EQ(job.phase(), JobPhase::Idle);
  ASSERT_TRUE(job.start(until_cancelled));
  while (job.done() == 0) std::this_thread::yield();
  job.cancel();
  EXPECT_EQ(job.phase(), JobPhase::Cancelling);
  EXPECT_TRUE(job.busy());
  update_until_ended(job);
  EXPECT_EQ(job.phase(), JobPhase::Cancelled);
  EXPECT_FALSE(job.busy());
}

TEST(BackgroundJob, DestroyingARunningJobCancelsItAndWaits) {
  std::atomic<bool> returned{false};
  {
    BackgroundJob job;
    ASSERT_TRUE(
        job.start([&](const std::atomic<bool>& cancel, const BackgroundJob::Progress& progress, std::string& error) {
          const bool written = until_cancelled(cancel, progress, error);
          returned.store(true);
          return written;
        }));
    while (job.done() == 0) std::this_thread::yield();
  }
  EXPECT_TRUE(returned.load());
}

}  // namespace
}  // namespace bvhscope::viewer
