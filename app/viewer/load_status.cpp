#include "viewer/load_status.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope::viewer {

double load_fraction(const LoadStatus& load) noexcept {
  if (load.frames > 0 && load.expected_frames > 0)
    return std::min(1.0, static_cast<double>(load.frames) / static_cast<double>(load.expected_frames));
  return load.fraction;
}

LoadStatus steady_load_status(const LoadStatus& live, LoadStatus& shown, std::string& shown_path) {
  const bool moves_on_its_own = !(load_fraction(live) > 0.0);
  const bool same_load = live.busy && shown.busy && live.phase == shown.phase && live.waiting == shown.waiting &&
                         live.file_number == shown.file_number && live.file_count == shown.file_count &&
                         live.expected_frames == shown.expected_frames && live.path != nullptr &&
                         *live.path == shown_path;
  // The seconds as "%.1f" prints them: a new tenth shows at once, and with it the other figures.
  const bool same_tenth = std::lround(live.seconds * 10.0) == std::lround(shown.seconds * 10.0);
  if (!moves_on_its_own && same_load && same_tenth) {
    LoadStatus held = shown;
    held.path = live.path;
    return held;
  }
  shown = live;
  if (live.path != nullptr) shown_path = *live.path;
  return live;
}

}  // namespace bvhscope::viewer
