// The PNG sequence: FOLDER/frame_00000.png ..., exact pixels, the folder made, abandoned frames removed.
#include <gtest/gtest.h>

#include "png_image.hpp"
#include "test_support.hpp"
#include "video/frame_sink.hpp"
#include "video_test_support.hpp"

namespace bvhscope::test {
namespace {

TEST(PngSequence, WritesEveryFrameWithExactPixelsIntoAFolderItMakes) {
  TempDir dir;
  const std::string folder = (dir.path() / "a" / "frames").string() + "/";
  video::OpenedSink opened = video::open_frame_sink(folder, 37, 21, 30.0);
  ASSERT_TRUE(opened) << opened.error;
  std::string error;
  for (int k = 0; k < 6; ++k) {
    const std::vector<std::uint8_t> frame = synthetic_frame(37, 21, k);
    ASSERT_TRUE(opened.sink->write(frame.data(), error)) << error;
  }
  ASSERT_TRUE(opened.sink->commit(error)) << error;
  EXPECT_EQ(entries(folder), (std::vector<std::string>{"frame_00000.png", "frame_00001.png", "frame_00002.png",
                                                       "frame_00003.png", "frame_00004.png", "frame_00005.png"}));
  for (int k = 0; k < 6; ++k) {
    const Png png = read_png(video::sequence_frame_path(folder, static_cast<std::size_t>(k)));
    ASSERT_EQ(png.width, 37);
    ASSERT_EQ(png.height, 21);
    const std::vector<std::uint8_t> written = synthetic_frame(37, 21, k);
    for (std::size_t i = 0, j = 0; i < written.size(); i += 4, j += 3) {
      ASSERT_EQ(png.rgb[j], written[i]) << "frame " << k;
      ASSERT_EQ(png.rgb[j + 1], written[i + 1]);
      ASSERT_EQ(png.rgb[j + 2], written[i + 2]);
    }
  }
}

TEST(PngSequence, AnAbandonedSequenceRemovesItsFramesAndTheFolderItMade) {
  TempDir dir;
  const std::string folder = (dir.path() / "frames").string() + "/";
  {
    video::OpenedSink opened = video::open_frame_sink(folder, 16, 16, 30.0);
    ASSERT_TRUE(opened) << opened.error;
    std::string error;
    for (int k = 0; k < 4; ++k) {
      const std::vector<std::uint8_t> frame = synthetic_frame(16, 16, k);
      ASSERT_TRUE(opened.sink->write(frame.data(), error)) << error;
    }
  }
  EXPECT_TRUE(entries(dir.path()).empty());
  // In a folder that was there, files it did not write stay.
  std::filesystem::create_directories(folder);
  const auto notes = dir.write("frames/notes.txt", "keep");
  ASSERT_TRUE(std::filesystem::exists(notes));
  {
    video::OpenedSink opened = video::open_frame_sink(folder, 16, 16, 30.0);
    ASSERT_TRUE(opened) << opened.error;
    std::string error;
    const std::vector<std::uint8_t> frame = synthetic_frame(16, 16, 0);
    ASSERT_TRUE(opened.sink->write(frame.data(), error)) << error;
  }
  EXPECT_EQ(entries(folder), std::vector<std::string>{"notes.txt"});
}

TEST(PngSequence, FramePathsHaveFiveDigitsAtLeast) {
  EXPECT_EQ(video::sequence_frame_path("out/", 7), "out/frame_00007.png");
  EXPECT_EQ(video::sequence_frame_path("out", 123456), "out/frame_123456.png");
}

}  // namespace
}  // namespace bvhscope::test
