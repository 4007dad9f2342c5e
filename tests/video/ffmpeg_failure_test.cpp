// When ffmpeg is missing, fails, dies, is abandoned, or exits 0 with the video cut short (a full
// disk): a clear error, no crash on the broken pipe, nothing under the final name (what was there
// kept) nor any temporary file; a temporary file a killed render left is removed by the next.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <random>
#include <thread>

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

// Both encoders of an MP4 and a WebM: FFmpeg's libraries in the process (with no fallback to the
// program), the ffmpeg program.
constexpr video::VideoEncoder kEncoders[] = {video::VideoEncoder::Library, video::VideoEncoder::Program};

FrameSinkOptions encoded_by(video::VideoEncoder encoder) {
  FrameSinkOptions options;
  options.encoder = encoder;
  return options;
}

TEST(FfmpegFailure, AbandonedSinkKillsFfmpegAndLeavesNoFile) {
  for (const video::VideoEncoder encoder : kEncoders) {
    TempDir dir;
    const auto out = dir.path() / "clip.mp4";
    {
      video::OpenedSink opened = open_frame_sink(out.string(), 320, 240, 30.0, encoded_by(encoder));
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
  for (const video::VideoEncoder encoder : kEncoders) {
    TempDir dir;
    const auto out = dir.path() / "clip.webm";
    const pid_t child = ::fork();
    if (child == 0) {
      io::defer_interrupt_signals();
      int code = 0;
      {
        video::OpenedSink opened = open_frame_sink(out.string(), 160, 120, 30.0, encoded_by(encoder));
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
    EXPECT_EQ(WEXITSTATUS(status), 0) << "encoder " << static_cast<int>(encoder);
    EXPECT_TRUE(entries(dir.path()).empty());
  }
}

// A stand-in for ffmpeg: the real one encodes, then `after` runs with $f the file it wrote, and
// the stand-in exits 0 whatever happened (as ffmpeg 5.1 does when its last writes fail).
std::string ffmpeg_then(const TempDir& dir, const std::string& after) {
  return fake_ffmpeg(dir, "'" + tool("ffmpeg") + "' \"$@\" || exit $?\nfor a; do last=$a; done\nf=${last#file:}\n" +
                              after + "\nexit 0");
}

// Writes 12 frames and commits; returns the commit's error (empty when it succeeded).
std::string render_twelve(const std::string& out, const FrameSinkOptions& options) {
  video::OpenedSink opened = open_frame_sink(out, 64, 48, 24.0, options);
  if (!opened) return "not opened: " + opened.error;
  std::string error;
  for (int k = 0; k < 12; ++k) {
    const std::vector<std::uint8_t> frame = synthetic_frame(64, 48, k);
    if (!opened.sink->write(frame.data(), error)) return error;
  }
  return opened.sink->commit(error) ? std::string() : error;
}

TEST(FfmpegFailure, AVideoCutShortThoughFfmpegExitedZeroIsAnErrorAndKeepsTheOldFile) {
  TempDir dir;
  FrameSinkOptions options;
  options.ffmpeg = ffmpeg_then(dir, "size=$(stat -c %s \"$f\")\ntruncate -s $((size * 2 / 3)) \"$f\"");
  const auto out_dir = dir.path() / "out";
  std::filesystem::create_directories(out_dir);
  const std::map<std::string, std::string> expected = {
      {"clip.mp4", "ffmpeg exited 0 but the MP4 it wrote is incomplete: the file ends inside its 'mdat' box"},
      {"clip.webm", "ffmpeg exited 0 but the WebM it wrote is incomplete: the file ends inside its Segment"},
      {"clip.gif", "ffmpeg exited 0 but the GIF it wrote is incomplete: the file ends "}};
  for (const auto& [name, message] : expected) {
    const auto out = out_dir / name;
    static_cast<void>(dir.write("out/" + name, "the good video of yesterday"));
    const std::string error = render_twelve(out.string(), options);
    EXPECT_EQ(error.rfind(out.string() + ": " + message, 0), 0u) << error;
    EXPECT_NE(error.find("; nothing was written"), std::string::npos) << error;
    EXPECT_EQ(read_file(out), "the good video of yesterday") << name;
  }
  EXPECT_EQ(entries(out_dir), (std::vector<std::string>{"clip.gif", "clip.mp4", "clip.webm"})) << "no temporary file";
  // The same stand-in leaving the file whole: the videos pass (no false alarm).
  options.ffmpeg = ffmpeg_then(dir, "true");
  for (const auto& [name, message] : expected) {
    EXPECT_EQ(render_twelve((out_dir / name).string(), options), "") << name;
    EXPECT_EQ(probe(out_dir / name)["nb_read_frames"], "12") << name;
  }
}

TEST(FfmpegFailure, FfmpegSayingAWriteFailedIsAnErrorThoughItExitedZero) {
  TempDir dir;
  FrameSinkOptions options;
  options.ffmpeg =
      ffmpeg_then(dir, "echo \"[mp4 @ 0x55d0] Error writing trailer of file:$f: No space left on device\" >&2");
  const auto out = dir.path() / "clip.mp4";
  static_cast<void>(dir.write("clip.mp4", "old"));
  const std::string error = render_twelve(out.string(), options);
  EXPECT_EQ(error.rfind(out.string() + ": ffmpeg could not finish the video (though it exited 0): [mp4 @ 0x55d0] "
                                       "Error writing trailer of file:",
                        0),
            0u)
      << error;
  EXPECT_NE(error.find(": No space left on device; nothing was written"), std::string::npos) << error;
  EXPECT_EQ(read_file(out), "old");
  EXPECT_EQ(entries(dir.path()), (std::vector<std::string>{"clip.mp4", "fake-ffmpeg"}));
}

// The real thing: a 200 KiB tmpfs (in a mount namespace of a child process, gone with it) and the
// real ffmpeg filling it. Skipped, and said so, where mounting is not permitted; the stand-in
// tests above cover the claim on their own.
// The full disk of AFullDiskKeepsTheOldVideo, for one encoder: in a child process (with a mount
// namespace of its own) whose exit status says what happened.
void fill_the_disk(video::VideoEncoder encoder) {
  TempDir dir;
  const auto mount_point = dir.path() / "small";
  std::filesystem::create_directories(mount_point);
  constexpr int kCannotMount = 77;
  const pid_t child = ::fork();
  if (child == 0) {
    if (::unshare(CLONE_NEWNS) != 0 || ::mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
        ::mount("tmpfs", mount_point.c_str(), "tmpfs", 0, "size=200k") != 0)
      ::_exit(kCannotMount);
    const auto out = mount_point / "clip.mp4";
    {
      std::ofstream(out) << "the good video of yesterday";
      // Room left for about two pages: the noise below makes more H.264 than that, and x264 (its
      // lookahead) hands it over at the end: ffmpeg 5.1 fails writing its trailer and exits 0.
      std::ofstream(mount_point / "filler") << std::string(186 * 1024, '\0');
    }
    video::OpenedSink opened = open_frame_sink(out.string(), 64, 48, 30.0, encoded_by(encoder));
    if (!opened) ::_exit(3);
    std::mt19937 random(7);
    std::vector<std::uint8_t> frame(64 * 48 * 4);
    std::string error;
    bool failed = false;
    for (int k = 0; k < 12 && !failed; ++k) {
      for (std::uint8_t& byte : frame) byte = static_cast<std::uint8_t>(random());
      failed = !opened.sink->write(frame.data(), error);
    }
    if (!failed) failed = !opened.sink->commit(error);
    opened.sink.reset();
    if (!failed) ::_exit(4);
    if (error.find("No space left on device") == std::string::npos) ::_exit(7);
    if (read_file(out) != "the good video of yesterday") ::_exit(5);
    if (entries(mount_point) != std::vector<std::string>{"clip.mp4", "filler"}) ::_exit(6);
    ::_exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "wait status " << status;
  if (WEXITSTATUS(status) == kCannotMount) GTEST_SKIP() << "mounting a tmpfs is not permitted here";
  EXPECT_EQ(WEXITSTATUS(status), 0) << "encoder " << static_cast<int>(encoder)
                                    << ": 4: reported as written, 5: the old file changed, 6: a file left behind, "
                                       "7: the error does not say the disk is full";
  EXPECT_EQ(entries(mount_point), std::vector<std::string>{}) << "the tmpfs went with the child";
}

TEST(FfmpegFailure, AFullDiskKeepsTheOldVideo) {
  for (const video::VideoEncoder encoder : kEncoders) fill_the_disk(encoder);
}

// An output that is a pipe whose reader goes after 100 bytes (a FIFO: written directly, no
// temporary file): the render fails with an error, the process does not die of SIGPIPE, whether
// the header, the frames or the end meet the broken pipe.
TEST(FfmpegFailure, AReaderLeavingAPipedOutputIsAnErrorNotTheProcesssEnd) {
  for (const video::VideoEncoder encoder : kEncoders) {
    for (const int frames : {1, 30, 300}) {
      TempDir dir;
      const auto out = dir.path() / "piped.webm";
      ASSERT_EQ(::mkfifo(out.c_str(), 0600), 0);
      const pid_t child = ::fork();
      if (child == 0) {
        video::OpenedSink opened = open_frame_sink(out.string(), 160, 120, 30.0, encoded_by(encoder));
        if (!opened) ::_exit(3);
        std::string error;
        bool failed = false;
        for (int k = 0; k < frames && !failed; ++k) {
          const std::vector<std::uint8_t> frame = synthetic_frame(160, 120, k);
          failed = !opened.sink->write(frame.data(), error);
        }
        if (!failed) failed = !opened.sink->commit(error);
        if (!failed) ::_exit(4);
        if (encoder == video::VideoEncoder::Library && error.find("Broken pipe") == std::string::npos) ::_exit(5);
        ::_exit(0);
      }
      const int reader = ::open(out.c_str(), O_RDONLY);
      ASSERT_GE(reader, 0);
      char bytes[100];
      std::size_t got = 0;
      while (got < sizeof bytes) {
        const ssize_t n = ::read(reader, bytes + got, sizeof bytes - got);
        if (n <= 0) break;
        got += static_cast<std::size_t>(n);
      }
      ::close(reader);
      int status = 0;
      ASSERT_EQ(::waitpid(child, &status, 0), child);
      ASSERT_TRUE(WIFEXITED(status)) << "encoder " << static_cast<int>(encoder) << ", " << frames
                                     << " frames: ended by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
      EXPECT_EQ(WEXITSTATUS(status), 0) << "encoder " << static_cast<int>(encoder) << ", " << frames
                                        << " frames: 4: reported as written, 5: no 'Broken pipe' in the error";
    }
  }
}

// SIGKILL leaves the temporary file: the next output of the same name removes it (its process is
// gone), and nothing else (another name's, a live process's, names not of the pattern).
TEST(FfmpegFailure, APartLeftByAKilledRenderIsRemovedByTheNext) {
  TempDir dir;
  const auto out = dir.path() / "clip.webm";
  const pid_t child = ::fork();
  if (child == 0) {
    video::OpenedSink opened = open_frame_sink(out.string(), 64, 48, 30.0);
    if (!opened) ::_exit(3);
    ::raise(SIGKILL);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "wait status " << status;
  const std::string dead = std::to_string(child);
  const std::vector<std::string> left = entries(dir.path());
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].rfind(".clip.webm." + dead + ".", 0), 0u) << left[0];
  EXPECT_TRUE(left[0].ends_with(".part")) << left[0];
  std::vector<std::string> decoys = {".clip.webm.1.0.part", ".other.webm." + dead + ".0.part",
                                     ".clip.webm." + dead + ".0.part~", "clip.webm." + dead + ".0.part"};
  for (const std::string& name : decoys) static_cast<void>(dir.write(name, "x"));
  EXPECT_EQ(render_twelve(out.string(), {}), "");
  decoys.push_back("clip.webm");
  std::sort(decoys.begin(), decoys.end());
  EXPECT_EQ(entries(dir.path()), decoys);
}

TEST(FfmpegFailure, AnUnknownOutputKindIsRefused) {
  const video::OpenedSink opened = open_frame_sink("/tmp/x.avi", 64, 64, 30.0);
  EXPECT_FALSE(opened);
  EXPECT_NE(opened.error.find("not a video output"), std::string::npos) << opened.error;
}

}  // namespace
}  // namespace bvhscope::test
