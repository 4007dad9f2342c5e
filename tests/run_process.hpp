// Running the bvhscope executable from a test: exit code, stdout and stderr captured separately.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace bvhscope::test {

struct ProcessResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

// Runs BVHSCOPE_EXECUTABLE with args; `stdin_text` is fed on standard input when given.
inline ProcessResult run_bvhscope(const std::vector<std::string>& args) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("bvhscope-test-" + std::to_string(::getpid()) + "-" + std::to_string(std::rand()));
  std::filesystem::create_directories(dir);
  std::string command = shell_quote(BVHSCOPE_EXECUTABLE);
  for (const std::string& arg : args) command += " " + shell_quote(arg);
  command += " >" + shell_quote((dir / "out").string()) + " 2>" + shell_quote((dir / "err").string()) + " </dev/null";
  const int status = std::system(command.c_str());
  ProcessResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_file(dir / "out");
  result.err = read_file(dir / "err");
  std::filesystem::remove_all(dir);
  return result;
}

}  // namespace bvhscope::test
