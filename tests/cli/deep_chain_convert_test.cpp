// Issue 26, item 1: a 200 000-deep chain through `bvhscope convert` end to end. The recursive
// writer overflowed the stack at 50 000 levels (exit 139, a .part file left) and one tab per level
// made the output quadratic (about 20 GB for 200 000 levels). Now: exit 0, an output a few times
// the input's size that reads back equal, no temporary file, and peak memory (measured on the
// child) within a budget proportional to the file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "anim/file_loader.hpp"
#include "huge_bvh.hpp"
#include "io/address_sanitizer.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

#if defined(BVHSCOPE_ADDRESS_SANITIZER)
// AddressSanitizer: a tenth of the depth (still past the old stack limit), its own allowance.
constexpr std::size_t kDepth = 20000;
constexpr long kBytesMultiple = 60;
constexpr long kFixedKiB = 512 * 1024;
#else
constexpr std::size_t kDepth = 200000;
// Peak memory at most this multiple of the input's size plus a fixed amount. Measured: 75 MiB for
// the 16 MB file (the recursive writer died at a quarter of the depth).
constexpr long kBytesMultiple = 20;
constexpr long kFixedKiB = 64 * 1024;
#endif

TEST(DeepChainConvert, A200000DeepChainConvertsInBoundedMemoryAndReadsBackEqual) {
  test::TempDir dir;
  const auto input = dir.path() / "deep.bvh";
  const auto output = dir.path() / "out.bvh";
  const std::size_t bytes = test::write_deep_chain(input, kDepth);
  // The time limit only catches a hang: the conversion takes about a second.
  const test::ProcessResult result = test::run_bvhscope({"convert", input.string(), "-o", output.string()}, 300);
  ASSERT_FALSE(result.timed_out);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "wrote " + output.string() + ": 2 frames, " + std::to_string(kDepth) + " joints, " +
                            std::to_string(3 * kDepth + 3) + " channels; positions read in add mode\n");
  EXPECT_LT(result.peak_rss_kib, kBytesMultiple * static_cast<long>(bytes / 1024) + kFixedKiB)
      << "peak " << result.peak_rss_kib / 1024 << " MiB for a file of " << bytes / (1024 * 1024) << " MiB";
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path())) ++files;
  EXPECT_EQ(files, 2u) << "no temporary file is left";
  ASSERT_TRUE(std::filesystem::exists(output));
  EXPECT_LT(std::filesystem::file_size(output), 4 * bytes);

  Result<Clip> original = load_bvh_file(input.string());
  Result<Clip> written = load_bvh_file(output.string());
  ASSERT_TRUE(original);
  ASSERT_TRUE(written) << format_diagnostic(written.error(), Severity::Error);
  EXPECT_TRUE(written.value().warnings.empty());
  EXPECT_EQ(written.value().skeleton.names, original.value().skeleton.names);
  EXPECT_EQ(written.value().skeleton.parents, original.value().skeleton.parents);
  EXPECT_EQ(written.value().skeleton.offsets, original.value().skeleton.offsets);
  EXPECT_EQ(written.value().skeleton.channel_kinds, original.value().skeleton.channel_kinds);
  ASSERT_EQ(written.value().motion.frame_count, 2u);
  EXPECT_TRUE(std::equal(written.value().motion.values.begin(), written.value().motion.values.end(),
                         original.value().motion.values.begin(), original.value().motion.values.end()));
}

}  // namespace
}  // namespace bvhscope
