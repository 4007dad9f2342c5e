#include "model/error_scale.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <glm/common.hpp>

namespace bvhscope {
namespace {

// Stops at 0, 1/4, 1/2, 3/4 and 1 of the scale.
constexpr std::array<glm::vec3, 5> kStops = {{
    {0.93f, 0.94f, 0.90f},  // near white: no error
    {0.98f, 0.90f, 0.45f},  // pale yellow
    {1.00f, 0.76f, 0.12f},  // amber
    {0.96f, 0.45f, 0.10f},  // orange
    {0.86f, 0.12f, 0.12f},  // red: the top of the scale and beyond
}};

}  // namespace

glm::vec3 error_colour(double error, double top) noexcept {
  const double t = top > 0.0 && std::isfinite(error) ? std::clamp(error / top, 0.0, 1.0) : (error > 0.0 ? 1.0 : 0.0);
  const double scaled = t * static_cast<double>(kStops.size() - 1);
  const auto low = std::min(static_cast<std::size_t>(scaled), kStops.size() - 2);
  const auto fraction = static_cast<float>(scaled - static_cast<double>(low));
  return glm::mix(kStops[low], kStops[low + 1], fraction);
}

}  // namespace bvhscope
