// Videos through the real ffmpeg: size, frame count and duration as ffprobe reads them, a frame
// decoded back matching the frame written, saturated colours kept through the BT.709 4:2:0 frames
// we pipe (and the videos tagged so), the encoder's effort by --quality, odd sizes, audio.
#include <gtest/gtest.h>

#include <sched.h>
#include <sys/resource.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "test_pace.hpp"
#include "test_support.hpp"
#include "video/frame_sink.hpp"
#include "video_test_support.hpp"

namespace bvhscope::test {
namespace {

using video::FrameSinkOptions;
using video::open_frame_sink;

// Writes `frames` synthetic frames and commits; fails the test on any error.
void encode(const std::filesystem::path& out, int width, int height, double fps, int frames,
            const FrameSinkOptions& options = {}) {
  video::OpenedSink opened = open_frame_sink(out.string(), width, height, fps, options);
  ASSERT_TRUE(opened) << opened.error;
  std::string error;
  for (int k = 0; k < frames; ++k) {
    const std::vector<std::uint8_t> frame = synthetic_frame(width, height, k);
    ASSERT_TRUE(opened.sink->write(frame.data(), error)) << error;
    ASSERT_FALSE(std::filesystem::exists(out)) << "nothing under the final name before commit";
  }
  ASSERT_TRUE(opened.sink->commit(error)) << error;
}

TEST(FrameSink, Mp4HasTheSizeFramesAndDurationAndPlaysInBrowsers) {
  TempDir dir;
  const auto out = dir.path() / "clip.mp4";
  encode(out, 160, 120, 24.0, 36);
  auto info = probe(out);
  EXPECT_EQ(info["codec_name"], "h264");
  EXPECT_EQ(info["pix_fmt"], "yuv420p");
  EXPECT_EQ(info["width"], "160");
  EXPECT_EQ(info["height"], "120");
  EXPECT_EQ(info["nb_read_frames"], "36");
  EXPECT_NEAR(std::stod(info["duration"]), 1.5, 1e-3);
  // faststart: the index (moov) comes before the media data (mdat).
  const std::string bytes = read_file(out);
  EXPECT_LT(bytes.find("moov"), bytes.find("mdat"));
  EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"clip.mp4"}) << "no temporary file left";
}

// Compression tolerance: every channel of the decoded frame within 24 of what was written on
// average 3 or less; the square's edges (the only sharp detail) exact to within the 4:2:0 blur,
// so the square is found where frame K put it, not where K-1 or K+1 did (5 px away).
void expect_frame_matches(const std::string& decoded, int width, int height, int k) {
  const std::vector<std::uint8_t> written = synthetic_frame(width, height, k);
  ASSERT_EQ(decoded.size(), written.size());
  double total = 0.0;
  int worst = 0;
  for (std::size_t i = 0; i < written.size(); ++i) {
    if (i % 4 == 3) continue;
    const int difference = std::abs(static_cast<int>(static_cast<unsigned char>(decoded[i])) - written[i]);
    total += difference;
    worst = std::max(worst, difference);
  }
  const double mean = total / (static_cast<double>(written.size()) * 3.0 / 4.0);
  EXPECT_LE(mean, 3.0) << "frame " << k;
  const auto pixel = [&](int x, int y, int c) {
    return static_cast<int>(static_cast<unsigned char>(decoded[(static_cast<std::size_t>(y) * width + x) * 4 + c]));
  };
  const int square_x = 4 + (5 * k) % (width - 24);
  const int y = height / 4 + 8;
  EXPECT_GE(pixel(square_x + 2, y, 2), 230) << "the square's left edge of frame " << k;
  EXPECT_LE(pixel(square_x - 3, y, 2), 90 + 24) << "left of the square of frame " << k;
  EXPECT_GE(pixel(square_x + 13, y, 2), 230);
  EXPECT_LE(pixel(square_x + 18, y, 2), 90 + 24);
}

TEST(FrameSink, AFrameDecodedFromTheMp4MatchesTheFrameWritten) {
  TempDir dir;
  const auto out = dir.path() / "clip.mp4";
  encode(out, 160, 120, 30.0, 20);
  for (const int k : {0, 7, 19}) expect_frame_matches(decode_frame(out, k), 160, 120, k);
}

// A frame of three vertical bands, red, green and blue (each 64 pixels wide: 4:2:0 blocks never
// straddle two), and a grey band below.
std::vector<std::uint8_t> bands_frame() {
  std::vector<std::uint8_t> rgba;
  for (int y = 0; y < 64; ++y) {
    for (int x = 0; x < 192; ++x) {
      const int band = x / 64;
      if (y >= 48) {
        rgba.insert(rgba.end(), {90, 90, 90, 255});
      } else {
        rgba.insert(rgba.end(),
                    {static_cast<std::uint8_t>(band == 0 ? 230 : 20), static_cast<std::uint8_t>(band == 1 ? 230 : 20),
                     static_cast<std::uint8_t>(band == 2 ? 230 : 20), 255});
      }
    }
  }
  return rgba;
}

TEST(FrameSink, SaturatedColoursComeBackFromMp4AndWebMTaggedBt709) {
  // The frames reach ffmpeg as BT.709 4:2:0 and the streams say so; a decoder reading the tags
  // (ffmpeg here, browsers) gives back the colours drawn. Read as BT.601 (untagged), the green band
  // would come back about 20 levels off.
  const std::vector<std::uint8_t> frame = bands_frame();
  for (const char* name : {"bands.mp4", "bands.webm"}) {
    TempDir dir;
    const auto out = dir.path() / name;
    video::OpenedSink opened = open_frame_sink(out.string(), 192, 64, 10.0);
    ASSERT_TRUE(opened) << opened.error;
    std::string error;
    for (int k = 0; k < 5; ++k) ASSERT_TRUE(opened.sink->write(frame.data(), error)) << error;
    ASSERT_TRUE(opened.sink->commit(error)) << error;
    const ProcessResult tags =
        run_process({tool("ffprobe"), "-v", "error", "-select_streams", "v:0", "-show_entries",
                     "stream=color_space,color_range,color_primaries,color_transfer", "-of", "flat", out.string()});
    EXPECT_NE(tags.out.find("color_space=\"bt709\""), std::string::npos) << name << ": " << tags.out;
    EXPECT_NE(tags.out.find("color_range=\"tv\""), std::string::npos) << name << ": " << tags.out;
    EXPECT_NE(tags.out.find("color_primaries=\"bt709\""), std::string::npos) << name << ": " << tags.out;
    const std::string decoded = decode_frame(out, 2);
    ASSERT_EQ(decoded.size(), frame.size()) << name;
    for (const auto& [x, y] : std::vector<std::pair<int, int>>{{32, 20}, {96, 20}, {160, 20}, {96, 56}}) {
      const std::size_t at = (static_cast<std::size_t>(y) * 192 + static_cast<std::size_t>(x)) * 4;
      for (std::size_t c = 0; c < 3; ++c) {
        EXPECT_NEAR(static_cast<unsigned char>(decoded[at + c]), frame[at + c], 6)
            << name << " at " << x << "," << y << " channel " << c;
      }
    }
  }
}

TEST(FrameSink, QualityChoosesTheEncodersEffort) {
  // x264 writes its settings into the stream: preview is ultrafast (no CABAC, no subpixel search),
  // normal veryfast (subme 2, one reference), best slow (subme 8, five references, trellis).
  std::map<video::VideoQuality, std::string> settings;
  for (const video::VideoQuality quality :
       {video::VideoQuality::Preview, video::VideoQuality::Normal, video::VideoQuality::Best}) {
    TempDir dir;
    const auto out = dir.path() / "clip.mp4";
    FrameSinkOptions options;
    options.quality = quality;
    encode(out, 160, 120, 24.0, 12, options);
    EXPECT_EQ(probe(out)["nb_read_frames"], "12");
    const std::string bytes = read_file(out);
    const std::size_t from = bytes.find("cabac=");
    ASSERT_NE(from, std::string::npos) << "no x264 settings in the stream";
    settings[quality] = bytes.substr(from, bytes.find('\0', from) - from);
  }
  const auto has = [&](video::VideoQuality quality, const std::string& option) {
    return settings[quality].find(" " + option + " ") != std::string::npos ||
           settings[quality].rfind(option + " ", 0) == 0;
  };
  EXPECT_TRUE(has(video::VideoQuality::Preview, "cabac=0")) << settings[video::VideoQuality::Preview];
  EXPECT_TRUE(has(video::VideoQuality::Preview, "subme=0")) << settings[video::VideoQuality::Preview];
  EXPECT_TRUE(has(video::VideoQuality::Normal, "cabac=1")) << settings[video::VideoQuality::Normal];
  EXPECT_TRUE(has(video::VideoQuality::Normal, "subme=2")) << settings[video::VideoQuality::Normal];
  EXPECT_TRUE(has(video::VideoQuality::Normal, "crf=20.0")) << settings[video::VideoQuality::Normal];
  EXPECT_TRUE(has(video::VideoQuality::Best, "subme=8")) << settings[video::VideoQuality::Best];
  EXPECT_TRUE(has(video::VideoQuality::Best, "ref=5")) << settings[video::VideoQuality::Best];
  EXPECT_TRUE(has(video::VideoQuality::Best, "crf=18.0")) << settings[video::VideoQuality::Best];
  EXPECT_TRUE(has(video::VideoQuality::Preview, "crf=23.0")) << settings[video::VideoQuality::Preview];
}

TEST(FrameSink, FramesHandedWithTheirChangesEncodeAsTheWholeFramesDo) {
  // write_changed converts only the rectangles named (the rest of the 4:2:0 frame is the last
  // one's): the MP4 is byte for byte the one written from whole frames (x264 is deterministic).
  // The synthetic frames differ from one to the next in their background colour: here the frames
  // keep frame 0's background and only the moving square (and where it was) changes.
  const int width = 160;
  const int height = 120;
  const auto frame_at = [&](int k) {
    std::vector<std::uint8_t> frame = synthetic_frame(width, height, 0);
    const std::vector<std::uint8_t> moved = synthetic_frame(width, height, k);
    const int square_x = 4 + (5 * k) % (width - 24);
    for (int y = height / 4; y < height / 4 + 16; ++y)
      for (int x = square_x; x < square_x + 16; ++x)
        for (int c = 0; c < 4; ++c) {
          const std::size_t at = (static_cast<std::size_t>(y) * width + static_cast<std::size_t>(x)) * 4 + c;
          frame[at] = moved[at];
        }
    return frame;
  };
  TempDir dir;
  const auto whole = dir.path() / "whole.mp4";
  const auto changed = dir.path() / "changed.mp4";
  video::OpenedSink a = open_frame_sink(whole.string(), width, height, 24.0);
  video::OpenedSink b = open_frame_sink(changed.string(), width, height, 24.0);
  ASSERT_TRUE(a && b) << a.error << b.error;
  std::string error;
  for (int k = 0; k < 12; ++k) {
    const std::vector<std::uint8_t> frame = frame_at(k);
    ASSERT_TRUE(a.sink->write(frame.data(), error)) << error;
    const auto fill = [&](std::uint8_t* buffer, std::size_t) { std::copy(frame.begin(), frame.end(), buffer); };
    if (k == 0) {
      ASSERT_TRUE(b.sink->write_filled(fill, error)) << error;
    } else {  // the square's place before and now
      const int before_x = 4 + (5 * (k - 1)) % (width - 24);
      const int now_x = 4 + (5 * k) % (width - 24);
      const std::vector<video::FrameRegion> regions = {{before_x, height / 4, 16, 16}, {now_x, height / 4, 16, 16}};
      ASSERT_TRUE(b.sink->write_changed(fill, regions, error)) << error;
    }
  }
  ASSERT_TRUE(a.sink->commit(error)) << error;
  ASSERT_TRUE(b.sink->commit(error)) << error;
  EXPECT_EQ(probe(changed)["nb_read_frames"], "12");
  EXPECT_TRUE(read_file(whole) == read_file(changed)) << "the two MP4s differ";
}

// Every frame of a video decoded by ffmpeg, as RGBA.
std::string decode_all(const std::filesystem::path& file) {
  const ProcessResult result =
      run_process({tool("ffmpeg"), "-v", "error", "-i", file.string(), "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return result.out;
}

// Everything ffprobe says of a video's streams and container, but its file name.
std::string described(const std::filesystem::path& file) {
  const ProcessResult result =
      run_process({tool("ffprobe"), "-v", "error", "-show_streams", "-show_format", "-of", "flat", file.string()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::istringstream lines(result.out);
  std::string kept;
  for (std::string line; std::getline(lines, line);)
    if (line.find("filename=") == std::string::npos) kept += line + "\n";
  return kept;
}

TEST(FrameSink, TheProcessEncodesMp4AndWebMAsTheFfmpegProgramDoes) {
  // Without the program on PATH the MP4 and the WebM are encoded all the same (in this process,
  // through FFmpeg's libraries), and as the ffmpeg program encodes the same frames, at every
  // quality and at rates given as text with many digits (a BVH frame time of 0.041708 s): an MP4
  // byte for byte; a WebM with all ffprobe says of it equal (rate, field order, colour tags, the
  // encoder's tag, duration) and every decoded frame byte for byte.
  const int width = 160;
  const int height = 120;
  for (const std::string name : {"clip.mp4", "clip.webm"}) {
    for (const double fps : {29.97, 1.0 / 0.041708}) {
      for (const video::VideoQuality quality :
           {video::VideoQuality::Preview, video::VideoQuality::Normal, video::VideoQuality::Best}) {
        const std::string what =
            name + " at " + std::to_string(fps) + " fps, quality " + std::to_string(static_cast<int>(quality));
        TempDir dir;
        TempDir empty_bin;
        const auto inside = dir.path() / ("inside-" + name);
        const auto outside = dir.path() / ("program-" + name);
        FrameSinkOptions by_library;
        by_library.encoder = video::VideoEncoder::Library;
        by_library.quality = quality;
        {
          const char* path_before = std::getenv("PATH");
          const std::string saved = path_before != nullptr ? path_before : "";
          ::setenv("PATH", empty_bin.path().c_str(), 1);
          encode(inside, width, height, fps, 15, by_library);
          ::setenv("PATH", saved.c_str(), 1);
        }
        FrameSinkOptions by_program = by_library;
        by_program.encoder = video::VideoEncoder::Program;
        encode(outside, width, height, fps, 15, by_program);
        EXPECT_EQ(probe(inside)["nb_read_frames"], "15") << what;
        EXPECT_EQ(probe(inside)["field_order"], "progressive") << what;
        if (name == "clip.mp4") {
          EXPECT_TRUE(read_file(inside) == read_file(outside)) << what << ": the two MP4s differ";
        } else {
          EXPECT_EQ(described(inside), described(outside)) << what;
          const std::string decoded = decode_all(inside);
          EXPECT_EQ(decoded.size(), static_cast<std::size_t>(width) * height * 4 * 15) << what;
          EXPECT_TRUE(decoded == decode_all(outside)) << what << ": the decoded frames differ";
        }
        EXPECT_EQ(entries(dir.path()).size(), 2u) << "no temporary file left";
      }
    }
  }
}

TEST(FrameSink, TheLibrariesAloneAreRefusedWhereTheProgramIsNeeded) {
  // A GIF (the program's palette filters) and a video with audio go through the ffmpeg program:
  // asking for the libraries alone is refused before anything is written.
  TempDir dir;
  FrameSinkOptions options;
  options.encoder = video::VideoEncoder::Library;
  const video::OpenedSink gif = open_frame_sink((dir.path() / "clip.gif").string(), 64, 64, 30.0, options);
  EXPECT_FALSE(gif);
  EXPECT_NE(gif.error.find("clip.gif: FFmpeg's libraries encode only MP4 and WebM without audio here"),
            std::string::npos)
      << gif.error;
  const auto sound = dir.write("sound.wav", "RIFF");
  options.audio = sound.string();
  options.duration = 1.0;
  const video::OpenedSink with_audio = open_frame_sink((dir.path() / "clip.mp4").string(), 64, 64, 30.0, options);
  EXPECT_FALSE(with_audio);
  EXPECT_NE(with_audio.error.find("FFmpeg's libraries encode only MP4 and WebM without audio here"), std::string::npos)
      << with_audio.error;
  EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"sound.wav"});
}

TEST(FrameSink, QualityNamesAreParsed) {
  EXPECT_EQ(video::parse_video_quality("preview"), video::VideoQuality::Preview);
  EXPECT_EQ(video::parse_video_quality("normal"), video::VideoQuality::Normal);
  EXPECT_EQ(video::parse_video_quality("best"), video::VideoQuality::Best);
  EXPECT_EQ(video::parse_video_quality("fast"), std::nullopt);
  EXPECT_EQ(video::parse_video_quality("Best"), std::nullopt);
}

TEST(FrameSink, WebMIsVp9WithTheSizeFramesAndDuration) {
  TempDir dir;
  const auto out = dir.path() / "clip.webm";
  encode(out, 160, 120, 30.0, 45);
  auto info = probe(out);
  EXPECT_EQ(info["codec_name"], "vp9");
  EXPECT_EQ(info["width"], "160");
  EXPECT_EQ(info["height"], "120");
  EXPECT_EQ(info["nb_read_frames"], "45");
  EXPECT_NEAR(std::stod(info["format.duration"]), 1.5, 1e-3);
  expect_frame_matches(decode_frame(out, 30), 160, 120, 30);
}

TEST(FrameSink, GifIsPaletteOptimisedLoopingWithTheFramesAndDuration) {
  TempDir dir;
  const auto out = dir.path() / "clip.gif";
  encode(out, 120, 90, 25.0, 30);  // 25 fps: 4 cs per frame, exact in GIF's centiseconds
  auto info = probe(out);
  EXPECT_EQ(info["codec_name"], "gif");
  EXPECT_EQ(info["width"], "120");
  EXPECT_EQ(info["height"], "90");
  EXPECT_EQ(info["nb_read_frames"], "30");
  EXPECT_NEAR(std::stod(info["format.duration"]), 1.2, 1e-3);
  const std::string bytes = read_file(out);
  EXPECT_NE(bytes.find("NETSCAPE2.0"), std::string::npos) << "the looping extension";
  // A palette made for these colours: the background of frame 10 comes back within 8.
  const std::string decoded = decode_frame(out, 10);
  const std::vector<std::uint8_t> written = synthetic_frame(120, 90, 10);
  ASSERT_EQ(decoded.size(), written.size());
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(static_cast<unsigned char>(decoded[c]), written[c], 8);
}

TEST(FrameSink, OddSizesAreRefusedForMp4WithTheEvenSizeToUseAndWorkForWebMAndGif) {
  TempDir dir;
  const video::OpenedSink refused = open_frame_sink((dir.path() / "odd.mp4").string(), 161, 121, 30.0);
  EXPECT_FALSE(refused);
  EXPECT_NE(refused.error.find("needs an even width and height, not 161x121 (use 162x122)"), std::string::npos)
      << refused.error;
  EXPECT_TRUE(entries(dir.path()).empty());
  encode(dir.path() / "odd.webm", 161, 121, 30.0, 5);
  EXPECT_EQ(probe(dir.path() / "odd.webm")["width"], "161");
  encode(dir.path() / "odd.gif", 161, 121, 25.0, 5);
  EXPECT_EQ(probe(dir.path() / "odd.gif")["height"], "121");
}

// A sound file of `seconds` (a 440 Hz sine), made by ffmpeg.
std::filesystem::path make_wav(const TempDir& dir, const std::string& name, double seconds) {
  const auto wav = dir.path() / name;
  const ProcessResult made =
      run_process({tool("ffmpeg"), "-v", "error", "-f", "lavfi", "-i",
                   "sine=frequency=440:sample_rate=48000:duration=" + std::to_string(seconds), "-y", wav.string()});
  EXPECT_EQ(made.exit_code, 0) << made.err;
  return wav;
}

TEST(FrameSink, AudioIsCutOrPaddedToTheVideo) {
  TempDir dir;
  for (const double audio_seconds : {2.5, 0.4}) {
    FrameSinkOptions options;
    options.audio = make_wav(dir, "sound.wav", audio_seconds).string();
    options.duration = 1.0;  // 30 frames at 30 fps
    const std::string stem = audio_seconds > 1.0 ? "cut" : "padded";
    for (const std::string& name : {stem + ".mp4", stem + ".webm"}) {
      encode(dir.path() / name, 160, 120, 30.0, 30, options);
      auto audio = probe(dir.path() / name, "a:0");
      EXPECT_EQ(audio["codec_name"], name.ends_with(".mp4") ? "aac" : "opus") << name;
      EXPECT_NEAR(std::stod(audio["format.duration"]), 1.0, 0.05) << name << " from " << audio_seconds << " s";
      EXPECT_EQ(probe(dir.path() / name)["nb_read_frames"], "30") << name;
      // The sound track itself, decoded: 1 s of samples (within 0.05 s: encoder frames).
      const ProcessResult samples = run_process({tool("ffmpeg"), "-v", "error", "-i", (dir.path() / name).string(),
                                                 "-map", "0:a:0", "-f", "s16le", "-ac", "1", "-ar", "48000", "pipe:1"});
      EXPECT_NEAR(static_cast<double>(samples.out.size()) / 2.0 / 48000.0, 1.0, 0.05)
          << name << " from " << audio_seconds << " s";
    }
  }
}

TEST(FrameSink, AudioIsRefusedForGifAndPngSequences) {
  TempDir dir;
  FrameSinkOptions options;
  options.audio = make_wav(dir, "sound.wav", 1.0).string();
  options.duration = 1.0;
  const video::OpenedSink gif = open_frame_sink((dir.path() / "a.gif").string(), 64, 64, 25.0, options);
  EXPECT_FALSE(gif);
  EXPECT_NE(gif.error.find("--audio needs an .mp4 or .webm output; GIF has no sound track"), std::string::npos)
      << gif.error;
  const video::OpenedSink frames = open_frame_sink((dir.path() / "frames/").string(), 64, 64, 25.0, options);
  EXPECT_FALSE(frames);
  EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"sound.wav"});
}

// The nice value of each thread of this process (/proc/self/task/TID/stat, field 19).
std::vector<int> thread_niceness() {
  std::vector<int> niceness;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
    std::ifstream in(task.path() / "stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t after_name = stat.rfind(')');
    if (after_name == std::string::npos) continue;
    std::istringstream fields(stat.substr(after_name + 2));  // from field 3, the state
    std::string field;
    for (int i = 3; i <= 19 && fields >> field; ++i) {
      if (i == 19) niceness.push_back(std::stoi(field));
    }
  }
  return niceness;
}

TEST(FrameSink, TheEncodersThreadsRunBelowTheThreadThatDrawsTheFrames) {
  // x264 fills every core: its threads yield to the drawing, whose frames it waits for otherwise.
  errno = 0;
  const int ours = getpriority(PRIO_PROCESS, 0);
  ASSERT_EQ(errno, 0);
  if (ours >= 19) GTEST_SKIP() << "this thread already runs at the lowest priority (nice 19)";
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  ASSERT_EQ(sched_getaffinity(0, sizeof(cpus), &cpus), 0);
  if (CPU_COUNT(&cpus) < 2) GTEST_SKIP() << "one CPU: x264 makes no threads of its own";
  const int below = std::min(ours + 10, 19);
  const auto count_below = [&] {
    const std::vector<int> niceness = thread_niceness();
    return std::count(niceness.begin(), niceness.end(), below);
  };
  const auto before = count_below();
  TempDir dir;
  FrameSinkOptions options;
  options.encoder = video::VideoEncoder::Library;
  video::OpenedSink opened = open_frame_sink((dir.path() / "clip.mp4").string(), 160, 120, 30.0, options);
  ASSERT_TRUE(opened) << opened.error;
  std::string error;
  const std::vector<std::uint8_t> frame = synthetic_frame(160, 120, 0);
  ASSERT_TRUE(opened.sink->write(frame.data(), error)) << error;
  EXPECT_GE(count_below() - before, 2) << "x264's frame and lookahead threads at nice " << below;
  EXPECT_EQ(getpriority(PRIO_PROCESS, 0), ours) << "the thread that opened the video keeps its priority";
  ASSERT_TRUE(opened.sink->commit(error)) << error;
  opened.sink.reset();
  // A joined thread can stay listed for a moment while the kernel lets it go.
  const auto deadline = std::chrono::steady_clock::now() + hang_bound(std::chrono::seconds(2));
  while (count_below() != before && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(count_below(), before) << "the encoder's threads end with it";
}

}  // namespace
}  // namespace bvhscope::test
