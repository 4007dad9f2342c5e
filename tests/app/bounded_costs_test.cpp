// Costs bounded by the bytes present: declared counts and products a file does not contain (frames ×
// channel-less joints, a false Frames: count, a huge header) never size memory or time. Each test
// runs the real executable and measures the child's peak memory against the budget in the README;
// time limits sit an order of magnitude above the normal time, so only a freeze trips them.
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <string>

#include "bvh_builder.hpp"
#include "io/address_sanitizer.hpp"
#include "png_image.hpp"
#include "run_process.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;
using test::TempDir;

constexpr long kMiB = 1024;  // ru_maxrss is in KiB
#if defined(BVHSCOPE_ADDRESS_SANITIZER)
constexpr long kSanitizerFactor = 3;  // AddressSanitizer's shadow memory and quarantine
#else
constexpr long kSanitizerFactor = 1;
#endif

// `joints` joints without channels under a root without channels, declaring `frames` frames: a few
// bytes per joint, no bytes per frame.
std::string channel_less_rig(int joints, long long frames) {
  test::BvhBuilder rig;
  rig.root("Hips", {0, 0, 0}, std::nullopt);  // no CHANNELS line
  for (int i = 0; i < joints; ++i) {
    const test::BvhBuilder::Offset offset = {static_cast<double>(i % 17), static_cast<double>(1 + i % 5),
                                             static_cast<double>(i % 3)};
    rig.joint("J" + std::to_string(i), "Hips", offset, std::nullopt);  // no CHANNELS line
  }
  return rig.frame_time(0.0333333).declared_frames(frames).text();
}

TEST(CostBounds, AMillionFramesOfChannelLessJointsRenderInBoundedMemory) {
  TempDir dir;
  const auto path = dir.write("empty-frames.bvh", channel_less_rig(300, 1000000));
  const auto png = dir.path() / "out.png";
  const auto result = run_bvhscope({"render", path.string(), "-o", png.string(), "--size", "320x240"}, 240);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  // 300 joints × 1 000 000 frames would be 3.6 GB of positions; a motion without values is baked
  // within 4 Mi positions (48 MiB, README "Costs follow the bytes present").
  EXPECT_LT(result.peak_rss_kib, 400 * kMiB * kSanitizerFactor);
  const test::Png image = test::read_png(png);
  EXPECT_EQ(image.width, 320);
}

TEST(CostBounds, TenThousandChannelLessJointsOverAMillionFramesRender) {
  TempDir dir;
  const auto path = dir.write("wide-empty.bvh", channel_less_rig(10000, 1000000));
  const auto png = dir.path() / "out.png";
  const auto result = run_bvhscope({"render", path.string(), "-o", png.string(), "--size", "320x240"}, 240);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err.find("bad_alloc"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("internal error"), std::string::npos) << result.err;
  EXPECT_LT(result.peak_rss_kib, 400 * kMiB * kSanitizerFactor);
  EXPECT_TRUE(std::filesystem::exists(png));
}

// A filmstrip draws the clip again for each pose: the copies share its baked positions (every joint
// at every baked frame, up to 16 Mi positions) instead of each holding its own, so 64 poses of the
// 10 000-joint rig cost a few MiB each, not 55 (3.5 GB before, in the hostile pass of issue 26).
TEST(CostBounds, AFilmstripOfAHugeRigSharesItsBakedPositions) {
  TempDir dir;
  const auto path = dir.write("wide-empty.bvh", channel_less_rig(10000, 1000000));
  const auto still = run_bvhscope({"render", path.string(), "-o", (dir.path() / "still.png").string()}, 240);
  ASSERT_EQ(still.exit_code, 0) << still.err;
  const auto strip = run_bvhscope(
      {"render", path.string(), "-o", (dir.path() / "strip.png").string(), "--strip", "64", "--size", "640x240"}, 600);
  EXPECT_FALSE(strip.timed_out);
  ASSERT_EQ(strip.exit_code, 0) << strip.err;
  // Measured: the still 186 MiB, the strip 474 MiB (3.5 GiB when each pose baked its own table).
  EXPECT_LT(strip.peak_rss_kib, still.peak_rss_kib + 640 * kMiB * kSanitizerFactor);
  EXPECT_EQ(test::read_png(dir.path() / "strip.png").width, 640);
}

// A file of 64-channel rows, each value written as `value` and a space: "1 " is the densest a
// table can be (4 bytes of float per 2 bytes of text).
std::filesystem::path rows_file(const TempDir& dir, const std::string& name, long long declared, long rows,
                                const std::string& value, const std::string& first_row = {}) {
  const auto path = dir.path() / name;
  std::ofstream file(path, std::ios::binary);
  // The header from the builder (its last line, "Frame Time:", is line 109), the rows streamed after it.
  test::BvhBuilder header;
  header.root("r", {0, 0, 0}, "Xposition Yposition Zposition Zrotation");
  for (int j = 0; j < 20; ++j) header.joint("j" + std::to_string(j), "r", {0, 1, 0}, test::kRotationsZXY);
  file << header.frame_time(0.01).declared_frames(declared).text();
  std::string row;
  for (int i = 0; i < 64; ++i) row += value + " ";
  row.back() = '\n';
  file << (first_row.empty() ? row : first_row);
  for (long i = 1; i < rows; ++i) file << row;
  return path;
}

TEST(CostBounds, AFalseFrameCountAllocatesOnlyForTheRowsRead) {
  TempDir dir;
  // 250 000 rows of 9-byte values: 144 MB of text, 61 MiB of floats; the bytes could hold 2.3x
  // as many rows of "1 ", which is what the table is reserved for.
  const auto path = rows_file(dir, "false-count.bvh", 99999999999LL, 250000, "1.000000");
  const auto result = run_bvhscope({"info", path.string()}, 240);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("'Frames: 99999999999' but the file holds 250000 complete frames; loaded 250000"),
            std::string::npos)
      << result.err;
  // The rows present and the fixed amount; the reserved rest of the table is never touched, and
  // the table is never copied to trim it.
  EXPECT_LT(result.peak_rss_kib, (61 + 80) * kMiB * kSanitizerFactor);
}

TEST(CostBounds, ABadFirstRowIsReportedWithoutAllocatingTheTable) {
  TempDir dir;
  std::string bad_row;
  for (int i = 0; i < 63; ++i) bad_row += "1 ";
  bad_row += "x\n";
  // 1 000 000 rows of "1 ": 128 MB, whose table would be 244 MiB.
  const auto path = rows_file(dir, "bad-first-row.bvh", 1000000, 1000000, "1", bad_row);
  const auto result = run_bvhscope({"info", path.string()}, 240);
  EXPECT_FALSE(result.timed_out);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err.substr(0, result.err.find(": error")), path.string() + ":110:127") << result.err;
  EXPECT_LT(result.peak_rss_kib, 120 * kMiB * kSanitizerFactor);
}

}  // namespace
}  // namespace bvhscope
