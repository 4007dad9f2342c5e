// bvhscope's entry point: a headless subcommand, or the viewer on the given files.
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "cli/dispatch.hpp"
#include "viewer/run_viewer.hpp"

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (const auto exit_code = bvhscope::cli::run_subcommand(args, std::cout, std::cerr)) return *exit_code;
    std::vector<std::string> files;
    bvhscope::UpAxisRequest up;
    if (const int status = bvhscope::cli::parse_viewer_arguments(args, files, up, std::cerr); status != 0)
      return status;
    return bvhscope::viewer::run_viewer(files, up);
  } catch (const std::bad_alloc&) {
    // Memory follows the bytes of the input (README); this is a machine without enough of it.
    std::cerr << "bvhscope: out of memory\n";
  } catch (const std::exception& error) {
    std::cerr << "bvhscope: internal error: " << error.what() << '\n';
  } catch (...) {
    std::cerr << "bvhscope: internal error\n";
  }
  return 3;
}
