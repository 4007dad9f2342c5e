// Viewer settings: the key=value format, tolerance of bad files, the recent list, and where the
// file lives ($XDG_CONFIG_HOME, then ~/.config; never the current directory).
#include <gtest/gtest.h>

#include <algorithm>

#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "test_support.hpp"
#include "viewer/settings.hpp"
#include "viewer/window.hpp"

namespace bvhscope::viewer {
namespace {

TEST(Settings, RoundTripsEveryField) {
  Settings s;
  s.window_width = 1000;
  s.window_height = 700;
  s.panel_width = 280.0f;
  s.show_panel = false;
  s.solid_style = false;
  s.show_grid = false;
  s.show_axes = false;
  s.show_trajectory = true;
  s.show_shadow = false;
  s.show_joints = false;
  s.interpolate = false;
  s.loop = false;
  s.speed = 0.25;
  s.clip_end = ClipEnd::Loop;
  s.watch_files = true;
  s.recent_files = {"/a/b.bvh", "/c d/e.bvh"};
  const Settings back = parse_settings(format_settings(s));
  EXPECT_EQ(format_settings(back), format_settings(s));
  EXPECT_EQ(back.recent_files, s.recent_files);
  EXPECT_EQ(back.window_width, 1000);
  EXPECT_FALSE(back.solid_style);
  EXPECT_DOUBLE_EQ(back.speed, 0.25);
  EXPECT_EQ(back.clip_end, ClipEnd::Loop);
}

TEST(Settings, PanelWidthsAreKeptOnlyOnceDragged) {
  EXPECT_EQ(format_settings(Settings{}).find("panel_width"), std::string::npos);
  Settings s;
  s.left_panel_width = 300.0f;
  const Settings back = parse_settings(format_settings(s));
  ASSERT_TRUE(back.left_panel_width.has_value());
  EXPECT_FLOAT_EQ(*back.left_panel_width, 300.0f);
  EXPECT_FALSE(back.panel_width.has_value());
  // Earlier versions wrote 330 and 270 whether dragged or not: those follow the window now.
  const Settings former = parse_settings("panel_width=330\nleft_panel_width=270\n");
  EXPECT_FALSE(former.panel_width.has_value());
  EXPECT_FALSE(former.left_panel_width.has_value());
  EXPECT_FLOAT_EQ(parse_settings("panel_width=331\n").panel_width.value_or(0.0f), 331.0f);
  EXPECT_FALSE(parse_settings("panel_width=wide\n").panel_width.has_value());
  EXPECT_FALSE(parse_settings("panel_width=150\n").panel_width.has_value());  // under the least
}

TEST(Settings, ClipEndIsHoldLoopOrHide) {
  EXPECT_EQ(Settings{}.clip_end, ClipEnd::Hold);
  EXPECT_NE(format_settings(Settings{}).find("\nclip_end=hold\n"), std::string::npos);
  EXPECT_EQ(parse_settings("clip_end=hide\n").clip_end, ClipEnd::Hide);
  EXPECT_EQ(parse_settings("clip_end = loop\n").clip_end, ClipEnd::Loop);
  for (const char* bad : {"clip_end=Hide\n", "clip_end=\n", "clip_end=2\n", "clip_end=fade\n"}) {
    EXPECT_EQ(parse_settings(std::string("clip_end=loop\n") + bad).clip_end, ClipEnd::Loop) << bad;
  }
}

TEST(Settings, BadLinesAndValuesKeepTheDefaults) {
  const Settings s = parse_settings(
      "garbage\nwindow_width=-5\nwindow_height=abc\nspeed=99\nstyle=neon\ngrid=maybe\n"
      "unknown_key=1\n  loop = 0  \r\nrecent=\n");
  const Settings defaults;
  EXPECT_EQ(s.window_width, defaults.window_width);
  EXPECT_EQ(s.window_height, defaults.window_height);
  EXPECT_DOUBLE_EQ(s.speed, defaults.speed);
  EXPECT_EQ(s.solid_style, defaults.solid_style);
  EXPECT_EQ(s.show_grid, defaults.show_grid);
  EXPECT_FALSE(s.loop);
  EXPECT_TRUE(s.recent_files.empty());
}

TEST(Settings, AntialiasingIsAutomaticOrASampleCount) {
  EXPECT_EQ(Settings{}.antialiasing, -1);
  EXPECT_NE(format_settings(Settings{}).find("\nantialiasing=auto\n"), std::string::npos);
  for (const int samples : {0, 2, 4, 8}) {
    Settings s;
    s.antialiasing = samples;
    EXPECT_EQ(parse_settings(format_settings(s)).antialiasing, samples);
  }
  EXPECT_EQ(parse_settings("antialiasing=4\nantialiasing=auto\n").antialiasing, -1);
  for (const char* bad : {"antialiasing=3\n", "antialiasing=16\n", "antialiasing=-1\n", "antialiasing=on\n"}) {
    EXPECT_EQ(parse_settings(std::string("antialiasing=2\n") + bad).antialiasing, 2) << bad;
  }
}

TEST(Window, SoftwareRenderersAreRecognisedByTheirName) {
  EXPECT_TRUE(is_software_renderer("llvmpipe (LLVM 15.0.6, 256 bits)"));
  EXPECT_TRUE(is_software_renderer("softpipe"));
  EXPECT_TRUE(is_software_renderer("Software Rasterizer"));
  EXPECT_TRUE(is_software_renderer("Google SwiftShader"));
  EXPECT_FALSE(is_software_renderer("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49)"));
  EXPECT_FALSE(is_software_renderer("NVIDIA GeForce RTX 3060/PCIe/SSE2"));
  EXPECT_FALSE(is_software_renderer("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
  EXPECT_FALSE(is_software_renderer(""));
}

TEST(Settings, RecentFilesAreMostRecentFirstUniqueAndBounded) {
  Settings s;
  for (int i = 0; i < 15; ++i) add_recent_file(s, "/f" + std::to_string(i) + ".bvh");
  add_recent_file(s, "/f10.bvh");
  ASSERT_EQ(s.recent_files.size(), kMaxRecentFiles);
  EXPECT_EQ(s.recent_files[0], "/f10.bvh");
  EXPECT_EQ(s.recent_files[1], "/f14.bvh");
  EXPECT_EQ(std::count(s.recent_files.begin(), s.recent_files.end(), "/f10.bvh"), 1);
}

class SettingsFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("bvhscope-settings-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    save("XDG_CONFIG_HOME", xdg_);
    save("HOME", home_);
  }
  void TearDown() override {
    restore("XDG_CONFIG_HOME", xdg_);
    restore("HOME", home_);
    std::filesystem::remove_all(dir_);
  }
  static void save(const char* name, std::optional<std::string>& slot) {
    if (const char* value = std::getenv(name)) slot = value;
  }
  static void restore(const char* name, const std::optional<std::string>& slot) {
    if (slot) {
      ::setenv(name, slot->c_str(), 1);
    } else {
      ::unsetenv(name);
    }
  }
  std::filesystem::path dir_;
  std::optional<std::string> xdg_;
  std::optional<std::string> home_;
};

TEST_F(SettingsFile, LivesUnderXdgConfigHome) {
  ::setenv("XDG_CONFIG_HOME", (dir_ / "xdg").c_str(), 1);
  EXPECT_EQ(settings_directory(), dir_ / "xdg" / "bvhscope");
  Settings s;
  s.speed = 2.0;
  add_recent_file(s, "/x.bvh");
  std::string error;
  ASSERT_TRUE(save_settings(s, error)) << error;
  EXPECT_TRUE(std::filesystem::exists(dir_ / "xdg" / "bvhscope" / "settings.ini"));
  const Settings back = load_settings();
  EXPECT_DOUBLE_EQ(back.speed, 2.0);
  EXPECT_EQ(back.recent_files, std::vector<std::string>{"/x.bvh"});
}

TEST_F(SettingsFile, FallsBackToDotConfigUnderHome) {
  ::unsetenv("XDG_CONFIG_HOME");
  ::setenv("HOME", dir_.c_str(), 1);
  EXPECT_EQ(settings_directory(), dir_ / ".config" / "bvhscope");
  ::setenv("XDG_CONFIG_HOME", "relative/path", 1);  // not absolute: ignored, as the spec says
  EXPECT_EQ(settings_directory(), dir_ / ".config" / "bvhscope");
}

TEST_F(SettingsFile, NoFileMeansDefaults) {
  ::setenv("XDG_CONFIG_HOME", (dir_ / "empty").c_str(), 1);
  EXPECT_EQ(format_settings(load_settings()), format_settings(Settings{}));
}

TEST(SettingsText, SoundAndDamaged) {
  EXPECT_TRUE(settings_text_is_sound(""));
  EXPECT_TRUE(settings_text_is_sound("# comment\n\nspeed=2\nunknown_key=7\nspeed=999\n"));
  EXPECT_FALSE(settings_text_is_sound("speed=2\ngarbage\n"));
  EXPECT_FALSE(settings_text_is_sound(std::string("speed=2\0\0", 9)));
}

std::vector<std::filesystem::path> entries_of(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  return names;
}

TEST_F(SettingsFile, ADamagedFileIsKeptAsABackupAndDefaultsAreUsed) {
  ::setenv("XDG_CONFIG_HOME", (dir_ / "xdg").c_str(), 1);
  const auto config = dir_ / "xdg" / "bvhscope";
  std::filesystem::create_directories(config);
  const std::string damaged(
      "speed=2\n\x7f"
      "ELF\x01\0\0garbage",
      20);
  std::ofstream(config / "settings.ini", std::ios::binary) << damaged;

  const SettingsLoad load = load_settings_checked();
  EXPECT_EQ(format_settings(load.settings), format_settings(Settings{}));
  EXPECT_TRUE(load.save_allowed);
  const auto names = entries_of(config);
  ASSERT_EQ(names.size(), 1u);
  EXPECT_EQ(names[0].string().rfind("settings.ini.damaged-", 0), 0u) << names[0];
  EXPECT_EQ(test::read_file(config / names[0]), damaged) << "the backup keeps the bytes";
  EXPECT_EQ(load.notice, "Settings file " + (config / "settings.ini").string() + " is damaged; it was kept as " +
                             (config / names[0]).string() + " and defaults are used.");
  // Saving afterwards writes a fresh file next to the backup.
  std::string error;
  ASSERT_TRUE(save_settings(load.settings, error)) << error;
  EXPECT_EQ(entries_of(config).size(), 2u);
  EXPECT_EQ(load_settings_checked().notice, "");
}

// What cannot be read is not "damaged": it stays where and as it is, defaults are used for the
// session with the system's reason, and it is not overwritten at exit.
TEST_F(SettingsFile, AFolderInItsPlaceIsLeftAlone) {
  ::setenv("XDG_CONFIG_HOME", (dir_ / "xdg").c_str(), 1);
  const auto config = dir_ / "xdg" / "bvhscope";
  std::filesystem::create_directories(config / "settings.ini");
  const SettingsLoad load = load_settings_checked();
  EXPECT_EQ(load.notice, "Settings file " + (config / "settings.ini").string() +
                             " cannot be read (Is a directory); using defaults for this session and leaving it "
                             "untouched (not saved at exit).");
  EXPECT_FALSE(load.save_allowed);
  EXPECT_EQ(format_settings(load.settings), format_settings(Settings{}));
  EXPECT_TRUE(std::filesystem::is_directory(config / "settings.ini"));
  EXPECT_EQ(entries_of(config).size(), 1u) << "nothing set aside";
}

TEST_F(SettingsFile, AFifoInItsPlaceIsNeitherReadNorWritten) {
  ::setenv("XDG_CONFIG_HOME", (dir_ / "xdg").c_str(), 1);
  const auto config = dir_ / "xdg" / "bvhscope";
  std::filesystem::create_directories(config);
  ASSERT_EQ(::mkfifo((config / "settings.ini").c_str(), 0600), 0);
  const SettingsLoad load = load_settings_checked();  // does not hang on the FIFO without a writer
  EXPECT_FALSE(load.save_allowed);
  EXPECT_NE(load.notice.find(" is not a regular file; using defaults for this session"), std::string::npos)
      << load.notice;
  EXPECT_EQ(std::filesystem::status(config / "settings.ini").type(), std::filesystem::file_type::fifo);
}

TEST_F(SettingsFile, ALinkLoopIsLeftAlone) {
  ::setenv("XDG_CONFIG_HOME", (dir_ / "xdg").c_str(), 1);
  const auto config = dir_ / "xdg" / "bvhscope";
  std::filesystem::create_directories(config);
  std::filesystem::create_symlink("settings.ini", config / "settings.ini");
  const SettingsLoad load = load_settings_checked();
  EXPECT_FALSE(load.save_allowed);
  EXPECT_NE(load.notice.find("cannot be read (Too many levels of symbolic links)"), std::string::npos) << load.notice;
  EXPECT_TRUE(std::filesystem::is_symlink(config / "settings.ini"));
}

// chmod 000: "Permission denied", the file untouched. Root reads through permissions, so as root
// the check runs in a child process that has become 'nobody' (uid 65534).
TEST_F(SettingsFile, AFileThatCannotBeReadIsLeftUntouchedAndNotOverwritten) {
  ::setenv("XDG_CONFIG_HOME", (dir_ / "xdg").c_str(), 1);
  const auto config = dir_ / "xdg" / "bvhscope";
  std::filesystem::create_directories(config);
  const std::string kept = "speed=2\nwindow_width=800\n";
  std::ofstream(config / "settings.ini") << kept;
  std::filesystem::permissions(config / "settings.ini", std::filesystem::perms::none);
  namespace fs = std::filesystem;
  for (const auto& folder : {dir_, dir_ / "xdg", config}) {
    fs::permissions(folder, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  }
  // The load, in this process or as 'nobody' in a child: the notice and save_allowed come back
  // through a pipe.
  const auto load_as_other_user = [&]() -> std::pair<std::string, bool> {
    if (::geteuid() != 0) {
      const SettingsLoad load = load_settings_checked();
      return {load.notice, load.save_allowed};
    }
    int pipe_fds[2];
    if (::pipe(pipe_fds) != 0) return {"no pipe", true};
    const pid_t child = ::fork();
    if (child == 0) {
      ::close(pipe_fds[0]);
      if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(2);
      const SettingsLoad load = load_settings_checked();
      const std::string reply = (load.save_allowed ? "1" : "0") + load.notice;
      ssize_t written = ::write(pipe_fds[1], reply.data(), reply.size());
      ::_exit(written == static_cast<ssize_t>(reply.size()) ? 0 : 3);
    }
    ::close(pipe_fds[1]);
    std::string reply;
    char buffer[512];
    for (ssize_t got; (got = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
      reply.append(buffer, static_cast<std::size_t>(got));
    ::close(pipe_fds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || reply.empty()) return {"the child failed", true};
    return {reply.substr(1), reply[0] == '1'};
  };
  const auto [notice, save_allowed] = load_as_other_user();
  EXPECT_EQ(notice, "Settings file " + (config / "settings.ini").string() +
                        " cannot be read (Permission denied); using defaults for this session and leaving it "
                        "untouched (not saved at exit).");
  EXPECT_FALSE(save_allowed);
  fs::permissions(config / "settings.ini", fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(test::read_file(config / "settings.ini"), kept);
  EXPECT_EQ(entries_of(config).size(), 1u) << "nothing set aside";
}

// Saving goes through engine/io's AtomicFile: a symbolic link stays a link and its file gets the
// settings, no temporary file is left behind.
TEST_F(SettingsFile, ASymlinkedFileIsWrittenThroughAndStaysALink) {
  ::setenv("XDG_CONFIG_HOME", (dir_ / "xdg").c_str(), 1);
  const auto config = dir_ / "xdg" / "bvhscope";
  std::filesystem::create_directories(config);
  std::filesystem::create_directories(dir_ / "dotfiles");
  std::ofstream(dir_ / "dotfiles" / "bvhscope.ini") << "speed=2\n";
  std::filesystem::create_symlink("../../dotfiles/bvhscope.ini", config / "settings.ini");
  SettingsLoad load = load_settings_checked();
  EXPECT_EQ(load.notice, "");
  EXPECT_DOUBLE_EQ(load.settings.speed, 2.0);
  load.settings.speed = 0.5;
  std::string error;
  ASSERT_TRUE(save_settings(load.settings, error)) << error;
  EXPECT_TRUE(std::filesystem::is_symlink(config / "settings.ini"));
  EXPECT_EQ(std::filesystem::read_symlink(config / "settings.ini"), "../../dotfiles/bvhscope.ini");
  EXPECT_EQ(test::read_file(dir_ / "dotfiles" / "bvhscope.ini"), format_settings(load.settings));
  EXPECT_EQ(entries_of(config), std::vector<std::filesystem::path>{"settings.ini"});
  EXPECT_EQ(entries_of(dir_ / "dotfiles"), std::vector<std::filesystem::path>{"bvhscope.ini"});

  // A link whose file does not exist yet: the file is created, the link stays.
  std::filesystem::remove(dir_ / "dotfiles" / "bvhscope.ini");
  EXPECT_EQ(load_settings_checked().notice, "");
  ASSERT_TRUE(save_settings(load.settings, error)) << error;
  EXPECT_TRUE(std::filesystem::is_symlink(config / "settings.ini"));
  EXPECT_EQ(test::read_file(dir_ / "dotfiles" / "bvhscope.ini"), format_settings(load.settings));
}

TEST_F(SettingsFile, ASaveThatFailsSaysWhyAndLeavesNoHalfFile) {
  ::setenv("XDG_CONFIG_HOME", (dir_ / "xdg").c_str(), 1);
  const auto config = dir_ / "xdg" / "bvhscope";
  std::filesystem::create_directories(config);
  std::ofstream(config / "settings.ini") << "speed=2\n";
  // A link to /dev/full: written directly (a device), every write checked.
  std::filesystem::remove(config / "settings.ini");
  std::filesystem::create_symlink("/dev/full", config / "settings.ini");
  std::string error;
  EXPECT_FALSE(save_settings(Settings{}, error));
  EXPECT_EQ(error, "cannot write /dev/full: No space left on device");
  EXPECT_EQ(entries_of(config), std::vector<std::filesystem::path>{"settings.ini"});
}

TEST_F(SettingsFile, OutOfRangeValuesInASoundFileAreOnlyIgnored) {
  ::setenv("XDG_CONFIG_HOME", (dir_ / "xdg").c_str(), 1);
  const auto config = dir_ / "xdg" / "bvhscope";
  std::filesystem::create_directories(config);
  std::ofstream(config / "settings.ini") << "speed=99\nwindow_width=800\n";
  const SettingsLoad load = load_settings_checked();
  EXPECT_EQ(load.notice, "");
  EXPECT_EQ(load.settings.window_width, 800);
  EXPECT_DOUBLE_EQ(load.settings.speed, 1.0);
  EXPECT_TRUE(std::filesystem::exists(config / "settings.ini"));
}

TEST(Settings, RecentFilesAreKeptAbsolute) {
  Settings s;
  add_recent_file(s, "folder/../clips/x.bvh");
  const std::string expected = (std::filesystem::current_path() / "clips" / "x.bvh").string();
  ASSERT_EQ(s.recent_files.size(), 1u);
  EXPECT_EQ(s.recent_files[0], expected);
  add_recent_file(s, expected);  // the same file by its absolute path: still once
  EXPECT_EQ(s.recent_files, std::vector<std::string>{expected});
}

}  // namespace
}  // namespace bvhscope::viewer
