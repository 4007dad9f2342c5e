// The native file dialogs (zenity child processes) the viewer may have open: Open, the joint map's
// file, and a save or export dialog's Browse... with the field its answer fills.
#pragma once

#include <string>

#include "viewer/actions.hpp"
#include "viewer/file_dialog.hpp"
#include "viewer/ui/dialogs.hpp"

namespace bvhscope::viewer {

struct FileDialogs {
  FileDialogs() : zenity(FileDialog::available()) {}

  // Browse...: the native save dialog on `field`'s path (as typed in `dialogs`); its answer fills
  // the field (fill_output_field).
  void browse_output(Actions::OutputField field, const DialogState& dialogs);
  // The Browse dialog's answer written into the field it was opened for.
  void fill_output_field(const std::string& path, DialogState& dialogs) const;
  // Browse... shown where zenity is installed, enabled while no Browse dialog is open.
  void show_browse(DialogState& dialogs) const;

  FileDialog open;
  FileDialog map;                                                  // the joint map's file
  FileDialog save;                                                 // a save or export dialog's Browse...
  Actions::OutputField save_field = Actions::OutputField::Export;  // the field it fills
  bool zenity = false;                                             // zenity is installed
  bool open_replaces = false;                                      // the Open dialog's choice replaces the loaded clips
};

}  // namespace bvhscope::viewer
