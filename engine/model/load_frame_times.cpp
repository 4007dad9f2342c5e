#include "model/load_frame_times.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope {

namespace {

// p95 (nearest rank) and maximum of `intervals` (seconds, sorted here) in milliseconds.
void summarise(std::vector<double>& intervals, LoadFrameSummary& summary) {
  summary.frames = intervals.size();
  if (intervals.empty()) return;
  std::sort(intervals.begin(), intervals.end());
  const auto rank = static_cast<std::size_t>(std::ceil(0.95 * static_cast<double>(intervals.size())));
  summary.p95_ms = intervals[std::max<std::size_t>(rank, 1) - 1] * 1000.0;
  summary.max_ms = intervals.back() * 1000.0;
}

}  // namespace

LoadFrameTimes::LoadFrameTimes() : idle_(kIdleWindow, 0.0) { intervals_.reserve(kMaxIntervals); }

LoadFrameSummary LoadFrameTimes::idle() const {
  std::vector<double> recent(idle_.begin(), idle_.begin() + static_cast<std::ptrdiff_t>(idle_count_));
  LoadFrameSummary summary;
  summarise(recent, summary);
  for (const double interval : recent) summary.seconds += interval;
  return summary;
}

void LoadFrameTimes::frame(double now_seconds, bool loading) noexcept {
  ++frames_drawn_;
  if (was_loading_ && intervals_.size() < kMaxIntervals) intervals_.push_back(now_seconds - previous_);
  if (!was_loading_ && !loading && previous_ > 0.0) {
    idle_[idle_next_] = now_seconds - previous_;
    idle_next_ = (idle_next_ + 1) % kIdleWindow;
    idle_count_ = std::min(idle_count_ + 1, kIdleWindow);
  }
  if (loading && !was_loading_) {
    intervals_.clear();
    started_ = now_seconds;
  }
  if (!loading && was_loading_) {
    LoadFrameSummary summary;
    summary.seconds = now_seconds - started_;
    summarise(intervals_, summary);
    last_ = summary;
    ++loads_;
  }
  was_loading_ = loading;
  previous_ = now_seconds;
}

}  // namespace bvhscope
