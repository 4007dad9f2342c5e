// The view buttons, at the right end of the menu bar (over no part of the 3D view, so they never
// hide the figure), as Blender's navigation gizmo offers them: Front, Right and Top (a second click,
// or Ctrl+click: Back, Left and Bottom), and Persp/Ortho; the named view the camera looks from lit.
// The keys are Blender's numpad (viewer_frame.cpp); the View menu's Viewpoint has them too.
#pragma once

#include "model/orbit_camera.hpp"
#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"

namespace bvhscope::viewer {

// Where the buttons were drawn (for tests: where to click); empty when not drawn.
struct ViewButtonsState {
  Rect front;
  Rect right;
  Rect top;
  Rect projection;
};

// Inside the menu bar, right-aligned.
void draw_view_buttons(const OrbitCamera& camera, ViewButtonsState& drawn, Actions& actions);

}  // namespace bvhscope::viewer
