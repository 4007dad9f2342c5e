// The Problems tab: the active clip's lint findings (ClipProblems) with their severity, message,
// code, place and count, filtered by severity; a click goes to the finding's frame and joint and
// opens its details (the hint, the further places, the `bvhscope convert` command that fixes it).
// Panels read state and fill Actions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anim/convert.hpp"
#include "viewer/actions.hpp"
#include "viewer/ui/layout.hpp"
#include "viewer/viewer_state.hpp"

namespace bvhscope::viewer {

struct ProblemsPanelState {
  bool show_errors = true;
  bool show_warnings = true;
  bool show_infos = false;  // facts, not problems: collapsed until asked for
  int opened = -1;          // the finding whose details are open (index into the report)
  // The texts of the findings, built once per report (frames allocate nothing): for the clip id and
  // content revision below, each finding's "[code]  place  and N more", its fix command, and its
  // further places (places[finding][i]).
  int texts_clip = 0;
  std::uint64_t texts_content = 0;
  std::vector<std::string> metas;
  std::vector<std::string> commands;
  std::vector<std::optional<ConvertOptions>> presets;  // the fix as Save as BVH options (fix_preset)
  std::vector<std::vector<std::string>> places;
  // Where the tab header and each finding's row were drawn last frame (window pixels; an empty
  // rect for a finding filtered out or with the tab closed): the state report gives them to tests.
  Rect tab;
  std::vector<Rect> rows;
  Rect fix_button;  // the opened finding's Fix... button (empty when not drawn)
};

// "Problems (3)": errors and warnings of the active clip once checked, after `name` ("Problems",
// or spaces: the room for a glyph in a narrow panel), in parentheses or not ("Problems 3"); the ###
// id stays the same. Written into `out` (no allocation).
void problems_tab_title(const ViewerState& state, char* out, std::size_t size, const char* name = "Problems",
                        bool parentheses = true);

void draw_problems_panel(const ViewerState& state, ProblemsPanelState& panel, Actions& actions);

}  // namespace bvhscope::viewer
