// The interactive viewer: a window on the given BVH files (the bundled sample without any).
#pragma once

#include <string>
#include <vector>

namespace bvhscope::viewer {

// Opens the window and runs until it is closed; returns the process exit code.
int run_viewer(const std::vector<std::string>& files);

}  // namespace bvhscope::viewer
