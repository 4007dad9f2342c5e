// Watches the comparison's automatic error colour scale for a change that a clip joining brings:
// the scale's top is the largest error of all compared clips, so a dropped clip with larger errors
// lightens every other clip's colours; the viewer says so rather than re-scaling in silence.
#pragma once

#include <optional>
#include <vector>

namespace bvhscope {

// The scale as one frame sees it: the reference, the top in metres (0: none), the compared clips
// that have a result, and whether every compared clip has one (no result still to come).
struct ColourScaleView {
  int reference_id = 0;
  double top_metres = 0.0;
  std::vector<int> clips_with_results;
  bool complete = false;
};

// What changed: the clips that joined and the top before and after.
struct ColourScaleChange {
  std::vector<int> joined;
  double from_metres = 0.0;
  double to_metres = 0.0;
};

class ColourScaleWatch {
 public:
  // A change to report: the last complete view had the same reference and another top, and clips
  // joined since it. Results arriving one by one for clips compared together are no change.
  [[nodiscard]] std::optional<ColourScaleChange> update(const ColourScaleView& now);
  // A view to fill for update, emptied, its storage kept (a frame allocates nothing).
  [[nodiscard]] ColourScaleView& next_view() noexcept;

 private:
  ColourScaleView last_complete_;
  ColourScaleView next_;
};

}  // namespace bvhscope
