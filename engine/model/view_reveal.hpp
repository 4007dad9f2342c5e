// Keeping what was just selected in sight (issue 34, item 4): the curves strip and the compare
// legend lie over the view's bottom on purpose (opening them never moves the figure), so a
// selection that ends up under one is revealed by easing the view up, not by a jump. The lift it
// takes, and the eased move of the camera's target. No GL, no ImGui.
#pragma once

#include <span>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "model/label_layout.hpp"

namespace bvhscope {

// How many pixels the view must move up so that every point lying under one of `covers` (window
// pixels, y down) clears its top by `margin`; 0 when none lies under one (a point just above a
// cover stays where it is). Never so far that the
// highest point would leave the view's top (`view_top` + `margin`): then as far as that allows.
[[nodiscard]] float lift_clear_of(std::span<const glm::vec2> points, std::span<const LabelBox> covers, float view_top,
                                  float margin) noexcept;

// An eased move of the camera's target (smoothstep from `from` to `to` over `seconds`).
struct CameraGlide {
  glm::vec3 from{0.0f};
  glm::vec3 to{0.0f};
  double start = 0.0;
  double seconds = 0.0;
  bool active = false;

  void begin(glm::vec3 from_target, glm::vec3 to_target, double now, double duration) noexcept;
  // The target at `now`; the glide ends (active false) once `now` reaches its end.
  [[nodiscard]] glm::vec3 at(double now) noexcept;
};

}  // namespace bvhscope
