// RowPipeline and the parse around it when the worker threads fall behind: a caller that takes the
// oldest block over must get exactly the rows a single thread parses, in file order, and a load
// whose workers never run must still finish.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "anim/bvh_parser.hpp"
#include "anim/file_loader.hpp"
#include "anim/row_pipeline.hpp"
#include "test_pace.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

constexpr int kChannels = 9;

// Rows "f 2.5 -3 ... " for frames [first, first + count).
std::string rows(int first, int count) {
  std::string text;
  for (int f = first; f < first + count; ++f) {
    text += std::to_string(f);
    text += " 2.5 -3";
    for (int c = 3; c < kChannels; ++c) {
      text += ' ';
      text += std::to_string(f % 7 + c);
    }
    text += '\n';
  }
  return text;
}

// With no patience at all the caller takes over every block a worker has not finished, often while
// a worker is still reading it: every block must still come back once, in order, with the values a
// direct parse gives.
TEST(RowPipeline, TakingBlocksOverKeepsOrderAndValues) {
  std::vector<std::string> texts;
  for (int b = 0; b < 400; ++b) texts.push_back(rows(b * 50, 50));
  RowPipeline pipeline(kChannels, 2, {}, std::chrono::milliseconds(0));
  std::size_t next = 0;
  for (std::size_t pushed = 0; pushed < texts.size(); ++pushed) {
    pipeline.push({}, texts[pushed], 1000);
    while (pipeline.in_flight() > pushed % 3) {  // often the block just pushed: no worker is done with it
      const std::shared_ptr<RowPipeline::Block> block = pipeline.pop();
      ASSERT_NE(block, nullptr);
      const RowBlockResult expected = parse_row_block(texts[next], kChannels, 1000);
      ASSERT_EQ(block->text.data(), texts[next].data()) << "block " << next << " out of order";
      ASSERT_EQ(block->result.rows, 50u);
      ASSERT_EQ(block->result.values, expected.values) << "block " << next;
      ++next;
    }
  }
  while (const std::shared_ptr<RowPipeline::Block> block = pipeline.pop()) {
    ASSERT_EQ(block->text.data(), texts[next].data());
    ASSERT_EQ(block->result.values, parse_row_block(texts[next], kChannels, 1000).values);
    ++next;
  }
  EXPECT_EQ(next, texts.size());
  EXPECT_GT(pipeline.blocks_taken_over(), 0u) << "the caller never took a block over: the test tests nothing";
}

TEST(RowPipeline, AnAbandonedBlockParseStopsAtTheNextRow) {
  const std::string text = rows(0, 100);
  std::atomic<bool> abandon{false};
  EXPECT_EQ(parse_row_block(text, kChannels, 1000, &abandon).rows, 100u);
  abandon = true;
  const RowBlockResult stopped = parse_row_block(text, kChannels, 1000, &abandon);
  EXPECT_EQ(stopped.rows, 0u);
  EXPECT_TRUE(stopped.values.empty());
}

TEST(RowPipeline, PatientCallerLeavesTheBlocksToTheWorkers) {
  const std::string text = rows(0, 200);
  RowPipeline pipeline(
      kChannels, 2, {},
      std::chrono::duration_cast<std::chrono::milliseconds>(test::hang_bound(std::chrono::seconds(60))));
  for (int b = 0; b < 20; ++b) pipeline.push({}, text, 1000);
  while (const std::shared_ptr<RowPipeline::Block> block = pipeline.pop()) ASSERT_EQ(block->result.rows, 200u);
  EXPECT_EQ(pipeline.blocks_taken_over(), 0u);
}

// Workers that never get to run (on_worker_start blocks them, as a starved low-priority thread
// would be): the load thread parses every block itself, and the whole table is ready before the
// workers are let go.
TEST(RowPipeline, ALoadFinishesItsRowsWhileItsWorkersNeverRun) {
  const int frames = 3000;
  std::string text(test::kTwoJoints);
  text.resize(text.find("Frames:"));
  text += "Frames: ";
  text += std::to_string(frames);
  text += "\nFrame Time: 0.01\n";
  text += rows(0, frames);
  test::TempDir dir;
  const std::string path = dir.write("starved.bvh", text).string();

  std::mutex mutex;
  std::condition_variable released_changed;
  bool released = false;
  int workers_started = 0;
  ParseOptions options{std::size_t{8} << 10, 2, {}};
  options.on_worker_start = [&] {
    std::unique_lock lock(mutex);
    ++workers_started;
    released_changed.wait(lock, [&] { return released; });
  };
  LoadProgress progress;
  Result<Clip> loaded = Diagnostic{};
  std::thread load([&] { loaded = load_bvh_file(path, &progress, options); });
  // A guard against hanging the test run, not a speed check (this takes about 0.25 s).
  const auto deadline = std::chrono::steady_clock::now() + test::hang_bound(std::chrono::seconds(60));
  while (progress.frames_ready.load() < static_cast<std::size_t>(frames) &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const std::size_t ready_while_blocked = progress.frames_ready.load();
  {
    const std::lock_guard lock(mutex);
    released = true;
  }
  released_changed.notify_all();
  load.join();
  EXPECT_EQ(ready_while_blocked, static_cast<std::size_t>(frames)) << "the rows waited for the blocked workers";
  EXPECT_EQ(workers_started, 2);
  ASSERT_TRUE(loaded.ok()) << format_diagnostic(loaded.error(), Severity::Error);
  const Result<Clip> reference = parse_bvh(text, path, ParseOptions{std::size_t{1} << 30, 1, {}});
  ASSERT_TRUE(reference.ok());
  EXPECT_EQ(loaded.value().motion.values, reference.value().motion.values);
  EXPECT_EQ(loaded.value().motion.frame_count, static_cast<std::size_t>(frames));
}

}  // namespace
}  // namespace bvhscope
