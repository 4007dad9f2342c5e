// The interactive viewer: a window on the given BVH files (the bundled sample without any).
#pragma once

#include <string>
#include <vector>

#include "anim/up_axis.hpp"

namespace bvhscope::viewer {

// Opens the window and runs until it is closed, or until SIGINT, SIGTERM or SIGHUP (then the same
// shutdown runs, settings saved, and the caller ends the process by the signal with
// io::end_by_interrupt_signal()); returns the process exit code.
// `up`: the up axis asked for every file opened (--up on the command line).
int run_viewer(const std::vector<std::string>& files, UpAxisRequest up = {});

}  // namespace bvhscope::viewer
