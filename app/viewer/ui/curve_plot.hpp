// One plot of the curves strip: a title row with a clickable legend (a channel on or off) and the
// unit, then the curves over the timeline's frames (its zoom and pan, shared) as per-pixel-column
// min/max bands with the mean line, a value axis that autoscales past outliers (saying how many
// frames are off-scale, with marks at the edge) or follows the user's zoom, and a read-out of the
// frame, time and values under the mouse with a hairline.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <imgui.h>

#include "model/curve_pyramid.hpp"
#include "model/curve_series.hpp"
#include "model/legend_layout.hpp"
#include "model/plot_range.hpp"
#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// How a curve's line is drawn: with several series, a channel's axis (X solid, Y dashed, Z dotted)
// as colour tells the series apart.
enum class LinePattern { Solid, Dashed, Dotted };

// A series the strip can plot: one value per frame of its clip.
struct PlotCurve {
  std::string name;    // "Xrotation", "world"; with several joints or clips "LeftLeg Xrotation" (the read-out)
  std::string legend;  // "X", "world" (the legend: the plot's title says which kind)
  int toggle = 0;      // its index in CurveToggles::hidden (channel kind, or the speed's)
  int series = 0;      // its joint's place among the strip's series (CurveToggles::hidden_series)
  ImU32 colour = 0;
  LinePattern pattern = LinePattern::Solid;
  const ClipSlot* slot = nullptr;  // its clip, when not the plot's (CurvePlotInput::slot): its own frames
                                   // are placed on the plot's by the shared clock
  CurvePyramid pyramid;
  ColumnEnvelope columns;  // the last reduction drawn
};

// An entry of a plot's legend: a channel (all series' curves of that axis) or a series (all its
// curves); a click shows or hides them.
struct LegendEntry {
  std::string_view text;  // what the legend shows ("X", "LeftLeg"); outlives the plot's drawing
  std::string_view name;  // what the tooltip and the state report call it ("Xposition", "LeftLeg")
  ImU32 colour = 0;       // the swatch; a channel of several series shows its pattern in the text colour
  LinePattern pattern = LinePattern::Solid;
  bool pattern_sample = false;  // a line in `pattern` rather than a filled swatch
  bool* hidden = nullptr;
  bool* hidden_too = nullptr;  // set with `hidden` (an axis: its position and its rotation channel)
};

// What one plot keeps from frame to frame (its owner: the curves panel's cache).
struct CurvePlotState {
  ValueView value;  // the user's value zoom and pan
  // The reduction and the automatic range, redone only when the visible frames, the plot's width
  // or the curves shown change.
  double first = 0.0;
  double last = -1.0;
  std::size_t columns = 0;
  std::uint64_t shown_mask = 0;
  std::size_t frames = 0;
  std::uint64_t revision = 0;
  RobustRange automatic;
  // For the state report: the plot's rectangle, its range, and the read-out under the mouse.
  Rect area;
  ValueRange range;
  std::string hover;                                 // "frame;name=value,..." (empty when the mouse is elsewhere)
  std::vector<std::pair<std::string, Rect>> legend;  // each entry drawn: curve name, clickable rectangle
  std::vector<LegendSlot> legend_slots;              // layout_legend's, reused
};

// Channels and the speed shown or hidden (shared by every joint): kinds 0-5, then the speed; and
// series hidden by their place in the strip.
inline constexpr int kSpeedToggle = 6;
struct CurveToggles {
  bool hidden[7] = {};
  bool hidden_series[kMaxCurveSeries] = {};
};

// Every series' channels of one kind (3) or its speed, for every series.
inline constexpr std::size_t kMaxPlotCurves = 3 * kMaxCurveSeries;

struct CurvePlotInput {
  const char* id = "";
  const char* title = "";
  const char* unit = "";
  bool from_zero = false;              // values never below 0 (a speed): the automatic range starts at 0
  const ClipSlot* slot = nullptr;      // the clip whose frames the x axis counts (the first series')
  std::uint64_t revision = 0;          // changes whenever any curve's values change (a rebuild)
  std::span<PlotCurve* const> curves;  // every curve of this plot, shown or hidden (at most kMaxPlotCurves)
  // The title row's legend: without legend_given an entry per curve, toggling its channel.
  bool legend_given = false;
  std::span<LegendEntry> legend;
};

inline constexpr std::size_t kMaxLegendEntries = kMaxPlotCurves + kMaxCurveSeries;

// A row of legend entries (each a click to hide or show what it names) between x `left` and
// `right` at `y`, as many as fit; each drawn entry's name and rectangle appended to `drawn`.
void draw_legend(float left, float right, float y, const char* id, std::span<LegendEntry> entries,
                 std::vector<LegendSlot>& slots, std::vector<std::pair<std::string, Rect>>& drawn);

// The frames of `slot` the timeline's view (`view`, in clock frames) shows: first and last, fractional.
std::pair<double, double> visible_clip_frames(const ViewerState& state, const ClipSlot& slot, const TimelineView& view);

// Draws the plot at the cursor in `size` (an ImGui group: one item to SameLine after).
void draw_curve_plot(const ImVec2& size, const CurvePlotInput& input, const ViewerState& state, CurveToggles& toggles,
                     CurvePlotState& plot, std::vector<ImVec2>& points, Actions& actions);

}  // namespace bvhscope::viewer
