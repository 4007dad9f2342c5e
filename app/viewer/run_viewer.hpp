// The interactive viewer: a window on the given BVH files (the bundled sample without any).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "anim/up_axis.hpp"
#include "model/clip_loader.hpp"
#include "model/compare_start.hpp"

namespace bvhscope::viewer {

// Opens the window and runs until it is closed, or until SIGINT, SIGTERM or SIGHUP (then the same
// shutdown runs, settings saved, and the caller ends the process by the signal with
// io::end_by_interrupt_signal()); returns the process exit code.
// `up`: the up axis asked for every file opened (--up on the command line); `compare`: the first
// file that loads becomes the reference of a comparison with these options (--compare); `reading`:
// how every file is read (--skeleton, --mean/--std, --key, --source-fps).
int run_viewer(const std::vector<std::string>& files, UpAxisRequest up = {},
               std::optional<CompareStart> compare = std::nullopt, FileReading reading = {});

}  // namespace bvhscope::viewer
