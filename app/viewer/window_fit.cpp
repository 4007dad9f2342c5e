#include "viewer/window_fit.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope::viewer {

ScreenRect fit_window(int width, int height, bool saved, const ScreenRect& work_area, float scale) noexcept {
  if (work_area.width <= 0 || work_area.height <= 0) return {0, 0, width, height};
  const float s = scale > 0.0f ? scale : 1.0f;
  const float share = saved ? 1.0f : kDefaultWindowShare;
  const auto fit = [&](int asked, int available) {
    const int limit = std::max(static_cast<int>(std::floor(static_cast<float>(available) * share / s)), 1);
    return std::clamp(asked, 1, limit);
  };
  ScreenRect rect;
  rect.width = fit(width, work_area.width);
  rect.height = fit(height, work_area.height);
  const auto pixels = [&](int size) { return static_cast<int>(std::lround(static_cast<float>(size) * s)); };
  rect.x = work_area.x + std::max((work_area.width - pixels(rect.width)) / 2, 0);
  rect.y = work_area.y + std::max((work_area.height - pixels(rect.height)) / 2, 0);
  return rect;
}

}  // namespace bvhscope::viewer
