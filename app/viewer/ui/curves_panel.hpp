// The selected joint's channels over the whole clip as plots drawn with ImDrawList: min/max
// envelopes per pixel column (so 100 000 frames lose no spike), the playhead, a hover read-out;
// dragging in a plot scrubs. Optionally the joint's world-space speed. With a comparison, the error
// over time comes first (ui/error_plot), also without a selected joint.
#pragma once

#include <cstddef>
#include <vector>

#include <imgui.h>

#include "anim/channel_curves.hpp"
#include "viewer/actions.hpp"
#include "viewer/ui/error_plot.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// Envelopes of the plotted joint, rebuilt when the clip, the joint, the mode or the plot width
// changes (never per frame); the point arrays are reused from frame to frame.
struct CurvesCache {
  int clip_id = 0;
  int joint = -1;
  int mode = -1;
  std::size_t columns = 0;
  std::size_t frames = 0;
  std::vector<int> channels;             // columns of the joint's channels, file order
  std::vector<CurveEnvelope> envelopes;  // one per channel
  bool has_speed = false;
  CurveEnvelope speed;         // metres per second
  std::vector<ImVec2> points;  // scratch polyline
  ErrorPlotCache errors;       // the comparison's plot (ui/error_plot)
};

// The strip's height for the current font (0 when there is nothing to plot).
float curves_panel_height(const ViewerState& state);
void draw_curves_panel(const Rect& area, const ViewerState& state, CurvesCache& cache, Actions& actions);

}  // namespace bvhscope::viewer
