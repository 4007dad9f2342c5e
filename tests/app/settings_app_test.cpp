// The viewer's settings file: a damaged one is set aside (defaults, a message, the bytes kept as a
// backup); one that cannot be read is left alone and not overwritten; SIGTERM, SIGINT and SIGHUP
// close the viewer as its window does, settings saved, then end it by the signal.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

TEST_F(ViewerAppTest, ADamagedSettingsFileIsSetAsideWithAMessageOnScreen) {
  const std::string damaged(
      "window_width=900\n\x7f"
      "ELF\x01\x02\0\0 not settings\n",
      36);
  ViewerProcess app({}, damaged);
  const State state = wait_loaded(app, "sample.bvh");
  EXPECT_EQ(state.at("message_kind"), "info");
  const std::filesystem::path config = app.dir() / "config" / "bvhscope";
  EXPECT_NE(state.at("message").find("Settings file " + (config / "settings.ini").string() +
                                     " is damaged; it was kept as " + (config / "settings.ini.damaged-").string()),
            std::string::npos)
      << state.at("message");
  bool backup_found = false;
  for (const auto& entry : std::filesystem::directory_iterator(config)) {
    if (entry.path().filename().string().rfind("settings.ini.damaged-", 0) == 0) {
      backup_found = true;
      EXPECT_EQ(read_file(entry.path()), damaged);
    }
  }
  EXPECT_TRUE(backup_found);
  EXPECT_EQ(app.quit_with_keys(), 0);
  // Quitting wrote fresh settings beside the backup.
  EXPECT_TRUE(std::filesystem::exists(config / "settings.ini"));
}

// Files in the settings folder other than settings.ini (temporary files, backups).
std::vector<std::string> strays_in(const std::filesystem::path& config) {
  std::vector<std::string> strays;
  for (const auto& entry : std::filesystem::directory_iterator(config)) {
    if (entry.path().filename() != "settings.ini") strays.push_back(entry.path().filename().string());
  }
  return strays;
}

TEST_F(ViewerAppTest, SigtermSavesTheSettingsThenEndsTheViewerByTheSignal) {
  ViewerProcess app({});
  wait_loaded(app, "sample.bvh");
  window_of(app);
  xdotool("key s");  // solid -> lines: a setting that differs from the default
  app.wait_for([](const State& s) { return s.at("style") == "lines"; }, "lines style after S");
  const int status = app.signal_and_wait(SIGTERM);
  ASSERT_NE(status, -1) << "the viewer did not end on SIGTERM";
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << "wait status " << status;
  const std::string saved = read_file(app.config_dir() / "settings.ini");
  EXPECT_NE(saved.find("\nstyle=lines\n"), std::string::npos) << saved;
  EXPECT_EQ(strays_in(app.config_dir()), std::vector<std::string>{}) << "no temporary file left";
}

TEST_F(ViewerAppTest, SigintAndSighupSaveTheSettingsToo) {
  for (const int signal_number : {SIGINT, SIGHUP}) {
    ViewerProcess app({}, "speed=2\n");
    wait_loaded(app, "sample.bvh");
    const int status = app.signal_and_wait(signal_number);
    ASSERT_NE(status, -1) << "the viewer did not end on signal " << signal_number;
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal_number) << "wait status " << status;
    // Rewritten by the viewer (its header line), keeping the setting it read.
    const std::string saved = read_file(app.config_dir() / "settings.ini");
    EXPECT_EQ(saved.rfind("# bvhscope viewer settings", 0), 0u) << saved;
    EXPECT_NE(saved.find("\nspeed=2\n"), std::string::npos) << saved;
  }
}

// A settings file the viewer cannot read is not taken for damaged: it starts with defaults, says
// why (the system's reason) and leaves the file as it was, even after quitting. chmod 000 makes it
// unreadable, except to root, for whom a folder named settings.ini stands in for it.
TEST_F(ViewerAppTest, AnUnreadableSettingsFileIsLeftAsItWas) {
  const bool root = ::geteuid() == 0;
  const std::string kept = "window_width=900\nstyle=lines\n";
  ViewerProcess app({}, kept, [&](const std::filesystem::path& config) {
    if (root) {
      std::filesystem::remove(config / "settings.ini");
      std::filesystem::create_directories(config / "settings.ini");
      std::ofstream(config / "settings.ini" / "kept.txt") << kept;
    } else {
      std::filesystem::permissions(config / "settings.ini", std::filesystem::perms::none);
    }
  });
  const State state = wait_loaded(app, "sample.bvh");
  EXPECT_EQ(state.at("message_kind"), "info");
  EXPECT_EQ(state.at("message"), "Settings file " + (app.config_dir() / "settings.ini").string() + " cannot be read (" +
                                     (root ? "Is a directory" : "Permission denied") +
                                     "); using defaults for this session and leaving it untouched (not saved at "
                                     "exit).");
  EXPECT_EQ(state.at("style"), "solid") << "the defaults, not the file's settings";
  window_of(app);
  EXPECT_EQ(app.quit_with_keys(), 0);
  EXPECT_NE(read_file(app.dir() / "log.txt").find("cannot be read ("), std::string::npos) << "said on stderr too";
  if (root) {
    EXPECT_TRUE(std::filesystem::is_directory(app.config_dir() / "settings.ini"));
    EXPECT_EQ(read_file(app.config_dir() / "settings.ini" / "kept.txt"), kept);
  } else {
    std::filesystem::permissions(app.config_dir() / "settings.ini", std::filesystem::perms::owner_read);
    EXPECT_EQ(read_file(app.config_dir() / "settings.ini"), kept) << "not overwritten at exit";
  }
  EXPECT_EQ(strays_in(app.config_dir()), std::vector<std::string>{}) << "nothing set aside";
}

}  // namespace
}  // namespace bvhscope::test
