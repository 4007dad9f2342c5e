// `bvhscope render FILE... --each -o OUTDIR/` with no display (EGL): one output per file named
// after it with the frames its clip gives (ffprobe), a broken file reported with its location
// while the others are written (exit status 1), two files of one name refused, the folder made,
// PNG thumbnails, and a SIGTERM mid-batch leaving only whole files. Frames folders: one holding
// frames refused unless --force (then replaced whole), an interrupted sequence leaving nothing;
// a video that ffmpeg cut short though it exited 0 never reported as written.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "png_image.hpp"
#include "run_process.hpp"
#include "test_pace.hpp"
#include "test_support.hpp"

namespace bvhscope::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> headless_argv(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"/usr/bin/env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", BVHSCOPE_EXECUTABLE};
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

ProcessResult run_headless(const std::vector<std::string>& args) { return run_process(headless_argv(args), 300); }

fs::path sample() { return fixtures_dir() / ".." / ".." / "assets" / "sample.bvh"; }

// The sample (120 fps) cut to its first `frames` frames, written to `path`.
void write_cut_sample(const fs::path& path, int frames) {
  std::ifstream in(sample());
  std::ofstream out(path);
  std::string line;
  int motion_lines = -1;  // counts frame lines after "Frame Time:"
  while (std::getline(in, line)) {
    if (line.rfind("Frames:", 0) == 0) {
      out << "Frames: " << frames << '\n';
      continue;
    }
    if (motion_lines >= 0 && motion_lines++ >= frames) break;
    out << line << '\n';
    if (line.rfind("Frame Time:", 0) == 0) motion_lines = 0;
  }
}

std::string probe_frames(const fs::path& file) {
  const ProcessResult result =
      run_process({"/usr/bin/env", "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                   "stream=nb_read_frames", "-of", "default=nw=1:nk=1", file.string()});
  EXPECT_EQ(result.exit_code, 0) << file << ": " << result.err;
  std::string text = result.out;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Starts `argv` (argv[0] a path) without waiting; its stderr into `stderr_fd` when given.
pid_t spawn(const std::vector<std::string>& argv, int stderr_fd = -1) {
  const pid_t child = ::fork();
  if (child == 0) {
    if (stderr_fd >= 0) ::dup2(stderr_fd, 2);
    std::vector<char*> raw;
    for (const std::string& arg : argv) raw.push_back(const_cast<char*>(arg.c_str()));
    raw.push_back(nullptr);
    ::execv(raw[0], raw.data());
    ::_exit(127);
  }
  return child;
}

class RenderEach : public ::testing::Test {
 protected:
  TempDir dir_;
};

TEST_F(RenderEach, ThreeFilesGiveThreeVideosWithTheirOwnFrameCounts) {
  // 120 fps clips rendered at the default 60 fps: 10, 20 and 30 frames give 5, 10 and 15.
  write_cut_sample(dir_.path() / "short.bvh", 10);
  write_cut_sample(dir_.path() / "middle.bvh", 20);
  write_cut_sample(dir_.path() / "long.bvh", 30);
  const fs::path out = dir_.path() / "videos";  // missing: made
  const auto made = run_headless({"render", (dir_.path() / "short.bvh").string(), (dir_.path() / "middle.bvh").string(),
                                  (dir_.path() / "long.bvh").string(), "--each", "-o", out.string() + "/", "--size",
                                  "160x90", "--jobs", "2"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  EXPECT_EQ(made.err, "rendered 3 of 3\n");
  EXPECT_EQ(names_in(out), (std::vector<std::string>{"long.mp4", "middle.mp4", "short.mp4"}));
  EXPECT_EQ(probe_frames(out / "short.mp4"), "5");
  EXPECT_EQ(probe_frames(out / "middle.mp4"), "10");
  EXPECT_EQ(probe_frames(out / "long.mp4"), "15");
}

TEST_F(RenderEach, ABrokenFileIsReportedWithItsLocationAndTheOthersAreWritten) {
  write_cut_sample(dir_.path() / "a.bvh", 10);
  write_cut_sample(dir_.path() / "c.bvh", 20);
  const fs::path broken = dir_.path() / "b.bvh";
  std::ofstream(broken) << kBrokenBvh;
  const fs::path out = dir_.path() / "out";
  const auto made =
      run_headless({"render", (dir_.path() / "a.bvh").string(), broken.string(), (dir_.path() / "c.bvh").string(),
                    "--each", "-o", out.string() + "/", "--format", "gif", "--size", "160x90"});
  EXPECT_EQ(made.exit_code, 1);
  EXPECT_NE(made.err.find(broken.string() + ":4:3: error: malformed OFFSET"), std::string::npos) << made.err;
  EXPECT_NE(made.err.find("rendered 2 of 3; 1 failed\n"), std::string::npos) << made.err;
  EXPECT_EQ(names_in(out), (std::vector<std::string>{"a.gif", "c.gif"}));
  EXPECT_EQ(probe_frames(out / "a.gif"), "5");
  EXPECT_EQ(probe_frames(out / "c.gif"), "10");
}

TEST_F(RenderEach, AFrameRangeOutsideOneClipNamesThatFile) {
  write_cut_sample(dir_.path() / "short.bvh", 10);
  write_cut_sample(dir_.path() / "long.bvh", 40);
  const fs::path out = dir_.path() / "out";
  const auto made = run_headless({"render", (dir_.path() / "short.bvh").string(), (dir_.path() / "long.bvh").string(),
                                  "--each", "-o", out.string() + "/", "--frames", "0:19", "--size", "160x90"});
  EXPECT_EQ(made.exit_code, 1);
  EXPECT_NE(
      made.err.find((dir_.path() / "short.bvh").string() + ": error: --frames 0:19 is outside the clip's frames 0:9"),
      std::string::npos)
      << made.err;
  EXPECT_EQ(names_in(out), std::vector<std::string>{"long.mp4"});
  EXPECT_EQ(probe_frames(out / "long.mp4"), "10");
}

TEST_F(RenderEach, TwoFilesOfOneNameAreRefusedBeforeAnythingIsWritten) {
  fs::create_directories(dir_.path() / "take1");
  fs::create_directories(dir_.path() / "take2");
  write_cut_sample(dir_.path() / "take1" / "walk.bvh", 10);
  write_cut_sample(dir_.path() / "take2" / "walk.bvh", 10);
  const fs::path out = dir_.path() / "out";
  const auto made = run_headless({"render", (dir_.path() / "take1" / "walk.bvh").string(),
                                  (dir_.path() / "take2" / "walk.bvh").string(), "--each", "-o", out.string() + "/"});
  EXPECT_EQ(made.exit_code, 2);
  EXPECT_NE(made.err.find("take1/walk.bvh' and '" + (dir_.path() / "take2" / "walk.bvh").string() +
                          "' would both be written to " + out.string() + "/walk.mp4"),
            std::string::npos)
      << made.err;
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(RenderEach, AnOutputThatIsAnInputIsRefusedBeforeAnythingIsWritten) {
  // A BVH file named like the output it would get: rendering it into its own folder would replace it.
  const fs::path input = dir_.path() / "take.mp4";
  write_cut_sample(input, 10);
  const std::string before = read_file(input);
  write_cut_sample(dir_.path() / "other.bvh", 10);
  const auto made = run_headless(
      {"render", (dir_.path() / "other.bvh").string(), input.string(), "--each", "-o", dir_.path().string() + "/"});
  EXPECT_EQ(made.exit_code, 2);
  EXPECT_NE(made.err.find("nothing was written"), std::string::npos) << made.err;
  EXPECT_EQ(read_file(input), before);
  EXPECT_EQ(names_in(dir_.path()), (std::vector<std::string>{"other.bvh", "take.mp4"}));
}

TEST_F(RenderEach, WrongUsesAreRefused) {
  const std::string input = sample().string();
  const auto not_a_folder = run_headless({"render", input, "--each", "-o", (dir_.path() / "x.mp4").string()});
  EXPECT_EQ(not_a_folder.exit_code, 2);
  EXPECT_NE(not_a_folder.err.find("--each writes one file per FILE into a folder: -o OUTDIR/"), std::string::npos);
  const auto grid = run_headless({"render", input, "--each", "-o", dir_.path().string() + "/", "--grid", "2x2"});
  EXPECT_EQ(grid.exit_code, 2);
  EXPECT_NE(grid.err.find("--grid, --caption and --audio are refused"), std::string::npos) << grid.err;
  const auto format = run_headless({"render", input, "--each", "-o", dir_.path().string() + "/", "--format", "avi"});
  EXPECT_EQ(format.exit_code, 2);
  EXPECT_NE(format.err.find("--format must be mp4, webm, gif, png or frames, not 'avi'"), std::string::npos);
  const auto jobs = run_headless({"render", input, "-o", (dir_.path() / "x.mp4").string(), "--jobs", "2"});
  EXPECT_EQ(jobs.exit_code, 2);
  EXPECT_NE(jobs.err.find("--format and --jobs are for --each"), std::string::npos);
  const auto folder_is_a_file = dir_.path() / "file";
  std::ofstream(folder_is_a_file) << "x";
  const auto blocked = run_headless({"render", input, "--each", "-o", folder_is_a_file.string() + "/"});
  EXPECT_EQ(blocked.exit_code, 1);
  EXPECT_NE(blocked.err.find(folder_is_a_file.string() + "/: error: cannot create the folder"), std::string::npos)
      << blocked.err;
  EXPECT_EQ(names_in(dir_.path()), std::vector<std::string>{"file"});
}

TEST_F(RenderEach, PngThumbnailsOneStillPerFile) {
  write_cut_sample(dir_.path() / "a.bvh", 10);
  write_cut_sample(dir_.path() / "b.bvh", 20);
  const fs::path out = dir_.path() / "thumbs";
  const auto made =
      run_headless({"render", (dir_.path() / "a.bvh").string(), (dir_.path() / "b.bvh").string(), "--each", "-o",
                    out.string() + "/", "--format", "png", "--strip", "3", "--size", "120x80"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  EXPECT_EQ(names_in(out), (std::vector<std::string>{"a.png", "b.png"}));
  const Png thumb = read_png(out / "b.png");
  EXPECT_EQ(thumb.width, 120);
  EXPECT_EQ(thumb.height, 80);
}

TEST_F(RenderEach, ASigtermMidBatchStopsTheWorkersAndLeavesOnlyWholeFiles) {
  std::vector<std::string> args = {"render"};
  for (int i = 0; i < 8; ++i) {
    const fs::path input = dir_.path() / ("clip" + std::to_string(i) + ".bvh");
    write_cut_sample(input, 240);
    args.push_back(input.string());
  }
  const fs::path out = dir_.path() / "out";
  args.insert(args.end(), {"--each", "-o", out.string() + "/", "--size", "320x180", "--jobs", "2"});
  const pid_t child = spawn(headless_argv(args));
  ASSERT_GT(child, 0);
  // Wait for the first whole output (a renamed .mp4), then stop the batch.
  const auto first_written = [&] {
    std::error_code ignored;
    for (const auto& entry : fs::directory_iterator(out, ignored))
      if (entry.path().extension() == ".mp4") return true;
    return false;
  };
  const auto deadline = std::chrono::steady_clock::now() + hang_bound(std::chrono::seconds(240));
  while (!first_written() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(first_written()) << "no output was written";
  ::kill(child, SIGTERM);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << "wait status " << status;
  // Every file left is a whole video of 120 frames; no temporary file; the batch stopped early.
  const std::vector<std::string> left = names_in(out);
  EXPECT_GE(left.size(), 1U);
  EXPECT_LT(left.size(), 8U);
  for (const std::string& name : left) {
    EXPECT_EQ(fs::path(name).extension(), ".mp4") << name;
    EXPECT_EQ(probe_frames(out / name), "120") << name;
  }
}

TEST_F(RenderEach, OneWorkerRendersFileAfterFileAndEachFailureStaysWithItsFile) {
  // --jobs 1: one worker process renders all four in turn with one GL context; the broken file's
  // and the frame range's errors are each reported once, under their own file, and the files after
  // them are still rendered.
  write_cut_sample(dir_.path() / "a.bvh", 10);
  const fs::path broken = dir_.path() / "b.bvh";
  std::ofstream(broken) << kBrokenBvh;
  write_cut_sample(dir_.path() / "c.bvh", 4);
  write_cut_sample(dir_.path() / "d.bvh", 30);
  const fs::path out = dir_.path() / "out";
  const auto made = run_headless({"render", (dir_.path() / "a.bvh").string(), broken.string(),
                                  (dir_.path() / "c.bvh").string(), (dir_.path() / "d.bvh").string(), "--each", "-o",
                                  out.string() + "/", "--frames", "0:7", "--size", "160x90", "--jobs", "1"});
  EXPECT_EQ(made.exit_code, 1);
  const std::string broken_error = broken.string() + ":4:3: error: malformed OFFSET";
  EXPECT_NE(made.err.find(broken_error), std::string::npos) << made.err;
  EXPECT_EQ(made.err.find(broken_error), made.err.rfind(broken_error)) << made.err;
  const std::string range_error =
      (dir_.path() / "c.bvh").string() + ": error: --frames 0:7 is outside the clip's frames 0:3";
  EXPECT_NE(made.err.find(range_error), std::string::npos) << made.err;
  EXPECT_NE(made.err.find("rendered 2 of 4; 2 failed\n"), std::string::npos) << made.err;
  EXPECT_EQ(names_in(out), (std::vector<std::string>{"a.mp4", "d.mp4"}));
  EXPECT_EQ(probe_frames(out / "a.mp4"), "4");  // frames 0..7 of 120 fps at 60 fps
  EXPECT_EQ(probe_frames(out / "d.mp4"), "4");
}

TEST_F(RenderEach, QualityReachesEveryFile) {
  write_cut_sample(dir_.path() / "a.bvh", 10);
  write_cut_sample(dir_.path() / "b.bvh", 10);
  const fs::path out = dir_.path() / "out";
  const auto made = run_headless({"render", (dir_.path() / "a.bvh").string(), (dir_.path() / "b.bvh").string(),
                                  "--each", "-o", out.string() + "/", "--size", "160x90", "--quality", "preview"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  for (const char* name : {"a.mp4", "b.mp4"}) {
    // x264's settings in the stream: ultrafast (no CABAC), CRF 23.
    const std::string bytes = read_file(out / name);
    EXPECT_NE(bytes.find("cabac=0 "), std::string::npos) << name;
    EXPECT_NE(bytes.find(" crf=23.0 "), std::string::npos) << name;
  }
  const auto unknown =
      run_headless({"render", sample().string(), "-o", (dir_.path() / "x.mp4").string(), "--quality", "fast"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("render: --quality must be preview, normal or best, not 'fast'"), std::string::npos)
      << unknown.err;
  const auto still =
      run_headless({"render", sample().string(), "-o", (dir_.path() / "x.png").string(), "--quality", "best"});
  EXPECT_EQ(still.exit_code, 2);
  EXPECT_NE(still.err.find("--frames, --fps, --camera and --quality are for videos"), std::string::npos) << still.err;
  EXPECT_FALSE(fs::exists(dir_.path() / "x.mp4"));
  EXPECT_FALSE(fs::exists(dir_.path() / "x.png"));
}

// The worker processes `render --each` (pid `batch`) runs: children whose arguments hold --each-worker.
std::vector<pid_t> workers_of(pid_t batch) {
  std::vector<pid_t> found;
  std::error_code ignored;
  for (const auto& entry : fs::directory_iterator("/proc", ignored)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream status(entry.path() / "status");
    std::string line;
    pid_t parent = 0;
    while (std::getline(status, line))
      if (line.rfind("PPid:", 0) == 0) parent = static_cast<pid_t>(std::stol(line.substr(5)));
    if (parent != batch) continue;
    const std::string arguments = read_file(entry.path() / "cmdline");
    if (arguments.find(std::string("--each-worker") + '\0') != std::string::npos)
      found.push_back(static_cast<pid_t>(std::stol(name)));
  }
  return found;
}

TEST_F(RenderEach, AWorkerKilledMidFileFailsOnlyThatFileAndAnotherRendersTheRest) {
  // A crash in a worker (here SIGKILL while it encodes the long clip) ends that file alone: it is
  // reported with the signal, its temporary file is removed, and a new worker renders the others.
  std::vector<std::string> args = {"render"};
  const fs::path long_clip = dir_.path() / "long.bvh";
  write_cut_sample(long_clip, 2400);
  args.push_back(long_clip.string());
  for (const char* name : {"a.bvh", "b.bvh"}) {
    write_cut_sample(dir_.path() / name, 12);
    args.push_back((dir_.path() / name).string());
  }
  const fs::path out = dir_.path() / "out";
  args.insert(args.end(), {"--each", "-o", out.string() + "/", "--size", "320x180", "--jobs", "1"});
  int err_pipe[2];
  ASSERT_EQ(::pipe(err_pipe), 0);
  const pid_t batch = spawn(headless_argv(args), err_pipe[1]);
  ASSERT_GT(batch, 0);
  ::close(err_pipe[1]);
  // env execs bvhscope in place: the batch keeps this pid. Wait for its worker to be writing the
  // long clip's temporary file, then kill the worker outright.
  const auto writing = [&] {
    std::error_code ignored;
    for (const auto& entry : fs::directory_iterator(out, ignored))
      if (entry.path().filename().string().rfind(".long.mp4.", 0) == 0) return true;
    return false;
  };
  const auto deadline = std::chrono::steady_clock::now() + hang_bound(std::chrono::seconds(120));
  std::vector<pid_t> workers;
  while (std::chrono::steady_clock::now() < deadline) {
    workers = workers_of(batch);
    if (workers.size() == 1 && writing()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_EQ(workers.size(), 1U) << "no worker found";
  ASSERT_TRUE(writing()) << "the worker never began the long clip";
  ASSERT_EQ(::kill(workers.front(), SIGKILL), 0);
  std::string err;
  char buffer[4096];
  for (ssize_t got; (got = ::read(err_pipe[0], buffer, sizeof buffer)) > 0;)
    err.append(buffer, static_cast<std::size_t>(got));
  ::close(err_pipe[0]);
  int status = 0;
  ASSERT_EQ(::waitpid(batch, &status, 0), batch);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << "wait status " << status << "\n" << err;
  EXPECT_NE(err.find(long_clip.string() + ": error: the render died of signal 9"), std::string::npos) << err;
  EXPECT_NE(err.find("rendered 2 of 3; 1 failed"), std::string::npos) << err;
  EXPECT_EQ(names_in(out), (std::vector<std::string>{"a.mp4", "b.mp4"}));  // nothing of the long clip
  EXPECT_EQ(probe_frames(out / "a.mp4"), "6");
}

// `count` files "frame_NNNNN.png" (not images: they only have to be there) and notes.txt in `folder`.
void fill_frames_folder(const fs::path& folder, int count) {
  fs::create_directories(folder);
  for (int i = 0; i < count; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%05d.png", i);
    std::ofstream(folder / name) << "old";
  }
  std::ofstream(folder / "notes.txt") << "keep";
}

std::vector<std::string> frames_and_notes(int count) {
  std::vector<std::string> names;
  for (int i = 0; i < count; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%05d.png", i);
    names.push_back(name);
  }
  names.push_back("notes.txt");
  return names;
}

TEST_F(RenderEach, AFramesFolderHoldingFramesIsRefusedUnlessForcedThenHoldsOnlyTheNewFrames) {
  write_cut_sample(dir_.path() / "short.bvh", 22);  // 120 fps at 60: 11 frames
  const fs::path folder = dir_.path() / "frames";
  fill_frames_folder(folder, 81);
  const std::string target = folder.string() + "/";
  const auto refused = run_headless({"render", (dir_.path() / "short.bvh").string(), "-o", target, "--size", "64x48"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err, "bvhscope: render: " + target +
                             " already holds 81 frames (frame_*.png) of an earlier render; --force replaces them, or "
                             "choose another folder\nTry 'bvhscope --help'.\n");
  EXPECT_EQ(names_in(folder).size(), 82u);
  const auto forced =
      run_headless({"render", (dir_.path() / "short.bvh").string(), "-o", target, "--size", "64x48", "--force"});
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(names_in(folder), frames_and_notes(11));
  EXPECT_EQ(read_png(folder / "frame_00010.png").width, 64);
  EXPECT_EQ(read_file(folder / "notes.txt"), "keep");
  EXPECT_EQ(names_in(dir_.path()), (std::vector<std::string>{"frames", "short.bvh"})) << "no temporary folder";

  // --each: each FILE's folder is checked before anything is rendered; OUTDIR may hold other files.
  const fs::path out = dir_.path() / "out";
  fill_frames_folder(out / "short", 81);
  std::ofstream(out / "readme.txt") << "mine";
  const auto each_refused = run_headless({"render", (dir_.path() / "short.bvh").string(), "--each", "-o",
                                          out.string() + "/", "--format", "frames", "--size", "64x48"});
  EXPECT_EQ(each_refused.exit_code, 2);
  EXPECT_NE(each_refused.err.find("render: " + out.string() + "/short/ already holds 81 frames (frame_*.png)"),
            std::string::npos)
      << each_refused.err;
  EXPECT_EQ(names_in(out / "short").size(), 82u);
  const auto each_forced = run_headless({"render", (dir_.path() / "short.bvh").string(), "--each", "-o",
                                         out.string() + "/", "--format", "frames", "--size", "64x48", "--force"});
  ASSERT_EQ(each_forced.exit_code, 0) << each_forced.err;
  EXPECT_EQ(each_forced.err, "rendered 1 of 1\n");
  EXPECT_EQ(names_in(out / "short"), frames_and_notes(11));
  EXPECT_EQ(names_in(out), (std::vector<std::string>{"readme.txt", "short"}));
}

// Waits (a bound far above need) until `dir` holds a hidden folder ".NAME.PID.N.part" with 3 frames.
bool wait_for_temporary_frames(const fs::path& dir, const std::string& name) {
  const auto holds_frames = [&] {
    std::error_code ignored;
    for (const auto& entry : fs::directory_iterator(dir, ignored)) {
      const std::string file = entry.path().filename().string();
      if (file.rfind("." + name + ".", 0) != 0 || !file.ends_with(".part")) continue;
      std::size_t frames = 0;
      for (const auto& frame : fs::directory_iterator(entry.path(), ignored))
        frames += frame.path().extension() == ".png" ? 1 : 0;
      if (frames >= 3) return true;
    }
    return false;
  };
  const auto deadline = std::chrono::steady_clock::now() + hang_bound(std::chrono::seconds(240));
  while (!holds_frames()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

TEST_F(RenderEach, AnInterruptedFramesRenderLeavesNothing) {
  write_cut_sample(dir_.path() / "clip.bvh", 480);  // 240 frames at 60 fps
  const std::string input = (dir_.path() / "clip.bvh").string();
  for (const int signal_number : {SIGINT, SIGTERM}) {
    const fs::path out = dir_.path() / ("out" + std::to_string(signal_number));
    fs::create_directories(out);
    const pid_t child =
        spawn(headless_argv({"render", input, "-o", (out / "frames").string() + "/", "--size", "320x180"}));
    ASSERT_GT(child, 0);
    ASSERT_TRUE(wait_for_temporary_frames(out, "frames")) << "no frames were written";
    ::kill(child, signal_number);
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal_number) << "wait status " << status;
    EXPECT_EQ(names_in(out), std::vector<std::string>{}) << "signal " << signal_number;
  }
  // --each --format frames: the batch passes SIGTERM to its worker, which leaves nothing either.
  const fs::path out = dir_.path() / "each";
  const pid_t batch = spawn(
      headless_argv({"render", input, "--each", "-o", out.string() + "/", "--format", "frames", "--size", "320x180"}));
  ASSERT_GT(batch, 0);
  ASSERT_TRUE(wait_for_temporary_frames(out, "clip")) << "no frames were written";
  ::kill(batch, SIGTERM);
  int status = 0;
  ASSERT_EQ(::waitpid(batch, &status, 0), batch);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << "wait status " << status;
  EXPECT_EQ(names_in(out), std::vector<std::string>{});
}

// A stand-in ffmpeg first on PATH: the real one encodes, then the file is cut to 2/3 and it exits 0
// (as ffmpeg 5.1 does when its trailer cannot be written on a full disk). A GIF: an MP4 or a WebM
// is encoded in the process, without the program.
TEST_F(RenderEach, AVideoFfmpegCutShortIsAnErrorAndTheOldFileStays) {
  const fs::path bin = dir_.path() / "bin";
  fs::create_directories(bin);
  std::ofstream(bin / "ffmpeg") << "#!/bin/sh\n/usr/bin/ffmpeg \"$@\" || exit $?\nfor a; do last=$a; done\n"
                                   "f=${last#file:}\nsize=$(stat -c %s \"$f\")\ntruncate -s $((size * 2 / 3)) \"$f\"\n"
                                   "exit 0\n";
  fs::permissions(bin / "ffmpeg", fs::perms::owner_all);
  write_cut_sample(dir_.path() / "short.bvh", 22);
  const fs::path out = dir_.path() / "out";
  fs::create_directories(out);
  std::ofstream(out / "short.gif") << "yesterday's video";
  const auto with_stand_in = [&](const std::vector<std::string>& args) {
    std::vector<std::string> argv = {
        "/usr/bin/env",     "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "PATH=" + bin.string() + ":/usr/bin:/bin",
        BVHSCOPE_EXECUTABLE};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_process(argv, 300);
  };
  const auto single = with_stand_in(
      {"render", (dir_.path() / "short.bvh").string(), "-o", (out / "short.gif").string(), "--size", "64x48"});
  EXPECT_EQ(single.exit_code, 1);
  EXPECT_NE(single.err.find("ffmpeg exited 0 but the GIF it wrote is incomplete: the file ends"), std::string::npos)
      << single.err;
  EXPECT_EQ(read_file(out / "short.gif"), "yesterday's video");
  const auto each = with_stand_in({"render", (dir_.path() / "short.bvh").string(), "--each", "-o", out.string() + "/",
                                   "--format", "gif", "--size", "64x48"});
  EXPECT_EQ(each.exit_code, 1);
  EXPECT_NE(each.err.find((dir_.path() / "short.bvh").string() + ": error: "), std::string::npos) << each.err;
  EXPECT_NE(each.err.find("rendered 0 of 1; 1 failed\n"), std::string::npos) << each.err;
  EXPECT_EQ(read_file(out / "short.gif"), "yesterday's video");
  EXPECT_EQ(names_in(out), std::vector<std::string>{"short.gif"}) << "no temporary file";
}

}  // namespace
}  // namespace bvhscope::test
