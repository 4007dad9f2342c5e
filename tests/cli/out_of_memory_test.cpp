// Out of memory anywhere (the parser's row workers, the bake and compare workers, the CSV and BVH
// formatting threads, a thread that cannot be started) ends every command with "bvhscope: out of
// memory" and exit status 3, never an abort (std::terminate from a worker thread) or a hang (a thread
// waiting for one that died): each command runs under a range of address-space limits (prlimit --as)
// on a 30 MB file, from too little to start with to enough.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "big_bvh.hpp"
#include "io/address_sanitizer.hpp"
#include "run_process.hpp"

namespace bvhscope {
namespace {

using test::TempDir;

TEST(OutOfMemory, EveryCommandExitsThreeWithTheMessageAtAnyAddressSpaceLimit) {
#if defined(BVHSCOPE_ADDRESS_SANITIZER)
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: it cannot run under prlimit --as";
#else
  if (!std::filesystem::exists("/usr/bin/prlimit")) GTEST_SKIP() << "needs /usr/bin/prlimit (util-linux)";
  TempDir dir;
  const std::string input = (dir.path() / "big.bvh").string();
  test::write_big_bvh(input, std::size_t{30} << 20);
  const std::string csv = (dir.path() / "out.csv").string();
  const std::string bvh = (dir.path() / "out.bvh").string();
  const std::vector<std::vector<std::string> > commands = {
      {"info", input},
      {"lint", input},
      {"metrics", input},
      {"export", input, "-o", csv},
      {"convert", input, "-o", bvh},
      {"compare", input, input},
  };
  int out_of_memory = 0;
  int finished = 0;
  for (const auto& command : commands) {
    for (const long megabytes : {40, 55, 70, 85, 100, 130, 160}) {
      std::vector<std::string> argv = {"/usr/bin/prlimit", "--as=" + std::to_string(megabytes * 1000000),
                                       BVHSCOPE_EXECUTABLE};
      argv.insert(argv.end(), command.begin(), command.end());
      // The limit only catches a hang: each run takes about a second at most.
      const test::ProcessResult result = test::run_process(argv, 120);
      const std::string where = command[0] + " under " + std::to_string(megabytes) + " MB";
      EXPECT_FALSE(result.timed_out) << where << " hangs";
      ASSERT_NE(result.exit_code, -1) << where << " ended by a signal: " << result.err;
      if (result.exit_code == 3) {
        ++out_of_memory;
        EXPECT_NE(result.err.find("bvhscope: out of memory"), std::string::npos) << where << ": " << result.err;
        EXPECT_EQ(result.err.find("terminate called"), std::string::npos) << where << ": " << result.err;
      } else {
        ++finished;
        EXPECT_TRUE(result.exit_code == 0 || (command[0] == "lint" && result.exit_code == 4))
            << where << " exits " << result.exit_code << ": " << result.err;
      }
    }
  }
  // The limits span both outcomes.
  EXPECT_GT(out_of_memory, 0);
  EXPECT_GT(finished, 0);
#endif
}

}  // namespace
}  // namespace bvhscope
