// One plot of the curves strip: a title row with a clickable legend (a channel on or off) and the
// unit, then the curves over the timeline's frames (its zoom and pan, shared) as per-pixel-column
// min/max bands with the mean line, a value axis that autoscales past outliers (saying how many
// frames are off-scale, with marks at the edge) or follows the user's zoom, and a read-out of the
// frame, time and values under the mouse with a hairline.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "model/curve_pyramid.hpp"
#include "model/legend_layout.hpp"
#include "model/plot_range.hpp"
#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// A series the strip can plot: one value per clip frame.
struct PlotCurve {
  std::string name;    // "Xrotation", "world" (the read-out)
  std::string legend;  // "X", "world" (the legend: the plot's title says which kind)
  int toggle = 0;      // its index in CurvePlotState::hidden (channel kind, or the speed's)
  ImU32 colour = 0;
  CurvePyramid pyramid;
  ColumnEnvelope columns;  // the last reduction drawn
};

// What one plot keeps from frame to frame (its owner: the curves panel's cache).
struct CurvePlotState {
  ValueView value;  // the user's value zoom and pan
  // The reduction and the automatic range, redone only when the visible frames, the plot's width
  // or the curves shown change.
  double first = 0.0;
  double last = -1.0;
  std::size_t columns = 0;
  unsigned shown_mask = 0;
  std::size_t frames = 0;
  RobustRange automatic;
  // For the state report: the plot's rectangle, its range, and the read-out under the mouse.
  Rect area;
  ValueRange range;
  std::string hover;                                 // "frame;name=value,..." (empty when the mouse is elsewhere)
  std::vector<std::pair<std::string, Rect>> legend;  // each entry drawn: curve name, clickable rectangle
  std::vector<LegendSlot> legend_slots;              // layout_legend's, reused
};

// Channels and the speed shown or hidden (shared by every joint): kinds 0-5, then the speed.
inline constexpr int kSpeedToggle = 6;
struct CurveToggles {
  bool hidden[7] = {};
};

inline constexpr std::size_t kMaxPlotCurves = 8;

struct CurvePlotInput {
  const char* id = "";
  const char* title = "";
  const char* unit = "";
  bool from_zero = false;  // values never below 0 (a speed): the automatic range starts at 0
  const ClipSlot* slot = nullptr;
  std::span<PlotCurve* const> curves;  // every curve of this plot, shown or hidden (at most kMaxPlotCurves)
};

// The frames of `slot` the timeline's view (`view`, in clock frames) shows: first and last, fractional.
std::pair<double, double> visible_clip_frames(const ViewerState& state, const ClipSlot& slot, const TimelineView& view);

// Draws the plot at the cursor in `size` (an ImGui group: one item to SameLine after).
void draw_curve_plot(const ImVec2& size, const CurvePlotInput& input, const ViewerState& state, CurveToggles& toggles,
                     CurvePlotState& plot, std::vector<ImVec2>& points, Actions& actions);

}  // namespace bvhscope::viewer
