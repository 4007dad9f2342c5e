// Converting clips to clean BVH (bvhscope convert): the writer's exact text, round trips on every
// corpus file (positions of every frame kept, with and without another rotation order), resampling
// at shared times, channels folded or refused, mirroring, units, axes, names, in place, ground,
// unwrapping, and the Euler decomposition in all six orders.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <set>
#include <sstream>

#include "anim/bvh_writer.hpp"
#include "anim/clip_analysis.hpp"
#include "anim/convert.hpp"
#include "anim/convert_channels.hpp"
#include "anim/convert_names.hpp"
#include "anim/euler.hpp"
#include "anim/file_loader.hpp"
#include "anim/measure.hpp"
#include "anim/pose.hpp"
#include "anim/video_timing.hpp"
#include "bvh_builder.hpp"
#include "naive_quaternion.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

constexpr const char* kAllOrders[] = {"XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"};

std::string bvh_text(const Clip& clip, const BvhWriteOptions& options = {}) {
  std::ostringstream out;
  write_bvh(clip, out, options);
  return out.str();
}

Clip convert_ok(Clip clip, const ConvertOptions& options) {
  Result<Clip> converted = convert_clip(std::move(clip), options);
  if (!converted) {
    ADD_FAILURE() << format_diagnostic(converted.error(), Severity::Error);
    return Clip{};
  }
  return std::move(converted).value();
}

// The clip written and read back (it must load without warnings).
Clip written_and_read(const Clip& clip) {
  const std::string text = bvh_text(clip);
  Clip read = test::parse_ok(text, "converted.bvh");
  for (const Diagnostic& warning : read.warnings) ADD_FAILURE() << format_diagnostic(warning, Severity::Warning);
  return read;
}

std::vector<glm::vec3> positions(const Clip& clip, std::size_t frame, PositionMode mode) {
  Pose pose;
  pose_frame(clip, frame, mode, pose);
  std::vector<glm::vec3> result;
  for (int joint = 0; joint < clip.skeleton.joint_count(); ++joint) result.push_back(pose.position(joint));
  return result;
}

// Frames to compare: all of them up to `limit`, else `limit` spread evenly (first and last included).
std::vector<std::size_t> frames_to_check(std::size_t count, std::size_t limit) {
  std::vector<std::size_t> frames;
  if (count <= limit) {
    for (std::size_t f = 0; f < count; ++f) frames.push_back(f);
    return frames;
  }
  for (std::size_t i = 0; i < limit; ++i) frames.push_back(i * (count - 1) / (limit - 1));
  return frames;
}

// Largest distance between the joints of `a` at frame fa (read under `mode_a`) and of `b` (add rule).
float largest_distance(const Clip& a, std::size_t fa, PositionMode mode_a, const Clip& b, std::size_t fb) {
  const auto pa = positions(a, fa, mode_a);
  const auto pb = positions(b, fb, PositionMode::Add);
  EXPECT_EQ(pa.size(), pb.size());
  float largest = 0.0f;
  for (std::size_t j = 0; j < std::min(pa.size(), pb.size()); ++j)
    largest = std::max(largest, glm::distance(pa[j], pb[j]));
  return largest;
}

Clip load_corpus(const std::filesystem::path& path) {
  Result<Clip> loaded = load_bvh_file(path.string());
  EXPECT_TRUE(loaded.ok()) << path;
  return loaded ? std::move(loaded).value() : Clip{};
}

// Hips and two legs (three joints, two End Sites), `frames` frames at `frame_time` (as a file
// writes it). Even frames: the hips at 1.5 90 -3, nothing turned; odd frames: the hips at 2 91 -2.25
// turned 90 degrees about Z, the left leg 30 about X and the right -45 about Y.
std::string small_text(int frames = 2, double frame_time = 0.0333333) {
  return test::BvhBuilder()
      .root("Hips", {0, 0, 0}, test::kPositionsZXY)
      .joint("LeftUpLeg", "Hips", {10, 0, 0}, test::kRotationsZXY)
      .end_site("LeftUpLeg", {0, -40, 0})
      .joint("RightUpLeg", "Hips", {-10, 0, 0}, test::kRotationsZXY)
      .end_site("RightUpLeg", {0, -40, 0})
      .frame_time(frame_time)
      .frames(frames,
              [](int f) {
                return f % 2 == 0 ? test::BvhBuilder::Row{1.5, 90, -3, 0, 0, 0, 0, 0, 0, 0, 0, 0}
                                  : test::BvhBuilder::Row{2, 91, -2.25, 90, 0, 0, 0, 30, 0, 0, 0, -45};
              })
      .text();
}

// The writer's canonical text of small_text()'s clip, byte for byte (tabs, the frame time as read,
// shortest numbers): this test's point is the exact bytes, so the file stays a literal.
const char* const kSmallAsWritten = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT LeftUpLeg
	{
		OFFSET 10 0 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		End Site
		{
			OFFSET 0 -40 0
		}
	}
	JOINT RightUpLeg
	{
		OFFSET -10 0 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		End Site
		{
			OFFSET 0 -40 0
		}
	}
}
MOTION
Frames: 2
Frame Time: 0.0333333
1.5 90 -3 0 0 0 0 0 0 0 0 0
2 91 -2.25 90 0 0 0 30 0 0 0 -45
)";

TEST(BvhWriter, WritesCanonicalText) {
  const Clip clip = test::parse_ok(kSmallAsWritten);
  EXPECT_EQ(bvh_text(clip), kSmallAsWritten);
  EXPECT_EQ(bvh_text(test::parse_ok(small_text())), kSmallAsWritten);
  BvhWriteOptions two;
  two.precision = 2;
  Clip rounded = clip;
  rounded.motion.values[0] = 1.0f / 3.0f;
  rounded.motion.values[2] = -0.001f;
  const std::string text = bvh_text(rounded, two);
  EXPECT_NE(text.find("\n0.33 90 0 0 0 0 0 0 0 0 0 0\n"), std::string::npos) << text;
}

TEST(BvhWriter, ShortestNumbersReadBackToTheSameFloats) {
  Clip clip = test::parse_ok(small_text());
  std::mt19937 random(7);
  std::uniform_real_distribution<float> values(-1000.0f, 1000.0f);
  for (float& value : clip.motion.values) value = values(random);
  clip.skeleton.offsets[1] = {0.1f, 1e-7f, 123456.789f};
  const Clip read = written_and_read(clip);
  EXPECT_EQ(read.motion.values, clip.motion.values);
  EXPECT_EQ(read.skeleton.offsets, clip.skeleton.offsets);
  EXPECT_EQ(read.motion.frame_time, clip.motion.frame_time);
}

// The writer's number formatting is std::to_chars character for character: on every value of the
// corpus, on decimals of up to 7 places across the fast path's range and beyond, on random bit
// patterns, and at the edges (ties, powers of two, -0, the range's ends).
TEST(BvhWriter, ShortestFloatsAreExactlyThoseOfToChars) {
  const auto expect_same = [](float value) {
    char ours[64];
    char theirs[64];
    const std::string_view a(ours, static_cast<std::size_t>(write_shortest_float(ours, ours + 64, value) - ours));
    const std::string_view b(theirs, static_cast<std::size_t>(std::to_chars(theirs, theirs + 64, value).ptr - theirs));
    if (a != b) ADD_FAILURE() << "value " << b << ": written " << a;
    return a == b;
  };
  std::size_t corpus_files = 0;
  std::size_t corpus_values = 0;
  for (const auto& path : test::whole_corpus()) {
    const Clip clip = load_corpus(path);
    ++corpus_files;
    for (const float value : clip.motion.values) {
      if (!expect_same(value)) return;
      ++corpus_values;
    }
  }
  ASSERT_EQ(corpus_files, test::kCorpusFileCount);
  ASSERT_GT(corpus_values, 1000000u) << "the corpus's values, all of them compared";
  std::mt19937_64 random(5);
  for (int i = 0; i < 2000000; ++i) {
    const int places = static_cast<int>(random() % 8);
    const double scale = std::pow(10.0, places);
    const auto digits = static_cast<double>(random() % 2000000000ULL) - 1e9;
    const auto value = static_cast<float>(digits / scale / std::pow(10.0, static_cast<double>(random() % 6)));
    if (!expect_same(value)) return;
    const auto bits = static_cast<std::uint32_t>(random());
    float pattern = 0.0f;
    std::memcpy(&pattern, &bits, sizeof pattern);
    if (std::isfinite(pattern) && !expect_same(pattern)) return;
  }
  for (const float value :
       {0.0f, -0.0f, 0.5f,    0.25f, 1.0f,   2.0f,       1024.0f,    -0.125f,     0.001f, 0.000999f, 99999.99f,
        1e5f, -1e5f, 0.0015f, 2.5f,  0.125f, 8388608.5f, 1.0000001f, 16777216.0f, 0.1f,   0.2f,      0.3f})
    expect_same(value);
}

TEST(BvhWriter, TextDoesNotDependOnTheThreadCount) {
  const Clip clip = load_corpus(test::corpus_dir() / "assimp__01_01.bvh");
  ASSERT_GT(clip.motion.frame_count, 2000u);  // several chunks of rows
  BvhWriteOptions one;
  one.threads = 1;
  BvhWriteOptions three;
  three.threads = 3;
  const std::string text = bvh_text(clip, one);
  EXPECT_EQ(bvh_text(clip, three), text);
  EXPECT_EQ(bvh_text(clip), text);
  EXPECT_EQ(written_and_read(clip).motion.values, clip.motion.values);
}

// Every corpus file: converted without options, written and read back, every frame's positions
// equal the input's under its position mode (<= 1e-4 of the figure's size), the output loads
// without warnings and reads as add mode.
TEST(Convert, CorpusRoundTripKeepsEveryPosition) {
  const auto files = test::whole_corpus();
  ASSERT_EQ(files.size(), test::kCorpusFileCount);
  for (const auto& path : files) {
    SCOPED_TRACE(path.filename().string());
    const Clip input = load_corpus(path);
    const PositionMode mode = decide_position_mode(input, PositionModeRequest::Auto).mode;
    const Clip output = written_and_read(convert_ok(input, {}));
    EXPECT_EQ(decide_position_mode(output, PositionModeRequest::Auto).mode, PositionMode::Add);
    ASSERT_EQ(output.motion.frame_count, input.motion.frame_count);
    EXPECT_EQ(output.motion.frame_time, input.motion.frame_time);
    const float tolerance = 1e-4f * skeleton_height(input, mode);
    float worst = 0.0f;
    for (std::size_t frame = 0; frame < input.motion.frame_count; ++frame)
      worst = std::max(worst, largest_distance(input, frame, mode, output, frame));
    EXPECT_LE(worst, tolerance);
    if (mode == PositionMode::Add) {
      EXPECT_EQ(output.motion.values, input.motion.values) << "add-mode values kept exactly";
    }
  }
}

TEST(Convert, EveryRotationOrderKeepsEveryPositionOnTheCorpus) {
  const auto files = test::whole_corpus();
  ASSERT_EQ(files.size(), test::kCorpusFileCount);
  for (const auto& path : files) {
    SCOPED_TRACE(path.filename().string());
    const Clip input = load_corpus(path);
    const PositionMode mode = decide_position_mode(input, PositionModeRequest::Auto).mode;
    const float tolerance = 1e-4f * skeleton_height(input, mode);
    for (const char* order : kAllOrders) {
      SCOPED_TRACE(order);
      ConvertOptions options;
      options.rotation_order = parse_rotation_order(order);
      const Clip output = written_and_read(convert_ok(input, options));
      for (int joint = 0; joint < output.skeleton.joint_count(); ++joint) {
        const std::string joint_order = output.skeleton.rotation_order(joint);
        if (!joint_order.empty()) {
          ASSERT_EQ(joint_order, order) << output.skeleton.names[joint];
        }
      }
      float worst = 0.0f;
      for (const std::size_t frame : frames_to_check(input.motion.frame_count, 400))
        worst = std::max(worst, largest_distance(input, frame, mode, output, frame));
      EXPECT_LE(worst, tolerance);
    }
  }
}

TEST(Convert, ResamplingMatchesTheOriginalAtSharedTimes) {
  for (const char* name : {"assimp__01_01.bvh", "edin-m__walk1.bvh", "bandai1__dataset-1_dash_normal_001.bvh"}) {
    SCOPED_TRACE(name);
    const Clip input = load_corpus(test::corpus_dir() / name);
    const PositionMode mode = decide_position_mode(input, PositionModeRequest::Auto).mode;
    const float tolerance = 1e-4f * skeleton_height(input, mode);
    // Half the rate: every output frame is at an input frame. Two thirds: every other one is. (The
    // files' frame times, 0.0083333 and 0.033333, are 120 and 30 fps.)
    const double rate = std::round(1.0 / input.motion.frame_time);
    for (const double input_frames_per_output_frame : {2.0, 1.5}) {
      ConvertOptions options;
      options.fps = rate / input_frames_per_output_frame;
      const Clip output = written_and_read(convert_ok(input, options));
      // N frames last N / rate s: the output frames at k / fps before that.
      const auto expected_frames = static_cast<std::size_t>(
          std::ceil(static_cast<double>(input.motion.frame_count) / input_frames_per_output_frame));
      ASSERT_EQ(output.motion.frame_count, expected_frames);
      EXPECT_DOUBLE_EQ(output.motion.frame_time, input_frames_per_output_frame / rate);
      std::size_t shared = 0;
      for (std::size_t k = 0; k < output.motion.frame_count; ++k) {
        const double at = static_cast<double>(k) * input_frames_per_output_frame;
        if (at != std::floor(at) || at >= static_cast<double>(input.motion.frame_count)) continue;  // between frames
        ++shared;
        EXPECT_LE(largest_distance(input, static_cast<std::size_t>(at), mode, output, k), tolerance) << "frame " << k;
      }
      EXPECT_GE(shared, output.motion.frame_count / 2);
    }
  }
}

TEST(Convert, ResamplingBetweenFramesFollowsTheViewersInterpolation) {
  const Clip input = load_corpus(test::corpus_dir() / "edin-m__walk1.bvh");
  ConvertOptions options;
  options.fps = 2.0 * std::round(1.0 / input.motion.frame_time);  // twice 30 fps: every other frame between two
  const Clip output = written_and_read(convert_ok(input, options));
  const PositionMode mode = decide_position_mode(input, PositionModeRequest::Auto).mode;
  const float tolerance = 1e-4f * skeleton_height(input, mode);
  Pose sampled;
  ASSERT_EQ(output.motion.frame_count, 2 * input.motion.frame_count);  // the last one holds the last frame
  for (std::size_t k = 1; k + 1 < output.motion.frame_count; k += 2) {
    sample_pose(input, static_cast<double>(k) * 0.5, Sampling::Linear, mode, sampled);
    const auto written = positions(output, k, PositionMode::Add);
    for (int joint = 0; joint < input.skeleton.joint_count(); ++joint)
      ASSERT_LE(glm::distance(sampled.position(joint), written[static_cast<std::size_t>(joint)]), tolerance)
          << "frame " << k << " joint " << input.skeleton.names[joint];
  }
}

// 80 frames of the small clip at `frame_time` (as a file writes it).
Clip eighty_frames(const char* frame_time) { return test::parse_ok(small_text(80, std::stod(frame_time))); }

// `convert --fps` and `render --fps` time frames by one rule (plan_video_timing): a file's frame
// time written with a few digits is its whole rate, N frames at R last N / R s, and the output has
// a frame at every k / fps before that. 80 frames at "0.033333" to 30 fps stay 80 (not 79).
TEST(Convert, ResamplingCountsFramesAsRenderDoes) {
  struct Case {
    const char* frame_time;
    double rate;  // what it means
  };
  for (const Case& clip_case : {Case{"0.033333", 30.0}, Case{"0.0333333", 30.0}, Case{"0.0083333", 120.0},
                                Case{"0.008333", 120.0}, Case{"0.04", 25.0}, Case{"0.0416667", 24.0}}) {
    const Clip input = eighty_frames(clip_case.frame_time);
    ASSERT_EQ(input.motion.frame_count, 80u);
    for (const double fps : {24.0, 25.0, 30.0, 50.0, 60.0, 120.0}) {
      SCOPED_TRACE(std::string(clip_case.frame_time) + " to " + std::to_string(fps));
      ConvertOptions options;
      options.fps = fps;
      const Clip output = convert_ok(input, options);
      const auto expected = static_cast<std::size_t>(std::ceil(80.0 * fps / clip_case.rate - 1e-9));
      EXPECT_EQ(output.motion.frame_count, expected);
      std::string error;
      const std::optional<VideoTiming> video = plan_video_timing(80, input.motion.frame_time, std::nullopt, fps, error);
      ASSERT_TRUE(video) << error;
      EXPECT_EQ(video->frame_count, expected) << "render's count";
      EXPECT_DOUBLE_EQ(output.motion.frame_time, 1.0 / fps);
      // At the clip's own rate every frame is copied exactly.
      if (fps == clip_case.rate) {
        EXPECT_EQ(output.motion.values, input.motion.values);
      }
    }
  }
  ConvertOptions thirty;
  thirty.fps = 30.0;
  EXPECT_EQ(convert_ok(eighty_frames("0.033333"), thirty).motion.frame_count, 80u);
}

// A foot whose middle rotation angle is `middle` (+-90: gimbal lock in its order) in every frame,
// its first and third angles moving 0.1 and -0.05 degrees a frame from `a` and `c` (a Rokoko export's
// feet at X = 90 in YXZ): 6 frames at 30 fps.
std::string gimbal_foot(const char* order, double a, double middle, double c) {
  std::string channels;
  for (int i = 0; i < 3; ++i) channels += std::string(i == 0 ? "" : " ") + order[i] + "rotation";
  return test::BvhBuilder()
      .root("Hips", {0, 0, 0}, "Xposition Yposition Zposition")
      .joint("Foot", "Hips", {0, -40, 0}, channels)
      .end_site("Foot", {4, -3, 15})
      .frame_time(0.0333333)
      .frames(6, [&](int f) { return test::BvhBuilder::Row{0, 90, 0, a + 0.1 * f, middle, c - 0.05 * f}; })
      .text();
}

// Resampled near gimbal lock, every output frame turns the foot as the slerp of its input frames'
// whole rotations (computed here with the test's own quaternions, compared by the End Site's place
// in both), its angles change by less than a degree between output frames and the End Site moves no
// more than the input does in that time: a 0.15 degree input motion stays a tiny output motion.
TEST(Convert, ResamplingInGimbalLockSlerpsTheWholeRotationInEveryOrder) {
  const test::NaiveVector end = {4.0, -3.0, 15.0};
  const double length = std::sqrt(4.0 * 4.0 + 3.0 * 3.0 + 15.0 * 15.0);
  for (const char* order : kAllOrders) {
    for (const double middle : {90.0, -90.0}) {
      for (const auto& [a, c] : {std::pair{37.5, -112.25}, std::pair{170.0, 175.0}, std::pair{-5.0, 3.0}}) {
        SCOPED_TRACE(std::string(order) + " middle " + std::to_string(middle) + " a " + std::to_string(a) + " c " +
                     std::to_string(c));
        const Clip input = test::parse_ok(gimbal_foot(order, a, middle, c));
        const auto input_angles = [&](std::size_t frame) {
          const std::span<const float> row = input.motion.frame(frame);
          return test::NaiveVector{static_cast<double>(row[3]), static_cast<double>(row[4]),
                                   static_cast<double>(row[5])};
        };
        double input_step = 0.0;  // the End Site's largest move between input frames
        for (std::size_t f = 1; f < 6; ++f) {
          input_step = std::max(
              input_step,
              test::naive_distance(test::naive_rotate(test::naive_euler_quat(order, input_angles(f)), end),
                                   test::naive_rotate(test::naive_euler_quat(order, input_angles(f - 1)), end)));
        }
        for (const double fps : {60.0, 24.0, 50.0, 70.0}) {
          SCOPED_TRACE(fps);
          ConvertOptions options;
          options.fps = fps;
          const Clip output = written_and_read(convert_ok(input, options));
          ASSERT_EQ(output.motion.frame_count, static_cast<std::size_t>(std::ceil(6.0 * fps / 30.0 - 1e-9)));
          test::NaiveVector before_angles{};
          test::NaiveVector before_end{};
          for (std::size_t k = 0; k < output.motion.frame_count; ++k) {
            const double at = std::min(static_cast<double>(k) * 30.0 / fps, 5.0);
            const auto first = static_cast<std::size_t>(std::min(std::floor(at), 4.0));
            const test::NaiveQuat expected = test::naive_slerp(test::naive_euler_quat(order, input_angles(first)),
                                                               test::naive_euler_quat(order, input_angles(first + 1)),
                                                               at - static_cast<double>(first));
            const std::span<const float> row = output.motion.frame(k);
            const test::NaiveVector angles = {static_cast<double>(row[3]), static_cast<double>(row[4]),
                                              static_cast<double>(row[5])};
            const test::NaiveVector got = test::naive_rotate(test::naive_euler_quat(order, angles), end);
            EXPECT_LE(test::naive_distance(got, test::naive_rotate(expected, end)), 1e-5 * length)
                << "frame " << k << " at input frame " << at << ": angles " << angles[0] << " " << angles[1] << " "
                << angles[2];
            if (k > 0) {
              // Slerp turns at a constant speed: 30 / fps input frames' worth of motion at most.
              EXPECT_LE(test::naive_distance(got, before_end), input_step * 30.0 / fps * 1.001 + 1e-5 * length)
                  << "frame " << k;
              for (int i = 0; i < 3; ++i)
                EXPECT_LE(std::abs(angles[i] - before_angles[i]), 1.0) << "frame " << k << " angle " << i;
            }
            before_angles = angles;
            before_end = got;
          }
        }
      }
    }
  }
}

// Hips and a Chest with six channels each, 2 frames: the Chest's positions 1 2 3, then 1 `chest_y` 3.
std::string sliding_chest(double chest_y) {
  return test::BvhBuilder()
      .root("Hips", {0, 0, 0}, test::kPositionsZXY)
      .joint("Chest", "Hips", {0, 10, 0}, test::kPositionsZXY)
      .end_site("Chest", {0, 5, 0})
      .frame_time(0.1)
      .frame({0, 0, 0, 0, 0, 0, 1, 2, 3, 10, 0, 0})
      .frame({5, 0, 0, 0, 0, 0, 1, chest_y, 3, 20, 0, 0})
      .text();
}

TEST(Convert, ThreeChannelsFoldsConstantPositionChannelsIntoOffset) {
  const Clip input = test::parse_ok(sliding_chest(2));
  ConvertOptions options;
  options.three_channels = true;
  options.position_mode = PositionModeRequest::Add;
  const Clip output = written_and_read(convert_ok(input, options));
  EXPECT_EQ(output.skeleton.channel_counts[1], 3);
  EXPECT_EQ(output.skeleton.rotation_order(1), "ZXY");
  EXPECT_EQ(output.skeleton.offsets[1], glm::vec3(1, 12, 3));
  for (std::size_t frame = 0; frame < 2; ++frame)
    EXPECT_EQ(positions(output, frame, PositionMode::Add), positions(input, frame, PositionMode::Add));
}

TEST(Convert, ThreeChannelsRefusesAMovingChannelNamingTheJoint) {
  const Clip input = test::parse_ok(sliding_chest(2.5));
  ConvertOptions options;
  options.three_channels = true;
  options.position_mode = PositionModeRequest::Add;
  Result<Clip> converted = convert_clip(input, options);
  ASSERT_FALSE(converted.ok());
  EXPECT_EQ(format_diagnostic(converted.error(), Severity::Error),
            "test.bvh:6:1: error: --channels 3: joint 'Chest' has a moving Yposition channel (from 2.000000 to "
            "2.500000): it cannot be folded into OFFSET");
}

// Every corpus file with --channels 3: either it converts, keeping every position, or it is
// refused naming a joint whose position channel really moves.
TEST(Convert, ThreeChannelsOnTheCorpusKeepsPositionsOrNamesAMovingJoint) {
  int converted_files = 0;
  int refused_files = 0;
  for (const auto& path : test::corpus_files()) {
    SCOPED_TRACE(path.filename().string());
    const Clip input = load_corpus(path);
    const PositionMode mode = decide_position_mode(input, PositionModeRequest::Auto).mode;
    ConvertOptions options;
    options.three_channels = true;
    Result<Clip> converted = convert_clip(input, options);
    if (!converted) {
      ++refused_files;
      const std::string& message = converted.error().message;
      const std::size_t quote = message.find('\'');
      ASSERT_NE(quote, std::string::npos) << message;
      const std::string joint_name = message.substr(quote + 1, message.find('\'', quote + 1) - quote - 1);
      const auto joint = std::find(input.skeleton.names.begin(), input.skeleton.names.end(), joint_name);
      ASSERT_NE(joint, input.skeleton.names.end()) << message;
      const int index = static_cast<int>(joint - input.skeleton.names.begin());
      EXPECT_EQ(converted.error().line, input.skeleton.source_lines[index]);
      bool moves = false;
      const int first = input.skeleton.first_channels[index];
      for (int c = first; c < first + input.skeleton.channel_counts[index]; ++c) {
        if (!is_position(input.skeleton.channel_kinds[c])) continue;
        for (std::size_t frame = 1; frame < input.motion.frame_count; ++frame)
          moves = moves || input.motion.frame(frame)[c] != input.motion.frame(0)[c];
      }
      EXPECT_TRUE(moves) << message;
      continue;
    }
    ++converted_files;
    const Clip output = written_and_read(converted.value());
    for (int joint = 0; joint < output.skeleton.joint_count(); ++joint) {
      if (output.skeleton.parents[joint] == kNoParent) continue;
      const int first = output.skeleton.first_channels[joint];
      for (int c = first; c < first + output.skeleton.channel_counts[joint]; ++c)
        EXPECT_FALSE(is_position(output.skeleton.channel_kinds[c])) << output.skeleton.names[joint];
    }
    const float tolerance = 1e-4f * skeleton_height(input, mode);
    float worst = 0.0f;
    for (const std::size_t frame : frames_to_check(input.motion.frame_count, 400))
      worst = std::max(worst, largest_distance(input, frame, mode, output, frame));
    EXPECT_LE(worst, tolerance);
  }
  EXPECT_GT(converted_files, 0);
  EXPECT_GT(refused_files, 0);
}

// Mirroring twice gives back every position, on every corpus file named for sides.
TEST(Convert, MirroringTwiceRestoresTheCorpus) {
  int mirrored_files = 0;
  for (const auto& path : test::corpus_files()) {
    SCOPED_TRACE(path.filename().string());
    const Clip input = load_corpus(path);
    const PositionMode mode = decide_position_mode(input, PositionModeRequest::Auto).mode;
    ConvertOptions options;
    options.mirror = true;
    Result<Clip> once = convert_clip(input, options);
    if (!once) {
      EXPECT_NE(once.error().message.find("--mirror: no pair of joints"), std::string::npos) << once.error().message;
      continue;
    }
    ++mirrored_files;
    const Clip twice = written_and_read(convert_ok(written_and_read(once.value()), options));
    const float tolerance = 1e-4f * skeleton_height(input, mode);
    float worst = 0.0f;
    float moved = 0.0f;
    for (const std::size_t frame : frames_to_check(input.motion.frame_count, 200)) {
      worst = std::max(worst, largest_distance(input, frame, mode, twice, frame));
      moved = std::max(moved, largest_distance(input, frame, mode, once.value(), frame));
    }
    EXPECT_LE(worst, tolerance);
    EXPECT_GT(moved, 100.0f * tolerance) << "mirrored once, the figure changes";
    // The names come back (duplicates made unique, as every conversion does).
    const Clip unique = with_unique_names(input);
    for (int joint = 0; joint < input.skeleton.joint_count(); ++joint) {
      if (!input.skeleton.is_end_site(joint)) {
        EXPECT_EQ(twice.skeleton.names[joint], unique.skeleton.names[joint]);
      }
    }
  }
  EXPECT_GE(mirrored_files, 10);
}

// The side a joint's name says, by a rule of this test's own (not the converter's recogniser):
// after the last ':', "left" / "right" anywhere, else a trailing ".l" / "_l" / ".r" / "_r" in any
// case, else a leading l / r whose swap names another joint of the skeleton ("lhip" and "rhip").
std::optional<char> named_side(const std::string& name, const std::set<std::string, std::less<>>& names) {
  std::string lower = name.substr(name.rfind(':') == std::string::npos ? 0 : name.rfind(':') + 1);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.find("left") != std::string::npos) return 'l';
  if (lower.find("right") != std::string::npos) return 'r';
  if (lower.size() > 2 && (lower[lower.size() - 2] == '.' || lower[lower.size() - 2] == '_') &&
      (lower.back() == 'l' || lower.back() == 'r'))
    return lower.back();
  if (!name.empty() && (name[0] == 'l' || name[0] == 'r' || name[0] == 'L' || name[0] == 'R')) {
    std::string swapped = name;
    swapped[0] = swapped[0] == 'l' ? 'r' : swapped[0] == 'r' ? 'l' : swapped[0] == 'L' ? 'R' : 'L';
    if (names.count(swapped) != 0) return static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
  }
  return std::nullopt;
}

// --mirror on every corpus file: the output's detected up axis is the input's, and no joint's
// chain changes side (a joint named for one side never has an ancestor named for the other), or the
// file is refused for want of pairs.
TEST(Convert, MirrorOnTheCorpusKeepsTheUpAxisAndTheSideOfEveryChain) {
  int files = 0;
  int mirrored_files = 0;
  for (const auto& path : test::corpus_files()) {
    ++files;
    SCOPED_TRACE(path.filename().string());
    const Clip input = load_corpus(path);
    ConvertOptions options;
    options.mirror = true;
    Result<Clip> converted = convert_clip(input, options);
    if (!converted) {
      EXPECT_NE(converted.error().message.find("--mirror: no pair of joints"), std::string::npos)
          << converted.error().message;
      continue;
    }
    ++mirrored_files;
    const Clip output = written_and_read(converted.value());
    EXPECT_EQ(up_axis_name(analyse_clip(output, PositionModeRequest::Auto, UpAxisRequest{}).up.axis),
              up_axis_name(analyse_clip(input, PositionModeRequest::Auto, UpAxisRequest{}).up.axis));
    const Skeleton& skeleton = output.skeleton;
    std::set<std::string, std::less<>> names;
    for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
      if (!skeleton.is_end_site(joint)) names.insert(skeleton.names[joint]);
    }
    for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
      if (skeleton.is_end_site(joint)) continue;
      const std::optional<char> side = named_side(skeleton.names[joint], names);
      if (!side) continue;
      for (int above = skeleton.parents[joint]; above != kNoParent; above = skeleton.parents[above]) {
        const std::optional<char> above_side = named_side(skeleton.names[above], names);
        EXPECT_TRUE(!above_side || *above_side == *side)
            << skeleton.names[above] << " -> ... -> " << skeleton.names[joint] << " changes side";
      }
    }
  }
  EXPECT_EQ(files, 23);
  EXPECT_GE(mirrored_files, 15);
}

TEST(Convert, ReplaceModeFilesAreWrittenForTheAddRule) {
  // Absolute chest positions (replace): the constant X and Z move into OFFSET, the moving Y keeps
  // its motion relative to the OFFSET; the root's channels are its translation, its OFFSET 0.
  const Clip input = test::parse_ok(test::BvhBuilder()
                                        .root("Hips", {5, 6, 7}, "Xposition Yposition Zposition")
                                        .joint("Chest", "Hips", {0, 10, 0}, "Xposition Yposition Zposition")
                                        .end_site("Chest", {0, 5, 0})
                                        .frame_time(0.1)
                                        .frame({5, 6, 7, 1, 10, 2})
                                        .frame({5, 7, 7, 1, 11, 2})
                                        .text());
  ConvertOptions options;
  options.position_mode = PositionModeRequest::Replace;
  const Clip output = convert_ok(input, options);
  EXPECT_EQ(output.skeleton.offsets[0], glm::vec3(0, 0, 0));
  EXPECT_EQ(output.skeleton.offsets[1], glm::vec3(1, 10, 2));
  EXPECT_EQ(output.motion.values, (FrameValues{5, 6, 7, 0, 0, 0, 5, 7, 7, 0, 1, 0}));
  for (std::size_t frame = 0; frame < 2; ++frame)
    EXPECT_EQ(positions(output, frame, PositionMode::Add), positions(input, frame, PositionMode::Replace));
}

TEST(Convert, MirrorSwapsSidesAcrossTheSidePlane) {
  const Clip input = test::parse_ok(small_text());
  ConvertOptions options;
  options.mirror = true;
  const Clip output = written_and_read(convert_ok(input, options));
  EXPECT_EQ(output.skeleton.names[1], "RightUpLeg");
  EXPECT_EQ(output.skeleton.names[3], "LeftUpLeg");
  EXPECT_EQ(output.skeleton.offsets[1], glm::vec3(-10, 0, 0));
  // Frame 1 by hand. Input: hips at (2, 91, -2.25) turned 90 degrees about Z ((x, y) -> (-y, x));
  // the left leg turned 30 degrees about X, the right one -45 about Y. Mirrored across X = 0.
  const auto p = positions(output, 1, PositionMode::Add);
  const auto near = [](glm::vec3 a, glm::vec3 b) { return glm::distance(a, b) < 1e-4f; };
  EXPECT_PRED2(near, p[0], glm::vec3(-2, 91, -2.25));
  // Input left hip: hips + Rz(90) (10, 0, 0) = (2, 101, -2.25); mirrored: (-2, 101, -2.25), now "RightUpLeg".
  EXPECT_PRED2(near, p[1], glm::vec3(-2, 101, -2.25));
  // Input left foot: hip + Rz(90) Rx(30) (0, -40, 0) = hip + Rz(90) (0, -40 cos 30, -40 sin 30)
  //   = hip + (40 cos 30, 0, -20) = (36.641, 101, -22.25); mirrored: (-36.641, 101, -22.25).
  EXPECT_PRED2(near, p[2], glm::vec3(-2.0f - 40.0f * std::cos(glm::radians(30.0f)), 101, -22.25));
  // Input right hip: hips + Rz(90) (-10, 0, 0) = (2, 81, -2.25); its foot: Ry(-45) keeps (0, -40, 0), so
  //   hip + Rz(90) (0, -40, 0) = (42, 81, -2.25); mirrored: (-2, 81, -2.25) and (-42, 81, -2.25).
  EXPECT_PRED2(near, p[3], glm::vec3(-2, 81, -2.25));
  EXPECT_PRED2(near, p[4], glm::vec3(-42, 81, -2.25));
}

TEST(Convert, SideNamesOfManyExporters) {
  const std::pair<const char*, const char*> cases[] = {{"LeftArm", "RightArm"},
                                                       {"mixamorig:RightHand", "mixamorig:LeftHand"},
                                                       {"l_hip", "r_hip"},
                                                       {"Hand.L", "Hand.R"},
                                                       {"thigh_r", "thigh_l"},
                                                       {"Bip01 L Thigh", "Bip01 R Thigh"},
                                                       {"lShldr", "rShldr"},
                                                       {"rThigh", "lThigh"},
                                                       {"LHipJoint", "RHipJoint"},
                                                       {"RFoot", "LFoot"},
                                                       {"left_foot", "right_foot"},
                                                       {"LEFT_KNEE", "RIGHT_KNEE"},
                                                       {"lhip", "rhip"},
                                                       {"lefttoebase", "righttoebase"},
                                                       {"HandLeft", "HandRight"},
                                                       {"finger1-1.L", "finger1-1.R"}};
  const char* const centres[] = {"Hips", "Root", "LowerBack", "lowerback", "Chest",     "Neck",
                                 "Head", "ROOT", "Spine1",    "Ribs",      "lowerneck", "leftover"};
  std::set<std::string, std::less<>> names(std::begin(centres), std::end(centres));
  for (const auto& [from, to] : cases) names.insert({from, to});
  const auto exists = [&](std::string_view name) { return names.count(name) != 0; };
  for (const auto& [from, to] : cases) {
    std::optional<SideReading> reading = counterpart_of(from, exists);
    ASSERT_TRUE(reading.has_value()) << from;
    EXPECT_EQ(reading->counterpart, to) << from;
    std::optional<SideReading> back = counterpart_of(to, exists);
    ASSERT_TRUE(back.has_value()) << to;
    EXPECT_EQ(back->counterpart, from) << to;
    EXPECT_NE(reading->side, back->side) << from;
  }
  for (const char* centre : centres) EXPECT_EQ(counterpart_of(centre, exists), std::nullopt) << centre;
}

// A CMU-style rig: "lhip" ... "lfoot" pair with "rhip" ... "rfoot" like "lefttoebase" with
// "righttoebase", so every joint of a leg changes side together; "lowerback" is no side;
// "LeftEye" without "RightEye" keeps its name, with a located warning.
TEST(Convert, MirrorSwapsEveryPairedNameAndWarnsOfUnpairedOnes) {
  // LeftEye's JOINT line is the text's line 48 (the builder writes one line per keyword and brace).
  const Clip input = test::parse_ok(test::BvhBuilder()
                                        .root("hip", {0, 0, 0}, test::kPositionsZXY)
                                        .joint("lhip", "hip", {10, 0, 0}, test::kRotationsZXY)
                                        .joint("lfoot", "lhip", {0, -80, 0}, test::kRotationsZXY)
                                        .joint("lefttoebase", "lfoot", {0, -5, 10}, test::kRotationsZXY)
                                        .end_site("lefttoebase", {0, 0, 5})
                                        .joint("rhip", "hip", {-10, 0, 0}, test::kRotationsZXY)
                                        .joint("rfoot", "rhip", {0, -80, 0}, test::kRotationsZXY)
                                        .joint("righttoebase", "rfoot", {0, -5, 10}, test::kRotationsZXY)
                                        .end_site("righttoebase", {0, 0, 5})
                                        .joint("lowerback", "hip", {0, 10, 0}, test::kRotationsZXY)
                                        .joint("LeftEye", "lowerback", {3, 60, 8}, test::kRotationsZXY)
                                        .end_site("LeftEye", {0, 0, 1})
                                        .frame_time(0.0333333)
                                        .frame_line("0 85 0 0 0 0 10 0 0 0 0 0 0 0 0 -10 0 0 0 0 0 0 0 0 0 0 0 0 0 0")
                                        .frame_line("0 85 2 0 0 0 -10 0 0 0 0 0 0 0 0 10 0 0 0 0 0 0 0 0 0 0 0 0 0 0")
                                        .text());
  ConvertOptions options;
  options.mirror = true;
  ConvertReport report;
  Result<Clip> converted = convert_clip(input, options, &report);
  ASSERT_TRUE(converted.ok()) << format_diagnostic(converted.error(), Severity::Error);
  const Clip output = written_and_read(converted.value());
  std::vector<std::string> names;
  for (int joint = 0; joint < output.skeleton.joint_count(); ++joint) {
    if (!output.skeleton.is_end_site(joint)) names.push_back(output.skeleton.names[joint]);
  }
  const std::vector<std::string> expected = {"hip",   "rhip",        "rfoot",     "righttoebase", "lhip",
                                             "lfoot", "lefttoebase", "lowerback", "LeftEye"};
  EXPECT_EQ(names, expected);
  EXPECT_EQ(report.mirror_axis, std::optional<int>(0));
  ASSERT_EQ(report.warnings.size(), 1u);
  EXPECT_EQ(format_diagnostic(report.warnings[0], Severity::Warning),
            "test.bvh:48:1: warning: --mirror: the joint 'LeftEye' is named for a side but no joint is named for the "
            "other side; its name is kept");
}

// A rest pose lying along X, its sides apart along Y (the file's up axis): the motion stands the
// figure up (hips turned 90 degrees about Z), its sides apart along X. The mirror is across X, so
// up stays +Y and every joint lands on its counterpart's mirror image.
std::string lying_rest_pose_text() {
  test::BvhBuilder figure;
  figure.root("Hips", {0, 0, 0}, test::kPositionsZXY)
      .joint("Spine", "Hips", {20, 0, 0}, test::kRotationsZXY)
      .joint("Head", "Spine", {45, 0, 0}, test::kRotationsZXY)
      .end_site("Head", {20, 0, 0});
  for (const std::string side : {"Left", "Right"}) {
    const double sign = side == "Left" ? 1.0 : -1.0;
    figure.joint(side + "Arm", "Spine", {30, sign * 15, 0}, test::kRotationsZXY)
        .joint(side + "Hand", side + "Arm", {0, sign * 50, 0}, test::kRotationsZXY)
        .end_site(side + "Hand", {0, sign * 10, 0});
  }
  for (const std::string side : {"Left", "Right"}) {
    const double sign = side == "Left" ? 1.0 : -1.0;
    figure.joint(side + "UpLeg", "Hips", {0, sign * 10, 0}, test::kRotationsZXY)
        .joint(side + "Leg", side + "UpLeg", {-45, 0, 0}, test::kRotationsZXY)
        .joint(side + "Foot", side + "Leg", {-45, 0, 0}, test::kRotationsZXY)
        .end_site(side + "Foot", {-5, 0, 12});
  }
  figure.frame_time(0.0333333).frames(60, [](int f) {
    const double swing = 20.0 * std::sin(0.3 * f);
    // Hips (6), Spine, Head, LeftArm, LeftHand, RightArm, RightHand, LeftUpLeg, LeftLeg, LeftFoot,
    // RightUpLeg, RightLeg, RightFoot (3 each): the legs swing about their local Y (world X).
    test::BvhBuilder::Row row = {0.0, 95.0 + std::abs(std::sin(0.3 * f)), 3.0 * f, 90.0, 0.0, 0.0};
    for (int joint = 0; joint < 6; ++joint) row.insert(row.end(), {0.0, 0.0, 2.0 * std::sin(0.2 * f + joint)});
    row.insert(row.end(), {0.0, 0.0, swing, 0.0, 0.0, 10.0 + 0.5 * swing, 0.0, 0.0, 0.0});
    row.insert(row.end(), {0.0, 0.0, -swing, 0.0, 0.0, 10.0 - 0.5 * swing, 0.0, 0.0, 0.0});
    return row;
  });
  return figure.text();
}

TEST(Convert, MirrorOfARestPoseLyingAlongXKeepsTheUpAxis) {
  const Clip input = test::parse_ok(lying_rest_pose_text());
  ASSERT_EQ(analyse_clip(input, PositionModeRequest::Auto, UpAxisRequest{}).up.axis, UpAxis::PosY);
  ConvertOptions options;
  options.mirror = true;
  ConvertReport report;
  Result<Clip> converted = convert_clip(input, options, &report);
  ASSERT_TRUE(converted.ok()) << format_diagnostic(converted.error(), Severity::Error);
  EXPECT_EQ(report.mirror_axis, std::optional<int>(0));
  const Clip output = written_and_read(converted.value());
  EXPECT_EQ(analyse_clip(output, PositionModeRequest::Auto, UpAxisRequest{}).up.axis, UpAxis::PosY);
  EXPECT_EQ(output.skeleton.names[4], "RightArm");
  EXPECT_EQ(output.skeleton.names[10], "RightUpLeg");
  for (const std::size_t frame : {std::size_t{0}, std::size_t{17}, std::size_t{59}}) {
    const auto before = positions(input, frame, PositionMode::Add);
    const auto after = positions(output, frame, PositionMode::Add);
    for (std::size_t joint = 0; joint < before.size(); ++joint) {
      const glm::vec3 mirrored(-before[joint].x, before[joint].y, before[joint].z);
      EXPECT_LT(glm::distance(after[joint], mirrored), 1e-3f) << "frame " << frame << ", joint " << joint;
    }
  }
}

TEST(Convert, MirrorWithoutSideNamesIsRefused) {
  Clip input = test::parse_ok(small_text());
  input.skeleton.names[1] = "A";
  input.skeleton.names[3] = "B";
  ConvertOptions options;
  options.mirror = true;
  const Result<Clip> converted = convert_clip(input, options);
  ASSERT_FALSE(converted.ok());
  EXPECT_NE(converted.error().message.find("--mirror: no pair of joints named for the left and right side"),
            std::string::npos);
}

TEST(Convert, UnitScalingIsExact) {
  const Clip input = test::parse_ok(small_text());
  ConvertOptions options;
  options.lengths = LengthConversion{1.0, 0.01, 1.0};  // centimetres to metres
  const Clip output = convert_ok(input, options);
  EXPECT_EQ(output.skeleton.offsets[1], glm::vec3(0.1f, 0, 0));
  EXPECT_EQ(output.skeleton.offsets[2], glm::vec3(0, -0.4f, 0));
  EXPECT_EQ(output.motion.values[0], static_cast<float>(1.5 * 0.01));
  EXPECT_EQ(output.motion.values[1], static_cast<float>(90.0 * 0.01));
  EXPECT_EQ(output.motion.values[3], 0.0f);
  EXPECT_EQ(output.motion.values[15], 90.0f) << "rotations unchanged";
  ConvertOptions factor;
  factor.lengths = LengthConversion{0.0, std::nullopt, 2.5};
  const Clip scaled = convert_ok(input, factor);
  EXPECT_EQ(scaled.skeleton.offsets[4], glm::vec3(0, -100, 0));
  EXPECT_EQ(scaled.motion.values[14], -5.625f);
}

// A unit guess that is unknown (a partial rig, too few joints) only sizes the viewer's grid: --units
// refuses to convert from it, saying why and asking for --from-units, and converts once given it.
TEST(Convert, UnitsFromAnUnknownGuessAreRefused) {
  const Clip input = test::parse_ok(small_text());  // three joints
  ConvertOptions options;
  options.lengths = LengthConversion{1.0, std::nullopt, 1.0};
  ConvertReport report;
  const Result<Clip> refused = convert_clip(input, options, &report);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message,
            "--units: the file's length unit is unknown (too few joints (3) for a human size to compare with); give "
            "it with --from-units m|cm|mm|in|ft|METRES");
  EXPECT_TRUE(report.needs_from_units);
  options.lengths->from_metres_per_unit = 0.01;
  ConvertReport given;
  const Clip output = convert_ok(input, options);
  EXPECT_EQ(output.skeleton.offsets[3], glm::vec3(-0.1f, 0, 0));  // RightUpLeg, 10 cm
  ASSERT_TRUE(convert_clip(input, options, &given).ok());
  EXPECT_FALSE(given.needs_from_units);
  EXPECT_EQ(given.length_factor, 0.01);
}

TEST(Convert, UpAxisTurnsEveryPositionExactly) {
  const Clip input = test::parse_ok(small_text());
  ConvertOptions options;
  options.from_up = UpAxisRequest{UpAxis::PosZ};
  options.up = UpAxis::PosY;
  const Clip output = written_and_read(convert_ok(input, options));
  const glm::mat3 turn = rotation_to_y_up(UpAxis::PosZ);
  for (std::size_t frame = 0; frame < 2; ++frame) {
    const auto before = positions(input, frame, PositionMode::Add);
    const auto after = positions(output, frame, PositionMode::Add);
    for (std::size_t j = 0; j < before.size(); ++j) EXPECT_LT(glm::distance(turn * before[j], after[j]), 1e-4f);
  }
  EXPECT_EQ(output.skeleton.offsets[2], turn * glm::vec3(0, -40, 0));
}

TEST(Convert, NamesStrippedAndRenamedDuplicatesRefused) {
  Clip input = test::parse_ok(small_text());
  input.skeleton.names[0] = "mixamorig:Hips";
  input.skeleton.names[1] = "mixamorig:LeftUpLeg";
  ConvertOptions options;
  options.strip_prefix = "mixamorig:";
  options.renames = {{"Hips", "Pelvis"}, {"RightUpLeg", "RightThigh"}};
  const Clip output = written_and_read(convert_ok(input, options));
  EXPECT_EQ(output.skeleton.names[0], "Pelvis");
  EXPECT_EQ(output.skeleton.names[1], "LeftUpLeg");
  EXPECT_EQ(output.skeleton.names[3], "RightThigh");
  ConvertOptions clash;
  clash.renames = {{"RightUpLeg", "LeftUpLeg"}};
  const Result<Clip> refused = convert_clip(test::parse_ok(small_text()), clash);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message, "the joint name 'LeftUpLeg' is used by two joints (a BVH joint name cannot)");
  ConvertOptions missing;
  missing.renames = {{"Spine", "Back"}};
  const Result<Clip> unknown = convert_clip(test::parse_ok(small_text()), missing);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().message, "--rename: no joint is named 'Spine'");
}

TEST(Convert, DuplicateNamesAreMadeUnique) {
  Clip input = test::parse_ok(small_text());
  input.skeleton.names = {"Leg", "Leg", "LegEnd", "Leg", "LegEnd"};
  input.skeleton.names[0] = "Leg_2";  // a suffix already taken is skipped
  ConvertReport report;
  Result<Clip> converted = convert_clip(input, {}, &report);
  ASSERT_TRUE(converted.ok());
  EXPECT_EQ(converted.value().skeleton.names, (std::vector<std::string>{"Leg_2", "Leg", "LegEnd", "Leg_3", "LegEnd"}));
  EXPECT_EQ(report.renamed_duplicates, 1);
}

TEST(Convert, InPlaceAndGround) {
  const Clip input = test::parse_ok(small_text());
  ConvertOptions options;
  options.from_up = UpAxisRequest{UpAxis::PosY};
  options.in_place = true;
  options.ground = true;
  const Clip output = convert_ok(input, options);
  float lowest = 1e9f;
  for (std::size_t frame = 0; frame < 2; ++frame) {
    const auto before = positions(input, frame, PositionMode::Add);
    const auto after = positions(output, frame, PositionMode::Add);
    EXPECT_EQ(after[0].x, 0.0f);
    EXPECT_EQ(after[0].z, 0.0f);
    for (const glm::vec3& p : after) lowest = std::min(lowest, p.y);
    // The pose itself is unchanged: every joint moved by the same vector.
    for (std::size_t j = 1; j < before.size(); ++j)
      EXPECT_LT(glm::distance(after[j] - after[0], before[j] - before[0]), 1e-4f);
  }
  // Frame 0: feet at 90 - 40 = 50; frame 1: the right foot at 91 - 10 = 81, the left at 121: lowest 50.
  EXPECT_EQ(lowest, 0.0f);
  EXPECT_EQ(positions(output, 0, PositionMode::Add)[0].y, 40.0f);
}

TEST(Convert, UnwrapRemovesJumpsAndKeepsPoses) {
  Clip input = test::parse_ok(small_text());
  // The left leg's Z: 170 then -170 (a 340 jump that is 20 degrees the short way).
  input.motion.values[6] = 170.0f;
  input.motion.values[12 + 6] = -170.0f;
  ConvertOptions options;
  options.unwrap = true;
  const Clip output = convert_ok(input, options);
  EXPECT_EQ(output.motion.values[12 + 6], 190.0f);
  for (std::size_t frame = 0; frame < 2; ++frame) {
    const auto before = positions(input, frame, PositionMode::Add);
    const auto after = positions(output, frame, PositionMode::Add);
    for (std::size_t j = 0; j < before.size(); ++j) EXPECT_LT(glm::distance(before[j], after[j]), 1e-4f);
  }
}

TEST(Convert, TrimKeepsTheRange) {
  const Clip input = test::parse_ok(small_text());
  ConvertOptions options;
  options.first_frame = 1;
  options.last_frame = 1;
  const Clip output = convert_ok(input, options);
  ASSERT_EQ(output.motion.frame_count, 1u);
  EXPECT_EQ(output.motion.frame(0)[0], 2.0f);
  // A range reaching past the clip is refused (issue 26: it was cut to the clip silently).
  options.last_frame = 99;
  const Result<Clip> beyond = convert_clip(input, options);
  ASSERT_FALSE(beyond.ok());
  EXPECT_EQ(beyond.error().message, "--frames 1:99 is outside the clip's frames 0:1");
  options.first_frame = 2;
  const Result<Clip> past = convert_clip(input, options);
  ASSERT_FALSE(past.ok());
  EXPECT_EQ(past.error().message, "--frames 2:99 is outside the clip's frames 0:1");
}

TEST(Euler, EveryOrderRecomposesItsMatrixIncludingGimbalLock) {
  std::mt19937 random(11);
  std::uniform_real_distribution<double> angle(-180.0, 180.0);
  for (const char* name : kAllOrders) {
    SCOPED_TRACE(name);
    const RotationOrder order = *parse_rotation_order(name);
    for (int trial = 0; trial < 200; ++trial) {
      EulerAngles angles = {angle(random), angle(random), angle(random)};
      if (trial % 4 == 0) angles[1] = trial % 8 == 0 ? 90.0 : -90.0;  // gimbal lock
      const glm::dmat3 rotation = euler_rotation(order, angles);
      for (const bool with_previous : {false, true}) {
        const std::optional<EulerAngles> previous =
            with_previous ? std::optional<EulerAngles>(EulerAngles{angles[0] + 3.0, angles[1], angles[2] - 3.0})
                          : std::nullopt;
        const EulerAngles found = euler_angles(rotation, order, previous);
        const glm::dmat3 again = euler_rotation(order, found);
        for (int c = 0; c < 3; ++c)
          for (int r = 0; r < 3; ++r) ASSERT_NEAR(again[c][r], rotation[c][r], 1e-9);
        if (with_previous && trial % 4 != 0) {
          for (int i = 0; i < 3; ++i) EXPECT_NEAR(found[i], angles[i], 1e-6) << "the nearest solution";
        }
      }
    }
  }
}

TEST(Euler, ContinuityPrefersTheSolutionNearThePreviousFrame) {
  const RotationOrder zxy = *parse_rotation_order("ZXY");
  // 350 degrees about Z after 340: written 350, not -10.
  const EulerAngles next = euler_angles(euler_rotation(zxy, {350.0, 0.0, 0.0}), zxy, EulerAngles{340.0, 0.0, 0.0});
  EXPECT_NEAR(next[0], 350.0, 1e-9);
  // The other solution (a + 180, 180 - b, c + 180) when it is the nearer one.
  const EulerAngles flipped =
      euler_angles(euler_rotation(zxy, {10.0, 100.0, 20.0}), zxy, EulerAngles{12.0, 98.0, 18.0});
  EXPECT_NEAR(flipped[0], 10.0, 1e-9);
  EXPECT_NEAR(flipped[1], 100.0, 1e-9);
  EXPECT_NEAR(flipped[2], 20.0, 1e-9);
  EXPECT_EQ(parse_rotation_order("xzy"), (RotationOrder{0, 2, 1}));
  EXPECT_EQ(parse_rotation_order("XXY"), std::nullopt);
  EXPECT_EQ(rotation_order_name({1, 0, 2}), "YXZ");
}

}  // namespace
}  // namespace bvhscope
