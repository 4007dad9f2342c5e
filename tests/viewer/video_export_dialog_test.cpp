// File > Export video's choice from its dialog (no ImGui frame needed): the size, the rate and the
// quality asked for, the quality only where the encoder has one (MP4 and WebM).
#include <gtest/gtest.h>

#include <cstdio>

#include "viewer/ui/video_export_dialog.hpp"

namespace bvhscope::viewer {
namespace {

VideoExportDialog dialog_for(const char* path, VideoExportFormat format, int quality) {
  VideoExportDialog dialog;
  std::snprintf(dialog.path.data(), dialog.path.size(), "%s", path);
  dialog.format = format;
  dialog.quality = quality;
  dialog.first = 4;
  dialog.last = 9;
  dialog.view_width = 640;
  dialog.view_height = 360;
  return dialog;
}

TEST(VideoExportChoice, TheQualityGoesToMp4AndWebMOnly) {
  EXPECT_EQ(video_export_choice(dialog_for("/tmp/a.mp4", VideoExportFormat::Mp4, 0)).quality,
            video::VideoQuality::Preview);
  EXPECT_EQ(video_export_choice(dialog_for("/tmp/a.mp4", VideoExportFormat::Mp4, 1)).quality,
            video::VideoQuality::Normal);
  EXPECT_EQ(video_export_choice(dialog_for("/tmp/a.webm", VideoExportFormat::WebM, 2)).quality,
            video::VideoQuality::Best);
  // A GIF and a PNG sequence are the same at every quality: a choice left from MP4 is not passed on.
  EXPECT_EQ(video_export_choice(dialog_for("/tmp/a.gif", VideoExportFormat::Gif, 0)).quality,
            video::VideoQuality::Normal);
  EXPECT_EQ(video_export_choice(dialog_for("/tmp/a_frames/", VideoExportFormat::PngFolder, 2)).quality,
            video::VideoQuality::Normal);
  // A folder path typed while MP4 is picked is a PNG sequence all the same.
  EXPECT_EQ(video_export_choice(dialog_for("/tmp/frames/", VideoExportFormat::Mp4, 0)).quality,
            video::VideoQuality::Normal);
}

TEST(VideoExportChoice, TheViewsSizeAndTheRangeAsShown) {
  const Actions::Video video = video_export_choice(dialog_for("/tmp/a.mp4", VideoExportFormat::Mp4, 1));
  EXPECT_EQ(video.path, "/tmp/a.mp4");
  EXPECT_EQ(video.width, 640);
  EXPECT_EQ(video.height, 360);
  EXPECT_EQ(video.first, 4u);
  EXPECT_EQ(video.last, 9u);
  EXPECT_EQ(video.fps, 0.0);  // the clip's rate
}

}  // namespace
}  // namespace bvhscope::viewer
