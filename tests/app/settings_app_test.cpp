// The viewer with a damaged settings file: it starts with defaults, says where the file went, and
// keeps the damaged bytes as a backup.
#include <gtest/gtest.h>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

TEST_F(ViewerAppTest, ADamagedSettingsFileIsSetAsideWithAMessageOnScreen) {
  const std::string damaged("window_width=900\n\x7f" "ELF\x01\x02\0\0 not settings\n", 36);
  ViewerProcess app({}, damaged);
  const State state = wait_loaded(app, "sample.bvh");
  EXPECT_EQ(state.at("message_kind"), "info");
  const std::filesystem::path config = app.dir() / "config" / "bvhscope";
  EXPECT_NE(state.at("message").find("Settings file " + (config / "settings.ini").string() + " is damaged; it was kept as " +
                                     (config / "settings.ini.damaged-").string()),
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

}  // namespace
}  // namespace bvhscope::test
