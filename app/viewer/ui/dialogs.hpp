// Modal popups: typing a path to open (when no native file dialog is available), the exports'
// destination and frame range, and the list of keyboard and mouse controls.
#pragma once

#include <array>
#include <string>

#include "viewer/actions.hpp"
#include "viewer/ui/retarget_dialog.hpp"
#include "viewer/ui/save_bvh_dialog.hpp"
#include "viewer/ui/video_export_dialog.hpp"

namespace bvhscope::viewer {

enum class ExportKind { Csv, Png, Sequence };

struct DialogState {
  bool open_path_requested = false;  // set to show the path popup on the next frame
  bool shortcuts_requested = false;
  std::string path_buffer = std::string(4096, '\0');
  bool open_replaces = false;     // the path popup replaces the loaded clips
  bool export_requested = false;  // set to show the export popup on the next frame
  bool export_open = false;       // the export popup was shown this frame
  bool browse_shown = false;      // zenity is installed: the dialogs show Browse...
  bool can_browse = false;        // ... and no native dialog is open now
  ExportKind export_kind = ExportKind::Csv;
  std::array<char, 4096> export_path{};
  int export_first = 0;
  int export_last = 0;
  int export_frame_count = 0;
  VideoExportDialog video;
  SaveBvhDialog save_bvh;
  RetargetDialog retarget;
};

void draw_dialogs(DialogState& dialogs, Actions& actions);

}  // namespace bvhscope::viewer
