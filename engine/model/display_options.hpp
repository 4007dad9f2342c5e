// The display choices the viewer's panels edit and the headless renderer is given: how the scene is
// drawn (bones, grid, axes, root path, shadow, joints, the floor), which panels are open, and what is
// shown of the selected joint (trail, labels, curves). Plain values, no GL.
#pragma once

#include <cstdint>

namespace bvhscope {

// Display choices the panels edit as a whole (a changed copy comes back in Actions::display).
struct DisplayOptions {
  bool solid = true;
  bool grid = true;
  bool axes = true;
  bool trajectory = false;
  bool shadow = true;
  bool joints = true;
  bool show_panel = true;        // the side panels at all (P)
  bool left_panel = true;        // the clips and joint tree, open (false: collapsed to a strip)
  bool right_panel = true;       // the inspector and clip panel, open
  bool floor_at_origin = false;  // the ground on the file's origin plane, clips not lowered onto the floor
  bool name_tags = true;         // each clip's file name above its figure (when there are several)
  bool operator==(const DisplayOptions&) const = default;
};

// How joint names are drawn over the view.
enum class LabelMode : std::uint8_t { None, SelectedChain, All };

struct InspectionOptions {
  bool trail = true;
  int trail_frames = 60;           // frames drawn each side of the playhead
  bool curves = true;              // the curves strip under the view
  bool speed_curve = true;         // the world-space speed plot next to the channels
  bool curves_every_clip = false;  // the plotted joints' curves in every clip that has them
  LabelMode labels = LabelMode::SelectedChain;
  bool operator==(const InspectionOptions&) const = default;
};

}  // namespace bvhscope
