// The PNG sequence: FOLDER/frame_00000.png ..., exact pixels, the folder made, abandoned frames removed;
// written into a hidden folder beside FOLDER and put in place at the end (nothing left by an
// interrupt), a folder holding frames refused or replaced whole, two sequences never mixed.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "png_image.hpp"
#include "test_pace.hpp"
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

// Frame 0 of a sequence is synthetic_frame(.., k): its top-left pixel's red says which k.
std::uint8_t first_red(const std::string& folder) { return read_png(video::sequence_frame_path(folder, 0)).rgb[0]; }

std::vector<std::string> frame_names(std::size_t count) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < count; ++i)
    names.push_back(std::filesystem::path(video::sequence_frame_path("", i)).filename());
  return names;
}

// `count` frames (synthetic_frame k = first_k...), committed or not.
void write_frames(video::FrameSink& sink, int count, int first_k) {
  std::string error;
  for (int k = 0; k < count; ++k) {
    const std::vector<std::uint8_t> frame = synthetic_frame(16, 16, first_k + k);
    ASSERT_TRUE(sink.write(frame.data(), error)) << error;
  }
}

TEST(PngSequence, NoFrameAppearsBeforeTheCommitThenAllDo) {
  TempDir dir;
  const std::string folder = (dir.path() / "frames").string() + "/";
  video::OpenedSink opened = video::open_frame_sink(folder, 16, 16, 30.0);
  ASSERT_TRUE(opened) << opened.error;
  write_frames(*opened.sink, 4, 0);
  EXPECT_FALSE(std::filesystem::exists(folder)) << "frames appeared before the end";
  std::string error;
  ASSERT_TRUE(opened.sink->commit(error)) << error;
  EXPECT_EQ(entries(folder), frame_names(4));
  EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"frames"}) << "no temporary folder left";
}

TEST(PngSequence, AFolderHoldingFramesIsRefusedUnlessReplacedThenHoldsOnlyTheNewSet) {
  TempDir dir;
  const std::string folder = (dir.path() / "frames").string() + "/";
  std::filesystem::create_directories(folder);
  for (std::size_t i = 0; i < 81; ++i) {
    static_cast<void>(
        dir.write("frames/" + std::filesystem::path(video::sequence_frame_path("", i)).filename().string(), "old"));
  }
  static_cast<void>(dir.write("frames/notes.txt", "keep"));
  const video::OpenedSink refused = video::open_frame_sink(folder, 16, 16, 30.0);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error, folder +
                               ": already holds 81 frames (frame_*.png) of an earlier render; replace them (render "
                               "--force, Overwrite in the viewer's export dialog) or choose another folder");
  video::FrameSinkOptions options;
  options.replace_frames = true;
  video::OpenedSink opened = video::open_frame_sink(folder, 16, 16, 30.0, options);
  ASSERT_TRUE(opened) << opened.error;
  write_frames(*opened.sink, 11, 3);
  EXPECT_EQ(entries(folder).size(), 82u) << "the old frames stay until the new set is whole";
  std::string error;
  ASSERT_TRUE(opened.sink->commit(error)) << error;
  std::vector<std::string> expected = frame_names(11);
  expected.push_back("notes.txt");
  EXPECT_EQ(entries(folder), expected);
  EXPECT_EQ(first_red(folder), synthetic_frame(16, 16, 3)[0]);
  EXPECT_EQ(read_file(dir.path() / "frames" / "notes.txt"), "keep");
  EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"frames"});
}

TEST(PngSequence, TwoSequencesIntoOneFolderNeverMix) {
  TempDir dir;
  const std::string folder = (dir.path() / "frames").string() + "/";
  video::OpenedSink first = video::open_frame_sink(folder, 16, 16, 30.0);
  video::OpenedSink second = video::open_frame_sink(folder, 16, 16, 30.0);
  video::FrameSinkOptions replacing;
  replacing.replace_frames = true;
  video::OpenedSink third = video::open_frame_sink(folder, 16, 16, 30.0, replacing);
  ASSERT_TRUE(first && second && third);
  write_frames(*first.sink, 5, 0);
  write_frames(*second.sink, 3, 20);
  write_frames(*third.sink, 2, 40);
  std::string error;
  ASSERT_TRUE(first.sink->commit(error)) << error;
  // The second began on an empty folder, without leave to replace: refused, the first set kept.
  EXPECT_FALSE(second.sink->commit(error));
  EXPECT_EQ(error, folder + ": " + (dir.path() / "frames").string() +
                       " now holds 5 files this output would replace, written since it started (another render into "
                       "the same folder?)");
  EXPECT_EQ(entries(folder), frame_names(5));
  EXPECT_EQ(first_red(folder), synthetic_frame(16, 16, 0)[0]);
  // The third may replace: its two frames alone remain.
  ASSERT_TRUE(third.sink->commit(error)) << error;
  EXPECT_EQ(entries(folder), frame_names(2));
  EXPECT_EQ(first_red(folder), synthetic_frame(16, 16, 40)[0]);
  EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"frames"});
}

// A hidden folder of `dir` named ".frames.PID.N.part" holding at least `frames` files.
bool temporary_folder_holds(const std::filesystem::path& dir, std::size_t frames) {
  for (const std::string& name : entries(dir)) {
    if (name.rfind(".frames.", 0) == 0 && name.ends_with(".part") && entries(dir / name).size() >= frames) return true;
  }
  return false;
}

// Waits (a bound far above need) until `dir` holds a temporary folder with `frames` frames.
bool wait_for_temporary_frames(const std::filesystem::path& dir, std::size_t frames) {
  const auto give_up = std::chrono::steady_clock::now() + hang_bound(std::chrono::seconds(60));
  while (!temporary_folder_holds(dir, frames)) {
    if (std::chrono::steady_clock::now() > give_up) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

// SIGTERM or SIGINT while frames are being written: the process dies of it and nothing is left,
// neither frames nor the temporary folder (AtomicFile's handler empties and removes it).
TEST(PngSequence, AnInterruptedSequenceLeavesNothing) {
  for (const int signal_number : {SIGTERM, SIGINT}) {
    TempDir dir;
    const std::string folder = (dir.path() / "frames").string() + "/";
    const pid_t child = ::fork();
    if (child == 0) {
      video::OpenedSink opened = video::open_frame_sink(folder, 64, 64, 30.0);
      if (!opened) ::_exit(3);
      std::string error;
      for (int k = 0; k < 6; ++k) {
        const std::vector<std::uint8_t> frame = synthetic_frame(64, 64, k);
        if (!opened.sink->write(frame.data(), error)) ::_exit(4);
      }
      if (!wait_for_temporary_frames(dir.path(), 3)) ::_exit(5);
      ::raise(signal_number);
      ::_exit(6);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status)) << "exit status " << WEXITSTATUS(status);
    EXPECT_EQ(WTERMSIG(status), signal_number);
    EXPECT_EQ(entries(dir.path()), std::vector<std::string>{}) << "signal " << signal_number;
  }
}

// SIGKILL leaves the temporary folder: the next sequence into that folder removes it (its process
// is gone), and nothing else of the kind (another target's, a live process's, other names).
TEST(PngSequence, AFolderLeftByAKilledRenderIsRemovedByTheNext) {
  TempDir dir;
  const std::string folder = (dir.path() / "frames").string() + "/";
  const pid_t child = ::fork();
  if (child == 0) {
    video::OpenedSink opened = video::open_frame_sink(folder, 16, 16, 30.0);
    if (!opened) ::_exit(3);
    std::string error;
    const std::vector<std::uint8_t> frame = synthetic_frame(16, 16, 0);
    for (int k = 0; k < 3; ++k) {
      if (!opened.sink->write(frame.data(), error)) ::_exit(4);
    }
    if (!wait_for_temporary_frames(dir.path(), 3)) ::_exit(5);
    ::raise(SIGKILL);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "wait status " << status;
  const std::vector<std::string> left = entries(dir.path());
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].rfind(".frames." + std::to_string(child) + ".", 0), 0u) << left[0];
  EXPECT_TRUE(left[0].ends_with(".part")) << left[0];
  EXPECT_EQ(entries(dir.path() / left[0]).size(), 3u) << "the frames it wrote";
  // Decoys: a live process's (pid 1), another folder's, names not quite of the pattern.
  const std::string dead = std::to_string(child);
  for (const std::string& name : {std::string(".frames.1.0.part"), ".other." + dead + ".0.part",
                                  ".frames." + dead + ".x.part", ".frames." + dead + ".0.part.old"}) {
    std::filesystem::create_directories(dir.path() / name);
  }
  video::OpenedSink opened = video::open_frame_sink(folder, 16, 16, 30.0);
  ASSERT_TRUE(opened) << opened.error;
  write_frames(*opened.sink, 2, 0);
  std::string error;
  ASSERT_TRUE(opened.sink->commit(error)) << error;
  std::vector<std::string> kept = {".frames." + dead + ".0.part.old", ".frames." + dead + ".x.part", ".frames.1.0.part",
                                   ".other." + dead + ".0.part", "frames"};
  std::sort(kept.begin(), kept.end());
  EXPECT_EQ(entries(dir.path()), kept);
  EXPECT_EQ(entries(folder), frame_names(2));
}

TEST(PngSequence, FramePathsHaveFiveDigitsAtLeast) {
  EXPECT_EQ(video::sequence_frame_path("out/", 7), "out/frame_00007.png");
  EXPECT_EQ(video::sequence_frame_path("out", 123456), "out/frame_123456.png");
}

}  // namespace
}  // namespace bvhscope::test
