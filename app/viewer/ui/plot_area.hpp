// The pieces every plot under the view shares: frames and values to pixels, a value range with a
// margin, and a min/max envelope drawn as a line with its spread.
#pragma once

#include <cstddef>
#include <vector>

#include <imgui.h>

#include "model/channel_curves.hpp"

namespace bvhscope::viewer {

inline constexpr ImU32 kPlotBackground = IM_COL32(24, 26, 29, 255);
inline constexpr ImU32 kPlotGridLine = IM_COL32(52, 56, 62, 255);
inline constexpr ImU32 kPlotZeroLine = IM_COL32(80, 85, 94, 255);
inline constexpr ImU32 kPlotLabel = IM_COL32(150, 155, 164, 255);

struct PlotArea {
  ImVec2 min;
  ImVec2 max;
  float low = 0.0f;
  float high = 1.0f;
  std::size_t frames = 1;  // the series has frames 0 .. frames - 1
  double first = 0.0;      // the x axis: from frame `first` at min.x to `last` at max.x (fractional)
  double last = 0.0;
  // The x axis over all of a series of `count` frames.
  void set_frames(std::size_t count) { set_frames(0.0, count > 1 ? static_cast<double>(count - 1) : 1.0, count); }
  // The x axis from `from` to `to` (a zoomed view) of a series of `count` frames.
  void set_frames(double from, double to, std::size_t count);
  [[nodiscard]] float x_of(double frame) const;
  [[nodiscard]] float y_of(float value) const;
  [[nodiscard]] float value_at(float y) const;
  [[nodiscard]] double fractional_frame_at(float x) const;  // not clamped
  [[nodiscard]] double frame_at(float x) const;             // the whole frame under x (clamped to the series)
};

// Range [low, high] with a margin, never empty; with `from_zero` the range starts at 0 exactly.
void fit_range(PlotArea& area, float low, float high, bool from_zero = false);

// The envelope's buckets as a polyline through their middles, with each bucket's spread as a faint
// vertical line; `first_frame` is the frame of its first bucket's first frame.
void draw_envelope(ImDrawList* draw, const PlotArea& area, const CurveEnvelope& envelope, ImU32 colour,
                   std::vector<ImVec2>& points, std::size_t first_frame = 0);

ImU32 with_alpha(ImU32 colour, int alpha);

}  // namespace bvhscope::viewer
