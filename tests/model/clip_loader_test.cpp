// The viewer's loader thread without a window: a new clip streams in as a preview whose rows the
// frame loop shows in place (the table the parse fills) while the file loads, then its outcome;
// cancel, errors, reloads.
#include "model/clip_loader.hpp"

#include <gtest/gtest.h>

#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "big_bvh.hpp"
#include "test_pace.hpp"
#include "test_support.hpp"

namespace bvhscope::viewer {
namespace {

// The run's pace is measured (when BVHSCOPE_TEST_PACE does not give it) before any test starts a
// load: measured by the first wait of a test, the 0.2 s of measuring would run while the load
// streams, and the load would end before the test looked at it.
class PaceFirst : public ::testing::Environment {
 public:
  void SetUp() override { test::pace(); }
};
const ::testing::Environment* const pace_first = ::testing::AddGlobalTestEnvironment(new PaceFirst);

LoadRequest file_request(const std::string& path) {
  LoadRequest request;
  request.path = path;
  return request;
}

// Grows a preview to the rows the loader says are ready, as the viewer's frame loop does: its
// handle shows more of the table, nothing is copied. The rows added.
std::size_t show_ready_rows(const ClipLoader& loader, LoadPreview& preview) {
  Motion& motion = preview.clip.motion;
  const std::size_t rows = loader.rows_ready(preview.load_id);
  if (rows <= motion.frame_count) return 0;
  const std::size_t added = rows - motion.frame_count;
  motion.values.resize(rows * static_cast<std::size_t>(motion.channel_count));
  motion.frame_count = rows;
  return added;
}

// How many of rows [from, to) of `motion` differ from what write_big_bvh wrote.
std::size_t wrong_big_rows(const Motion& motion, std::size_t from, std::size_t to) {
  std::size_t wrong = 0;
  for (std::size_t f = from; f < to; ++f) {
    const std::span<const float> row = motion.frame(f);
    for (int c = 0; c < motion.channel_count; ++c) {
      if (row[static_cast<std::size_t>(c)] != test::big_bvh_float(f, c)) {
        ++wrong;
        break;
      }
    }
  }
  return wrong;
}

// Takes events as the frame loop does, showing preview rows between them, until an outcome comes.
// `on_rows` sees the preview each time it shows more rows, with the frame count it had before.
struct Watched {
  std::vector<std::string> order;  // "preview" / "outcome", as taken
  std::optional<LoadPreview> preview;
  std::optional<LoadOutcome> outcome;
  std::size_t grows_with_rows = 0;     // before the outcome
  std::size_t partial_rows_shown = 0;  // the most rows shown while fewer than `all_frames` were ready
  std::size_t rows_after_outcome = 0;  // rows_ready once the outcome was taken
};

Watched watch(ClipLoader& loader, const std::function<void(const LoadPreview&)>& on_preview = {},
              const std::function<void(const LoadPreview&, std::size_t)>& on_rows = {}, std::size_t all_frames = 0) {
  Watched w;
  const auto deadline = std::chrono::steady_clock::now() + test::hang_bound(std::chrono::seconds(120));
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
    if (w.preview && !w.outcome) {
      const std::size_t before = w.preview->clip.motion.frame_count;
      if (show_ready_rows(loader, *w.preview) > 0) {
        ++w.grows_with_rows;
        const std::size_t shown = w.preview->clip.motion.frame_count;
        if (shown < all_frames) w.partial_rows_shown = std::max(w.partial_rows_shown, shown);
        if (on_rows) on_rows(*w.preview, before);
      }
    }
    std::this_thread::sleep_for(std::chrono::microseconds(500));  // the load is at a low priority: leave it the CPU
  }
  if (w.preview) w.rows_after_outcome = loader.rows_ready(w.preview->load_id);
  return w;
}

TEST(ClipLoader, ANewClipStreamsInAsAPreviewThatReadsTheRowsInPlace) {
  test::TempDir dir;
  const auto path = dir.path() / "big.bvh";
  const test::BigBvh made = test::write_big_bvh(path, 48u << 20);
  ClipLoader loader;
  loader.request(file_request(path.string()));
  const float* table = nullptr;
  std::size_t wrong_while_loading = 0;
  Watched w = watch(
      loader, [&](const LoadPreview& preview) { table = preview.clip.motion.values.data(); },
      [&](const LoadPreview& preview, std::size_t before) {
        // Rows shown while the file loads hold their final values already, in the table handed out.
        wrong_while_loading += wrong_big_rows(preview.clip.motion, before, preview.clip.motion.frame_count);
        if (preview.clip.motion.values.data() != table) ++wrong_while_loading;
      },
      made.frames);
  ASSERT_EQ(w.order, (std::vector<std::string>{"preview", "outcome"}));
  LoadPreview& preview = *w.preview;
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
  EXPECT_GE(w.grows_with_rows, 1u);
  EXPECT_GT(w.partial_rows_shown, 0u) << "no rows were shown while the parse ran";
  EXPECT_EQ(wrong_while_loading, 0u);
  // Every row is ready once the outcome is out, and the preview shows them from the finished
  // clip's own table: one table from the first row to the end, never copied.
  EXPECT_EQ(w.rows_after_outcome, made.frames);
  show_ready_rows(loader, preview);
  ASSERT_EQ(preview.clip.motion.frame_count, made.frames);
  ASSERT_EQ(preview.clip.motion.values.size(), final_motion.values.size());
  EXPECT_EQ(preview.clip.motion.values.data(), table);
  EXPECT_EQ(final_motion.values.data(), table) << "the finished clip's table is not the one the preview showed";
  EXPECT_EQ(wrong_big_rows(final_motion, 0, made.frames), 0u);
  EXPECT_FALSE(loader.busy());
}

// The frame loop says when it draws (ClipLoader::frame_gate): a load writes its rows between
// frames, and a frame that never ends (a window that stopped drawing mid-frame) only slows the load
// (its waits never add up to more than its work), never stops it.
TEST(ClipLoader, AFrameNeverShownDoesNotStopTheLoad) {
  test::TempDir dir;
  const auto path = dir.path() / "big.bvh";
  const test::BigBvh made = test::write_big_bvh(path, 4u << 20);  // 4 blocks of the viewer's 1 MB, or 5
  ClipLoader loader;
  loader.frame_gate().frame_started();
  loader.request(file_request(path.string()));
  Watched w = watch(loader);
  ASSERT_TRUE(w.outcome.has_value());
  ASSERT_TRUE(w.outcome->result.ok()) << format_diagnostic(w.outcome->result.error(), Severity::Error);
  const Motion& motion = w.outcome->result.value().clip.motion;
  ASSERT_EQ(motion.frame_count, made.frames);
  EXPECT_EQ(wrong_big_rows(motion, 0, made.frames), 0u);
  loader.frame_gate().frame_shown();
}

// A big load tells the frame loop when its first rows are in (the frame that shows the new clip
// starts at once), besides its preview and its outcome; a small one only of those two.
TEST(ClipLoader, ABigLoadTellsTheLoopOfItsFirstRows) {
  test::TempDir dir;
  for (const std::size_t megabytes : {24u, 4u}) {
    const auto path = dir.path() / ("news" + std::to_string(megabytes) + ".bvh");
    const test::BigBvh made = test::write_big_bvh(path, megabytes << 20);
    ClipLoader loader;
    std::mutex mutex;
    std::vector<std::size_t> rows_at_news;
    loader.frame_gate().set_waker([&] {  // on the loader's thread, under the gate's lock
      const std::size_t rows = loader.rows_ready(7);
      const std::lock_guard lock(mutex);
      rows_at_news.push_back(rows);
    });
    LoadRequest request = file_request(path.string());
    request.ticket = 7;
    loader.request(std::move(request));
    const Watched w = watch(loader);
    ASSERT_TRUE(w.outcome.has_value() && w.outcome->result.ok()) << megabytes;
    // The outcome's news follows its event (outside the loader's lock): wait for it before the
    // waker goes, within a bound far above normal.
    const auto deadline = std::chrono::steady_clock::now() + test::hang_bound(std::chrono::seconds(60));
    for (;;) {
      {
        const std::lock_guard lock(mutex);
        if (!rows_at_news.empty() && rows_at_news.back() == made.frames) break;
      }
      ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the outcome's news never came";
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    loader.frame_gate().set_waker({});
    const std::lock_guard lock(mutex);
    if (megabytes == 4) {
      EXPECT_EQ(rows_at_news.size(), 2u) << "a small load: its preview and its outcome";
      continue;
    }
    ASSERT_EQ(rows_at_news.size(), 3u);
    EXPECT_EQ(rows_at_news[0], 0u) << "the preview: no rows yet";
    EXPECT_GT(rows_at_news[1], 0u) << "the first rows are in when the loop is told";
    EXPECT_LT(rows_at_news[1], made.frames / 4) << "told at the first block, not later";
    EXPECT_EQ(rows_at_news[2], made.frames) << "the outcome";
  }
}

// What the threads of this process are doing about scheduling, at one moment.
struct ThreadPolicies {
  std::size_t in_background = 0;      // SCHED_IDLE
  std::size_t below_the_process = 0;  // SCHED_OTHER at a nice above the process's
  std::size_t named_loader = 0;       // named kLoaderThreadName
};

ThreadPolicies thread_policies() {
  ThreadPolicies seen;
  std::error_code error;
  const int process_nice = ::getpriority(PRIO_PROCESS, static_cast<id_t>(::getpid()));
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/task", error)) {
    const auto tid = static_cast<pid_t>(std::stol(entry.path().filename().string()));
    const int policy = ::sched_getscheduler(tid);
    if (policy == SCHED_IDLE) ++seen.in_background;
    errno = 0;
    const int nice = ::getpriority(PRIO_PROCESS, static_cast<id_t>(tid));
    if (policy == SCHED_OTHER && errno == 0 && nice > process_nice) ++seen.below_the_process;
    std::string name;
    std::getline(std::ifstream(entry.path() / "comm"), name);
    if (name == kLoaderThreadName) ++seen.named_loader;
  }
  return seen;
}

// The UI keeps its frames while a file loads: every parse worker (as many as the parse starts) runs in
// the background. The loader thread, which takes blocks over from starved workers, keeps the
// process's priority, so that a load beside busier programs still gets its share of the machine.
TEST(ClipLoader, ParseWorkersRunInTheBackgroundAndTheLoaderAtTheProcesssPriority) {
  test::TempDir dir;
  const auto path = dir.path() / "big.bvh";
  test::write_big_bvh(path, 24u << 20);
  const ThreadPolicies before = thread_policies();
  EXPECT_EQ(before.in_background, 0u);
  ClipLoader loader;
  loader.request(file_request(path.string()));
  ThreadPolicies most;
  const auto deadline = std::chrono::steady_clock::now() + test::hang_bound(std::chrono::seconds(120));
  std::optional<LoadEvent> event;
  bool done = false;
  while (!done && std::chrono::steady_clock::now() < deadline) {
    const ThreadPolicies now = thread_policies();
    most.in_background = std::max(most.in_background, now.in_background);
    most.below_the_process = std::max(most.below_the_process, now.below_the_process);
    most.named_loader = std::max(most.named_loader, now.named_loader);
    while ((event = loader.take_event())) done = done || std::holds_alternative<LoadOutcome>(*event);
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  ASSERT_TRUE(done);
  // Every worker the parse started runs in the background, however many this machine's cores allow.
  EXPECT_GE(loader.workers_started(), 1u) << "a 24 MiB file is parsed by workers";
  EXPECT_EQ(most.in_background, loader.workers_started());
  EXPECT_EQ(most.below_the_process, 0u) << "a thread of the load ran at a lower priority than the process";
  EXPECT_GE(most.named_loader, 1u) << "the loader's thread is named " << kLoaderThreadName;
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
  EXPECT_EQ(format_diagnostic(w.outcome->result.error(), Severity::Error),
            path.string() + ": error: loading was cancelled");
  const auto deadline = std::chrono::steady_clock::now() + test::hang_bound(std::chrono::seconds(30));
  while (loader.busy() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
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
  Watched w = watch(loader);
  ASSERT_EQ(w.order, (std::vector<std::string>{"preview", "outcome"}));
  ASSERT_FALSE(w.outcome->result.ok());
  EXPECT_FALSE(w.outcome->cancelled);
  const Diagnostic& error = w.outcome->result.error();
  EXPECT_EQ(error.line, made.first_row_line + 20000 - 1);
  EXPECT_EQ(error.column, static_cast<int>(column));
  EXPECT_EQ(error.message.rfind("expected a number, found 'x0.0000'", 0), 0u) << error.message;
  // The rows before the bad one that were published stay shown, read in place, exact.
  EXPECT_LE(w.rows_after_outcome, 20000u - 1);
  Motion& motion = w.preview->clip.motion;
  EXPECT_LE(motion.frame_count, w.rows_after_outcome);
  show_ready_rows(loader, *w.preview);
  EXPECT_EQ(motion.frame_count, w.rows_after_outcome);
  EXPECT_EQ(wrong_big_rows(motion, 0, motion.frame_count), 0u);
}

// Cancelled while its rows stream in: the preview keeps showing the rows it had, and those the
// parse published before it stopped, read in place from the table the loader dropped.
TEST(ClipLoader, ACancelWhileStreamingLeavesThePreviewsRowsReadable) {
  test::TempDir dir;
  const auto path = dir.path() / "big.bvh";
  const test::BigBvh made = test::write_big_bvh(path, 48u << 20);
  std::optional<ClipLoader> loader(std::in_place);
  loader->request(file_request(path.string()));
  std::size_t shown_at_cancel = 0;
  Watched w = watch(*loader, {}, [&](const LoadPreview& preview, std::size_t) {
    if (shown_at_cancel > 0) return;
    shown_at_cancel = preview.clip.motion.frame_count;
    loader->cancel_current();
  });
  ASSERT_EQ(w.order, (std::vector<std::string>{"preview", "outcome"}));
  EXPECT_TRUE(w.outcome->cancelled);
  ASSERT_GT(shown_at_cancel, 0u);
  EXPECT_GE(w.rows_after_outcome, shown_at_cancel);
  EXPECT_LE(w.rows_after_outcome, made.frames);
  LoadPreview& preview = *w.preview;
  show_ready_rows(*loader, preview);
  EXPECT_EQ(preview.clip.motion.frame_count, w.rows_after_outcome);
  EXPECT_EQ(loader->rows_ready(preview.load_id), w.rows_after_outcome) << "the count stays once the load ended";
  // Nothing but the preview's handle is left of the table: the outcome and the loader go.
  w.outcome.reset();
  loader.reset();
  ASSERT_EQ(preview.clip.motion.values.size(),
            preview.clip.motion.frame_count * static_cast<std::size_t>(made.channels));
  EXPECT_EQ(wrong_big_rows(preview.clip.motion, 0, preview.clip.motion.frame_count), 0u);
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
  EXPECT_EQ(loader.rows_ready(w.outcome->load_id), 0u);
  EXPECT_EQ(loader.rows_ready(0), 0u);

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
