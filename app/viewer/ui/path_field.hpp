// The output path row of the save and export dialogs: the path field (its text all selected when
// it takes the keyboard, so typing replaces the default; Enter confirms) and, when the native
// dialog can be used, a "Browse..." button beside it that opens it on that path.
#pragma once

#include <cstddef>

namespace bvhscope::viewer {

struct PathFieldResult {
  bool entered = false;  // Enter pressed in the field
  bool browse = false;   // Browse... clicked
};

// `can_browse`: zenity is installed and no native dialog is open (the button is hidden without
// zenity, greyed while one is open: `browse_shown`).
PathFieldResult path_field(const char* id, char* buffer, std::size_t size, bool browse_shown, bool can_browse);

}  // namespace bvhscope::viewer
