#include "viewer/ui/ruler_ticks.hpp"

#include <algorithm>
#include <cstdio>

namespace bvhscope::viewer {

long tick_step(double pixels_per_frame, float min_pixels) {
  long step = 1;
  for (int guard = 0; guard < 12; ++guard) {
    for (const long factor : {1L, 2L, 5L}) {
      if (static_cast<double>(step * factor) * pixels_per_frame >= static_cast<double>(min_pixels))
        return step * factor;
    }
    step *= 10;
  }
  return step;
}

RulerSteps ruler_steps(long first_number, long last_number, double pixels_per_frame,
                       const std::function<float(std::string_view)>& text_width) {
  float widest = text_width("00000");
  char number[24];
  for (const long end : {first_number, last_number}) {
    std::snprintf(number, sizeof(number), "%ld", end);
    widest = std::max(widest, text_width(number));
  }
  RulerSteps steps;
  steps.major = tick_step(pixels_per_frame, widest * 1.6f);
  steps.minor = std::max(1L, steps.major / (steps.major % 5 == 0 ? 5 : 2));
  return steps;
}

std::optional<float> RulerLabels::place(float tick_x, float width) {
  constexpr float kFromTick = 3.0f;  // the gap between a tick and its label
  constexpr float kBetween = 6.0f;   // the least room between two labels
  const float left = tick_x + kFromTick + width > track_end_ - 2.0f ? tick_x - kFromTick - width : tick_x + kFromTick;
  if (left < labels_end_ + kBetween) return std::nullopt;
  labels_end_ = left + width;
  return left;
}

}  // namespace bvhscope::viewer
