// Overlays on the 3D view: the loading progress, the message banner (load errors as
// file:line:col, dropped files that are not BVH), and the hint shown when nothing is loaded.
#pragma once

#include <cstddef>
#include <string>

#include "viewer/actions.hpp"
#include "viewer/load_status.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// A PNG sequence being written: its progress bar and Cancel button.
struct ExportStatus {
  bool active = false;
  float progress = 0.0f;
  std::size_t done = 0;
  std::size_t total = 0;
  const char* what = "PNG sequence";  // "Writing <what>: frame K of N"
};

void draw_status_overlay(const Rect& view, const ViewerState& state, const LoadStatus& load,
                         const ExportStatus& exporting, Actions& actions);

}  // namespace bvhscope::viewer
