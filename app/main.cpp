// bvhscope's entry point: a headless subcommand, or the viewer on the given files.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "cli/dispatch.hpp"
#include "cli/ui_rendering.hpp"
#include "io/atomic_file.hpp"
#include "io/output_stream.hpp"
#include "viewer/offscreen_render.hpp"
#include "viewer/run_viewer.hpp"

namespace {

// A standard descriptor closed by the caller (`bvhscope info F >&-`) is opened on /dev/null with
// the wrong direction: writing standard output then fails with EBADF and is reported, and no file
// the program opens later (an input, an output's temporary file) can take descriptor 1 and
// receive what was meant for standard output.
void keep_standard_descriptors_taken() {
  for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int placeholder = ::open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
    if (placeholder >= 0 && placeholder != fd) {
      ::dup2(placeholder, fd);
      ::close(placeholder);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  keep_standard_descriptors_taken();
  bvhscope::cli::provide_ui_rendering({bvhscope::viewer::render_ui_still, bvhscope::viewer::render_ui_video});
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    // Standard output, every write checked: a full disk or a closed descriptor is an error with
    // its reason, never a silent exit 0.
    bvhscope::io::OutputStream out(STDOUT_FILENO);
    if (const auto exit_code = bvhscope::cli::run_subcommand(args, out, std::cerr)) return *exit_code;
    bvhscope::cli::ViewerArguments viewer;
    if (const int status = bvhscope::cli::parse_viewer_arguments(args, viewer, std::cerr); status != 0) return status;
    const int status = bvhscope::viewer::run_viewer(viewer.files, viewer.up, viewer.compare, std::move(viewer.reading));
    // Closed by SIGINT, SIGTERM or SIGHUP (settings saved): end by that signal, as callers expect.
    bvhscope::io::end_by_interrupt_signal();
    return status;
  } catch (const std::bad_alloc&) {
    // Memory follows the bytes of the input (README); this is a machine without enough of it. A worker
    // thread that runs out stops the others and hands its std::bad_alloc to the thread that waits for it.
    std::cerr << "bvhscope: out of memory\n";
  } catch (const std::system_error& error) {
    // A thread that could not be started (no memory for its stack) where no other can do its work.
    if (error.code() == std::errc::resource_unavailable_try_again || error.code() == std::errc::not_enough_memory) {
      std::cerr << "bvhscope: out of memory (" << error.what() << ")\n";
    } else {
      std::cerr << "bvhscope: internal error: " << error.what() << '\n';
    }
  } catch (const std::exception& error) {
    std::cerr << "bvhscope: internal error: " << error.what() << '\n';
  } catch (...) {
    std::cerr << "bvhscope: internal error\n";
  }
  return 3;  // an internal error (cli::kExitInternal)
}
