// Overlays on the 3D view: the loading progress, the message banner (load errors as
// file:line:col, dropped files that are not BVH), and the hint shown when nothing is loaded.
#pragma once

#include <string>

#include "viewer/actions.hpp"
#include "viewer/clip_loader.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

struct LoadStatus {
  bool busy = false;
  LoadPhase phase = LoadPhase::Idle;
  const std::string* path = nullptr;  // the file being loaded
  double seconds = 0.0;
};

void draw_status_overlay(const Rect& view, const ViewerState& state, const LoadStatus& load, Actions& actions);

}  // namespace bvhscope::viewer
