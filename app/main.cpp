// bvhscope's entry point: a headless subcommand, or the viewer on the given files.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli/dispatch.hpp"
#include "viewer/run_viewer.hpp"

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (const auto exit_code = bvhscope::cli::run_subcommand(args, std::cout, std::cerr)) return *exit_code;
    return bvhscope::viewer::run_viewer(args);
  } catch (const std::exception& error) {
    std::cerr << "bvhscope: internal error: " << error.what() << '\n';
  } catch (...) {
    std::cerr << "bvhscope: internal error\n";
  }
  return 3;
}
