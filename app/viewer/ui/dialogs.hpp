// Modal popups: typing a path to open (when no native file dialog is available) and the list of
// keyboard and mouse controls.
#pragma once

#include <string>

#include "viewer/actions.hpp"

namespace bvhscope::viewer {

struct DialogState {
  bool open_path_requested = false;   // set to show the path popup on the next frame
  bool shortcuts_requested = false;
  std::string path_buffer = std::string(4096, '\0');
};

void draw_dialogs(DialogState& dialogs, Actions& actions);

}  // namespace bvhscope::viewer
