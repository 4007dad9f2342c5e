#include "formats/ric_features.hpp"

#include <cmath>

namespace bvhscope {
namespace {

// v turned by the inverse of the facing quaternion (cos a, 0, sin a, 0): a turn by -2a about +Y.
void turn_back(double half_angle, double x, double y, double z, double out[3]) {
  const double angle = -2.0 * half_angle;
  const double c = std::cos(angle);
  const double s = std::sin(angle);
  out[0] = c * x + s * z;
  out[1] = y;
  out[2] = -s * x + c * z;
}

}  // namespace

void decode_ric_features(std::span<const double> features, std::size_t frames, std::size_t joints,
                         std::span<float> positions) {
  const std::size_t width = ric_feature_count(joints);
  double half_angle = 0.0;  // the facing angle's half at frame f
  double root_x = 0.0;
  double root_z = 0.0;
  for (std::size_t f = 0; f < frames; ++f) {
    const double* row = features.data() + f * width;
    if (f > 0) {
      const double* previous = row - width;
      half_angle += previous[0];
      double step[3];
      turn_back(half_angle, previous[1], 0.0, previous[2], step);
      root_x += step[0];
      root_z += step[2];
    }
    float* out = positions.data() + f * joints * 3;
    out[0] = static_cast<float>(root_x);
    out[1] = static_cast<float>(row[3]);
    out[2] = static_cast<float>(root_z);
    for (std::size_t j = 1; j < joints; ++j) {
      const double* local = row + 4 + (j - 1) * 3;
      double world[3];
      turn_back(half_angle, local[0], local[1], local[2], world);
      out[j * 3 + 0] = static_cast<float>(world[0] + root_x);
      out[j * 3 + 1] = static_cast<float>(world[1]);
      out[j * 3 + 2] = static_cast<float>(world[2] + root_z);
    }
  }
}

}  // namespace bvhscope
