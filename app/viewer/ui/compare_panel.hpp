// The Compare tab: the reference clip, the options `bvhscope compare` takes (alignment, offset,
// joint map), how differences are shown (error colours, ghost), each compared clip's numbers and
// a sortable per-joint table; plus the selected joint's difference for the inspector and the
// colour legend over the view. Panels read state and fill Actions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

// What the tab keeps between frames: the map path being typed and the table's sorted rows.
struct ComparePanelState {
  std::string map_path;  // the text field (filled from the map in use when it changes)
  std::string shown_map;
  std::uint64_t sorted_for = 0;  // the serial of the result `rows` were sorted for
  int sort_column = -1;
  bool sort_descending = false;
  std::vector<std::size_t> rows;    // indices into result->per_joint, in the table's order
  std::uint64_t unmatched_for = 0;  // the serial of the result the lists below name
  std::string unmatched_reference;  // "Name, Name, ..." of the reference's joints without a partner
  std::string unmatched_other;
  Rect tab;                // the Compare tab as last drawn (for tests: where to click)
  Rect find_offset;        // the shown clip's Find offset button as last drawn (empty when not drawn)
  std::string table_unit;  // the per-joint table's unit as last drawn ("cm"), empty when not drawn
  int table_columns = 0;   // its columns (3 in a narrow panel: Now left out)
};

// "3.21 cm", "12.5 mm", "1.04 m": a length given in metres, in the unit that reads best.
std::string format_length(double metres);

void draw_compare_panel(const ViewerState& state, ComparePanelState& panel, Actions& actions);
// In the inspector: the selected joint's difference from its partner (nothing without a comparison).
void draw_joint_difference(const ViewerState& state);
// Over the view's bottom-left corner, into the background draw list: the error colours' scale (when
// compared clips are coloured). Returns where it was drawn (labels keep clear of it).
std::optional<Rect> draw_error_legend(const Rect& view, const ViewerState& state);

}  // namespace bvhscope::viewer
