#include "viewer/load_frame_times.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope::viewer {

LoadFrameTimes::LoadFrameTimes() { intervals_.reserve(kMaxIntervals); }

void LoadFrameTimes::frame(double now_seconds, bool loading) noexcept {
  if (was_loading_ && intervals_.size() < kMaxIntervals) intervals_.push_back(now_seconds - previous_);
  if (loading && !was_loading_) {
    intervals_.clear();
    started_ = now_seconds;
  }
  if (!loading && was_loading_) {
    LoadFrameSummary summary;
    summary.frames = intervals_.size();
    summary.seconds = now_seconds - started_;
    if (!intervals_.empty()) {
      std::sort(intervals_.begin(), intervals_.end());
      // Nearest-rank p95: the smallest interval at or above 95 % of them.
      const auto rank = static_cast<std::size_t>(std::ceil(0.95 * static_cast<double>(intervals_.size())));
      summary.p95_ms = intervals_[std::max<std::size_t>(rank, 1) - 1] * 1000.0;
      summary.max_ms = intervals_.back() * 1000.0;
    }
    last_ = summary;
    ++loads_;
  }
  was_loading_ = loading;
  previous_ = now_seconds;
}

}  // namespace bvhscope::viewer
