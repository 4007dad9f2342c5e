// run_supervised: every chunk runs exactly once; workers that never get to run (as starved
// low-priority threads) leave the work to the caller instead of stalling it; workers that keep up
// do all of it.
#include "anim/supervised_chunks.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "anim/baked_positions.hpp"
#include "anim/thread_policy.hpp"
#include "model/scene_scale.hpp"
#include "test_pace.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

TEST(SupervisedChunks, WorkersThatNeverRunLeaveEveryChunkToTheCaller) {
  constexpr std::size_t kChunks = 50;
  std::mutex mutex;
  std::condition_variable released_changed;
  bool released = false;
  std::vector<int> runs(kChunks, 0);
  std::vector<unsigned> slot_of_chunk(kChunks, 99);
  SupervisedWorkers workers;
  workers.count = 2;
  workers.help_after = std::chrono::milliseconds(20);
  workers.on_start = [&] {
    std::unique_lock lock(mutex);
    // Blocked until every chunk is done; the bound only keeps a broken build from hanging.
    released_changed.wait_for(lock, test::hang_bound(std::chrono::seconds(60)), [&] { return released; });
  };
  std::size_t done = 0;
  run_supervised(kChunks, workers, [&](std::size_t chunk, unsigned slot) {
    const std::lock_guard lock(mutex);
    ++runs[chunk];
    slot_of_chunk[chunk] = slot;
    if (++done == kChunks) {
      released = true;
      released_changed.notify_all();
    }
  });
  EXPECT_EQ(std::count(runs.begin(), runs.end(), 1), static_cast<long>(kChunks));
  EXPECT_EQ(std::count(slot_of_chunk.begin(), slot_of_chunk.end(), 2u), static_cast<long>(kChunks))
      << "every chunk should have run on the caller (slot 2)";
}

TEST(SupervisedChunks, WorkersThatKeepUpDoAllTheWork) {
  constexpr std::size_t kChunks = 200;
  std::mutex mutex;
  std::vector<int> runs(kChunks, 0);
  std::vector<unsigned> slots;
  SupervisedWorkers workers;
  workers.count = 2;
  // Never within this test, however busy the machine.
  workers.help_after =
      std::chrono::duration_cast<std::chrono::milliseconds>(test::hang_bound(std::chrono::seconds(60)));
  run_supervised(kChunks, workers, [&](std::size_t chunk, unsigned slot) {
    const std::lock_guard lock(mutex);
    ++runs[chunk];
    slots.push_back(slot);
  });
  EXPECT_EQ(std::count(runs.begin(), runs.end(), 1), static_cast<long>(kChunks));
  EXPECT_EQ(std::count(slots.begin(), slots.end(), 2u), 0) << "the caller worked though the workers kept up";
}

TEST(SupervisedChunks, NoWorkersMeansTheCallerRunsEverything) {
  std::vector<int> runs(7, 0);
  SupervisedWorkers workers;
  workers.count = 0;
  run_supervised(runs.size(), workers, [&](std::size_t chunk, unsigned slot) {
    EXPECT_EQ(slot, 0u);
    ++runs[chunk];
  });
  EXPECT_EQ(std::count(runs.begin(), runs.end(), 1), 7);
}

// The bake on workers that start late gives the same positions as one thread, and the root's
// baked path is the clip's root trajectory, value for value.
TEST(SupervisedChunks, ABakeWithStarvedWorkersMatchesTheOneThreadBake) {
  const Clip clip = test::parse_ok(test::read_file(test::corpus_dir() / "assimp__01_01.bvh"));
  ASSERT_GT(clip.motion.frame_count, 1000u);
  const BakedPositions one = bake_positions(clip, PositionMode::Add, 1);
  const BakedPositions late =
      bake_positions(clip, PositionMode::Add, 2, [] { std::this_thread::sleep_for(std::chrono::milliseconds(300)); });
  ASSERT_EQ(late.positions().size(), one.positions().size());
  EXPECT_TRUE(std::ranges::equal(one.positions(), late.positions()));
  const int root = clip.skeleton.roots.front();
  EXPECT_EQ(joint_path(one, root), root_trajectory(clip, PositionMode::Add));
  EXPECT_TRUE(joint_path(one, -1).empty());
  EXPECT_TRUE(joint_path(one, one.joint_count).empty());
}

TEST(ForEachItem, EveryItemRunsOnceAndSmallJobsStayOnTheCaller) {
  // A big job: every item once, each on a slot below kMaxThreads + 1.
  // A big job: every item once, each on a slot below kMaxThreads + 1 that no other thread holds
  // at the same time (which thread runs what depends on the machine's load: not asserted).
  std::vector<int> runs(1000, 0);
  std::vector<unsigned> slots(1000, 0);
  std::vector<std::atomic<int>> busy(kMaxThreads + 1);
  std::atomic<bool> shared_slot{false};
  for_each_item(runs.size(), kWorthThreads, [&](std::size_t i, unsigned slot) {
    if (busy[slot]++ != 0) shared_slot = true;
    ++runs[i];
    slots[i] = slot;
    std::this_thread::sleep_for(std::chrono::microseconds(50));  // long enough for threads to overlap
    --busy[slot];
  });
  EXPECT_TRUE(std::all_of(runs.begin(), runs.end(), [](int n) { return n == 1; }));
  EXPECT_TRUE(std::all_of(slots.begin(), slots.end(), [](unsigned s) { return s <= kMaxThreads; }));
  EXPECT_FALSE(shared_slot);
  // A small one: in order, on the calling thread.
  std::vector<std::size_t> order;
  const std::thread::id caller = std::this_thread::get_id();
  bool elsewhere = false;
  for_each_item(50, kWorthThreads - 1, [&](std::size_t i, unsigned slot) {
    order.push_back(i);
    elsewhere = elsewhere || std::this_thread::get_id() != caller || slot != 0;
  });
  ASSERT_EQ(order.size(), 50u);
  for (std::size_t i = 0; i < order.size(); ++i) EXPECT_EQ(order[i], i);
  EXPECT_FALSE(elsewhere);
}

}  // namespace
}  // namespace bvhscope
