// A per-frame series (a channel, a speed) with min/max/sum summaries of every power-of-two run of
// frames, so that the plot's per-pixel-column envelope of any frame range costs O(columns × log
// frames), not O(frames): a 135 000-frame clip zoomed out or in draws in a few hundred columns.
#pragma once

#include <cstddef>
#include <vector>

namespace bvhscope {

// Per plot column: the smallest, largest and mean value of its frames (count 0: no frame falls in
// it, as when zoomed in to fewer frames than columns).
struct ColumnEnvelope {
  std::vector<float> low;
  std::vector<float> high;
  std::vector<float> mean;
  std::vector<std::size_t> count;
};

class CurvePyramid {
 public:
  CurvePyramid() = default;
  explicit CurvePyramid(std::vector<float> values);

  [[nodiscard]] std::size_t size() const noexcept { return values_.size(); }
  [[nodiscard]] const std::vector<float>& values() const noexcept { return values_; }

  struct Reduction {
    float low = 0.0f;
    float high = 0.0f;
    double sum = 0.0;
  };
  // Frames first..last (inclusive, first <= last < size()).
  [[nodiscard]] Reduction reduce(std::size_t first, std::size_t last) const noexcept;

  // `columns` columns across the fractional frames [first, last] (the plot's x axis): column c
  // holds the whole frames f with c <= (f - first) / (last - first) × columns < c + 1 (the frame at
  // `last` in the last column), frames outside 0..size()-1 left out.
  void columns(double first, double last, std::size_t columns, ColumnEnvelope& out) const;

 private:
  std::vector<float> values_;
  // Level k (k >= 1) summarises runs of 2^k frames: run i covers frames i·2^k .. (i+1)·2^k - 1.
  std::vector<std::vector<float>> low_;
  std::vector<std::vector<float>> high_;
  std::vector<std::vector<double>> sum_;
};

}  // namespace bvhscope
