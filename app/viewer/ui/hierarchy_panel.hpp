// The joint tree of the active clip: every ROOT, JOINT and End Site as rows of a clipped list
// (only the rows on screen are drawn, so 100 000 joints stay smooth), a name filter that keeps
// ancestors visible, expand/collapse all, counts, channel order per joint; hovering a row
// highlights the joint in the view, clicking selects it, double-clicking centres the camera.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "anim/joint_filter.hpp"
#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// The tree's own UI state (expansion, filter, the flattened rows), rebuilt when the clip, the
// filter or an expansion changes, never per frame.
struct HierarchyPanelState {
  int clip_id = 0;  // the clip the rows describe
  Rect rows_area;   // where the rows were last drawn (window coordinates)
  std::size_t joint_count = 0;
  std::array<char, 128> filter_text{};
  std::string applied_filter;
  JointFilter filter;
  std::vector<std::uint8_t> expanded;
  std::vector<int> rows;
  bool rows_dirty = true;
  int revealed_selection = -1;  // the selection last scrolled into view
  Rect filter_box;              // where the filter field was last drawn (for the state report)
  bool scroll_to_top = false;   // a new clip's tree starts at its top
  float scroll_y = 0.0f;        // the rows' scroll as last drawn (for the state report)
  // The labels drawn cut in the middle last frame (the first cut_count; for the state report).
  std::vector<std::string> cut_labels;
  std::size_t cut_count = 0;
};

// Draws into the current window, filling the remaining height.
void draw_hierarchy(const ViewerState& state, HierarchyPanelState& tree, Actions& actions);

}  // namespace bvhscope::viewer
