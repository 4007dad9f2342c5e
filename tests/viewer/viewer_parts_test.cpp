// The Viewer's components (issue 28): each job has one owner, and the state report reads them
// through Viewer::Parts rather than getters added to the Viewer for it.
#include <gtest/gtest.h>

#include <string>

#include "viewer/file_dialogs.hpp"
#include "viewer/key_queue.hpp"
#include "viewer/save_bvh_run.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {
namespace {

// Keys come out in the order pressed, once; a frame's keys beyond the queue's size are dropped.
TEST(KeyQueue, KeepsOrderTakesOnceAndDropsBeyondItsSize) {
  KeyQueue queue;
  queue.push(65, 0);
  queue.push(66, 2);
  std::span<const KeyQueue::KeyPress> keys = queue.take();
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[0].key, 65);
  EXPECT_EQ(keys[0].mods, 0);
  EXPECT_EQ(keys[1].key, 66);
  EXPECT_EQ(keys[1].mods, 2);
  EXPECT_TRUE(queue.take().empty());
  for (int i = 0; i < 40; ++i) queue.push(i, 0);
  keys = queue.take();
  ASSERT_EQ(keys.size(), 32u);
  EXPECT_EQ(keys.front().key, 0);
  EXPECT_EQ(keys.back().key, 31);
}

// The state report's save_bvh line: "PHASE; PATH", "refused" for a request turned down.
TEST(SaveBvhRun, ReportsPhaseOrRefusalWithThePath) {
  SaveBvhRun run;
  EXPECT_EQ(run.report(), "idle; ");
  run.path = "/tmp/out.bvh";
  run.refused = true;
  EXPECT_EQ(run.report(), "refused; /tmp/out.bvh");
  run.refused = false;
  EXPECT_EQ(run.report(), "idle; /tmp/out.bvh");
}

// Browse...'s answer fills the field it was opened for; a video's frames folder keeps its '/'.
TEST(FileDialogs, FillsTheFieldTheBrowseWasFor) {
  FileDialogs files;
  DialogState dialogs;
  files.save_field = Actions::OutputField::Video;
  dialogs.video.format = VideoExportFormat::PngFolder;
  files.fill_output_field("/tmp/frames", dialogs);
  EXPECT_STREQ(dialogs.video.path.data(), "/tmp/frames/");
  files.save_field = Actions::OutputField::SaveBvh;
  files.fill_output_field("/tmp/fixed.bvh", dialogs);
  EXPECT_STREQ(dialogs.save_bvh.path.data(), "/tmp/fixed.bvh");
  files.save_field = Actions::OutputField::Export;
  files.fill_output_field("/tmp/pose.csv", dialogs);
  EXPECT_STREQ(dialogs.export_path.data(), "/tmp/pose.csv");
  EXPECT_STREQ(dialogs.video.path.data(), "/tmp/frames/");
}

// Browse... buttons show only with zenity, enabled while no Browse dialog is open.
TEST(FileDialogs, ShowsBrowseOnlyWithZenity) {
  FileDialogs files;
  DialogState dialogs;
  files.zenity = false;
  files.show_browse(dialogs);
  EXPECT_FALSE(dialogs.browse_shown);
  EXPECT_FALSE(dialogs.video.browse_shown);
  EXPECT_FALSE(dialogs.save_bvh.can_browse);
  files.zenity = true;
  files.show_browse(dialogs);
  EXPECT_TRUE(dialogs.browse_shown);
  EXPECT_TRUE(dialogs.video.browse_shown);
  EXPECT_TRUE(dialogs.save_bvh.browse_shown);
  EXPECT_TRUE(dialogs.can_browse);
  EXPECT_TRUE(dialogs.video.can_browse);
  EXPECT_TRUE(dialogs.save_bvh.can_browse);
}

// The state report reads the components (Viewer::Parts), not getters kept on the Viewer for it.
template <typename T>
concept HasAnyReportGetter = requires(const T& v) {
  v.labels_shown();
}
|| requires(const T& v) { v.curves(); }
|| requires(const T& v) { v.save_bvh_report(); }
|| requires(const T& v) { v.video_export(); }
|| requires(const T& v) { v.save_bvh(); }
|| requires(const T& v) { v.message_seconds(); }
|| requires(const T& v) { v.timeline_lanes(); };
template <typename T>
concept HasParts = requires(const T& v) {
  v.parts().labels.shown;
  v.parts().panels.curves;
  v.parts().outputs.save_bvh().report();
  v.parts().outputs.video_export().job;
  v.parts().messages.seconds_shown();
  v.parts().load.first_streamed_frame_seconds;
};

TEST(ViewerParts, StateReportReadsComponentsNotGetters) {
  EXPECT_FALSE(HasAnyReportGetter<Viewer>);
  EXPECT_TRUE(HasParts<Viewer>);
}

}  // namespace
}  // namespace bvhscope::viewer
