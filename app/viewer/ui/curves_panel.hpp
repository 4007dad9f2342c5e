// The selected joint's channels as plots under the view (ui/curve_plot: the timeline's zoom and
// pan, min/max bands per pixel column, robust autoscale, value zoom, a read-out under the mouse,
// channels toggled from the legend), optionally the joint's world-space speed. Joints pinned to the
// strip, and with "every clip" the same joint of every clip, are plotted with it (model/curve_series:
// a colour each, the channel's axis as the line's pattern). With a comparison, the error over time
// comes first (ui/error_plot), also without a selected joint.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "model/curve_series.hpp"
#include "viewer/actions.hpp"
#include "viewer/ui/curve_plot.hpp"
#include "viewer/ui/error_plot.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// One plotted joint's curves (rebuilt when its clip's mode or frames change, never per frame).
struct SeriesCurves {
  CurveSeriesKey key;
  int mode = -1;
  std::size_t frames = 0;
  std::vector<PlotCurve> curves;  // the joint's channels in file order, then its speed (if any)
  bool has_speed = false;
  std::string label;  // the legend's name for it: the joint, or the clip when one joint spans clips
  ImU32 colour = 0;   // with several series
};

// The plotted joints' curves and each plot's view; the curves panel is their one owner.
struct CurvesCache {
  std::vector<SeriesCurves> series;  // in the strip's order (model/curve_series)
  std::uint64_t revision = 0;        // bumped by every rebuild of a series
  CurveColouring colouring = CurveColouring::Axes;
  std::uint64_t named_revision = ~std::uint64_t{0};  // the revision the curves were last named at
  std::size_t named_count = 0;
  CurveToggles toggles;        // shared by every joint
  CurvePlotState plots[3];     // position, rotation, speed
  bool drawn[3] = {};          // which were drawn in the last frame (for the state report)
  std::vector<ImVec2> points;  // scratch polyline
  ErrorPlotCache errors;       // the comparison's plot (ui/error_plot)
  // With several series, one legend over the plots (the series, then the channels' patterns).
  std::vector<LegendSlot> legend_slots;
  std::vector<std::pair<std::string, Rect>> legend;  // each entry drawn: name, rectangle
  Rect pin_button;                                   // as last drawn (the state report): pins the selected joint
  Rect clips_button;                                 // the same joint of every clip
  std::vector<CurveSeriesClip> clips_scratch;        // reused every frame: no allocation
  std::vector<CurveSeriesKey> keys_scratch;
};

inline constexpr const char* kCurvePlotNames[3] = {"position", "rotation", "speed"};

// What the strip's series choice needs of each clip (model/curve_series), in list order (into
// `out`, its storage reused).
void curve_series_clips(const ClipSet& clips, std::vector<CurveSeriesClip>& out);
std::vector<CurveSeriesClip> curve_series_clips(const ClipSet& clips);

// The strip's height for the current font (0 when there is nothing to plot).
float curves_panel_height(const ViewerState& state);
void draw_curves_panel(const Rect& area, const ViewerState& state, CurvesCache& cache, Actions& actions);

}  // namespace bvhscope::viewer
