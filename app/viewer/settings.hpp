// Viewer settings that outlive a session (window size, panel layout, style, playback choices,
// recent files), stored as key=value lines in $XDG_CONFIG_HOME/bvhscope/settings.ini (falling back
// to ~/.config), never in the current directory.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anim/clip_timeline.hpp"

namespace bvhscope::viewer {

inline constexpr std::size_t kMaxRecentFiles = 10;

struct Settings {
  int window_width = 1440;
  int window_height = 900;
  // Read from the file (not written: set when window_width or window_height was there). A saved
  // size is only shrunk to the monitor's work area; the default one to a share of it.
  bool window_size_saved = false;
  // The side panels' widths in unscaled UI units once dragged; unset, they follow the window's
  // width (automatic_panel_widths: wider on wide windows).
  std::optional<float> panel_width;  // the clip panel on the right
  bool show_panel = true;
  std::optional<float> left_panel_width;  // the clips and joint tree on the left
  bool left_panel_open = true;            // false: collapsed to a strip
  bool right_panel_open = true;
  bool solid_style = true;
  bool show_grid = true;
  bool show_axes = true;
  bool show_trajectory = false;
  bool show_shadow = true;
  bool show_joints = true;
  bool name_tags = true;    // file names above the figures when several clips are loaded
  bool interpolate = true;  // linear sampling between frames (false: nearest frame)
  bool loop = true;
  double speed = 1.0;
  // What clips shorter than the timeline show outside their frames.
  ClipEnd clip_end = ClipEnd::Hold;
  bool watch_files = false;  // reload the clip when its file changes on disk
  // Multisample anti-aliasing of the window: samples per pixel (0, 2, 4 or 8), or -1 for automatic:
  // 4 on a GPU, none on a software renderer (Mesa llvmpipe), where it costs most of the frame.
  int antialiasing = -1;
  std::vector<std::string> recent_files;  // most recent first
};

// Reads key=value lines; unknown keys, malformed lines and out-of-range values are ignored
// (the default stays), so an old or hand-edited file never stops the viewer from starting.
Settings parse_settings(std::string_view text);
std::string format_settings(const Settings& settings);

// Puts `path`, made absolute (against the current folder), first in the recent list (once),
// keeping at most kMaxRecentFiles.
void add_recent_file(Settings& settings, const std::string& path);

// $XDG_CONFIG_HOME/bvhscope when XDG_CONFIG_HOME is an absolute path, else $HOME/.config/bvhscope;
// nullopt when neither can be found.
std::optional<std::filesystem::path> settings_directory();

// The settings read at start-up, and what people should be told about the file, if anything.
struct SettingsLoad {
  Settings settings;
  std::string notice;        // empty when the file was fine or absent
  bool save_allowed = true;  // false when the file was not read, or damaged and not moved aside: never overwrite it
};

// A damaged settings file (a NUL byte, or a line that is neither blank, a '#' comment nor
// key=value) is renamed to settings.ini.damaged-<UTC time> and defaults are used, with a notice
// naming both paths. A file that cannot be read (permission denied, a folder, a FIFO or device,
// a link loop) is left as it is and never overwritten (save_allowed is false): defaults are used
// for the session and the notice gives the system's reason. Out-of-range values in a sound file
// are only ignored. A missing file (or a link to one) gives the defaults, without a notice.
SettingsLoad load_settings_checked();
// load_settings_checked().settings.
Settings load_settings();
// True when `text` is a sound settings file (see load_settings_checked).
bool settings_text_is_sound(std::string_view text);
// Writes through engine/io's AtomicFile: beside the file, every write checked, fsynced, renamed
// over it (a symbolic link is written through and stays a link); never a half file. false with
// `error` set (the system's reason) when it cannot.
bool save_settings(const Settings& settings, std::string& error);

}  // namespace bvhscope::viewer
