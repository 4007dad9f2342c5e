// Running the bvhscope executable from a test: exit code, stdout and stderr captured separately,
// with a time limit against a hang (scaled by the run's pace, test_pace.hpp) and the child's peak
// memory (RSS).
#pragma once

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "test_pace.hpp"
#include "test_support.hpp"

namespace bvhscope::test {

struct ProcessResult {
  int exit_code = -1;  // -1 when killed by a signal (including the time limit)
  bool timed_out = false;
  long peak_rss_kib = 0;
  double seconds = 0.0;
  std::string out;
  std::string err;
};

// `text` quoted for a POSIX shell.
inline std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// Runs `argv` (argv[0] is the program path). `time_limit_seconds` bounds a hang on a quiet machine:
// the child is killed after hang_bound(time_limit_seconds), never for being slow.
inline ProcessResult run_process(const std::vector<std::string>& argv, int time_limit_seconds = 120) {
  const auto time_limit = hang_bound(std::chrono::seconds(time_limit_seconds));
  static int counter = 0;
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("bvhscope-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::filesystem::create_directories(dir);
  const std::string out_path = (dir / "out").string();
  const std::string err_path = (dir / "err").string();
  const auto start = std::chrono::steady_clock::now();
  const pid_t child = ::fork();
  if (child == 0) {
    ::setpgid(0, 0);  // its own process group, so the time limit ends its children too
    const int in = ::open("/dev/null", O_RDONLY);
    const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    std::vector<char*> args;
    for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  ProcessResult result;
  int status = 0;
  rusage usage{};
  for (;;) {
    const pid_t done = ::wait4(child, &status, WNOHANG, &usage);
    if (done == child) break;
    if (std::chrono::steady_clock::now() - start > time_limit) {
      ::kill(-child, SIGKILL);
      ::wait4(child, &status, 0, &usage);
      result.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.peak_rss_kib = usage.ru_maxrss;
  result.out = read_file(out_path);
  result.err = read_file(err_path);
  std::filesystem::remove_all(dir);
  return result;
}

// Runs bvhscope with `args`. Its peak RSS is measured through GNU time, whose own child starts from
// a small process: a child forked from this (possibly large) test process would report the test's
// pages copied at fork as its peak.
inline ProcessResult run_bvhscope(const std::vector<std::string>& args, int time_limit_seconds = 120) {
  const std::filesystem::path peak_file =
      std::filesystem::temp_directory_path() /
      ("bvhscope-peak-" + std::to_string(::getpid()) + "-" + std::to_string(std::rand()));
  std::vector<std::string> argv = {"/usr/bin/time", "-q", "-f", "%M", "-o", peak_file.string(), BVHSCOPE_EXECUTABLE};
  argv.insert(argv.end(), args.begin(), args.end());
  ProcessResult result = run_process(argv, time_limit_seconds);
  EXPECT_TRUE(std::filesystem::exists(peak_file)) << "/usr/bin/time is needed (Debian package 'time')";
  result.peak_rss_kib = std::atol(read_file(peak_file).c_str());
  std::filesystem::remove(peak_file);
  return result;
}

}  // namespace bvhscope::test
