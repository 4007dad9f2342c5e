// The full-width panel under the view: transport buttons, loop, speed, sampling, what clips show
// outside their frames (hold, loop, hide), the frame field (the active clip's own frame), the
// timeline track that scrubs while dragged and jumps on click, and with several clips one lane per
// clip under it: its extent on the shared clock, where it holds its first and last frames (or
// loops), its name; drag a lane to change the clip's time offset. The wheel over the track or the
// lanes zooms about the frame under the mouse; Shift+wheel and a right or middle drag pan; a
// double-click on the track shows the whole timeline again.
#pragma once

#include <vector>

#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// Height the panel needs with the current font and clips, in window units.
float timeline_panel_height(const ViewerState& state);

// Where the panel drew what tests and the state report look for.
struct TimelineDrawn {
  // Each clip's bar in window units (index = clip index; empty when no lanes are drawn, zero height
  // for a lane scrolled out of sight; its x extent through the timeline's view, which may reach
  // past the track).
  std::vector<Rect> lanes;
  bool panning = false;  // the timeline is being panned with a mouse drag
  Rect speed_field;      // the speed's drag field
};

void draw_timeline_panel(const Rect& area, const ViewerState& state, Actions& actions, TimelineDrawn& drawn);

}  // namespace bvhscope::viewer
