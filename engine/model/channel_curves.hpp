// Channel curves for plotting: a channel's values over the clip reduced to per-column min/max
// envelopes, so a 100 000-frame curve draws in a few hundred segments without losing spikes.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "anim/motion.hpp"

namespace bvhscope {

struct CurveEnvelope {
  std::vector<float> low;   // per bucket: the smallest value of its frames
  std::vector<float> high;  // per bucket: the largest value of its frames
  float lowest = 0.0f;      // over the whole clip
  float highest = 0.0f;
  std::size_t frames_per_bucket = 1;
};

// Buckets of consecutive frames, at most `max_buckets` of them (one frame each when the clip is short).
CurveEnvelope channel_envelope(const Motion& motion, int channel, std::size_t max_buckets);
// The same for any per-frame series (joint speed, for example).
CurveEnvelope series_envelope(std::span<const float> values, std::size_t max_buckets);

}  // namespace bvhscope
