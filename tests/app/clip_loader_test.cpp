// The viewer's loader thread without a window: a new clip streams in as a preview whose rows the
// frame loop copies while the file loads, then its outcome; cancel, errors, reloads.
#include "viewer/clip_loader.hpp"

#include <gtest/gtest.h>

#include <sched.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>

#include "big_bvh.hpp"
#include "test_support.hpp"

namespace bvhscope::viewer {
namespace {

LoadRequest file_request(const std::string& path) {
  LoadRequest request;
  request.path = path;
  return request;
}

// Takes events as the frame loop does, copying preview rows between them, until an outcome comes.
struct Watched {
  std::vector<std::string> order;  // "preview" / "outcome", as taken
  std::optional<LoadPreview> preview;
  std::optional<LoadOutcome> outcome;
  std::size_t copies_with_rows = 0;
  std::size_t copied_after_outcome = 0;
};

Watched watch(ClipLoader& loader, const std::function<void(const LoadPreview&)>& on_preview = {}) {
  Watched w;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (!w.outcome && std::chrono::steady_clock::now() < deadline) {
    while (std::optional<LoadEvent> event = loader.take_event()) {
      if (auto* preview = std::get_if<LoadPreview>(&*event)) {
        w.order.emplace_back("preview");
        w.preview = std::move(*preview);
        if (on_preview) on_preview(*w.preview);
      } else {
        w.order.emplace_back("outcome");
        w.outcome = std::get<LoadOutcome>(std::move(*event));
        break;
      }
    }
    if (w.preview && !w.outcome && loader.copy_preview_rows(w.preview->load_id, w.preview->clip.motion) > 0) {
      ++w.copies_with_rows;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(500));  // the load is at a low priority: leave it the CPU
  }
  if (w.preview) w.copied_after_outcome = loader.copy_preview_rows(w.preview->load_id, w.preview->clip.motion);
  return w;
}

TEST(ClipLoader, ANewClipStreamsInAsAPreviewWithEveryRowBeforeItsOutcome) {
  test::TempDir dir;
  const auto path = dir.path() / "big.bvh";
  const test::BigBvh made = test::write_big_bvh(path, 24u << 20);
  ClipLoader loader;
  loader.request(file_request(path.string()));
  const Watched w = watch(loader);
  ASSERT_EQ(w.order, (std::vector<std::string>{"preview", "outcome"}));
  const LoadPreview& preview = *w.preview;
  EXPECT_EQ(preview.expected_frames, made.frames);
  EXPECT_EQ(preview.clip.skeleton.joint_count(), 25);  // 21 joints and 4 End Sites
  EXPECT_EQ(preview.clip.motion.channel_count, made.channels);
  EXPECT_EQ(preview.clip.source, path.string());
  EXPECT_EQ(preview.request.path, path.string());
  ASSERT_TRUE(w.outcome->result.ok()) << format_diagnostic(w.outcome->result.error(), Severity::Error);
  EXPECT_EQ(w.outcome->load_id, preview.load_id);
  EXPECT_FALSE(w.outcome->cancelled);
  const Motion& final_motion = w.outcome->result.value().clip.motion;
  ASSERT_EQ(final_motion.frame_count, made.frames);
  // The copy made frame by frame holds exactly the rows of the finished clip.
  ASSERT_EQ(preview.clip.motion.frame_count, made.frames);
  ASSERT_EQ(preview.clip.motion.values.size(), final_motion.values.size());
  EXPECT_EQ(std::memcmp(preview.clip.motion.values.data(), final_motion.values.data(), final_motion.values.size() * sizeof(float)), 0);
  EXPECT_GE(w.copies_with_rows, 1u);
  EXPECT_EQ(w.copied_after_outcome, 0u) << "rows were still handed out after the outcome";
  EXPECT_FALSE(loader.busy());
}

// What the threads of this process are doing about scheduling, at one moment.
struct ThreadPolicies {
  std::size_t in_background = 0;  // SCHED_IDLE
  std::size_t at_nice_10 = 0;     // SCHED_OTHER, nice 10
};

ThreadPolicies thread_policies() {
  ThreadPolicies seen;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/task", error)) {
    const auto tid = static_cast<pid_t>(std::stol(entry.path().filename().string()));
    const int policy = ::sched_getscheduler(tid);
    if (policy == SCHED_IDLE) ++seen.in_background;
    errno = 0;
    const int nice = ::getpriority(PRIO_PROCESS, static_cast<id_t>(tid));
    if (policy == SCHED_OTHER && errno == 0 && nice == 10) ++seen.at_nice_10;
  }
  return seen;
}

// The UI keeps its frames while a file loads: every parse worker (one per hardware thread) runs in
// the background, and the loader thread, which takes blocks over from starved workers, at nice 10.
TEST(ClipLoader, ParseWorkersRunInTheBackgroundAndTheLoaderAtNice10) {
  test::TempDir dir;
  const auto path = dir.path() / "big.bvh";
  test::write_big_bvh(path, 24u << 20);
  const ThreadPolicies before = thread_policies();
  EXPECT_EQ(before.in_background, 0u);
  ClipLoader loader;
  loader.request(file_request(path.string()));
  ThreadPolicies most;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  std::optional<LoadEvent> event;
  bool done = false;
  while (!done && std::chrono::steady_clock::now() < deadline) {
    const ThreadPolicies now = thread_policies();
    most.in_background = std::max(most.in_background, now.in_background);
    most.at_nice_10 = std::max(most.at_nice_10, now.at_nice_10);
    while ((event = loader.take_event())) done = done || std::holds_alternative<LoadOutcome>(*event);
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  ASSERT_TRUE(done);
  EXPECT_EQ(most.in_background, std::min(8u, std::max(1u, std::thread::hardware_concurrency())));
  EXPECT_GE(most.at_nice_10, 1u);
  EXPECT_EQ(thread_policies().in_background, 0u) << "the workers end with the load";
}

TEST(ClipLoader, CancelStopsTheLoadAndDropsTheOnesWaiting) {
  test::TempDir dir;
  const auto path = dir.path() / "big.bvh";
  test::write_big_bvh(path, 48u << 20);
  ClipLoader loader;
  loader.request(file_request(path.string()));
  loader.request(file_request((test::fixtures_dir() / "two_joints.bvh").string()));
  EXPECT_EQ(loader.current_path(), path.string());
  const Watched w = watch(loader, [&](const LoadPreview&) { loader.cancel_all(); });
  ASSERT_EQ(w.order, (std::vector<std::string>{"preview", "outcome"}));
  ASSERT_FALSE(w.outcome->result.ok());
  EXPECT_TRUE(w.outcome->cancelled);
  EXPECT_EQ(format_diagnostic(w.outcome->result.error(), Severity::Error), path.string() + ": error: loading was cancelled");
  EXPECT_EQ(w.copied_after_outcome, 0u);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (loader.busy() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_FALSE(loader.busy());
  EXPECT_FALSE(loader.take_event().has_value()) << "the file waiting behind the cancelled one was dropped";
}

TEST(ClipLoader, CancellingTheCurrentLoadLetsTheOnesWaitingGoOn) {
  test::TempDir dir;
  const auto path = dir.path() / "big.bvh";
  test::write_big_bvh(path, 48u << 20);
  const std::string next = (test::fixtures_dir() / "two_joints.bvh").string();
  ClipLoader loader;
  loader.request(file_request(path.string()));
  loader.request(file_request(next));
  const Watched first = watch(loader, [&](const LoadPreview&) { loader.cancel_current(); });
  ASSERT_TRUE(first.outcome.has_value());
  EXPECT_TRUE(first.outcome->cancelled);
  const Watched second = watch(loader);
  ASSERT_TRUE(second.outcome.has_value());
  ASSERT_TRUE(second.outcome->result.ok());
  EXPECT_EQ(second.outcome->result.value().clip.source, next);
  EXPECT_FALSE(second.outcome->cancelled);
}

TEST(ClipLoader, AnErrorInTheRowsEndsThePreviewWithTheLocatedError) {
  test::TempDir dir;
  const auto path = dir.path() / "bad.bvh";
  std::size_t column = 0;
  const test::BigBvh made = test::write_big_bvh(path, 16u << 20, 20000, &column);
  ClipLoader loader;
  loader.request(file_request(path.string()));
  const Watched w = watch(loader);
  ASSERT_EQ(w.order, (std::vector<std::string>{"preview", "outcome"}));
  ASSERT_FALSE(w.outcome->result.ok());
  EXPECT_FALSE(w.outcome->cancelled);
  const Diagnostic& error = w.outcome->result.error();
  EXPECT_EQ(error.line, made.first_row_line + 20000 - 1);
  EXPECT_EQ(error.column, static_cast<int>(column));
  EXPECT_EQ(error.message.rfind("expected a number, found 'x0.0000'", 0), 0u) << error.message;
  EXPECT_LT(w.preview->clip.motion.frame_count, 20000u);
  EXPECT_EQ(w.copied_after_outcome, 0u);
}

TEST(ClipLoader, ReloadsAndTextHaveNoPreview) {
  const std::string path = (test::fixtures_dir() / "two_joints.bvh").string();
  ClipLoader loader;
  LoadRequest reload = file_request(path);
  reload.replace_clip_id = 7;
  loader.request(reload);
  Watched w = watch(loader);
  EXPECT_EQ(w.order, (std::vector<std::string>{"outcome"}));
  ASSERT_TRUE(w.outcome->result.ok());
  EXPECT_EQ(w.outcome->result.value().clip.motion.frame_count, 2u);

  LoadRequest text = file_request("sample.bvh");
  text.text = test::read_file(path);
  loader.request(text);
  w = watch(loader);
  EXPECT_EQ(w.order, (std::vector<std::string>{"outcome"}));
  ASSERT_TRUE(w.outcome->result.ok());
  EXPECT_EQ(w.outcome->result.value().clip.source, "sample.bvh");
}

}  // namespace
}  // namespace bvhscope::viewer
