// The native file dialogs through zenity ("open", and "save as" with the default name preselected
// and an overwrite confirmation), run as a child process so the UI stays live; when zenity is not
// installed the viewer falls back to its own path fields.
#pragma once

#include <sys/types.h>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::viewer {

// The separator of the files an open dialog with `multiple` answers: a line end, which file names
// hold far less often than zenity's default '|'.
inline constexpr char kChosenPathSeparator = '\n';

// The files of an open dialog's answer (one, or several on lines of their own), empty ones left out.
std::vector<std::string> chosen_paths(const std::string& answer);

class FileDialog {
 public:
  FileDialog() = default;
  ~FileDialog();  // closes a dialog still open
  FileDialog(const FileDialog&) = delete;
  FileDialog& operator=(const FileDialog&) = delete;

  // True when zenity is on PATH.
  [[nodiscard]] static bool available();
  // Starts the dialog; false when it cannot be started (or one is already open). With `multiple`,
  // several files may be chosen (chosen_paths splits the answer); `start_folder` (when not empty)
  // is the folder it starts in.
  bool open(const std::string& title, bool multiple = false, const std::string& start_folder = {});
  // The save dialog: `default_path` preselected (its folder shown, its name selected), a file that
  // exists confirmed before it is chosen. With `folder`, a folder is chosen instead.
  bool open_save(const std::string& title, const std::string& default_path, bool folder = false);
  [[nodiscard]] bool is_open() const noexcept { return pid_ > 0; }
  // Once the dialog has closed: the chosen path, or an empty string when it was cancelled.
  std::optional<std::string> poll();

 private:
  bool spawn(std::vector<std::string> args);

  pid_t pid_ = -1;
  int fd_ = -1;
  std::string output_;
};

}  // namespace bvhscope::viewer
