#include "cli/progress_line.hpp"

#include <string>

#include <unistd.h>

namespace bvhscope::cli {

bool stderr_is_terminal() noexcept { return ::isatty(STDERR_FILENO) == 1; }

void draw_progress(std::ostream& err, std::size_t finished, std::size_t total, std::size_t running,
                   std::string_view working) {
  constexpr std::size_t kWidth = 24;
  const std::size_t filled = total > 0 ? finished * kWidth / total : kWidth;
  err << "\r\033[K[" << std::string(filled, '#') << std::string(kWidth - filled, '.') << "] " << finished << " of "
      << total << " files, " << running << ' ' << working << std::flush;
}

void clear_progress(std::ostream& err) { err << "\r\033[K" << std::flush; }

}  // namespace bvhscope::cli
