// The timeline ruler's ticks: a "nice" step for the labelled ones sized to the widest number shown,
// and where each label goes so that no two ever meet (the last one turns left of its tick at the
// track's end, or is left out when that would put it on the one before). Free of ImGui: the text
// width comes in as a function.
#pragma once

#include <functional>
#include <limits>
#include <optional>
#include <string_view>

namespace bvhscope::viewer {

// A "nice" tick step (1, 2, 5 × 10^n frames) at least `min_pixels` wide.
long tick_step(double pixels_per_frame, float min_pixels);

struct RulerSteps {
  long major = 1;  // labelled
  long minor = 1;  // every tick
};

// The steps for frame numbers `first_number`..`last_number` shown at `pixels_per_frame`: labels
// 1.6 times the widest of those numbers apart (at least five digits' room).
RulerSteps ruler_steps(long first_number, long last_number, double pixels_per_frame,
                       const std::function<float(std::string_view)>& text_width);

// Places the labels left to right along a track ending at `track_end`.
class RulerLabels {
 public:
  explicit RulerLabels(float track_end) : track_end_(track_end) {}
  // Where the label `width` wide of the tick at `tick_x` starts: right of the tick, or left of it
  // when it would pass the track's end; nullopt when it would meet the label before.
  std::optional<float> place(float tick_x, float width);

 private:
  float track_end_;
  float labels_end_ = -std::numeric_limits<float>::infinity();
};

}  // namespace bvhscope::viewer
