// Text fields, dialogs and messages in the real viewer (issue 17): Ctrl+A then Backspace empties
// the joint filter and Ctrl+Z brings the text back; keys typed into a field stay in it (Space does
// not play, Delete does not remove the clip); Esc cancels the Save as BVH dialog (nothing written)
// and reopening it shows its default path again, all selected; Enter confirms it (the file
// appears); a missing folder is named in the error; information goes after a while, an error
// stays; Esc with a menu open closes the menu and keeps the joint selection.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

namespace fs = std::filesystem;

class TextDialogsApp : public ViewerAppTest {
 protected:
  // The sample copied into the test's folder (outputs land beside it), loaded, paused at frame 0.
  fs::path start_paused(std::unique_ptr<ViewerProcess>& app) {
    const fs::path clip = dir_.path() / "sample.bvh";
    fs::copy_file(fixtures_dir() / ".." / ".." / "assets" / "sample.bvh", clip);
    app = std::make_unique<ViewerProcess>(std::vector<std::string>{clip.string()});
    wait_loaded(*app, clip.string());
    window_ = window_of(*app);
    xdotool("key space");
    app->wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
    return clip;
  }

  void click_at(int x, int y) const {
    xdotool("mousemove --window " + std::to_string(window_) + " " + std::to_string(x) + " " + std::to_string(y) +
            " sleep 0.1 click 1");
  }

  static State open_save_dialog(const ViewerProcess& app) {
    xdotool("key ctrl+shift+s");
    return app.wait_for([](const State& s) { return s.at("save_bvh_dialog") == "1" && s.at("ui_active") == "1"; },
                        "the Save as BVH dialog, its path field taking keys");
  }

  TempDir dir_;
  unsigned long window_ = 0;
};

TEST_F(TextDialogsApp, TheJointFilterEditsAsTextFieldsDoAndKeepsItsKeys) {
  std::unique_ptr<ViewerProcess> app;
  start_paused(app);
  const State shown =
      app->wait_for([](const State& s) { return as_rect(s, "joint_filter_box")[2] > 0.0f; }, "the joint filter drawn");
  const auto box = as_rect(shown, "joint_filter_box");
  click_at(static_cast<int>(box[0] + box[2] * 0.5f), static_cast<int>(box[1] + box[3] * 0.5f));
  app->wait_for([](const State& s) { return s.at("ui_active") == "1"; }, "the filter taking keys");

  xdotool("type --delay 20 Leftxyz");
  app->wait_for([](const State& s) { return s.at("joint_filter") == "Leftxyz"; }, "Leftxyz typed");
  xdotool("key --delay 120 ctrl+a BackSpace");
  app->wait_for([](const State& s) { return s.at("joint_filter").empty(); }, "Ctrl+A, Backspace: the filter empty");
  xdotool("key --delay 120 ctrl+z");
  app->wait_for([](const State& s) { return s.at("joint_filter") == "Leftxyz"; }, "Ctrl+Z: the text back");
  // Word jumps: Ctrl+Left to the start of the word, then a typed character lands there.
  xdotool("key --delay 120 ctrl+Left");
  xdotool("type --delay 20 Q");
  app->wait_for([](const State& s) { return s.at("joint_filter") == "QLeftxyz"; }, "Ctrl+Left, Q at the start");
  // Ctrl+Backspace after End removes the word before the cursor.
  xdotool("key --delay 120 End ctrl+BackSpace");
  app->wait_for([](const State& s) { return s.at("joint_filter").empty(); }, "Ctrl+Backspace: the word gone");

  // Keys that are shortcuts elsewhere stay in the field.
  xdotool("type --delay 20 'a b'");
  xdotool("key --delay 120 Delete Home Delete");
  const State typed = app->wait_for([](const State& s) { return s.at("joint_filter") == " b"; },
                                    "'a b' typed, Home, Delete: ' b' (Space typed, the clip kept)");
  EXPECT_EQ(typed.at("playing"), "0");
  EXPECT_EQ(typed.at("clips"), "1");
  EXPECT_EQ(typed.at("frame"), shown.at("frame"));
}

// On a busy machine the frame loop may see Ctrl pressed in one frame and A pressed with Ctrl already
// released in the next (xdotool releases them in the order it pressed them). The viewer is stopped
// while xdotool sends each part, so they land so: Ctrl+A still selects all, Backspace empties.
TEST_F(TextDialogsApp, CtrlAWhoseCtrlIsReleasedInTheFrameOfTheAStillSelectsAll) {
  std::unique_ptr<ViewerProcess> app;
  start_paused(app);
  const State shown =
      app->wait_for([](const State& s) { return as_rect(s, "joint_filter_box")[2] > 0.0f; }, "the joint filter drawn");
  const auto box = as_rect(shown, "joint_filter_box");
  click_at(static_cast<int>(box[0] + box[2] * 0.5f), static_cast<int>(box[1] + box[3] * 0.5f));
  app->wait_for([](const State& s) { return s.at("ui_active") == "1"; }, "the filter taking keys");
  xdotool("type --delay 20 Leftxyz");
  const State typed = app->wait_for([](const State& s) { return s.at("joint_filter") == "Leftxyz"; }, "Leftxyz typed");

  ASSERT_EQ(::kill(app->pid(), SIGSTOP), 0);
  bool sent = xdotool("keydown ctrl");
  ASSERT_EQ(::kill(app->pid(), SIGCONT), 0);
  ASSERT_TRUE(sent);
  const std::string drawn = typed.at("frames_drawn");
  app->wait_for([&](const State& s) { return s.at("frames_drawn") != drawn; }, "a frame after Ctrl pressed");
  ASSERT_EQ(::kill(app->pid(), SIGSTOP), 0);
  sent = xdotool("keydown a keyup ctrl keyup a key BackSpace");
  ASSERT_EQ(::kill(app->pid(), SIGCONT), 0);
  ASSERT_TRUE(sent);
  const State emptied =
      app->wait_for([](const State& s) { return s.at("joint_filter") != "Leftxyz"; }, "the keys handled");
  EXPECT_EQ(emptied.at("joint_filter"), "") << "Ctrl+A did not select the text before Backspace";
}

TEST_F(TextDialogsApp, EscCancelsTheSaveDialogAndReopeningShowsTheDefaultPathSelected) {
  std::unique_ptr<ViewerProcess> app;
  start_paused(app);
  const std::string default_path = (dir_.path() / "sample_fixed.bvh").string();
  const State opened = open_save_dialog(*app);
  EXPECT_EQ(opened.at("save_bvh_path"), default_path);
  xdotool("type --delay 10 elsewhere.bvh");  // the default was selected: typing replaces it
  app->wait_for([](const State& s) { return s.at("save_bvh_path") == "elsewhere.bvh"; }, "the path replaced");
  xdotool("key Escape");
  const State cancelled =
      app->wait_for([](const State& s) { return s.at("save_bvh_dialog") == "0"; }, "Esc: the dialog closed");
  EXPECT_EQ(cancelled.at("save_bvh"), "idle; ");
  EXPECT_FALSE(fs::exists(dir_.path() / "elsewhere.bvh"));
  EXPECT_FALSE(fs::exists(default_path));
  EXPECT_EQ(cancelled.at("clips"), "1");

  const State reopened = open_save_dialog(*app);
  EXPECT_EQ(reopened.at("save_bvh_path"), default_path);
  // Enter confirms: the default path is written.
  xdotool("key Return");
  const State saved =
      app->wait_for([](const State& s) { return s.at("save_bvh").rfind("written;", 0) == 0; }, "Enter: the file saved");
  EXPECT_EQ(saved.at("save_bvh"), "written; " + default_path);
  EXPECT_TRUE(fs::exists(default_path));
  EXPECT_EQ(saved.at("message_kind"), "info");
  // Information goes by itself (a few seconds; the deadline is generous).
  xdotool("key Escape");  // the dialog, now showing "Saved", closes
  app->wait_for([](const State& s) { return s.at("save_bvh_dialog") == "0"; }, "the dialog closed");
  const State expired = app->wait_for([](const State& s) { return s.at("message_kind") == "none"; },
                                      "the information message gone by itself");
  EXPECT_EQ(expired.at("message"), "");
}

TEST_F(TextDialogsApp, AMissingFolderIsNamedAndTheErrorStaysUntilDismissed) {
  std::unique_ptr<ViewerProcess> app;
  start_paused(app);
  open_save_dialog(*app);
  const fs::path missing = dir_.path() / "no_such_folder";
  const std::string target = (missing / "out.bvh").string();
  xdotool("type --delay 5 '" + target + "'");
  app->wait_for([&](const State& s) { return s.at("save_bvh_path") == target; }, "the path typed");
  xdotool("key Return");
  const State failed = app->wait_for([](const State& s) { return s.at("message_kind") == "error"; }, "the error");
  EXPECT_EQ(failed.at("message"), "cannot write " + target + ": No such file or directory (the folder " +
                                      missing.string() + " does not exist); nothing was written");
  EXPECT_FALSE(fs::exists(missing));
  // Past the longest time an information message stays (12 s), the error is still there.
  // The idle viewer draws no frame while nothing happens, so its report would keep the age it had:
  // a one-pixel pointer move every half second makes it draw (and report) again.
  int polls = 0;
  const State kept = app->wait_for(
      [&](const State& s) {
        if (++polls % 25 == 0) xdotool(polls % 50 == 0 ? "mousemove_relative -- 1 0" : "mousemove_relative -- -1 0");
        return std::stoi(s.at("message_seconds")) >= 13;
      },
      "the error shown for 13 s");
  EXPECT_EQ(kept.at("message_kind"), "error");
  EXPECT_EQ(kept.at("message"), failed.at("message"));
  // Esc closes the dialog first, then dismisses the error.
  xdotool("key Escape");
  app->wait_for([](const State& s) { return s.at("save_bvh_dialog") == "0"; }, "Esc: the dialog closed");
  const State still = app->state();
  EXPECT_EQ(still.at("message_kind"), "error");
  xdotool("key Escape");
  app->wait_for([](const State& s) { return s.at("message_kind") == "none"; }, "Esc: the error dismissed");
}

// The joint drawn farthest from every other joint on screen (a click there can only mean it).
int isolated_joint(const std::vector<std::pair<int, int>>& pixels, const std::array<float, 4>& view) {
  int best = -1;
  float best_gap = 0.0f;
  for (std::size_t i = 0; i < pixels.size(); ++i) {
    const auto x = static_cast<float>(pixels[i].first);
    const auto y = static_cast<float>(pixels[i].second);
    if (x < view[0] + 20.0f || y < view[1] + 20.0f || x > view[0] + view[2] - 20.0f || y > view[1] + view[3] - 20.0f)
      continue;
    float gap = 1e9f;
    for (std::size_t j = 0; j < pixels.size(); ++j) {
      if (j != i)
        gap = std::min(gap,
                       std::hypot(static_cast<float>(pixels[j].first) - x, static_cast<float>(pixels[j].second) - y));
    }
    if (gap > best_gap) {
      best_gap = gap;
      best = static_cast<int>(i);
    }
  }
  return best_gap >= 14.0f ? best : -1;
}

TEST_F(TextDialogsApp, EscWithAMenuOpenClosesTheMenuAndKeepsTheSelection) {
  std::unique_ptr<ViewerProcess> app;
  start_paused(app);
  const State shown = app->state();
  const auto pixels = joint_pixels(shown);
  const int joint = isolated_joint(pixels, as_rect(shown, "view"));
  ASSERT_GE(joint, 0) << "no joint stands apart on screen";
  click_at(pixels[static_cast<std::size_t>(joint)].first, pixels[static_cast<std::size_t>(joint)].second);
  app->wait_for([&](const State& s) { return s.at("selected") == std::to_string(joint); }, "the joint selected");

  click_at(18, 9);  // "File" in the menu bar
  app->wait_for([](const State& s) { return s.at("popups") == "1"; }, "the File menu open");
  xdotool("key Escape");
  const State closed = app->wait_for([](const State& s) { return s.at("popups") == "0"; }, "Esc: the menu closed");
  EXPECT_EQ(closed.at("selected"), std::to_string(joint));
  xdotool("key Escape");  // nothing open now: Esc clears the selection
  app->wait_for([](const State& s) { return s.at("selected") == "-1"; }, "Esc again: the selection cleared");
}

// The zenity the viewer `viewer` started: its pid and arguments (pid 0 while there is none).
struct ZenityProcess {
  pid_t pid = 0;
  std::string arguments;
};

ZenityProcess zenity_of(pid_t viewer) {
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc")) {
    std::ifstream stat(entry.path() / "stat");
    pid_t pid = 0;
    std::string comm;
    std::string state;
    pid_t parent = 0;
    if (!(stat >> pid >> comm >> state >> parent) || parent != viewer || comm != "(zenity)") continue;
    std::ifstream cmdline(entry.path() / "cmdline", std::ios::binary);
    std::string arguments((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
    std::replace(arguments.begin(), arguments.end(), '\0', ' ');
    return {pid, arguments};
  }
  return {};
}

// The zenity `app` starts, once it has started.
ZenityProcess zenity_started(const ViewerProcess& app) {
  ZenityProcess zenity;
  app.wait_for(
      [&](const State&) {
        zenity = zenity_of(app.pid());
        return zenity.pid != 0;
      },
      "zenity started");
  return zenity;
}

TEST_F(TextDialogsApp, BrowseOpensTheNativeSaveDialogOnTheDefaultAndItsChoiceFillsTheField) {
  ASSERT_EQ(std::system("command -v zenity > /dev/null"), 0) << "zenity is not installed (scripts/bvhscope-dev setup)";
  std::unique_ptr<ViewerProcess> app;
  start_paused(app);
  const std::string default_path = (dir_.path() / "sample_fixed.bvh").string();
  xdotool("key space");
  app->wait_for([](const State& s) { return s.at("playing") == "1"; }, "playing");
  const State opened = open_save_dialog(*app);
  const auto box = as_rect(opened, "save_bvh_browse_box");
  ASSERT_GT(box[2], 0.0f) << "no Browse... button";
  click_at(static_cast<int>(box[0] + box[2] * 0.5f), static_cast<int>(box[1] + box[3] * 0.5f));
  const ZenityProcess zenity = zenity_started(*app);
  const std::string& arguments = zenity.arguments;
  EXPECT_NE(arguments.find(" --save "), std::string::npos) << arguments;
  EXPECT_NE(arguments.find(" --confirm-overwrite"), std::string::npos) << arguments;
  EXPECT_NE(arguments.find(" --filename=" + default_path + " "), std::string::npos) << arguments;
  // The viewer keeps drawing while zenity is open: playback (started before) moves on.
  const std::string frame = app->state().at("frame");
  app->wait_for([&](const State& s) { return s.at("frame") != frame; }, "frames drawn while zenity is open");
  // The keyboard goes to zenity's window once it is mapped: focusing it earlier fails (BadMatch), as
  // a search by title did under load, and the typing went elsewhere.
  unsigned long dialog = 0;
  app->wait_for(
      [&](const State&) {
        dialog = x11_->find_window(zenity.pid);
        return dialog != 0 && xdotool("windowfocus --sync " + std::to_string(dialog));
      },
      "zenity's dialog mapped and focused");
  xdotool("type --delay 20 chosen");
  xdotool("key Return");
  const std::string chosen = (dir_.path() / "chosen.bvh").string();
  app->wait_for([&](const State& s) { return s.at("save_bvh_path") == chosen; }, "the choice in the path field");
  EXPECT_FALSE(fs::exists(chosen));  // chosen, not written yet
}

// File > Open (Ctrl+O) takes several files and starts in the folder of the file opened last
// (issue 34, item 5): zenity is asked for --multiple, files on lines of their own, and that folder.
TEST_F(TextDialogsApp, OpenTakesSeveralFilesAndStartsInTheLastFolder) {
  ASSERT_EQ(std::system("command -v zenity > /dev/null"), 0) << "zenity is not installed (scripts/bvhscope-dev setup)";
  std::unique_ptr<ViewerProcess> app;
  start_paused(app);  // opens dir_/sample.bvh: the last file opened
  xdotool("key ctrl+o");
  const ZenityProcess zenity = zenity_started(*app);
  const std::string& arguments = zenity.arguments;
  EXPECT_NE(arguments.find(" --multiple "), std::string::npos) << arguments;
  EXPECT_NE(arguments.find(" --separator=\n "), std::string::npos) << arguments;
  EXPECT_NE(arguments.find(" --filename=" + dir_.path().string() + "/ "), std::string::npos) << arguments;
  ::kill(zenity.pid, SIGTERM);  // cancelled: nothing opens
  app->wait_for([&](const State&) { return zenity_of(app->pid()).pid == 0; }, "zenity gone");
  EXPECT_EQ(app->state().at("clips"), "1");
}

}  // namespace
}  // namespace bvhscope::test
