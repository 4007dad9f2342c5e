// What the panels and shortcuts ask the viewer to do this frame. Panels read state and fill an
// Actions value; the viewer applies it after the UI is built, in one place.
#pragma once

#include <optional>
#include <string>

#include "anim/position_mode.hpp"

namespace bvhscope::viewer {

// Display choices the panels edit as a whole (a changed copy comes back in Actions::display).
struct DisplayOptions {
  bool solid = true;
  bool grid = true;
  bool axes = true;
  bool trajectory = false;
  bool shadow = true;
  bool joints = true;
  bool show_panel = true;
  bool operator==(const DisplayOptions&) const = default;
};

struct Actions {
  // Transport.
  bool toggle_play = false;
  long step = 0;  // whole frames, pauses
  bool jump_first = false;
  bool jump_last = false;
  std::optional<double> seek;  // a frame position (click on the timeline, typed frame number)
  bool scrub_begin = false;
  std::optional<double> scrub;
  bool scrub_end = false;
  std::optional<double> speed;
  std::optional<bool> loop;
  std::optional<bool> interpolate;
  // Clip interpretation.
  std::optional<PositionModeRequest> position_mode;
  std::optional<int> units_choice;  // index into kUnitChoices, -1 for the automatic guess
  // View.
  std::optional<DisplayOptions> display;
  std::optional<float> panel_width;
  bool frame_all = false;
  bool reset_camera = false;
  std::optional<bool> follow;
  // Files.
  bool open_dialog = false;
  std::optional<std::string> open_path;
  bool open_sample = false;
  bool reload = false;
  std::optional<bool> watch_files;
  bool clear_recent = false;
  // Window.
  bool dismiss_message = false;
  bool show_shortcuts = false;
  bool quit = false;
};

}  // namespace bvhscope::viewer
