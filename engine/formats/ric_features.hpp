// HumanML3D's motion feature vectors (and KIT-ML's, the same layout for 21 joints) turned back into
// joint positions, as the dataset's own recover_from_ric does: per frame, the root's yaw velocity,
// its x/z velocity in the facing frame, its height, then every other joint's position relative to
// the root in the facing frame (rotation features, velocities and foot contacts follow; unused).
// The facing angle is the yaw velocities summed from 0 at the first frame, applied about +Y; the
// root's ground position the facing-frame velocities turned back and summed from the origin.
#pragma once

#include <cstddef>
#include <span>

namespace bvhscope {

// The number of features a frame has for `joints` joints: 4 + 3(J-1) + 6(J-1) + 3J + 4 (263 for 22
// joints, 251 for 21).
constexpr std::size_t ric_feature_count(std::size_t joints) noexcept {
  return 4 + 3 * (joints - 1) + 6 * (joints - 1) + 3 * joints + 4;
}

// `features`: frames × ric_feature_count(joints) values, frame-major. `positions` (frames × joints
// × 3, frame-major, joints in the dataset's order, the root first) receives the decoded positions.
void decode_ric_features(std::span<const double> features, std::size_t frames, std::size_t joints,
                         std::span<float> positions);

}  // namespace bvhscope
