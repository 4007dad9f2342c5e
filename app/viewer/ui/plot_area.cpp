#include "viewer/ui/plot_area.hpp"

#include <algorithm>
#include <cmath>

namespace bvhscope::viewer {

void PlotArea::set_frames(double from, double to, std::size_t count) {
  frames = std::max<std::size_t>(count, 1);
  first = from;
  last = to > from ? to : from + 1.0;
}

float PlotArea::x_of(double frame) const {
  return min.x + static_cast<float>((frame - first) / (last - first)) * (max.x - min.x);
}

float PlotArea::y_of(float value) const {
  const float t = high > low ? (value - low) / (high - low) : 0.5f;
  return max.y - t * (max.y - min.y);
}

float PlotArea::value_at(float y) const { return low + (max.y - y) / (max.y - min.y) * (high - low); }

double PlotArea::fractional_frame_at(float x) const {
  return first + static_cast<double>((x - min.x) / (max.x - min.x)) * (last - first);
}

double PlotArea::frame_at(float x) const {
  return std::clamp(std::round(fractional_frame_at(x)), 0.0, static_cast<double>(frames - 1));
}

void fit_range(PlotArea& area, float low, float high, bool from_zero) {
  if (from_zero) low = 0.0f;
  if (!(high > low)) {
    if (!from_zero) low -= 1.0f;
    high += 1.0f;
  }
  const float margin = (high - low) * 0.08f;
  area.low = from_zero ? 0.0f : low - margin;
  area.high = high + margin;
}

void draw_envelope(ImDrawList* draw, const PlotArea& area, const CurveEnvelope& envelope, ImU32 colour,
                   std::vector<ImVec2>& points, std::size_t first_frame) {
  const std::size_t buckets = envelope.low.size();
  if (buckets == 0) return;
  const double per = static_cast<double>(envelope.frames_per_bucket);
  const auto first = static_cast<double>(first_frame);
  points.clear();
  for (std::size_t b = 0; b < buckets; ++b) {
    const double frame =
        std::min(first + static_cast<double>(b) * per + (per - 1.0) * 0.5, static_cast<double>(area.frames - 1));
    const float x = area.x_of(frame);
    const float y_low = area.y_of(envelope.low[b]);
    const float y_high = area.y_of(envelope.high[b]);
    if (y_low - y_high > 1.0f) draw->AddLine(ImVec2(x, y_high), ImVec2(x, y_low), with_alpha(colour, 110), 1.0f);
    points.emplace_back(x, (y_low + y_high) * 0.5f);
  }
  draw->AddPolyline(points.data(), static_cast<int>(points.size()), colour, ImDrawFlags_None, 1.5f);
}

ImU32 with_alpha(ImU32 colour, int alpha) { return (colour & 0x00FFFFFFu) | (static_cast<ImU32>(alpha) << 24); }

}  // namespace bvhscope::viewer
