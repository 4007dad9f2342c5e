// Opening files, what waits for the next frame or the next load: paths dropped on the window, the
// up axis asked for files opened from now on (--up), and a comparison to start with the first clip
// that loads (--compare).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "anim/up_axis.hpp"
#include "model/compare_start.hpp"

namespace bvhscope::viewer {

struct OpenRequests {
  std::vector<std::string> drops;  // from GLFW's drop callback, opened at the next frame
  UpAxisRequest default_up;
  std::optional<CompareStart> pending_comparison;
};

}  // namespace bvhscope::viewer
