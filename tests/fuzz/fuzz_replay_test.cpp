// Replays every input kept beside the fuzz target (regressions/: what the fuzzer found; seeds/: the
// joint arrays it starts from) through the fuzz target's own checks, on every test run: an input
// that breaks an invariant again aborts this test with the fuzzer's message.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::filesystem::path> kept_inputs(const char* folder) {
  std::vector<std::filesystem::path> inputs;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(BVHSCOPE_FUZZ_INPUTS_DIR) / folder))
    if (entry.is_regular_file() && entry.path().extension() != ".md") inputs.push_back(entry.path());
  std::sort(inputs.begin(), inputs.end());
  return inputs;
}

void replay(const std::filesystem::path& input) {
  std::ifstream in(input, std::ios::binary);
  ASSERT_TRUE(in) << input;
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  SCOPED_TRACE(input.string());
  EXPECT_EQ(LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), 0);
}

TEST(FuzzReplay, EveryRegressionStaysFixed) {
  const std::vector<std::filesystem::path> inputs = kept_inputs("regressions");
  ASSERT_FALSE(inputs.empty());
  for (const auto& input : inputs) replay(input);
}

TEST(FuzzReplay, EverySeedPassesTheChecks) {
  const std::vector<std::filesystem::path> inputs = kept_inputs("seeds");
  ASSERT_GE(inputs.size(), 3u);
  for (const auto& input : inputs) replay(input);
}

}  // namespace
