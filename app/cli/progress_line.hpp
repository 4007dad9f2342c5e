// The progress line of commands that work through many files, on a terminal's stderr:
// "[#######.............] 3 of 12 files, 2 rendering", redrawn in place and cleared at the end.
#pragma once

#include <cstddef>
#include <ostream>
#include <string_view>

namespace bvhscope::cli {

// Whether stderr is a terminal (a progress line only makes sense there).
bool stderr_is_terminal() noexcept;
// `working`: what the running files are doing ("rendering", "retargeting").
void draw_progress(std::ostream& err, std::size_t finished, std::size_t total, std::size_t running,
                   std::string_view working);
void clear_progress(std::ostream& err);

}  // namespace bvhscope::cli
