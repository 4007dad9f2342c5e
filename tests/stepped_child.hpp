// A child process interrupted at a chosen point of its work without racing it: it starts stopped
// and runs in short bursts (SIGCONT ... SIGSTOP), and the test looks at what it has done while it
// is stopped, so it cannot finish between the look and the signal the test sends then, however
// busy the machine (a test that polled a running child lost that race when it was scheduled late).
#pragma once

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "test_pace.hpp"

namespace bvhscope::test {

class SteppedChild {
 public:
  // Starts `argv` (argv[0] is the program path) stopped before it runs anything.
  explicit SteppedChild(std::vector<std::string> argv) {
    std::vector<char*> raw;  // before the fork: the child only stops and execs
    for (std::string& arg : argv) raw.push_back(arg.data());
    raw.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ == 0) {
      ::raise(SIGSTOP);
      ::execv(raw[0], raw.data());
      ::_exit(127);
    }
    int status = 0;
    if (pid_ > 0 && (::waitpid(pid_, &status, WUNTRACED) != pid_ || !WIFSTOPPED(status))) pid_ = -1;
  }
  ~SteppedChild() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  SteppedChild(const SteppedChild&) = delete;
  SteppedChild& operator=(const SteppedChild&) = delete;

  // Lets the child run in bursts of a few milliseconds until `reached()` holds, looked at while it
  // is stopped: true then, with the child stopped. False (with a failure saying `what`) when it
  // ends first, or does not get there within hang_bound(`base`) (then it is killed).
  bool run_until(const std::function<bool()>& reached, const std::string& what,
                 std::chrono::seconds base = std::chrono::seconds(120)) {
    const auto deadline = std::chrono::steady_clock::now() + hang_bound(base);
    while (pid_ > 0) {
      if (reached()) return true;
      if (std::chrono::steady_clock::now() > deadline) {
        ADD_FAILURE() << "the child never got to: " << what;
        return false;
      }
      ::kill(pid_, SIGCONT);
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      ::kill(pid_, SIGSTOP);
      int status = 0;
      if (::waitpid(pid_, &status, WUNTRACED) == pid_ && !WIFSTOPPED(status)) {
        pid_ = -1;
        ADD_FAILURE() << "the child ended (status " << status << ") before: " << what;
        return false;
      }
    }
    ADD_FAILURE() << "the child did not start";
    return false;
  }

  // Sends `signal_number` to the stopped child, lets it go on and waits for its end: its wait
  // status (see <sys/wait.h>).
  int signal_and_wait(int signal_number) {
    ::kill(pid_, signal_number);
    ::kill(pid_, SIGCONT);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
  }

 private:
  pid_t pid_ = -1;
};

// True when `dir` holds a temporary output (`*.part`) with some bytes in it: the point at which a
// child writing an output is interrupted.
inline bool holds_written_part(const std::filesystem::path& dir) {
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::error_code ec;
    if (entry.path().extension() == ".part" && std::filesystem::file_size(entry.path(), ec) > 0) return true;
  }
  return false;
}

}  // namespace bvhscope::test
