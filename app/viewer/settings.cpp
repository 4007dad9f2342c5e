#include "viewer/settings.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sstream>
#include <system_error>

#include "io/atomic_file.hpp"

namespace bvhscope::viewer {
namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

// True when the value was taken.
bool read_int(std::string_view value, int& out, int min, int max) {
  int parsed = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  if (ec != std::errc() || end != value.data() + value.size() || parsed < min || parsed > max) return false;
  out = parsed;
  return true;
}

void read_double(std::string_view value, double& out, double min, double max) {
  double parsed = 0.0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  if (ec == std::errc() && end == value.data() + value.size() && parsed >= min && parsed <= max) out = parsed;
}

// The fixed widths earlier versions wrote whether or not the panel was dragged: read as unset, so
// that such panels follow the window as new ones do.
constexpr double kFormerRightWidth = 330.0;
constexpr double kFormerLeftWidth = 270.0;

// A side panel's dragged width in [min, 1200] (kept as it was when the value is not one).
void read_panel_width(std::string_view value, std::optional<float>& out, double min, double former_default) {
  double width = -1.0;
  read_double(value, width, min, 1200.0);
  if (width < 0.0) return;
  out = width == former_default ? std::optional<float>() : std::optional<float>(static_cast<float>(width));
}

void read_bool(std::string_view value, bool& out) {
  if (value == "1" || value == "true") out = true;
  if (value == "0" || value == "false") out = false;
}

}  // namespace

Settings parse_settings(std::string_view text) {
  Settings settings;
  std::vector<std::string> recent;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = trim(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (line.empty() || line.front() == '#') continue;
    const std::size_t equals = line.find('=');
    if (equals == std::string_view::npos) continue;
    const std::string_view key = trim(line.substr(0, equals));
    const std::string_view value = trim(line.substr(equals + 1));
    if (key == "window_width")
      settings.window_size_saved |= read_int(value, settings.window_width, 320, 16384);
    else if (key == "antialiasing") {
      if (value == "auto") settings.antialiasing = -1;
      int samples = -2;
      read_int(value, samples, 0, 8);
      if (samples == 0 || samples == 2 || samples == 4 || samples == 8) settings.antialiasing = samples;
    } else if (key == "window_height")
      settings.window_size_saved |= read_int(value, settings.window_height, 240, 16384);
    else if (key == "panel_width")
      read_panel_width(value, settings.panel_width, 200.0, kFormerRightWidth);
    else if (key == "left_panel_width")
      read_panel_width(value, settings.left_panel_width, 160.0, kFormerLeftWidth);
    else if (key == "show_panel")
      read_bool(value, settings.show_panel);
    else if (key == "left_panel_open")
      read_bool(value, settings.left_panel_open);
    else if (key == "right_panel_open")
      read_bool(value, settings.right_panel_open);
    else if (key == "style") {
      if (value == "solid") settings.solid_style = true;
      if (value == "lines") settings.solid_style = false;
    } else if (key == "grid")
      read_bool(value, settings.show_grid);
    else if (key == "axes")
      read_bool(value, settings.show_axes);
    else if (key == "trajectory")
      read_bool(value, settings.show_trajectory);
    else if (key == "shadow")
      read_bool(value, settings.show_shadow);
    else if (key == "joints")
      read_bool(value, settings.show_joints);
    else if (key == "name_tags")
      read_bool(value, settings.name_tags);
    else if (key == "sampling") {
      if (value == "linear") settings.interpolate = true;
      if (value == "nearest") settings.interpolate = false;
    } else if (key == "loop")
      read_bool(value, settings.loop);
    else if (key == "speed")
      read_double(value, settings.speed, 0.1, 4.0);
    else if (key == "clip_end")
      settings.clip_end = parse_clip_end(value).value_or(settings.clip_end);
    else if (key == "watch_files")
      read_bool(value, settings.watch_files);
    else if (key == "recent" && !value.empty() && recent.size() < kMaxRecentFiles &&
             std::find(recent.begin(), recent.end(), value) == recent.end()) {
      recent.emplace_back(value);
    }
  }
  settings.recent_files = std::move(recent);
  return settings;
}

std::string format_settings(const Settings& s) {
  std::ostringstream out;
  out << "# bvhscope viewer settings (rewritten when the viewer closes)\n"
      << "window_width=" << s.window_width << "\nwindow_height=" << s.window_height;
  if (s.panel_width) out << "\npanel_width=" << *s.panel_width;
  if (s.left_panel_width) out << "\nleft_panel_width=" << *s.left_panel_width;
  out << "\nshow_panel=" << s.show_panel << "\nleft_panel_open=" << s.left_panel_open
      << "\nright_panel_open=" << s.right_panel_open << "\nstyle=" << (s.solid_style ? "solid" : "lines")
      << "\ngrid=" << s.show_grid << "\naxes=" << s.show_axes << "\ntrajectory=" << s.show_trajectory
      << "\nshadow=" << s.show_shadow << "\njoints=" << s.show_joints << "\nname_tags=" << s.name_tags
      << "\nsampling=" << (s.interpolate ? "linear" : "nearest") << "\nloop=" << s.loop << "\nspeed=" << s.speed
      << "\nclip_end=" << clip_end_name(s.clip_end) << "\nwatch_files=" << s.watch_files
      << "\nantialiasing=" << (s.antialiasing < 0 ? std::string("auto") : std::to_string(s.antialiasing)) << '\n';
  for (const std::string& path : s.recent_files) {
    if (path.find('\n') == std::string::npos) out << "recent=" << path << '\n';
  }
  return out.str();
}

void add_recent_file(Settings& settings, const std::string& path) {
  // Absolute, so that File > Open Recent finds it from whatever folder the viewer starts in next.
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(path, error);
  const std::string kept = error ? path : absolute.lexically_normal().string();
  auto& recent = settings.recent_files;
  recent.erase(std::remove(recent.begin(), recent.end(), kept), recent.end());
  recent.insert(recent.begin(), kept);
  if (recent.size() > kMaxRecentFiles) recent.resize(kMaxRecentFiles);
}

std::optional<std::filesystem::path> settings_directory() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg != nullptr && xdg[0] == '/') return std::filesystem::path(xdg) / "bvhscope";
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] == '/') return std::filesystem::path(home) / ".config" / "bvhscope";
  return std::nullopt;
}

bool settings_text_is_sound(std::string_view text) {
  if (text.find('\0') != std::string_view::npos) return false;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = trim(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (!line.empty() && line.front() != '#' && line.find('=') == std::string_view::npos) return false;
  }
  return true;
}

namespace {

std::string utc_stamp() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &utc);
  return text;
}

// Renames a damaged settings file out of the way; the notice says where it went.
SettingsLoad set_aside(const std::filesystem::path& file, const std::string& problem) {
  SettingsLoad load;
  const std::filesystem::path backup = file.string() + ".damaged-" + utc_stamp();
  std::error_code ec;
  std::filesystem::rename(file, backup, ec);
  if (ec) {
    load.save_allowed = false;
    load.notice = "Settings file " + file.string() + " " + problem + " and could not be moved aside (" + ec.message() +
                  "); using defaults and leaving it untouched.";
  } else {
    load.notice = "Settings file " + file.string() + " " + problem + "; it was kept as " + backup.string() +
                  " and defaults are used.";
  }
  return load;
}

}  // namespace

SettingsLoad load_settings_checked() {
  const auto directory = settings_directory();
  if (!directory) return {};
  const std::filesystem::path file = *directory / "settings.ini";
  // What cannot be read is left alone and not overwritten at exit (what was not read must not be
  // destroyed): only text that was read and found damaged is moved aside.
  const auto left_alone = [&file](const std::string& why) {
    SettingsLoad load;
    load.save_allowed = false;
    load.notice = "Settings file " + file.string() + " " + why +
                  "; using defaults for this session and leaving it untouched (not saved at exit).";
    return load;
  };
  const auto cannot_read = [&](int error_number) {
    return left_alone(std::string("cannot be read (") + std::strerror(error_number) + ")");
  };
  // O_NONBLOCK: a FIFO without a writer must not hang the start.
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    if (errno == ENOENT) return {};  // no settings yet (a dangling link is written through at exit)
    return cannot_read(errno);
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0) return cannot_read(errno);
  if (S_ISDIR(info.st_mode)) return cannot_read(EISDIR);
  if (!S_ISREG(info.st_mode)) return left_alone("is not a regular file");  // a FIFO, a device, a socket
  std::string contents;
  char buffer[1 << 14];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return cannot_read(errno);
    if (got == 0) break;
    contents.append(buffer, static_cast<std::size_t>(got));
  }
  if (!settings_text_is_sound(contents)) return set_aside(file, "is damaged");
  SettingsLoad load;
  load.settings = parse_settings(contents);
  return load;
}

Settings load_settings() { return load_settings_checked().settings; }

bool save_settings(const Settings& settings, std::string& error) {
  const auto directory = settings_directory();
  if (!directory) {
    error = "neither XDG_CONFIG_HOME nor HOME is set";
    return false;
  }
  std::error_code ec;
  std::filesystem::create_directories(*directory, ec);
  const std::filesystem::path target = *directory / "settings.ini";
  // Beside the target, checked, fsynced, renamed over it (a link is written through).
  std::optional<io::AtomicFile> file = io::AtomicFile::create(target.string(), error);
  if (!file) {
    error = target.string() + ": " + error;
    return false;
  }
  file->stream() << format_settings(settings);
  return file->commit(error);
}

}  // namespace bvhscope::viewer
