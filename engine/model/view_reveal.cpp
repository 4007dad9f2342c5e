#include "model/view_reveal.hpp"

#include <algorithm>

namespace bvhscope {

float lift_clear_of(std::span<const glm::vec2> points, std::span<const LabelBox> covers, float view_top,
                    float margin) noexcept {
  float lift = 0.0f;
  float highest = 0.0f;
  bool any = false;
  for (const glm::vec2& p : points) {
    highest = any ? std::min(highest, p.y) : p.y;
    any = true;
    for (const LabelBox& cover : covers) {
      if (p.x >= cover.min.x && p.x <= cover.max.x && p.y >= cover.min.y && p.y <= cover.max.y)
        lift = std::max(lift, p.y - (cover.min.y - margin));
    }
  }
  if (!any || lift <= 0.0f) return 0.0f;
  return std::max(std::min(lift, highest - (view_top + margin)), 0.0f);
}

void CameraGlide::begin(glm::vec3 from_target, glm::vec3 to_target, double now, double duration) noexcept {
  from = from_target;
  to = to_target;
  start = now;
  seconds = duration;
  active = true;
}

glm::vec3 CameraGlide::at(double now) noexcept {
  const double t = seconds > 0.0 ? std::clamp((now - start) / seconds, 0.0, 1.0) : 1.0;
  if (t >= 1.0) active = false;
  const auto eased = static_cast<float>(t * t * (3.0 - 2.0 * t));
  return from + (to - from) * eased;
}

}  // namespace bvhscope
