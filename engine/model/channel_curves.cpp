#include "model/channel_curves.hpp"

#include <algorithm>

namespace bvhscope {
namespace {

template <typename ValueAt>
CurveEnvelope envelope(std::size_t count, std::size_t max_buckets, ValueAt value_at) {
  CurveEnvelope curve;
  if (count == 0 || max_buckets == 0) return curve;
  curve.frames_per_bucket = (count + max_buckets - 1) / max_buckets;
  const std::size_t buckets = (count + curve.frames_per_bucket - 1) / curve.frames_per_bucket;
  curve.low.resize(buckets);
  curve.high.resize(buckets);
  curve.lowest = curve.highest = value_at(0);
  for (std::size_t b = 0; b < buckets; ++b) {
    const std::size_t first = b * curve.frames_per_bucket;
    const std::size_t last = std::min(count, first + curve.frames_per_bucket);
    float low = value_at(first);
    float high = low;
    for (std::size_t f = first + 1; f < last; ++f) {
      const float v = value_at(f);
      low = std::min(low, v);
      high = std::max(high, v);
    }
    curve.low[b] = low;
    curve.high[b] = high;
    curve.lowest = std::min(curve.lowest, low);
    curve.highest = std::max(curve.highest, high);
  }
  return curve;
}

}  // namespace

CurveEnvelope channel_envelope(const Motion& motion, int channel, std::size_t max_buckets) {
  const auto stride = static_cast<std::size_t>(motion.channel_count);
  return envelope(motion.frame_count, max_buckets,
                  [&](std::size_t f) { return motion.values[f * stride + static_cast<std::size_t>(channel)]; });
}

CurveEnvelope series_envelope(std::span<const float> values, std::size_t max_buckets) {
  return envelope(values.size(), max_buckets, [&](std::size_t f) { return values[f]; });
}

}  // namespace bvhscope
