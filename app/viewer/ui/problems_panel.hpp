// The Problems tab: the active clip's lint findings (ClipProblems) with their severity, message,
// code, place and count, filtered by severity; a click goes to the finding's frame and joint and
// opens its details (the hint, the further places, the `bvhscope convert` command that fixes it).
// Panels read state and fill Actions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

struct ProblemsPanelState {
  bool show_errors = true;
  bool show_warnings = true;
  bool show_infos = false;                // facts, not problems: collapsed until asked for
  int opened = -1;                        // the finding whose details are open (index into the report)
  const LintReport* opened_in = nullptr;  // the report `opened` indexes (another report closes it)
  // Where the tab header and each finding's row were drawn last frame (window pixels; an empty
  // rect for a finding filtered out or with the tab closed): the state report gives them to tests.
  Rect tab;
  std::vector<Rect> rows;
};

// "Problems (3)": errors and warnings of the active clip once checked; the ### id stays the same.
std::string problems_tab_title(const ViewerState& state);

void draw_problems_panel(const ViewerState& state, ProblemsPanelState& panel, Actions& actions);

}  // namespace bvhscope::viewer
