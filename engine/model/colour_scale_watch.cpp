#include "model/colour_scale_watch.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope {

ColourScaleView& ColourScaleWatch::next_view() noexcept {
  next_.reference_id = 0;
  next_.top_metres = 0.0;
  next_.clips_with_results.clear();
  next_.complete = false;
  return next_;
}

std::optional<ColourScaleChange> ColourScaleWatch::update(const ColourScaleView& now) {
  if (!now.complete) return std::nullopt;
  std::optional<ColourScaleChange> change;
  const ColourScaleView& before = last_complete_;
  const bool moved = std::abs(now.top_metres - before.top_metres) > 1e-9 * std::max(now.top_metres, 1.0);
  if (before.reference_id != 0 && now.reference_id == before.reference_id && before.top_metres > 0.0 &&
      now.top_metres > 0.0 && moved) {
    ColourScaleChange joined{{}, before.top_metres, now.top_metres};
    for (const int id : now.clips_with_results) {
      if (std::find(before.clips_with_results.begin(), before.clips_with_results.end(), id) ==
          before.clips_with_results.end())
        joined.joined.push_back(id);
    }
    if (!joined.joined.empty()) change = std::move(joined);
  }
  last_complete_ = now;
  return change;
}

}  // namespace bvhscope
