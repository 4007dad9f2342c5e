// The one worker for background jobs (model/worker): results by ticket, cancel through the token a
// task polls, supersession by key, progress seen while a task runs, failures as values (an
// exception's message, out of memory), and a destructor that cancels and joins. Held with latches
// and condition variables: no sleep, no clock.
#include <gtest/gtest.h>

#include <atomic>
#include <latch>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "model/worker.hpp"

namespace bvhscope {
namespace {

// A task that reports it started, then waits until it is cancelled (as a parse checks its flag
// between blocks) and stops there.
struct UntilCancelled {
  std::latch* started;
  std::atomic<bool>* returned = nullptr;
  int operator()(JobControl& control) const {
    started->count_down();
    while (!control.cancelled()) std::this_thread::yield();
    if (returned != nullptr) returned->store(true);
    control.stop_if_cancelled();
    return 42;
  }
};

TEST(Worker, AValueIsTakenByItsTicketOnceItIsDone) {
  Worker<std::string> worker;
  std::latch started(1);
  std::latch release(1);
  const JobTicket held = worker.submit([&](JobControl&) {
    started.count_down();
    release.wait();
    return std::string("first");
  });
  const JobTicket second = worker.submit([](JobControl&) { return std::string("second"); });
  started.wait();
  EXPECT_NE(held, second);
  EXPECT_FALSE(worker.take(held));  // still running: nothing yet, and no wait
  EXPECT_FALSE(worker.take(second));
  EXPECT_EQ(worker.state(second), JobState::Waiting);
  EXPECT_EQ(worker.waiting(), 1U);
  release.count_down();
  worker.wait_idle();
  EXPECT_TRUE(worker.busy());                                      // finished, not taken
  std::optional<JobDone<std::string>> done = worker.take(second);  // by ticket, not in order
  ASSERT_TRUE(done);
  ASSERT_TRUE(done->ok());
  EXPECT_EQ(done->value(), "second");
  done = worker.take_next();
  ASSERT_TRUE(done);
  EXPECT_EQ(done->ticket, held);
  EXPECT_EQ(done->value(), "first");
  EXPECT_FALSE(worker.take(held));  // taken once
  EXPECT_FALSE(worker.busy());
  EXPECT_EQ(worker.state(held), JobState::Unknown);
}

TEST(Worker, ProgressIsSeenWhileTheTaskRuns) {
  Worker<int> worker;
  std::latch reported(1);
  std::latch release(1);
  const JobTicket ticket = worker.submit([&](JobControl& control) {
    control.report_count(3, 12, "encoding");
    reported.count_down();
    release.wait();
    control.report(0.5);
    return 1;
  });
  reported.wait();
  EXPECT_EQ(worker.state(ticket), JobState::Running);
  const std::optional<JobProgress> progress = worker.progress(ticket);
  ASSERT_TRUE(progress);
  EXPECT_DOUBLE_EQ(progress->fraction, 0.25);
  EXPECT_EQ(progress->done, 3U);
  EXPECT_EQ(progress->total, 12U);
  EXPECT_EQ(progress->phase, "encoding");
  release.count_down();
  worker.wait_idle();
  EXPECT_FALSE(worker.progress(ticket));  // finished: the last report comes with its value
  const std::optional<JobDone<int>> done = worker.take(ticket);
  ASSERT_TRUE(done);
  EXPECT_DOUBLE_EQ(done->progress.fraction, 0.5);
  EXPECT_EQ(done->progress.phase, "encoding");
}

TEST(Worker, CancelStopsARunningTaskAndItsValueNeverArrives) {
  Worker<int> worker;
  std::latch started(1);
  std::atomic<bool> returned{false};
  const JobTicket ticket = worker.submit(UntilCancelled{&started, &returned});
  started.wait();
  worker.cancel(ticket);
  worker.wait_idle();
  EXPECT_TRUE(returned.load());
  std::optional<JobDone<int>> done = worker.take(ticket);
  ASSERT_TRUE(done);
  ASSERT_FALSE(done->ok());  // never 42
  EXPECT_EQ(done->failure().kind, JobFailure::Kind::Cancelled);
}

TEST(Worker, ACancelledJobThatWaitsNeverRuns) {
  Worker<int> worker;
  std::latch started(1);
  const JobTicket running = worker.submit(UntilCancelled{&started});
  std::atomic<int> runs{0};
  const JobTicket waiting = worker.submit([&](JobControl&) { return ++runs; });
  started.wait();
  worker.cancel(waiting);
  EXPECT_EQ(worker.state(waiting), JobState::Finished);
  worker.cancel(running);
  worker.wait_idle();
  EXPECT_EQ(runs.load(), 0);
  std::optional<JobDone<int>> done = worker.take(waiting);
  ASSERT_TRUE(done);
  EXPECT_EQ(done->failure().kind, JobFailure::Kind::Cancelled);
}

TEST(Worker, DiscardedJobsAreNeverTaken) {
  Worker<int> worker;
  std::latch started(1);
  std::atomic<bool> returned{false};
  const JobTicket running = worker.submit(UntilCancelled{&started, &returned});
  const JobTicket finished = worker.submit([](JobControl&) { return 7; });
  started.wait();
  worker.discard(running);  // cancels it: the next job can run
  worker.wait_idle();
  EXPECT_TRUE(returned.load());
  EXPECT_FALSE(worker.take(running));
  EXPECT_EQ(worker.state(finished), JobState::Finished);
  worker.discard(finished);  // a value already finished goes too
  EXPECT_FALSE(worker.take_next());
  EXPECT_FALSE(worker.busy());
}

// A newer job of a key stops the running one, drops the waiting one and the finished one not
// taken: only the newest is ever taken; another key's jobs are left alone.
TEST(Worker, ANewerJobOfAKeySupersedesTheOlderOnes) {
  Worker<std::string> worker;
  std::latch started(1);
  std::atomic<bool> first_returned{false};
  std::atomic<int> dropped_runs{0};
  std::latch release_other(1);
  const JobTicket first = worker.submit(
      [&](JobControl& control) {
        started.count_down();
        while (!control.cancelled()) std::this_thread::yield();
        first_returned.store(true);
        return std::string("first");  // returned anyway: dropped, the job was superseded
      },
      7);
  const JobTicket other = worker.submit(
      [&](JobControl&) {
        release_other.wait();
        return std::string("other key");
      },
      8);
  started.wait();
  const JobTicket second = worker.submit(
      [&](JobControl&) {
        ++dropped_runs;
        return std::string("second");
      },
      7);
  const JobTicket third = worker.submit([](JobControl&) { return std::string("third"); }, 7);
  EXPECT_EQ(worker.state(second), JobState::Unknown);  // dropped while it waited
  release_other.count_down();
  worker.wait_idle();
  EXPECT_TRUE(first_returned.load());
  EXPECT_EQ(dropped_runs.load(), 0);
  EXPECT_FALSE(worker.take(first));
  EXPECT_FALSE(worker.take(second));
  std::vector<std::string> taken;
  while (std::optional<JobDone<std::string>> done = worker.take_next()) taken.push_back(done->value());
  EXPECT_EQ(taken, (std::vector<std::string>{"other key", "third"}));
  EXPECT_NE(third, other);

  const JobTicket finished = worker.submit([](JobControl&) { return std::string("old"); }, 7);
  worker.wait_idle();
  worker.submit([](JobControl&) { return std::string("new"); }, 7);
  worker.wait_idle();
  EXPECT_FALSE(worker.take(finished));  // finished but not taken: superseded too
  EXPECT_EQ(worker.take_next()->value(), "new");
}

TEST(Worker, AJobThatHasNotStartedCanBeWithdrawn) {
  Worker<int> worker;
  std::latch started(1);
  std::atomic<bool> returned{false};
  const JobTicket running = worker.submit(UntilCancelled{&started, &returned});
  std::atomic<int> runs{0};
  const JobTicket waiting = worker.submit([&](JobControl&) { return ++runs; });
  started.wait();
  EXPECT_FALSE(worker.withdraw(running));  // started: it goes on
  EXPECT_FALSE(returned.load());
  EXPECT_TRUE(worker.withdraw(waiting));
  EXPECT_EQ(worker.state(waiting), JobState::Unknown);
  worker.cancel(running);
  worker.wait_idle();
  EXPECT_EQ(runs.load(), 0);
  EXPECT_FALSE(worker.take(waiting));
  EXPECT_FALSE(worker.withdraw(running));  // ended
}

TEST(Worker, AThrowingTaskIsAFailureWithItsMessage) {
  Worker<int> worker;
  const JobTicket ticket = worker.submit([](JobControl&) -> int { throw std::runtime_error("no joint matched"); });
  const JobTicket after = worker.submit([](JobControl&) { return 5; });  // the worker goes on
  worker.wait_idle();
  std::optional<JobDone<int>> done = worker.take(ticket);
  ASSERT_TRUE(done);
  ASSERT_FALSE(done->ok());
  EXPECT_EQ(done->failure().kind, JobFailure::Kind::Failed);
  EXPECT_EQ(done->failure().message, "no joint matched");
  EXPECT_EQ(worker.take(after)->value(), 5);
}

TEST(Worker, OutOfMemoryInATaskIsCarriedAsOutOfMemory) {
  Worker<std::vector<char>> worker;
  const JobTicket ticket = worker.submit([](JobControl&) -> std::vector<char> { throw std::bad_alloc(); });
  worker.wait_idle();
  std::optional<JobDone<std::vector<char>>> done = worker.take(ticket);
  ASSERT_TRUE(done);
  ASSERT_FALSE(done->ok());
  EXPECT_EQ(done->failure().kind, JobFailure::Kind::OutOfMemory);
  EXPECT_EQ(done->failure().message, "out of memory");
}

TEST(Worker, DestroyingItWhileAJobRunsCancelsAndJoins) {
  std::atomic<bool> returned{false};
  std::atomic<int> later_runs{0};
  {
    Worker<int> worker;
    std::latch started(1);
    worker.submit(UntilCancelled{&started, &returned});
    worker.submit([&](JobControl&) { return ++later_runs; });
    started.wait();
  }  // the running task saw its token and returned before the thread was joined
  EXPECT_TRUE(returned.load());
  EXPECT_EQ(later_runs.load(), 0);
}

TEST(Worker, AMoveOnlyTaskIsLetGoOnTheWorkerOnceItHasRun) {
  Worker<int> worker;
  auto payload = std::make_unique<int>(9);
  const JobTicket ticket = worker.submit([held = std::move(payload)](JobControl&) { return *held; });
  worker.wait_idle();
  EXPECT_EQ(worker.take(ticket)->value(), 9);
}

// Without a thread of its own, a test holds a job between start_next and finish_started.
TEST(Worker, ManualJobsRunWhenTheTestSays) {
  Worker<int> worker(WorkerThread::Threading::Manual);
  const JobTicket first = worker.submit([](JobControl&) { return 1; }, 3);
  EXPECT_EQ(worker.state(first), JobState::Waiting);
  ASSERT_TRUE(worker.start_next());
  EXPECT_EQ(worker.state(first), JobState::Running);
  EXPECT_FALSE(worker.start_next());                                         // one at a time
  const JobTicket second = worker.submit([](JobControl&) { return 2; }, 3);  // supersedes the held one
  worker.finish_started();
  EXPECT_FALSE(worker.take(first));
  worker.wait_idle();  // runs what waits, here
  EXPECT_EQ(worker.take(second)->value(), 2);
}

}  // namespace
}  // namespace bvhscope
