// ChildProcess's non-blocking wait and polite stop (what `render --each` runs its workers with):
// try_wait says "running" until the child ends, then its exit code once; terminate() ends it by
// SIGTERM; its stderr is kept.
#include <gtest/gtest.h>

#include <signal.h>

#include "video/child_process.hpp"

namespace bvhscope::test {
namespace {

using video::ChildProcess;

TEST(ChildProcess, TryWaitReportsRunningThenTheExitCodeAndStderr) {
  std::string error;
  // Ends when its stdin closes: running until then, whatever the machine's speed.
  std::optional<ChildProcess> child =
      ChildProcess::start("/bin/sh", {"-c", "cat > /dev/null; echo 'it ended' >&2; exit 7"}, error);
  ASSERT_TRUE(child) << error;
  int signal_number = -1;
  EXPECT_EQ(child->try_wait(&signal_number), std::nullopt);
  child->close_stdin();
  std::optional<int> code;
  while (!(code = child->try_wait(&signal_number))) {
  }
  EXPECT_EQ(*code, 7);
  EXPECT_EQ(signal_number, 0);
  EXPECT_EQ(child->stderr_tail(), "it ended");
  EXPECT_EQ(child->try_wait(), -1);  // reaped already
}

TEST(ChildProcess, TerminateEndsItBySigterm) {
  std::string error;
  std::optional<ChildProcess> child = ChildProcess::start("/bin/sh", {"-c", "cat > /dev/null"}, error);
  ASSERT_TRUE(child) << error;
  child->terminate();
  int signal_number = 0;
  EXPECT_EQ(child->wait(&signal_number), -1);
  EXPECT_EQ(signal_number, SIGTERM);
}

}  // namespace
}  // namespace bvhscope::test
