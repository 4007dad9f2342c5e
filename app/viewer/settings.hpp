// Viewer settings that outlive a session (window size, panel layout, style, playback choices,
// recent files), stored as key=value lines in $XDG_CONFIG_HOME/bvhscope/settings.ini (falling back
// to ~/.config), never in the current directory.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::viewer {

inline constexpr std::size_t kMaxRecentFiles = 10;

struct Settings {
  int window_width = 1440;
  int window_height = 900;
  float panel_width = 330.0f;  // the clip panel on the right, in unscaled UI units
  bool show_panel = true;
  bool solid_style = true;
  bool show_grid = true;
  bool show_axes = true;
  bool show_trajectory = false;
  bool show_shadow = true;
  bool show_joints = true;
  bool interpolate = true;  // linear sampling between frames (false: nearest frame)
  bool loop = true;
  double speed = 1.0;
  bool watch_files = false;  // reload the clip when its file changes on disk
  std::vector<std::string> recent_files;  // most recent first
};

// Reads key=value lines; unknown keys, malformed lines and out-of-range values are ignored
// (the default stays), so an old or hand-edited file never stops the viewer from starting.
Settings parse_settings(std::string_view text);
std::string format_settings(const Settings& settings);

// Puts `path` first in the recent list (once), keeping at most kMaxRecentFiles.
void add_recent_file(Settings& settings, const std::string& path);

// $XDG_CONFIG_HOME/bvhscope when XDG_CONFIG_HOME is an absolute path, else $HOME/.config/bvhscope;
// nullopt when neither can be found.
std::optional<std::filesystem::path> settings_directory();

// Defaults when there is no file or it cannot be read.
Settings load_settings();
// Writes atomically (temporary file, then rename); false with `error` set when it cannot.
bool save_settings(const Settings& settings, std::string& error);

}  // namespace bvhscope::viewer
