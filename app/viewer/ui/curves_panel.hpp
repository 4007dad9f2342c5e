// The selected joint's channels as plots under the view (ui/curve_plot: the timeline's zoom and
// pan, min/max bands per pixel column, robust autoscale, value zoom, a read-out under the mouse,
// channels toggled from the legend), optionally the joint's world-space speed. With a comparison,
// the error over time comes first (ui/error_plot), also without a selected joint.
#pragma once

#include <cstddef>
#include <vector>

#include <imgui.h>

#include "viewer/actions.hpp"
#include "viewer/ui/curve_plot.hpp"
#include "viewer/ui/error_plot.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// The plotted joint's series (rebuilt when the clip, the joint, the mode or the frames change,
// never per frame) and each plot's view; the curves panel is their one owner.
struct CurvesCache {
  int clip_id = 0;
  int joint = -1;
  int mode = -1;
  std::size_t frames = 0;
  std::vector<PlotCurve> curves;  // the joint's channels in file order, then its speed (if any)
  bool has_speed = false;
  CurveToggles toggles;        // shared by every joint
  CurvePlotState plots[3];     // position, rotation, speed
  bool drawn[3] = {};          // which were drawn in the last frame (for the state report)
  std::vector<ImVec2> points;  // scratch polyline
  ErrorPlotCache errors;       // the comparison's plot (ui/error_plot)
};

inline constexpr const char* kCurvePlotNames[3] = {"position", "rotation", "speed"};

// The strip's height for the current font (0 when there is nothing to plot).
float curves_panel_height(const ViewerState& state);
void draw_curves_panel(const Rect& area, const ViewerState& state, CurvesCache& cache, Actions& actions);

}  // namespace bvhscope::viewer
