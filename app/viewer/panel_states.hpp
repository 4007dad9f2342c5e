// What the panels keep between frames and where they were last drawn: the joint tree, the curves
// strip, the Compare and Problems tabs, the timeline's clip lanes and pan, the side panels' arrows.
// The UI code fills it as it draws; the state report reads it.
#pragma once

#include <vector>

#include "viewer/ui/clip_list_panel.hpp"
#include "viewer/ui/compare_panel.hpp"
#include "viewer/ui/curves_panel.hpp"
#include "viewer/ui/hierarchy_panel.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/ui/panel_strip.hpp"
#include "viewer/ui/problems_panel.hpp"
#include "viewer/ui/timeline_panel.hpp"
#include "viewer/ui/view_buttons.hpp"

namespace bvhscope::viewer {

struct PanelStates {
  HierarchyPanelState hierarchy;
  CurvesCache curves;  // the curves strip as last drawn (its plots' rectangles, ranges, read-outs)
  ComparePanelState compare;
  ProblemsPanelState problems;
  TimelineDrawn timeline;         // the clip lanes, a pan under way, the speed field (as last drawn)
  PanelControls controls;         // the side panels' arrows as last drawn
  ViewButtonsState view_buttons;  // the view's corner buttons as last drawn
  ClipListDrawn clip_list;        // the clip rows' names, Remove all and its question as last drawn
};

}  // namespace bvhscope::viewer
