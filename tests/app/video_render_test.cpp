// `bvhscope render -o OUT.mp4|.gif|DIR/` with no display (EGL): ffprobe reads the size, frame
// count and duration the video timing gives; an MP4 frame decoded back matches the same frame of
// the PNG sequence within compression tolerance; wrong options and a missing ffmpeg are refused
// with their reason and leave nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "npy_writer.hpp"
#include "png_image.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope::test {
namespace {

// `bvhscope ARGS` without a display: the render goes through EGL.
ProcessResult run_headless(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"/usr/bin/env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", BVHSCOPE_EXECUTABLE};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_process(argv, 300);
}

std::string sample() { return (fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string(); }

// One ffprobe field of the first video stream (count_frames: nb_read_frames) or of the format.
std::string probe(const std::filesystem::path& file, const std::string& entries) {
  const ProcessResult result =
      run_process({"/usr/bin/env", "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                   entries, "-of", "default=nw=1:nk=1", file.string()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::string text = result.out;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

class VideoRender : public ::testing::Test {
 protected:
  TempDir dir_;
};

TEST_F(VideoRender, AnMp4HasTheTimingsFramesAndMatchesThePngSequence) {
  // The sample is 120 fps: frames 0..59 (0.5 s) at the default 60 fps are 30 frames, every second one.
  const auto mp4 = dir_.path() / "clip.mp4";
  const auto frames = dir_.path() / "frames/";
  const auto made = run_headless({"render", sample(), "-o", mp4.string(), "--size", "320x180", "--frames", "0:59"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  EXPECT_EQ(probe(mp4, "stream=codec_name"), "h264");
  EXPECT_EQ(probe(mp4, "stream=pix_fmt"), "yuv420p");
  EXPECT_EQ(probe(mp4, "stream=width"), "320");
  EXPECT_EQ(probe(mp4, "stream=height"), "180");
  EXPECT_EQ(probe(mp4, "stream=nb_read_frames"), "30");
  EXPECT_NEAR(std::stod(probe(mp4, "format=duration")), 0.5, 0.001);
  const auto sequence =
      run_headless({"render", sample(), "-o", frames.string(), "--size", "320x180", "--frames", "0:59"});
  ASSERT_EQ(sequence.exit_code, 0) << sequence.err;
  EXPECT_TRUE(std::filesystem::exists(frames / "frame_00029.png"));
  EXPECT_FALSE(std::filesystem::exists(frames / "frame_00030.png"));
  // Frame 20 of the MP4 decoded back against frame 20 of the sequence: the same picture up to
  // H.264's loss (mean difference per channel at most 3 of 255), and not the picture of frame 0.
  const auto decoded = dir_.path() / "decoded20.png";
  ASSERT_EQ(run_process({"/usr/bin/env", "ffmpeg", "-v", "error", "-i", mp4.string(), "-vf", "select=eq(n\\,20)",
                         "-frames:v", "1", decoded.string()})
                .exit_code,
            0);
  const Png video = read_png(decoded);
  const Png exact = read_png(frames / "frame_00020.png");
  const Png first = read_png(frames / "frame_00000.png");
  ASSERT_EQ(video.width, exact.width);
  // Pixels off by more than 40 in a channel: H.264 leaves a few along edges; another frame's
  // figure stands elsewhere (measured: 148 against frame 20, 535 against frame 0, of 57 600).
  const auto far_off = [](const Png& a, const Png& b) {
    int count = 0;
    for (int y = 0; y < a.height; ++y)
      for (int x = 0; x < a.width; ++x)
        for (int c = 0; c < 3; ++c)
          if (std::abs(a.at(x, y)[c] - b.at(x, y)[c]) > 40) {
            ++count;
            break;
          }
    return count;
  };
  double sum = 0.0;
  for (int y = 0; y < exact.height; ++y)
    for (int x = 0; x < exact.width; ++x)
      for (int c = 0; c < 3; ++c) sum += std::abs(video.at(x, y)[c] - exact.at(x, y)[c]);
  EXPECT_LE(sum / (3.0 * exact.width * exact.height), 3.0);
  const int same = far_off(video, exact);
  const int other = far_off(video, first);
  EXPECT_LT(same, exact.width * exact.height / 100);
  EXPECT_LT(2 * same, other) << same << " pixels off against frame 20, " << other << " against frame 0";
}

TEST_F(VideoRender, AGifAtAGivenRateFollowingTheRoot) {
  // Frames 0..119 (1 s at 120 fps) at 10 fps: 10 frames, 1 s.
  const auto gif = dir_.path() / "clip.gif";
  const auto made = run_headless({"render", sample(), "-o", gif.string(), "--size", "200x120", "--frames", "0:119",
                                  "--fps", "10", "--camera", "follow"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  EXPECT_EQ(probe(gif, "stream=codec_name"), "gif");
  EXPECT_EQ(probe(gif, "stream=width"), "200");
  EXPECT_EQ(probe(gif, "stream=nb_read_frames"), "10");
  EXPECT_NEAR(std::stod(probe(gif, "format=duration")), 1.0, 0.011);
}

// Near-white caption text pixels in the caption band at a tile's top left.
int caption_pixels(const Png& png, int left, int top) {
  int count = 0;
  for (int y = top + 2; y < top + 24; ++y)
    for (int x = left + 2; x < left + 120; ++x) {
      const auto p = png.at(x, y);
      count += p[0] > 200 && p[1] > 200 && p[2] > 200 ? 1 : 0;
    }
  return count;
}

TEST_F(VideoRender, AGridHasATileForEachClipWithItsCaptionAndLastsAsTheLongest) {
  // Three clips in a 2x2 grid of 320x180 tiles: the sample (994 frames at 120 fps, 8.3 s), its
  // first 240 frames (2 s), and its first 120 (1 s); the fourth tile stays empty.
  const std::string text = read_file(sample());
  const auto cut = [&](int frames, const std::string& name) {
    std::string out;
    std::size_t at = text.find("Frames:");
    out = text.substr(0, at) + "Frames: " + std::to_string(frames) + "\n";
    at = text.find("Frame Time:");
    std::size_t end = text.find('\n', at) + 1;
    out += text.substr(at, end - at);
    for (int f = 0; f < frames; ++f) {
      const std::size_t next = text.find('\n', end) + 1;
      out += text.substr(end, next - end);
      end = next;
    }
    return dir_.write(name, out).string();
  };
  const std::string two = cut(240, "two.bvh");
  const std::string one = cut(120, "one.bvh");
  const auto png = dir_.path() / "grid.png";
  const auto still = run_headless(
      {"render", sample(), two, one, "--grid", "2x2", "--caption", "first", "-o", png.string(), "--size", "640x360"});
  ASSERT_EQ(still.exit_code, 0) << still.err;
  const Png grid = read_png(png);
  ASSERT_EQ(grid.width, 640);
  ASSERT_EQ(grid.height, 360);
  EXPECT_GT(caption_pixels(grid, 0, 0), 20);     // "first"
  EXPECT_GT(caption_pixels(grid, 320, 0), 20);   // two.bvh
  EXPECT_GT(caption_pixels(grid, 0, 180), 20);   // one.bvh
  EXPECT_EQ(caption_pixels(grid, 320, 180), 0);  // no fourth clip
  int gap = 0;
  for (int y = 180; y < 360; ++y)
    for (int x = 320; x < 640; ++x) gap += grid.at(x, y) == std::array<int, 3>{32, 34, 38} ? 1 : 0;
  EXPECT_EQ(gap, 320 * 180);
  // The video follows the longest clip: 994 frames at 120 fps at 10 fps are 83 frames (8.3 s).
  const auto mp4 = dir_.path() / "grid.mp4";
  const auto video = run_headless(
      {"render", sample(), two, one, "--grid", "2x2", "-o", mp4.string(), "--size", "320x180", "--fps", "10"});
  ASSERT_EQ(video.exit_code, 0) << video.err;
  EXPECT_EQ(probe(mp4, "stream=nb_read_frames"), "83");
  EXPECT_NEAR(std::stod(probe(mp4, "format=duration")), 8.3, 0.001);
  const auto too_many = run_headless({"render", sample(), two, one, "--grid", "1x2", "-o", png.string()});
  EXPECT_EQ(too_many.exit_code, 2);
  EXPECT_NE(too_many.err.find("render: 3 FILEs do not fit --grid 1x2"), std::string::npos) << too_many.err;
}

TEST_F(VideoRender, OneFileOfSeveralMotionsFillsAGridCaptionedByTheirNames) {
  // (3 motions, 6 frames, 22 joints, 3): a figure-sized cloud of points that moves a little.
  std::vector<double> values;
  for (int m = 0; m < 3; ++m)
    for (int f = 0; f < 6; ++f)
      for (int j = 0; j < 22; ++j)
        for (int c = 0; c < 3; ++c) values.push_back(c == 1 ? 0.08 * j : 0.05 * ((j * 7 + c) % 5) + 0.01 * f + 0.1 * m);
  const auto batch = dir_.path() / "batch.npy";
  {
    std::ofstream out(batch, std::ios::binary);
    out << test::npy_bytes({"<f4", false, {3, 6, 22, 3}}, values);
  }
  const auto render = [&](const std::string& name, std::vector<std::string> extra) {
    const auto png = dir_.path() / name;
    std::vector<std::string> args = {"render", batch.string(), "--grid", "2x2",
                                     "-o",     png.string(),   "--size", "640x360"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto result = run_headless(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return read_png(png);
  };
  const Png named = render("named.png", {});
  EXPECT_GT(caption_pixels(named, 0, 0), 20);
  EXPECT_GT(caption_pixels(named, 320, 0), 20);
  EXPECT_GT(caption_pixels(named, 0, 180), 20);
  EXPECT_EQ(caption_pixels(named, 320, 180), 0);  // three motions, four tiles
  // The captions are the motions' names: the same picture as with those names given, another
  // than with the file's name given.
  const Png given = render("given.png", {"--caption", "motion 0", "--caption", "motion 1", "--caption", "motion 2"});
  EXPECT_TRUE(named.rgb == given.rgb);
  const Png file_named =
      render("file.png", {"--caption", "batch.npy", "--caption", "batch.npy", "--caption", "batch.npy"});
  EXPECT_FALSE(named.rgb == file_named.rgb);
  // More motions than tiles: the first ones, with a warning.
  const auto png = dir_.path() / "two.png";
  const auto two = run_headless({"render", batch.string(), "--grid", "2x1", "-o", png.string(), "--size", "320x180"});
  EXPECT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(two.err, batch.string() + ": warning: the file holds 3 motions; the grid's 2 tiles show the first 2\n");
}

TEST_F(VideoRender, AStripDrawsOlderPosesFainterBesideTheNewestOne) {
  // Lines style: the newest pose in the exact amber of the first clip, the older ones translucent
  // over the background (amber mixed with dark grey: red well above blue, dimmer than amber).
  const auto strip = dir_.path() / "strip.png";
  const auto one = dir_.path() / "one.png";
  const auto made = run_headless({"render", sample(), "--strip", "4", "--frames", "0:900", "--style", "lines", "-o",
                                  strip.string(), "--size", "640x360"});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const auto single =
      run_headless({"render", sample(), "--frame", "900", "--style", "lines", "-o", one.string(), "--size", "640x360"});
  ASSERT_EQ(single.exit_code, 0) << single.err;
  const auto amber = [](const Png& png, int x, int y) { return png.at(x, y) == std::array<int, 3>{255, 158, 46}; };
  const auto count_amber = [&](const Png& png) {
    int n = 0;
    for (int y = 0; y < png.height; ++y)
      for (int x = 0; x < png.width; ++x) n += amber(png, x, y) ? 1 : 0;
    return n;
  };
  // Translucent amber (red well above blue, dimmer than amber) with no opaque amber within 6 px:
  // an older pose, not the antialiased edge of the newest one.
  const auto count_faint_apart = [&](const Png& png) {
    int n = 0;
    for (int y = 6; y < png.height - 6; ++y)
      for (int x = 6; x < png.width - 6; ++x) {
        const auto p = png.at(x, y);
        if (p[0] < 70 || p[0] > 200 || p[0] - p[2] <= 35 || p[1] - p[2] <= 10) continue;
        bool near = false;
        for (int dy = -6; dy <= 6 && !near; ++dy)
          for (int dx = -6; dx <= 6 && !near; ++dx) near = amber(png, x + dx, y + dy);
        n += near ? 0 : 1;
      }
    return n;
  };
  const Png with_strip = read_png(strip);
  const Png without = read_png(one);
  EXPECT_GT(count_amber(with_strip), 100);  // the newest pose, opaque
  const int apart = count_faint_apart(with_strip);
  const int alone = count_faint_apart(without);
  EXPECT_GT(apart, 300) << "the older poses";
  EXPECT_GT(apart, 4 * alone) << apart << " faint pixels apart from the newest pose, " << alone
                              << " in a render of one pose";
  const auto video = run_headless({"render", sample(), "--strip", "4", "-o", (dir_.path() / "s.mp4").string()});
  EXPECT_EQ(video.exit_code, 2);
  EXPECT_NE(video.err.find("render: --strip draws one FILE into one .png"), std::string::npos) << video.err;
}

TEST_F(VideoRender, WrongOptionsAndAMissingFfmpegAreRefusedAndLeaveNothing) {
  const auto mp4 = dir_.path() / "x.mp4";
  const auto fps = run_headless({"render", sample(), "-o", mp4.string(), "--fps", "0"});
  EXPECT_EQ(fps.exit_code, 2);
  EXPECT_NE(fps.err.find("render: --fps must be a number of frames per second from 0.1 to 1000, not '0'"),
            std::string::npos)
      << fps.err;
  const auto camera = run_headless({"render", sample(), "-o", mp4.string(), "--camera", "crane"});
  EXPECT_EQ(camera.exit_code, 2);
  EXPECT_NE(camera.err.find("render: --camera must be fixed, follow or orbit, not 'crane'"), std::string::npos);
  const auto still = run_headless({"render", sample(), "-o", (dir_.path() / "x.png").string(), "--fps", "30"});
  EXPECT_EQ(still.exit_code, 2);
  // No ffmpeg on PATH: a GIF (made by the program's palette filters) is refused before anything
  // is drawn, naming the package; the GIF is not there.
  const ProcessResult missing =
      run_process({"/usr/bin/env", "-u", "DISPLAY", "PATH=/nonexistent", BVHSCOPE_EXECUTABLE, "render", sample(), "-o",
                   (dir_.path() / "x.gif").string(), "--frames", "0:9"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("GIF output needs ffmpeg, which is not on PATH (install Debian's ffmpeg package"),
            std::string::npos)
      << missing.err;
  EXPECT_TRUE(std::filesystem::is_empty(dir_.path()));
}

TEST_F(VideoRender, AnMp4AndAWebMAreEncodedInTheProcessWithoutTheFfmpegProgram) {
  // FFmpeg's libraries encode them in bvhscope's own process: with no ffmpeg program on PATH they
  // are written all the same, whole (frames 0..9 of the 120 fps sample at the default 60 fps: 5).
  for (const char* name : {"x.mp4", "x.webm"}) {
    const auto out = dir_.path() / name;
    const ProcessResult made = run_process({"/usr/bin/env", "-u", "DISPLAY", "PATH=/nonexistent", BVHSCOPE_EXECUTABLE,
                                            "render", sample(), "-o", out.string(), "--frames", "0:9"});
    ASSERT_EQ(made.exit_code, 0) << made.err;
    const ProcessResult probed =
        run_process({"/usr/bin/env", "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                     "-show_entries", "stream=codec_name,nb_read_frames", "-of", "csv=p=0", out.string()});
    EXPECT_EQ(probed.out, std::string(name == std::string("x.mp4") ? "h264" : "vp9") + ",5\n") << probed.err;
  }
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir_.path())) names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"x.mp4", "x.webm"})) << "no temporary file left";
}

}  // namespace
}  // namespace bvhscope::test
