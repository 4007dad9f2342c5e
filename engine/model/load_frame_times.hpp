// How smooth the UI stays while files load: the time between consecutive frames on screen during
// each load (from the first frame that sees it busy to the first that sees it idle), summarised
// as the p95 and the worst interval of the last load, and the same over recent idle frames as the
// baseline. The state file reports them (bench/progressive_load.cpp reads them).
#pragma once

#include <cstddef>
#include <vector>

namespace bvhscope {

struct LoadFrameSummary {
  std::size_t frames = 0;  // intervals measured
  double p95_ms = 0.0;
  double max_ms = 0.0;
  double seconds = 0.0;  // how long the load kept the loader busy, as the frame loop saw it
};

class LoadFrameTimes {
 public:
  LoadFrameTimes();
  // Once per frame, after the frame is on screen: the wall clock, and whether a load is running.
  // Allocates nothing (the interval store is sized once; a longer load keeps its first ones).
  void frame(double now_seconds, bool loading) noexcept;
  // The last load that ended (all zeros before the first).
  [[nodiscard]] const LoadFrameSummary& last_load() const noexcept { return last_; }
  [[nodiscard]] std::size_t loads() const noexcept { return loads_; }
  // Every frame drawn so far (calls to frame()): a viewer that sleeps while nothing moves draws none.
  [[nodiscard]] std::size_t frames_drawn() const noexcept { return frames_drawn_; }
  // The same figures over the last frames drawn while nothing loaded (up to kIdleWindow of them):
  // the baseline the load's figures compare with.
  [[nodiscard]] LoadFrameSummary idle() const;

 private:
  static constexpr std::size_t kMaxIntervals = 1 << 16;
  static constexpr std::size_t kIdleWindow = 512;
  std::vector<double> intervals_;
  std::vector<double> idle_;  // a ring of kIdleWindow
  std::size_t idle_next_ = 0;
  std::size_t idle_count_ = 0;
  double previous_ = 0.0;
  double started_ = 0.0;
  bool was_loading_ = false;
  std::size_t loads_ = 0;
  std::size_t frames_drawn_ = 0;
  LoadFrameSummary last_;
};

}  // namespace bvhscope
