// The video sink against ffmpeg alone: FRAMES frames of WxH (30 distinct synthetic frames, cycled:
// a gradient, a ground band and moving blocks) encoded through open_frame_sink into OUT, and the
// same frames read by `ffmpeg` from a raw file with the sink's own command line. Prints both times
// and their ratio; the sink's time includes copying every frame into its queue.
//   bvhscope_bench_video OUT.mp4|.webm|.gif [FRAMES=300] [WxH=1280x720] [FPS=30]
#include <sys/resource.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "video/child_process.hpp"
#include "video/frame_sink.hpp"

namespace {

using namespace bvhscope::video;

std::vector<std::uint8_t> make_frame(int width, int height, int k) {
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      std::uint8_t* p =
          &rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4];
      const bool ground = y > height * 2 / 3;
      p[0] = static_cast<std::uint8_t>(ground ? 90 : 30 + y * 60 / height);
      p[1] = static_cast<std::uint8_t>(ground ? 90 : 40 + y * 80 / height);
      p[2] = static_cast<std::uint8_t>(ground ? 95 : 70 + y * 100 / height);
      for (int b = 0; b < 6; ++b) {  // blocks moving at different speeds
        const int bx = (b * 200 + k * (b + 2) * 3) % width;
        const int by = height / 3 + b * 30;
        if (x >= bx && x < bx + 40 && y >= by && y < by + 120) {
          p[0] = static_cast<std::uint8_t>(200 - b * 20);
          p[1] = static_cast<std::uint8_t>(120 + b * 15);
          p[2] = 60;
        }
      }
      p[3] = 255;
    }
  }
  return rgba;
}

// CPU seconds (user + system) of this process or of its reaped children.
double cpu_seconds(int who) {
  rusage usage{};
  getrusage(who, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT.mp4|.webm|.gif [FRAMES] [WxH] [FPS]\n", argv[0]);
    return 2;
  }
  const std::string out = argv[1];
  const int frames = argc > 2 ? std::atoi(argv[2]) : 300;
  int width = 1280, height = 720;
  if (argc > 3) std::sscanf(argv[3], "%dx%d", &width, &height);
  const double fps = argc > 4 ? std::atof(argv[4]) : 30.0;
  const auto format = video_format_of(out);
  if (!format || *format == VideoFormat::PngSequence) {
    std::fprintf(stderr, "OUT must be .mp4, .webm or .gif\n");
    return 2;
  }
  constexpr int kDistinct = 30;
  std::vector<std::vector<std::uint8_t>> pattern;
  for (int k = 0; k < kDistinct; ++k) pattern.push_back(make_frame(width, height, k));

  // ffmpeg alone: the same frames from a raw file (30 frames, looped), the sink's command line.
  const std::string raw = out + ".raw";
  {
    std::ofstream file(raw, std::ios::binary);
    for (int k = 0; k < frames; ++k) {
      const auto& frame = pattern[static_cast<std::size_t>(k % kDistinct)];
      file.write(reinterpret_cast<const char*>(frame.data()), static_cast<std::streamsize>(frame.size()));
    }
  }
  EncodeSettings settings{width, height, fps, {}, 0.0};
  std::vector<std::string> args =
      ffmpeg_arguments(*format, settings, out + ".alone" + std::filesystem::path(out).extension().string());
  for (auto& arg : args) {
    if (arg == "pipe:0") arg = "file:" + raw;
  }
  const char* path = std::getenv("PATH");
  const auto ffmpeg = find_program("ffmpeg", path != nullptr ? path : "/usr/bin");
  if (!ffmpeg) {
    std::fprintf(stderr, "ffmpeg is not on PATH (Debian package ffmpeg)\n");
    return 1;
  }
  std::string error;
  const double children_before = cpu_seconds(RUSAGE_CHILDREN);
  auto start = std::chrono::steady_clock::now();
  {
    auto child = ChildProcess::start(*ffmpeg, args, error);
    if (!child) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
    child->close_stdin();
    if (child->wait() != 0) {
      std::fprintf(stderr, "ffmpeg alone failed: %s\n", child->stderr_tail().c_str());
      return 1;
    }
  }
  const double alone = seconds_since(start);
  const double alone_cpu = cpu_seconds(RUSAGE_CHILDREN) - children_before;
  const double self_before = cpu_seconds(RUSAGE_SELF);
  std::filesystem::remove(raw);

  start = std::chrono::steady_clock::now();
  OpenedSink opened = open_frame_sink(out, width, height, fps);
  if (!opened) {
    std::fprintf(stderr, "%s\n", opened.error.c_str());
    return 1;
  }
  double writing = 0.0;
  for (int k = 0; k < frames; ++k) {
    if (!opened.sink->write(pattern[static_cast<std::size_t>(k % kDistinct)].data(), error)) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
  }
  writing = seconds_since(start);
  if (!opened.sink->commit(error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  const double sink = seconds_since(start);
  const std::size_t waits = opened.sink->waits();
  opened.sink.reset();
  const double sink_ffmpeg_cpu = cpu_seconds(RUSAGE_CHILDREN) - children_before - alone_cpu;
  const double sink_self_cpu = cpu_seconds(RUSAGE_SELF) - self_before;
  std::printf("%d frames %dx%d at %g fps to %s\n", frames, width, height, fps, out.c_str());
  std::printf("  ffmpeg alone (raw file): %.2f s\n", alone);
  std::printf("  through the sink:        %.2f s (%.1f ms per write() call on average, %zu waits on a full queue)\n",
              sink, 1000.0 * writing / frames, waits);
  std::printf("  CPU: ffmpeg alone %.2f s; through the sink ffmpeg %.2f s + the sink %.2f s\n", alone_cpu,
              sink_ffmpeg_cpu, sink_self_cpu);
  std::printf("  ratio sink / alone:      %.2f\n", sink / alone);
  return 0;
}
