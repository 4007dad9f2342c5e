// The one thread-count policy (anim/thread_policy): BVHSCOPE_THREADS overrides the system when it
// is a whole number from 1 to 256, the CPUs this process may use come next, then
// hardware_concurrency, and an unknown count (0 from the system) is 1, never 0.
#include <gtest/gtest.h>

#include "anim/row_pipeline.hpp"
#include "anim/thread_policy.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

TEST(ThreadPolicy, TheOverrideWinsOverTheSystem) {
  EXPECT_EQ(choose_thread_count("3", 8, 16), 3U);
  EXPECT_EQ(choose_thread_count("1", 8, 16), 1U);
  EXPECT_EQ(choose_thread_count("256", 2, 2), 256U);
  EXPECT_EQ(choose_thread_count("12", 0, 0), 12U);
}

TEST(ThreadPolicy, AnOverrideThatIsNotACountIsIgnored) {
  for (const char* text : {"", "0", "-2", "257", "4x", " 4", "four", "99999999999999999999"}) {
    EXPECT_EQ(choose_thread_count(text, 6, 16), 6U) << '"' << text << '"';
  }
}

TEST(ThreadPolicy, TheAffinityComesBeforeTheHardwareCount) {
  EXPECT_EQ(choose_thread_count(nullptr, 2, 16), 2U);
  EXPECT_EQ(choose_thread_count(nullptr, 0, 16), 16U);
}

TEST(ThreadPolicy, ZeroFromTheSystemIsOneThread) {
  EXPECT_EQ(choose_thread_count(nullptr, 0, 0), 1U);
  EXPECT_EQ(choose_thread_count("0", 0, 0), 1U);
}

TEST(ThreadPolicy, TheProcessReadsTheVariableAtEachCall) {
  {
    const test::ScopedEnv set(kThreadsVariable, "7");
    EXPECT_EQ(available_threads(), 7U);
  }
  {
    const test::ScopedEnv set(kThreadsVariable, "junk");
    EXPECT_GE(available_threads(), 1U);
  }
}

// The parser's row workers follow the policy: with BVHSCOPE_THREADS=5, a file of many blocks gets 5
// workers whatever the machine has (before the policy, hardware_concurrency decided).
TEST(ThreadPolicy, TheParserPoolFollowsTheOverride) {
  const test::ScopedEnv set(kThreadsVariable, "5");
  EXPECT_EQ(RowPipeline::workers_for(std::size_t{100} << 20, std::size_t{1} << 20, 0), 5U);
  EXPECT_EQ(RowPipeline::workers_for(std::size_t{100} << 20, std::size_t{1} << 20, 2), 2U);  // asked for: kept
}

}  // namespace
}  // namespace bvhscope
