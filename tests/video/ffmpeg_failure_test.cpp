// When ffmpeg is missing, fails, dies or is abandoned: a clear error, no crash on the broken
// pipe, and nothing left under the final name nor any temporary file.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "io/atomic_file.hpp"
#include "test_support.hpp"
#include "video/frame_sink.hpp"
#include "video_test_support.hpp"

namespace bvhscope::test {
namespace {

using video::FrameSinkOptions;
using video::open_frame_sink;

// An executable shell script standing in for ffmpeg.
std::string fake_ffmpeg(const TempDir& dir, const std::string& body) {
  const auto path = dir.write("fake-ffmpeg", "#!/bin/sh\n" + body + "\n");
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path.string();
}

TEST(FfmpegFailure, MissingFfmpegIsAClearErrorNamingTheDebianPackageAndLeavesNothing) {
  TempDir dir;
  TempDir empty_bin;
  FrameSinkOptions options;
  options.search_path = empty_bin.path().string();
  for (const std::string name : {"clip.mp4", "clip.webm", "clip.gif"}) {
    const video::OpenedSink opened = open_frame_sink((dir.path() / name).string(), 64, 64, 30.0, options);
    EXPECT_FALSE(opened);
    EXPECT_NE(opened.error.find("needs ffmpeg, which is not on PATH (install Debian's ffmpeg package"),
              std::string::npos)
        << opened.error;
  }
  EXPECT_TRUE(entries(dir.path()).empty());
  // The PNG sequence needs no ffmpeg.
  video::OpenedSink frames = open_frame_sink((dir.path() / "frames/").string(), 8, 8, 30.0, options);
  ASSERT_TRUE(frames) << frames.error;
  const std::vector<std::uint8_t> frame = synthetic_frame(8, 8, 0);
  std::string error;
  EXPECT_TRUE(frames.sink->write(frame.data(), error)) << error;
  EXPECT_TRUE(frames.sink->commit(error)) << error;
}

TEST(FfmpegFailure, AbandonedSinkKillsFfmpegAndLeavesNoFile) {
  TempDir dir;
  const auto out = dir.path() / "clip.mp4";
  {
    video::OpenedSink opened = open_frame_sink(out.string(), 320, 240, 30.0);
    ASSERT_TRUE(opened) << opened.error;
    std::string error;
    for (int k = 0; k < 20; ++k) {
      const std::vector<std::uint8_t> frame = synthetic_frame(320, 240, k);
      ASSERT_TRUE(opened.sink->write(frame.data(), error)) << error;
    }
    EXPECT_EQ(entries(dir.path()).size(), 1u) << "the temporary file, beside the target";
    EXPECT_EQ(entries(dir.path())[0].rfind(".clip.mp4.", 0), 0u) << entries(dir.path())[0];
  }  // destroyed without commit
  EXPECT_TRUE(entries(dir.path()).empty());
}

TEST(FfmpegFailure, FfmpegFailingReportsItsOwnLastLinesWithoutACrash) {
  TempDir dir;
  FrameSinkOptions options;
  // Reads a little, complains, exits: later frames meet a broken pipe (SIGPIPE must not end us).
  options.ffmpeg =
      fake_ffmpeg(dir, "head -c 1000 >/dev/null\necho 'first line' >&2\necho 'Unknown encoder libx264' >&2\nexit 1");
  const auto out = dir.path() / "out" / "clip.mp4";
  std::filesystem::create_directories(out.parent_path());
  video::OpenedSink opened = open_frame_sink(out.string(), 320, 240, 30.0, options);
  ASSERT_TRUE(opened) << opened.error;
  std::string error;
  bool failed = false;
  for (int k = 0; k < 200 && !failed; ++k) {
    const std::vector<std::uint8_t> frame = synthetic_frame(320, 240, k);
    failed = !opened.sink->write(frame.data(), error);
  }
  if (!failed) failed = !opened.sink->commit(error);
  EXPECT_TRUE(failed);
  EXPECT_NE(error.find("ffmpeg failed (exit status 1): first line\nUnknown encoder libx264"), std::string::npos)
      << error;
  opened.sink.reset();
  EXPECT_TRUE(entries(out.parent_path()).empty());
}

TEST(FfmpegFailure, FfmpegExitingNonZeroAtTheEndFailsTheCommitAndLeavesNoFile) {
  TempDir dir;
  FrameSinkOptions options;
  options.ffmpeg = fake_ffmpeg(dir, "cat >/dev/null\necho 'Conversion failed!' >&2\nexit 1");
  const auto out = dir.path() / "out" / "clip.webm";
  std::filesystem::create_directories(out.parent_path());
  video::OpenedSink opened = open_frame_sink(out.string(), 64, 64, 30.0, options);
  ASSERT_TRUE(opened) << opened.error;
  std::string error;
  const std::vector<std::uint8_t> frame = synthetic_frame(64, 64, 0);
  ASSERT_TRUE(opened.sink->write(frame.data(), error)) << error;
  EXPECT_FALSE(opened.sink->commit(error));
  EXPECT_NE(error.find("ffmpeg failed (exit status 1): Conversion failed!"), std::string::npos) << error;
  opened.sink.reset();
  EXPECT_TRUE(entries(out.parent_path()).empty());
}

TEST(FfmpegFailure, FfmpegKilledMidwayIsAnErrorAndLeavesNoFile) {
  TempDir dir;
  FrameSinkOptions options;
  options.ffmpeg = fake_ffmpeg(dir, "head -c 100000 >/dev/null\nkill -KILL $$");
  const auto out = dir.path() / "out" / "clip.mp4";
  std::filesystem::create_directories(out.parent_path());
  video::OpenedSink opened = open_frame_sink(out.string(), 320, 240, 30.0, options);
  ASSERT_TRUE(opened) << opened.error;
  std::string error;
  bool failed = false;
  for (int k = 0; k < 200 && !failed; ++k) {
    const std::vector<std::uint8_t> frame = synthetic_frame(320, 240, k);
    failed = !opened.sink->write(frame.data(), error);
  }
  if (!failed) failed = !opened.sink->commit(error);
  EXPECT_TRUE(failed);
  EXPECT_NE(error.find("ffmpeg was killed by signal 9"), std::string::npos) << error;
  opened.sink.reset();
  EXPECT_TRUE(entries(out.parent_path()).empty());
}

// A render ended by SIGTERM (no deferral): the temporary file goes with the process (AtomicFile's
// handler) and ffmpeg with its parent (PR_SET_PDEATHSIG): nothing is left in the folder.
TEST(FfmpegFailure, ARenderEndedBySigtermLeavesNothing) {
  TempDir dir;
  const auto out = dir.path() / "clip.mp4";
  const pid_t child = ::fork();
  if (child == 0) {
    video::OpenedSink opened = open_frame_sink(out.string(), 320, 240, 30.0);
    if (!opened) ::_exit(3);
    std::string error;
    for (int k = 0; k < 10; ++k) {
      const std::vector<std::uint8_t> frame = synthetic_frame(320, 240, k);
      if (!opened.sink->write(frame.data(), error)) ::_exit(4);
    }
    ::raise(SIGTERM);
    ::_exit(5);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status)) << "exit status " << WEXITSTATUS(status);
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_TRUE(entries(dir.path()).empty()) << entries(dir.path())[0];
}

// A deferred interrupt (as the viewer and a render loop use): the next write() fails, the sink is
// dropped, ffmpeg is killed and nothing is left. In a child process: the deferral is process-wide.
TEST(FfmpegFailure, ADeferredInterruptFailsTheNextWriteAndLeavesNothing) {
  TempDir dir;
  const auto out = dir.path() / "clip.webm";
  const pid_t child = ::fork();
  if (child == 0) {
    io::defer_interrupt_signals();
    int code = 0;
    {
      video::OpenedSink opened = open_frame_sink(out.string(), 160, 120, 30.0);
      if (!opened) ::_exit(3);
      std::string error;
      const std::vector<std::uint8_t> frame = synthetic_frame(160, 120, 0);
      if (!opened.sink->write(frame.data(), error)) ::_exit(4);
      ::raise(SIGINT);  // recorded, not fatal
      if (opened.sink->write(frame.data(), error)) ::_exit(5);
      if (error.find("interrupted (signal 2)") == std::string::npos) code = 6;
      if (opened.sink->commit(error)) ::_exit(7);
    }
    ::_exit(entries(dir.path()).empty() ? code : 8);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_TRUE(entries(dir.path()).empty());
}

TEST(FfmpegFailure, AnUnknownOutputKindIsRefused) {
  const video::OpenedSink opened = open_frame_sink("/tmp/x.avi", 64, 64, 30.0);
  EXPECT_FALSE(opened);
  EXPECT_NE(opened.error.find("not a video output"), std::string::npos) << opened.error;
}

}  // namespace
}  // namespace bvhscope::test
