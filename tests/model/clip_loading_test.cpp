// The clips' lifecycle without a window (model/clip_loading): a file opened in a ClipSet loads on
// the loader and shows up in the set, a change to the watched file reloads its clip in place, our
// own write of it does not, and nothing is watched for the bundled sample or no clip.
#include "model/clip_loading.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "bvh_builder.hpp"
#include "npy_writer.hpp"
#include "test_pace.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

std::string watched_walk(int frames, double head_turn = 0.0) {
  return test::walk(
      frames, [&](int f) { return test::BvhBuilder::Row{static_cast<double>(f), 90, 0, 0, 0, 0, head_turn, 0, 0}; });
}

// Pumps the lifecycle as the viewer's frame loop does until `done` holds; false when it did not
// within a generous bound (a hang).
bool pump_until(ClipLoading& loading, ClipSet& clips, const std::function<bool()>& done) {
  const auto deadline = std::chrono::steady_clock::now() + test::hang_bound(std::chrono::seconds(60));
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    loading.send(clips);
    loading.receive(clips);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

bool has_notice(const std::vector<ClipSetNotice>& notices, ClipSetNotice::Kind kind) {
  for (const ClipSetNotice& notice : notices)
    if (notice.kind == kind) return true;
  return false;
}

// Opens `path` and pumps until its clip is in the set; the notices of the load.
std::vector<ClipSetNotice> open_and_load(ClipLoading& loading, ClipSet& clips, const std::string& path) {
  clips.open_file(path, false, UpAxisRequest{});
  EXPECT_TRUE(loading.send(clips));  // the request went to the loader
  std::vector<ClipSetNotice> notices;
  EXPECT_TRUE(pump_until(loading, clips, [&] {
    for (ClipSetNotice& notice : clips.take_notices()) notices.push_back(std::move(notice));
    return has_notice(notices, ClipSetNotice::Kind::Loaded) || has_notice(notices, ClipSetNotice::Kind::Failed);
  }));
  return notices;
}

TEST(ClipLoading, AnOpenedFileLoadsIntoTheSetWithItsRows) {
  test::TempDir dir;
  const std::string path = dir.write("walk.bvh", watched_walk(7)).string();
  ClipSet clips;
  ClipLoading loading;
  const std::vector<ClipSetNotice> notices = open_and_load(loading, clips, path);
  ASSERT_TRUE(has_notice(notices, ClipSetNotice::Kind::Loaded));
  ASSERT_EQ(clips.size(), 1u);
  const Clip& clip = clips[0].clip();
  EXPECT_EQ(clip.source, path);
  ASSERT_EQ(clip.motion.frame_count, 7u);
  EXPECT_EQ(clip.motion.frame(6)[0], 6.0f);  // the root's X position of the last row
  EXPECT_FALSE(loading.busy());
  EXPECT_FALSE(loading.send(clips));  // nothing more to ask
}

TEST(ClipLoading, AFailedLoadIsANoticeWithItsLocatedMessage) {
  test::TempDir dir;
  const std::string path = dir.write("broken.bvh", test::kBrokenBvh).string();
  ClipSet clips;
  ClipLoading loading;
  const std::vector<ClipSetNotice> notices = open_and_load(loading, clips, path);
  ASSERT_TRUE(has_notice(notices, ClipSetNotice::Kind::Failed));
  for (const ClipSetNotice& notice : notices) {
    if (notice.kind != ClipSetNotice::Kind::Failed) continue;
    EXPECT_EQ(notice.path, path);
    EXPECT_NE(notice.text.find("broken.bvh:4:"), std::string::npos) << notice.text;
  }
  EXPECT_TRUE(clips.empty());
}

// The watcher looks at most twice a second and reports a change once the file has stayed the same
// for one look: checks at 0.5 s steps of the clock handed to it, until it reports or `looks` run out.
bool changed_within(ClipLoading& loading, ClipSet& clips, double& now, int looks) {
  for (int i = 0; i < looks; ++i) {
    now += 0.5;
    if (loading.reload_if_changed(clips, now)) return true;
  }
  return false;
}

TEST(ClipLoading, AChangedWatchedFileReloadsItsClipInPlace) {
  test::TempDir dir;
  const std::string path = dir.write("walk.bvh", watched_walk(5)).string();
  ClipSet clips;
  ClipLoading loading;
  open_and_load(loading, clips, path);
  ASSERT_EQ(clips.size(), 1u);
  const int id = clips[0].id;
  loading.follow(clips.active());
  EXPECT_TRUE(std::isfinite(loading.next_check()));
  double now = 100.0;
  EXPECT_FALSE(changed_within(loading, clips, now, 4));  // unchanged: never reported

  static_cast<void>(dir.write("walk.bvh", watched_walk(9, 30.0)));  // another size: a change however coarse the clock
  ASSERT_TRUE(changed_within(loading, clips, now, 4));
  std::vector<ClipSetNotice> notices;
  ASSERT_TRUE(pump_until(loading, clips, [&] {
    for (ClipSetNotice& notice : clips.take_notices()) notices.push_back(std::move(notice));
    return has_notice(notices, ClipSetNotice::Kind::Loaded);
  }));
  EXPECT_TRUE(has_notice(notices, ClipSetNotice::Kind::ClipReplaced));
  ASSERT_EQ(clips.size(), 1u);
  EXPECT_EQ(clips[0].id, id);  // the same clip, reloaded
  ASSERT_EQ(clips[0].clip().motion.frame_count, 9u);
  EXPECT_EQ(clips[0].clip().motion.frame(8)[6], 30.0f);  // the head's first rotation
  EXPECT_FALSE(changed_within(loading, clips, now, 4));  // reported once
}

TEST(ClipLoading, OurOwnWriteOfTheWatchedFileIsNotAChange) {
  test::TempDir dir;
  const std::string path = dir.write("walk.bvh", watched_walk(5)).string();
  ClipSet clips;
  ClipLoading loading;
  open_and_load(loading, clips, path);
  loading.follow(clips.active());
  double now = 0.0;
  static_cast<void>(dir.write("walk.bvh", watched_walk(6)));
  loading.written(path);
  EXPECT_FALSE(changed_within(loading, clips, now, 4));
  loading.written(dir.path().string() + "/other.bvh");  // another file: the watch goes on
  static_cast<void>(dir.write("walk.bvh", watched_walk(8)));
  EXPECT_TRUE(changed_within(loading, clips, now, 4));
}

TEST(ClipLoading, NothingIsWatchedWithoutAClipOrForTheSample) {
  ClipSet clips;
  ClipLoading loading;
  loading.follow(nullptr);
  EXPECT_TRUE(std::isinf(loading.next_check()));
  double now = 0.0;
  EXPECT_FALSE(changed_within(loading, clips, now, 4));

  clips.open_sample("sample.bvh", watched_walk(3));
  std::vector<ClipSetNotice> notices;
  ASSERT_TRUE(pump_until(loading, clips, [&] {
    for (ClipSetNotice& notice : clips.take_notices()) notices.push_back(std::move(notice));
    return has_notice(notices, ClipSetNotice::Kind::Loaded);
  }));
  ASSERT_EQ(clips.size(), 1u);
  loading.follow(clips.active());
  EXPECT_TRUE(std::isinf(loading.next_check()));
}

// (motions, frames, 22 joints, 3): every value of motion m is m + `shift`.
std::string batch_npy(std::size_t motions, double shift, std::size_t frames = 2) {
  std::vector<double> values;
  for (std::size_t m = 0; m < motions; ++m)
    for (std::size_t i = 0; i < frames * 22 * 3; ++i) values.push_back(static_cast<double>(m) + shift);
  return test::npy_bytes({"<f4", false, {motions, frames, 22, 3}}, values);
}

TEST(ClipLoading, AFileOfSeveralMotionsOpensAsAClipEachAndReloadsEachAsItself) {
  test::TempDir dir;
  const std::string path = dir.write("batch.npy", batch_npy(3, 0.0)).string();
  ClipSet clips;
  ClipLoading loading;
  const std::vector<ClipSetNotice> notices = open_and_load(loading, clips, path);
  ASSERT_TRUE(has_notice(notices, ClipSetNotice::Kind::Loaded));
  ASSERT_EQ(clips.size(), 3u);
  for (std::size_t m = 0; m < 3; ++m) {
    EXPECT_EQ(clips[m].file_name, "batch.npy (motion " + std::to_string(m) + ")");
    EXPECT_EQ(clips[m].motion, static_cast<int>(m));
    EXPECT_EQ(clips[m].clip().motion.joint_positions(1)[5], static_cast<float>(m));
  }
  EXPECT_EQ(clips.active_index(), 0);  // the first motion

  loading.follow(clips.active());
  double now = 0.0;
  static_cast<void>(dir.write("batch.npy", batch_npy(3, 10.0, 3)));  // another size: a change however coarse the clock
  ASSERT_TRUE(changed_within(loading, clips, now, 4));
  ASSERT_TRUE(pump_until(loading, clips, [&] {
    for (std::size_t m = 0; m < clips.size(); ++m)
      if (clips[m].clip().motion.joint_positions(1)[5] != static_cast<float>(m) + 10.0f) return false;
    return !loading.busy();
  }));
  ASSERT_EQ(clips.size(), 3u);  // each reloaded in place, as the motion it showed
  for (std::size_t m = 0; m < 3; ++m) EXPECT_EQ(clips[m].motion, static_cast<int>(m));

  // A reload of a motion the file no longer holds fails with the count, and the clip stays.
  static_cast<void>(dir.write("batch.npy", batch_npy(2, 20.0)));
  clips.reload(clips[2].id);
  std::vector<ClipSetNotice> failed;
  ASSERT_TRUE(pump_until(loading, clips, [&] {
    for (ClipSetNotice& notice : clips.take_notices()) failed.push_back(std::move(notice));
    return has_notice(failed, ClipSetNotice::Kind::Failed);
  }));
  for (const ClipSetNotice& notice : failed) {
    if (notice.kind == ClipSetNotice::Kind::Failed) {
      EXPECT_NE(notice.text.find("the file holds 2 motions now; motion 2 is no longer in it"), std::string::npos)
          << notice.text;
    }
  }
  ASSERT_EQ(clips.size(), 3u);
  EXPECT_EQ(clips[2].clip().motion.joint_positions(1)[5], 12.0f);
}

}  // namespace
}  // namespace bvhscope
