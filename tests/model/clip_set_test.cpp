// The clip set without GL or threads: every load transition (queued, streaming, ready, failed,
// cancelled), removing, cancelling, reloading and re-dropping clips (also in the frame a load
// completes), the shared clock over clips of different lengths, rates and offsets, and the clip
// list's actions. The loader is played by the test: it takes the set's requests and answers with
// the events the real ClipLoader would send.
#include "model/clip_set.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "anim/bvh_parser.hpp"
#include "bvh_builder.hpp"

namespace bvhscope::viewer {
namespace {

// A two-joint clip whose root walks along X by 1 unit a frame.
std::string walk_text(int frames, double frame_time = 0.04) {
  return test::walk(
      frames, [](int f) { return test::BvhBuilder::Row{static_cast<double>(f), 90, 0, 0, 0, 0, 0, 0, 0}; }, "Head",
      frame_time);
}

Clip parsed(const std::string& path, int frames, double frame_time = 0.04) {
  Result<Clip> clip = parse_bvh(walk_text(frames, frame_time), path);
  EXPECT_TRUE(clip.ok());
  return std::move(clip).value();
}

LoadOutcome ready(const LoadRequest& request, int frames, double frame_time = 0.04) {
  return LoadOutcome{request, prepare_clip(parsed(request.path, frames, frame_time), request.mode, request.up),
                     request.ticket, false};
}

LoadOutcome failed(const LoadRequest& request, int line, int column, const std::string& message) {
  return LoadOutcome{request, Diagnostic{request.path, line, column, message}, request.ticket, false};
}

LoadOutcome cancelled(const LoadRequest& request) {
  return LoadOutcome{request, Diagnostic{request.path, 0, 0, "loading was cancelled"}, request.ticket, true};
}

// What the loader hands out once a new file's hierarchy is read: the clip without rows.
LoadPreview preview(const LoadRequest& request, int expected_frames) {
  Clip clip = parsed(request.path, expected_frames);
  clip.motion.values.clear();
  clip.motion.frame_count = 0;
  return LoadPreview{request.ticket, request, std::move(clip), static_cast<std::size_t>(expected_frames)};
}

// Rows the parse has finished, as the frame loop adds them to the streaming clip.
void add_rows(ClipSet& set, int up_to) {
  Motion* motion = set.streaming_motion();
  ASSERT_NE(motion, nullptr);
  const Clip full = parsed("rows", up_to);
  motion->values.assign(full.motion.values.begin(), full.motion.values.end());
  motion->frame_count = static_cast<std::size_t>(up_to);
  set.rows_arrived();
}

LoadRequest only_request(ClipSet& set) {
  std::vector<LoadRequest> requests = set.take_requests();
  EXPECT_EQ(requests.size(), 1u);
  return requests.empty() ? LoadRequest{} : requests.front();
}

std::vector<ClipSetNotice::Kind> kinds(ClipSet& set) {
  std::vector<ClipSetNotice::Kind> out;
  for (const ClipSetNotice& notice : set.take_notices()) out.push_back(notice.kind);
  return out;
}

using Kind = ClipSetNotice::Kind;

// A set holding files already loaded (ready), one after the other.
ClipSet with_files(std::initializer_list<std::pair<const char*, int>> files) {
  ClipSet set;
  for (const auto& [path, frames] : files) {
    set.open_file(path, false, {});
    set.on_outcome(ready(only_request(set), frames));
  }
  set.take_notices();
  return set;
}

TEST(ClipSet, AFileIsQueuedThenReadyAndPlays) {
  ClipSet set;
  const int ticket = set.open_file("/m/a.bvh", false, {});
  EXPECT_GT(ticket, 0);
  ASSERT_NE(set.load(ticket), nullptr);
  EXPECT_EQ(set.load(ticket)->state, LoadState::Queued);
  EXPECT_TRUE(set.loading());
  const LoadRequest request = only_request(set);
  EXPECT_EQ(request.ticket, ticket);
  EXPECT_EQ(request.path, "/m/a.bvh");
  EXPECT_EQ(request.replace_clip_id, 0);
  EXPECT_TRUE(set.empty());

  set.on_outcome(ready(request, 21));
  EXPECT_EQ(set.load(ticket)->state, LoadState::Ready);
  EXPECT_FALSE(set.loading());
  ASSERT_EQ(set.size(), 1u);
  EXPECT_EQ(set.active_index(), 0);
  EXPECT_EQ(set[0].file_name, "a.bvh");
  EXPECT_EQ(set.clock().frame_count(), 21u);
  EXPECT_DOUBLE_EQ(set.clock().frame_time(), 0.04);
  EXPECT_TRUE(set.clock().playing());  // the first clip plays at once
  EXPECT_EQ(kinds(set), (std::vector<Kind>{Kind::ClipAdded, Kind::Loaded}));
}

TEST(ClipSet, FilesAddUpAndTheLastIsActiveWithItsOwnColour) {
  ClipSet set = with_files({{"a.bvh", 21}, {"b.bvh", 61}, {"c.bvh", 5}});
  ASSERT_EQ(set.size(), 3u);
  EXPECT_EQ(set.active_index(), 2);
  EXPECT_EQ(set[0].color_index, 0);
  EXPECT_EQ(set[1].color_index, 1);
  EXPECT_EQ(set[2].color_index, 2);
  EXPECT_EQ(set.clock().frame_count(), 61u);  // the clock covers the longest
  // A removed clip's colour goes to the next clip.
  set.remove(1);
  set.open_file("d.bvh", false, {});
  set.on_outcome(ready(only_request(set), 3));
  EXPECT_EQ(set[2].file_name, "d.bvh");
  EXPECT_EQ(set[2].color_index, 1);
}

TEST(ClipSet, TheSampleGivesWayToTheFirstFile) {
  ClipSet set;
  set.open_sample("sample.bvh", walk_text(10));
  const LoadRequest sample = only_request(set);
  EXPECT_TRUE(sample.bundled_sample);
  ASSERT_TRUE(sample.text.has_value());
  set.on_outcome(ready(sample, 10));
  ASSERT_EQ(set.size(), 1u);
  EXPECT_TRUE(set[0].is_sample);
  EXPECT_EQ(set.reload(set[0].id), 0);  // no file to read again: F5 reads its text again in place
  set.set_time_offset(0, 0.25);
  const int id = set[0].id;
  EXPECT_GT(set.reload_sample(id, walk_text(10)), 0);
  const LoadRequest again = only_request(set);
  EXPECT_EQ(again.replace_clip_id, id);
  EXPECT_TRUE(again.bundled_sample);
  set.on_outcome(ready(again, 10));
  ASSERT_EQ(set.size(), 1u);
  EXPECT_EQ(set[0].id, id);
  EXPECT_TRUE(set[0].is_sample);
  EXPECT_DOUBLE_EQ(set[0].time_offset, 0.25);
  set.open_file("a.bvh", false, {});
  set.on_outcome(ready(only_request(set), 4));
  ASSERT_EQ(set.size(), 1u);
  EXPECT_FALSE(set[0].is_sample);
  EXPECT_EQ(set[0].file_name, "a.bvh");
}

TEST(ClipSet, AFailedLoadKeepsTheClipsAndSaysWhereTheFileIsWrong) {
  ClipSet set = with_files({{"a.bvh", 21}});
  const int ticket = set.open_file("bad.bvh", false, {});
  set.on_outcome(failed(only_request(set), 7, 12, "expected a number"));
  EXPECT_EQ(set.load(ticket)->state, LoadState::Failed);
  EXPECT_EQ(set.size(), 1u);
  const std::vector<ClipSetNotice> notices = set.take_notices();
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_EQ(notices[0].kind, Kind::Failed);
  EXPECT_EQ(notices[0].path, "bad.bvh");
  EXPECT_EQ(notices[0].text, "bad.bvh:7:12: error: expected a number");
}

TEST(ClipSet, ABatchCountsItsLoadsUntilEveryOneEnded) {
  ClipSet set;
  for (const char* path : {"a.bvh", "b.bvh", "c.bvh"}) set.open_file(path, false, {});
  std::vector<LoadRequest> requests = set.take_requests();
  ASSERT_EQ(requests.size(), 3u);
  EXPECT_EQ(set.load_count().finished, 0u);
  EXPECT_EQ(set.load_count().total, 3u);
  set.on_outcome(ready(requests[0], 5));
  set.on_outcome(failed(requests[1], 3, 1, "bad"));
  EXPECT_EQ(set.load_count().finished, 2u);
  set.on_outcome(ready(requests[2], 5));
  EXPECT_EQ(set.load_count().finished, 3u);
  EXPECT_EQ(set.size(), 2u);
  // The next file starts a new batch.
  set.open_file("d.bvh", false, {});
  EXPECT_EQ(set.load_count().finished, 0u);
  EXPECT_EQ(set.load_count().total, 1u);
}

TEST(ClipSet, ReDroppingALoadedFileReloadsItInPlaceKeepingWhatTheUserSet) {
  ClipSet set = with_files({{"a.bvh", 21}, {"b.bvh", 30}});
  const int id = set[0].id;
  set.set_time_offset(0, 0.5);
  set.set_visible(0, false);
  set.select(0, 1);
  set.take_notices();
  const int ticket = set.open_file("a.bvh", false, {});
  const LoadRequest request = only_request(set);
  EXPECT_EQ(request.replace_clip_id, id);
  EXPECT_TRUE(request.keep_view);
  EXPECT_TRUE(set[0].updating);
  // F5 and the file watcher meanwhile ask nothing more: it is being read already.
  EXPECT_EQ(set.reload(id), ticket);
  EXPECT_TRUE(set.take_requests().empty());

  set.on_outcome(ready(request, 25));
  ASSERT_EQ(set.size(), 2u);
  EXPECT_EQ(set[0].id, id);
  EXPECT_EQ(set[0].clip().motion.frame_count, 25u);
  EXPECT_DOUBLE_EQ(set[0].time_offset, 0.5);
  EXPECT_FALSE(set[0].visible);
  EXPECT_EQ(set[0].selected, 1);
  EXPECT_FALSE(set[0].updating);
  EXPECT_EQ(set.active_index(), 0);
  EXPECT_EQ(kinds(set), (std::vector<Kind>{Kind::ClipReplaced, Kind::Loaded}));
}

TEST(ClipSet, AReloadThatFailsKeepsTheClipAsItWas) {
  ClipSet set = with_files({{"a.bvh", 21}});
  set.reload(set[0].id);
  set.on_outcome(failed(only_request(set), 2, 1, "cut"));
  ASSERT_EQ(set.size(), 1u);
  EXPECT_EQ(set[0].clip().motion.frame_count, 21u);
  EXPECT_FALSE(set[0].updating);
  EXPECT_EQ(kinds(set), (std::vector<Kind>{Kind::Failed}));
}

// --- Streaming.

struct Streaming {
  ClipSet set;
  LoadRequest request;
  int ticket = 0;
};

// A file whose first rows are shown while the rest loads (after the clips in `set`).
void start_streaming(Streaming& s, const char* path, int expected, int rows_in, bool replace_all = false) {
  s.ticket = s.set.open_file(path, replace_all, {});
  s.request = only_request(s.set);
  s.set.on_preview(preview(s.request, expected));
  EXPECT_EQ(s.set.load(s.ticket)->state, LoadState::Queued);  // no frame to show yet
  add_rows(s.set, rows_in);
}

TEST(ClipSet, AStreamingClipIsShownAtItsFirstRowsAndGrows) {
  Streaming s;
  start_streaming(s, "big.bvh", 100, 1);
  EXPECT_EQ(s.set.load(s.ticket)->state, LoadState::Streaming);
  ASSERT_EQ(s.set.size(), 1u);
  EXPECT_TRUE(s.set[0].loading);
  EXPECT_EQ(s.set[0].expected_frames, 100u);
  EXPECT_EQ(s.set.load(s.ticket)->clip_id, s.set[0].id);
  EXPECT_EQ(s.set.timeline_expected_frames(), 100u);
  EXPECT_TRUE(s.set.clock().more_frames_coming());
  EXPECT_FALSE(s.set.clock().playing());  // one frame: nothing to play yet
  EXPECT_EQ(kinds(s.set), (std::vector<Kind>{Kind::StreamStarted}));

  add_rows(s.set, 40);
  EXPECT_EQ(s.set.clock().frame_count(), 40u);
  EXPECT_TRUE(s.set.clock().playing());  // plays once it has two frames

  const int id = s.set[0].id;
  s.set.on_outcome(ready(s.request, 100));
  EXPECT_EQ(s.set.load(s.ticket)->state, LoadState::Ready);
  ASSERT_EQ(s.set.size(), 1u);
  EXPECT_EQ(s.set[0].id, id);
  EXPECT_FALSE(s.set[0].loading);
  EXPECT_EQ(s.set.clock().frame_count(), 100u);
  EXPECT_FALSE(s.set.clock().more_frames_coming());
  EXPECT_EQ(s.set.timeline_expected_frames(), 0u);
  EXPECT_EQ(s.set.streaming_motion(), nullptr);
  EXPECT_EQ(kinds(s.set), (std::vector<Kind>{Kind::StreamFinished, Kind::Loaded}));
}

TEST(ClipSet, ALoadThatEndsBeforeItsFirstFrameIsShownAddsAnOrdinaryClip) {
  ClipSet set;
  const int ticket = set.open_file("a.bvh", false, {});
  const LoadRequest request = only_request(set);
  set.on_preview(preview(request, 10));
  set.on_outcome(ready(request, 10));
  EXPECT_EQ(set.load(ticket)->state, LoadState::Ready);
  ASSERT_EQ(set.size(), 1u);
  EXPECT_FALSE(set[0].loading);
  EXPECT_EQ(set.streaming_motion(), nullptr);
  EXPECT_EQ(kinds(set), (std::vector<Kind>{Kind::ClipAdded, Kind::Loaded}));
}

TEST(ClipSet, RemovingAStreamingClipStopsItsLoadAndItNeverComesBack) {
  Streaming s;
  s.set = with_files({{"a.bvh", 21}});
  start_streaming(s, "big.bvh", 100, 10);
  ASSERT_EQ(s.set.size(), 2u);
  s.set.take_notices();
  s.set.remove(1);
  EXPECT_EQ(s.set.take_cancels(), std::vector<int>{s.ticket});
  EXPECT_EQ(s.set.load(s.ticket)->state, LoadState::Cancelled);
  ASSERT_EQ(s.set.size(), 1u);
  EXPECT_EQ(s.set.active_index(), 0);
  EXPECT_FALSE(s.set.clock().more_frames_coming());
  EXPECT_EQ(s.set.streaming_motion(), nullptr);
  // Its load had completed in that very frame: the outcome, taken after, is dropped.
  s.set.on_outcome(ready(s.request, 100));
  ASSERT_EQ(s.set.size(), 1u);
  EXPECT_EQ(s.set[0].file_name, "a.bvh");
  EXPECT_EQ(s.set.load(s.ticket)->state, LoadState::Cancelled);
  EXPECT_TRUE(s.set.take_notices().empty());
  // So is a cancelled outcome, the usual answer to the cancel.
  s.set.on_outcome(cancelled(s.request));
  EXPECT_TRUE(s.set.take_notices().empty());
  EXPECT_EQ(s.set.size(), 1u);
}

TEST(ClipSet, RemovingAClipRightAfterItsLoadCompletedRemovesIt) {
  Streaming s;
  start_streaming(s, "big.bvh", 100, 10);
  s.set.on_outcome(ready(s.request, 100));
  s.set.remove(0);
  EXPECT_TRUE(s.set.take_cancels().empty());  // nothing left to stop
  EXPECT_TRUE(s.set.empty());
  EXPECT_EQ(s.set.active_index(), -1);
  EXPECT_EQ(s.set.clock().frame_count(), 0u);
}

TEST(ClipSet, ReDroppingAStreamingFileAsksNothingNew) {
  Streaming s;
  start_streaming(s, "big.bvh", 100, 10);
  EXPECT_EQ(s.set.open_file("big.bvh", false, {}), s.ticket);
  EXPECT_TRUE(s.set.take_requests().empty());
  s.set.on_outcome(ready(s.request, 100));
  EXPECT_EQ(s.set.size(), 1u);
}

TEST(ClipSet, ReDroppingBeforeItsFirstFrameIsShownAsksNothingNew) {
  ClipSet set;
  const int ticket = set.open_file("big.bvh", false, {});
  const LoadRequest request = only_request(set);
  set.on_preview(preview(request, 100));
  EXPECT_EQ(set.open_file("big.bvh", false, {}), ticket);
  EXPECT_TRUE(set.take_requests().empty());
  set.on_outcome(ready(request, 100));
  EXPECT_EQ(set.size(), 1u);
}

TEST(ClipSet, ReDroppingInTheFrameItsLoadCompletesGivesOneClip) {
  // The drop is handled before the loader's events in a frame: the outcome is still on its way.
  {
    Streaming s;
    start_streaming(s, "big.bvh", 100, 10);
    s.set.open_file("big.bvh", false, {});
    EXPECT_TRUE(s.set.take_requests().empty());
    s.set.on_outcome(ready(s.request, 100));
    ASSERT_EQ(s.set.size(), 1u);
    EXPECT_FALSE(s.set[0].loading);
    EXPECT_FALSE(s.set.loading());
  }
  // The outcome was taken first: the drop reloads the finished clip in place.
  {
    Streaming s;
    start_streaming(s, "big.bvh", 100, 10);
    s.set.on_outcome(ready(s.request, 100));
    const int id = s.set[0].id;
    s.set.open_file("big.bvh", false, {});
    const LoadRequest reload = only_request(s.set);
    EXPECT_EQ(reload.replace_clip_id, id);
    s.set.on_outcome(ready(reload, 100));
    ASSERT_EQ(s.set.size(), 1u);
    EXPECT_EQ(s.set[0].id, id);
  }
}

TEST(ClipSet, F5OnAStreamingClipWaitsForItsLoad) {
  Streaming s;
  start_streaming(s, "big.bvh", 100, 10);
  EXPECT_EQ(s.set.reload(s.set[0].id), s.ticket);
  EXPECT_TRUE(s.set.take_requests().empty());
}

TEST(ClipSet, CancellingBringsBackWhatAReplacingLoadSetAside) {
  Streaming s;
  s.set = with_files({{"a.bvh", 21}, {"b.bvh", 30}});
  s.set.set_active(0);
  start_streaming(s, "new.bvh", 100, 10, /*replace_all=*/true);
  ASSERT_EQ(s.set.size(), 1u);  // the others are set aside while it streams
  const int queued = s.set.open_file("later.bvh", false, {});
  s.set.take_requests();
  s.set.take_notices();

  s.set.cancel_loads();
  std::vector<int> cancels = s.set.take_cancels();
  std::sort(cancels.begin(), cancels.end());
  EXPECT_EQ(cancels, (std::vector<int>{s.ticket, queued}));
  EXPECT_EQ(s.set.load(s.ticket)->state, LoadState::Cancelled);
  EXPECT_EQ(s.set.load(queued)->state, LoadState::Cancelled);
  ASSERT_EQ(s.set.size(), 2u);
  EXPECT_EQ(s.set[0].file_name, "a.bvh");
  EXPECT_EQ(s.set[1].file_name, "b.bvh");
  EXPECT_EQ(s.set.active_index(), 0);
  EXPECT_EQ(s.set.clock().frame_count(), 30u);
  EXPECT_EQ(kinds(s.set), (std::vector<Kind>{Kind::ClipsRestored, Kind::Cancelled}));
  // The loader's answers to the cancel change nothing.
  s.set.on_outcome(cancelled(s.request));
  EXPECT_EQ(s.set.size(), 2u);
  EXPECT_TRUE(s.set.take_notices().empty());
  EXPECT_FALSE(s.set.loading());
}

TEST(ClipSet, AStreamingLoadThatFailsGoesAndBringsBackTheSample) {
  Streaming s;
  s.set.open_sample("sample.bvh", walk_text(10));
  s.set.on_outcome(ready(only_request(s.set), 10));
  s.set.take_notices();
  start_streaming(s, "big.bvh", 100, 10);
  ASSERT_EQ(s.set.size(), 1u);
  EXPECT_FALSE(s.set[0].is_sample);
  s.set.on_outcome(failed(s.request, 55, 3, "frame 54 has 2 values, expected 9"));
  ASSERT_EQ(s.set.size(), 1u);
  EXPECT_TRUE(s.set[0].is_sample);
  EXPECT_EQ(s.set.load(s.ticket)->state, LoadState::Failed);
  const std::vector<ClipSetNotice> notices = s.set.take_notices();
  ASSERT_EQ(notices.size(), 3u);
  EXPECT_EQ(notices[0].kind, Kind::StreamStarted);
  EXPECT_EQ(notices[1].kind, Kind::ClipsRestored);
  EXPECT_EQ(notices[2].kind, Kind::Failed);
  EXPECT_EQ(notices[2].text, "big.bvh:55:3: error: frame 54 has 2 values, expected 9");
}

TEST(ClipSet, RemoveAllStopsEveryLoad) {
  Streaming s;
  s.set = with_files({{"a.bvh", 21}});
  start_streaming(s, "big.bvh", 100, 10);
  const int queued = s.set.open_file("later.bvh", false, {});
  s.set.take_requests();
  s.set.remove_all();
  std::vector<int> cancels = s.set.take_cancels();
  std::sort(cancels.begin(), cancels.end());
  EXPECT_EQ(cancels, (std::vector<int>{s.ticket, queued}));
  EXPECT_TRUE(s.set.empty());
  s.set.on_outcome(ready(s.request, 100));
  EXPECT_TRUE(s.set.empty());
  EXPECT_FALSE(s.set.loading());
}

TEST(ClipSet, AReloadOfARemovedClipIsDropped) {
  ClipSet set = with_files({{"a.bvh", 21}, {"b.bvh", 30}});
  const int ticket = set.reload(set[0].id);
  const LoadRequest request = only_request(set);
  set.remove(0);
  EXPECT_EQ(set.take_cancels(), std::vector<int>{ticket});
  set.on_outcome(ready(request, 21));
  ASSERT_EQ(set.size(), 1u);
  EXPECT_EQ(set[0].file_name, "b.bvh");
}

// --- A rate chosen for one clip (the Clip tab).

TEST(ClipSet, AClipsChosenRatePlaysItKeepsTheClocksTimeAndOutlivesAReload) {
  ClipSet set = with_files({{"a.bvh", 21}});  // 0.04 s a frame
  set.clock().seek(10.0);                     // 0.4 s
  const std::uint64_t content = set[0].content;
  set.set_frame_time(0, 0.02);
  EXPECT_DOUBLE_EQ(set[0].clip().motion.frame_time, 0.02);
  EXPECT_DOUBLE_EQ(set.clock().frame_time(), 0.02);
  EXPECT_NEAR(set.seconds(), 0.4, 1e-9);  // the same moment, now frame 20 of the faster clip
  EXPECT_NE(set[0].content, content);     // what was computed from its timing is stale
  // The file read again (it changed on disk): its own 0.04 s, and the choice again.
  set.reload(set[0].id);
  set.on_outcome(ready(only_request(set), 30));
  EXPECT_EQ(set[0].clip().motion.frame_count, 30u);
  EXPECT_DOUBLE_EQ(set[0].clip().motion.frame_time, 0.02);
  // Prepared again from memory (another position mode): still the choice, and Reset still knows
  // the rate it was loaded at.
  set.change_interpretation(0, PositionModeRequest::Replace, {});
  const LoadRequest again = only_request(set);
  ASSERT_NE(again.in_memory, nullptr);
  set.on_outcome(LoadOutcome{again, prepare_clip(*again.in_memory, again.mode, again.up), again.ticket, false});
  EXPECT_DOUBLE_EQ(set[0].clip().motion.frame_time, 0.02);
  set.set_frame_time(0, std::nullopt);
  EXPECT_DOUBLE_EQ(set[0].clip().motion.frame_time, 0.04);
  EXPECT_FALSE(set[0].frame_time_choice.has_value());
  // No rate is not a rate.
  set.set_frame_time(0, 0.0);
  set.set_frame_time(0, -1.0);
  EXPECT_DOUBLE_EQ(set[0].clip().motion.frame_time, 0.04);
}

// --- Position mode and up axis, prepared again in the background.

// Issue 34, item 12: a choice made for another clip (its weak guess's badge) leaves the active clip
// active; a reload makes its clip the active one.
TEST(ClipSet, AnotherClipsNewUpAxisKeepsTheActiveClipAndAReloadActivatesItsOwn) {
  ClipSet set = with_files({{"a.bvh", 21}, {"b.bvh", 21}});
  set.set_active(1);
  set.change_interpretation(0, PositionModeRequest::Auto, UpAxisRequest{UpAxis::PosZ});
  const LoadRequest again = only_request(set);
  ASSERT_NE(again.in_memory, nullptr);
  set.on_outcome(LoadOutcome{again, prepare_clip(*again.in_memory, again.mode, again.up), again.ticket, false});
  EXPECT_EQ(set[0].prepared.measures.up.axis, UpAxis::PosZ);
  EXPECT_EQ(set.active_index(), 1);
  set.reload(set[0].id);
  set.on_outcome(ready(only_request(set), 21));
  EXPECT_EQ(set.active_index(), 0);
}

TEST(ClipSet, ANewPositionModeIsPreparedInTheBackgroundAndTheClipStaysMeanwhile) {
  ClipSet set = with_files({{"a.bvh", 21}});
  EXPECT_EQ(set[0].prepared.decision.mode, PositionMode::Add);
  const int ticket = set.change_interpretation(0, PositionModeRequest::Replace, {});
  EXPECT_GT(ticket, 0);
  const LoadRequest request = only_request(set);
  ASSERT_NE(request.in_memory, nullptr);
  EXPECT_EQ(request.in_memory->motion.frame_count, 21u);
  EXPECT_EQ(request.in_memory->motion.values.data(), set[0].clip().motion.values.data());  // shared, not copied
  EXPECT_EQ(request.mode, PositionModeRequest::Replace);
  EXPECT_EQ(request.replace_clip_id, set[0].id);
  EXPECT_TRUE(set[0].updating);
  EXPECT_EQ(set[0].prepared.decision.mode, PositionMode::Add);            // as before until it is prepared
  EXPECT_EQ(set[0].prepared.mode_request, PositionModeRequest::Replace);  // the choice shows at once
  // The same choice again asks nothing; another one replaces the one on its way.
  EXPECT_EQ(set.change_interpretation(0, PositionModeRequest::Replace, {}), 0);
  const int second = set.change_interpretation(0, PositionModeRequest::Add, {});
  EXPECT_EQ(set.take_cancels(), std::vector<int>{ticket});
  const LoadRequest again = only_request(set);
  EXPECT_EQ(set.load(ticket), nullptr);  // the second one started a new batch
  set.on_outcome(LoadOutcome{request, prepare_clip(*request.in_memory, request.mode, request.up), ticket, false});
  EXPECT_TRUE(set.take_notices().empty());
  EXPECT_EQ(set[0].prepared.decision.mode, PositionMode::Add);  // the Replace outcome was dropped
  EXPECT_TRUE(set[0].updating);
  set.on_outcome(LoadOutcome{again, prepare_clip(*again.in_memory, again.mode, again.up), second, false});
  EXPECT_EQ(set.load(second)->state, LoadState::Ready);
  EXPECT_EQ(set[0].prepared.decision.mode, PositionMode::Add);
  EXPECT_FALSE(set[0].updating);
  EXPECT_EQ(kinds(set), (std::vector<Kind>{Kind::ClipReplaced, Kind::Loaded}));
}

TEST(ClipSet, AModeChosenWhileStreamingIsPreparedWhenTheStreamEnds) {
  Streaming s;
  start_streaming(s, "big.bvh", 100, 10);
  EXPECT_EQ(s.set.change_interpretation(0, PositionModeRequest::Replace, {}), 0);
  EXPECT_TRUE(s.set.take_requests().empty());
  s.set.on_outcome(ready(s.request, 100));
  const LoadRequest request = only_request(s.set);
  ASSERT_NE(request.in_memory, nullptr);
  EXPECT_EQ(request.mode, PositionModeRequest::Replace);
  EXPECT_EQ(request.in_memory->motion.frame_count, 100u);
  EXPECT_EQ(s.set[0].prepared.mode_request, PositionModeRequest::Replace);
}

TEST(ClipSet, CancellingANewPositionModeBringsBackTheChoiceBefore) {
  ClipSet set = with_files({{"a.bvh", 21}});
  set.take_requests();
  const int ticket = set.change_interpretation(0, PositionModeRequest::Replace, {});
  set.take_requests();
  set.cancel_loads();
  EXPECT_EQ(set.take_cancels(), std::vector<int>{ticket});
  EXPECT_EQ(set[0].prepared.mode_request, PositionModeRequest::Auto);
  EXPECT_FALSE(set[0].updating);
  // So the same choice can be made again, and it is asked for.
  EXPECT_GT(set.change_interpretation(0, PositionModeRequest::Replace, {}), 0);
  EXPECT_EQ(set.take_requests().size(), 1u);
  // A failed preparation brings it back too.
  ClipSet other = with_files({{"b.bvh", 5}});
  other.change_interpretation(0, PositionModeRequest::Replace, {});
  other.on_outcome(failed(only_request(other), 0, 0, "cannot load: out of memory"));
  EXPECT_EQ(other[0].prepared.mode_request, PositionModeRequest::Auto);
}

TEST(ClipSet, ALoadCancelledBeforeItWasSentIsNeverSent) {
  ClipSet set;
  set.open_file("a.bvh", false, {});
  set.cancel_loads();
  EXPECT_TRUE(set.take_requests().empty());
  EXPECT_TRUE(set.take_cancels().empty());
  EXPECT_FALSE(set.loading());
}

TEST(ClipSet, AChangeOnDiskIsNeverLostToANewPositionMode) {
  // F5 (or the watcher) while a new mode is prepared from memory: the file is read, with that mode.
  {
    ClipSet set = with_files({{"a.bvh", 21}});
    const int in_memory = set.change_interpretation(0, PositionModeRequest::Replace, {});
    const int ticket = set.reload(set[0].id);
    EXPECT_NE(ticket, in_memory);
    const LoadRequest request = only_request(set);  // the in-memory one was never sent
    EXPECT_EQ(request.ticket, ticket);
    EXPECT_EQ(request.in_memory, nullptr);
    EXPECT_EQ(request.mode, PositionModeRequest::Replace);
    // Cancelled, it still brings back the choice before both.
    set.cancel_loads();
    EXPECT_EQ(set[0].prepared.mode_request, PositionModeRequest::Auto);
  }
  // A new mode while the file is being read again: the file is read again, with the new mode.
  {
    ClipSet set = with_files({{"a.bvh", 21}});
    const int reload = set.reload(set[0].id);
    set.take_requests();  // sent to the loader
    set.change_interpretation(0, PositionModeRequest::Replace, {});
    EXPECT_EQ(set.take_cancels(), std::vector<int>{reload});
    const LoadRequest request = only_request(set);
    EXPECT_EQ(request.in_memory, nullptr);
    EXPECT_EQ(request.mode, PositionModeRequest::Replace);
    EXPECT_EQ(request.replace_clip_id, set[0].id);
  }
}

TEST(ClipSet, OpeningReplacingWithAFileAlreadyLoadedGivesEveryFileAsked) {
  ClipSet set = with_files({{"a.bvh", 21}, {"b.bvh", 30}});
  set.open_file("x.bvh", true, {});
  set.open_file("a.bvh", false, {});
  std::vector<LoadRequest> requests = set.take_requests();
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[1].replace_clip_id, 0);  // a new clip: the clips it would reload go first
  set.on_outcome(ready(requests[0], 10));
  set.on_outcome(ready(requests[1], 21));
  ASSERT_EQ(set.size(), 2u);
  EXPECT_EQ(set[0].file_name, "x.bvh");
  EXPECT_EQ(set[1].file_name, "a.bvh");
}

TEST(ClipSet, AStreamThatFailsLeavesTheSameClipActive) {
  Streaming s;
  s.set = with_files({{"a.bvh", 21}, {"b.bvh", 30}});
  start_streaming(s, "new.bvh", 100, 10);
  s.set.move_clip(2, 0);  // new, a, b
  s.set.set_active(1);    // a
  s.set.on_outcome(failed(s.request, 40, 2, "bad"));
  ASSERT_EQ(s.set.size(), 2u);
  ASSERT_NE(s.set.active(), nullptr);
  EXPECT_EQ(s.set.active()->file_name, "a.bvh");
}

// --- The shared clock.

TEST(ClipSet, TheClockCoversEveryClipInTheActiveClipsFrames) {
  ClipSet set;
  set.open_file("a.bvh", false, {});
  set.on_outcome(ready(only_request(set), 61, 0.04));  // 2.4 s at 25 fps
  set.open_file("b.bvh", false, {});
  set.on_outcome(ready(only_request(set), 31, 0.02));  // 0.6 s at 50 fps, active
  EXPECT_DOUBLE_EQ(set.clock().frame_time(), 0.02);
  EXPECT_EQ(set.clock().frame_count(), 121u);  // 2.4 s in 50 fps frames
  // b starts 1 s later, and the shared time on screen stays.
  set.clock().pause();
  set.clock().seek(10.0);
  set.set_time_offset(1, 1.0);
  EXPECT_EQ(set.clock().frame_count(), 121u);
  EXPECT_DOUBLE_EQ(set.clock_position_for(set[1], 0.0), 50.0);
  EXPECT_DOUBLE_EQ(set.clock_position_for(set[1], 30.0), 80.0);
  // a starts 0.5 s before the timeline did: the timeline starts there and grows.
  set.set_time_offset(0, -0.5);
  EXPECT_DOUBLE_EQ(set.timeline_start(), -0.5);
  EXPECT_EQ(set.clock().frame_count(), 121u);  // -0.5 s .. 1.9 s
  EXPECT_NEAR(set.seconds(), 0.2, 1e-12);      // still 10 frames of 20 ms into the shared time
  // a active: the clock counts its 25 fps frames.
  set.set_active(0);
  EXPECT_DOUBLE_EQ(set.clock().frame_time(), 0.04);
  EXPECT_EQ(set.clock().frame_count(), 61u);
  EXPECT_DOUBLE_EQ(set.clock_position_for(set[0], 0.0), 0.0);
  EXPECT_DOUBLE_EQ(set.clock_position_for(set[1], 0.0), 37.5);  // 1.5 s after the timeline's start
  EXPECT_NEAR(set.seconds(), 0.2, 1e-12);
  set.align_starts();
  EXPECT_DOUBLE_EQ(set[0].time_offset, 0.0);
  EXPECT_DOUBLE_EQ(set[1].time_offset, 0.0);
  EXPECT_EQ(set.clock().frame_count(), 61u);
}

// --- The clip list's actions.

TEST(ClipSet, ReorderingKeepsTheActiveClip) {
  ClipSet set = with_files({{"a.bvh", 5}, {"b.bvh", 5}, {"c.bvh", 5}});
  set.set_active(1);
  const std::uint64_t before = set.revision();
  set.move_clip(1, 2);
  EXPECT_GT(set.revision(), before);
  EXPECT_EQ(set[0].file_name, "a.bvh");
  EXPECT_EQ(set[1].file_name, "c.bvh");
  EXPECT_EQ(set[2].file_name, "b.bvh");
  EXPECT_EQ(set.active_index(), 2);
  set.move_clip(0, 2);
  EXPECT_EQ(set[0].file_name, "c.bvh");
  EXPECT_EQ(set.active_index(), 1);
  set.move_clip(0, 3);  // out of range: nothing
  EXPECT_EQ(set[0].file_name, "c.bvh");
}

TEST(ClipSet, SoloShowsOneClipAndAgainShowsEveryClip) {
  ClipSet set = with_files({{"a.bvh", 5}, {"b.bvh", 5}, {"c.bvh", 5}});
  set.solo(1);
  EXPECT_FALSE(set[0].visible);
  EXPECT_TRUE(set[1].visible);
  EXPECT_FALSE(set[2].visible);
  set.solo(1);
  EXPECT_TRUE(set[0].visible && set[1].visible && set[2].visible);
}

TEST(ClipSet, OverlaidClipsSitAtTheOriginUntilAutoSpacedAgain) {
  ClipSet set = with_files({{"a.bvh", 5}, {"b.bvh", 5}});
  set.overlay_at_origin();
  EXPECT_FALSE(set[0].auto_offset);
  EXPECT_EQ(set[1].side_offset, glm::vec3(0.0f));
  set.auto_space();
  EXPECT_TRUE(set[0].auto_offset && set[1].auto_offset);
}

TEST(ClipSet, RemovingTheActiveClipActivatesItsNeighbour) {
  ClipSet set = with_files({{"a.bvh", 5}, {"b.bvh", 50}, {"c.bvh", 7}});
  set.set_active(2);
  set.remove(2);
  EXPECT_EQ(set.active_index(), 1);
  set.set_active(0);
  set.remove(1);
  EXPECT_EQ(set.active_index(), 0);
  EXPECT_EQ(set.clock().frame_count(), 5u);
}

}  // namespace
}  // namespace bvhscope::viewer
