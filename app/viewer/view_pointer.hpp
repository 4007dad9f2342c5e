// The mouse over the 3D view between frames: the button of a drag that began in the view, where a
// left press began (a press released close to it is a click that picks), and the hover pick's
// memory (where and through which camera it last looked, the projected joints it reuses).
#pragma once

#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "gfx/skeleton_pass.hpp"
#include "model/clip_set.hpp"
#include "viewer/ui/layout.hpp"

namespace bvhscope::viewer {

// A joint of a clip in the view: slot -1 for none.
struct ViewPick {
  int slot = -1;
  int joint = -1;
};

struct ViewPointer {
  // The front-most joint or bone of a visible clip at window point (x, y), as drawn by `pass` in
  // `view` through `view_projection`, within `radius` pixels of a joint's dot.
  ViewPick pick(const ClipSet& clips, const gfx::SkeletonPass& pass, const Rect& view, const glm::mat4& view_projection,
                float radius, float x, float y);

  int drag_button = -1;  // the button of a drag that began in the view (-1: none)
  glm::vec2 press_position{0.0f};
  bool press_in_view = false;
  std::vector<glm::vec3> pick_scratch;  // projected joints, reused by every pick (hover: every frame)
  glm::vec2 hover_mouse{-1.0f};         // where the last hover pick was made, and from which view
  glm::mat4 hover_view_projection{0.0f};

  // The next hover picks again (the scene changed under the mouse).
  void forget_hover() noexcept { hover_mouse = glm::vec2(-1.0f); }
};

}  // namespace bvhscope::viewer
