// The Problems tab in the real viewer: a file with a known rotation jump is checked off the UI
// thread, the tab's title counts it, and clicking the finding's row puts the playhead on its frame
// and selects its joint.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

constexpr int kFrames = 40;
constexpr int kJumpFrame = 23;
constexpr int kHeadJoint = 2;

// Hips -> Chest -> Head; the root walks along X and the head's Xrotation goes from 0 to 200 at
// kJumpFrame (a 160 degree turn in one frame: lint's rotation-jump, a warning).
std::string clip_with_a_jump() {
  std::string text =
      "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
      "Yrotation\n  JOINT Chest\n  {\n    OFFSET 0 20 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
      "    JOINT Head\n    {\n      OFFSET 0 30 0\n      CHANNELS 3 Zrotation Xrotation Yrotation\n"
      "      End Site\n      {\n        OFFSET 0 10 0\n      }\n    }\n  }\n}\nMOTION\nFrames: " +
      std::to_string(kFrames) + "\nFrame Time: 0.04\n";
  for (int f = 0; f < kFrames; ++f) {
    const int head_x = f >= kJumpFrame ? 200 : 0;
    text += std::to_string(f) + " 90 0 0 0 0 0 0 0 0 " + std::to_string(head_x) + " 0\n";
  }
  return text;
}

// The state key of the finding with `code` ("lint_3"), or "" when there is none.
std::string finding_key(const State& state, const std::string& code) {
  for (int i = 1; state.count("lint_" + std::to_string(i)) != 0; ++i) {
    const std::string key = "lint_" + std::to_string(i);
    if (field(state.at(key), 0) == code) return key;
  }
  return {};
}

// The centre of a "x,y,w,h" rectangle, as xdotool's "X Y".
std::string centre_of(const std::string& rect) {
  int x = 0, y = 0, w = 0, h = 0;
  EXPECT_EQ(std::sscanf(rect.c_str(), "%d,%d,%d,%d", &x, &y, &w, &h), 4) << rect;
  EXPECT_GT(w, 0) << rect;
  EXPECT_GT(h, 0) << rect;
  return std::to_string(x + w / 2) + " " + std::to_string(y + h / 2);
}

// Hips -> Chest -> Head; the head's Euler angles (ZXY) near gimbal lock switch to the other
// solution at kJumpFrame, (z, x, 0) to (z + 180, 180 - x, 180): the same orientation, channels
// jumping (lint's euler-flip, a warning whose fix is Save as BVH with --unwrap).
std::string clip_with_a_flip() {
  std::string text = clip_with_a_jump();
  text.erase(text.find("Frame Time: 0.04\n") + 17);
  for (int f = 0; f < kFrames; ++f) {
    const double z = -120.0 + f;
    const double x = 70.0 + f * 0.5;
    const std::string head = f < kJumpFrame ? std::to_string(z) + " " + std::to_string(x) + " 0"
                                            : std::to_string(z + 180.0) + " " + std::to_string(180.0 - x) + " 180";
    text += std::to_string(f) + " 90 0 0 0 0 0 0 0 " + head + "\n";
  }
  return text;
}

class ProblemsAppTest : public ViewerAppTest {};

TEST_F(ProblemsAppTest, ClickingAFindingGoesToItsFrameAndSelectsItsJoint) {
  TempDir dir;
  const auto path = dir.write("jump.bvh", clip_with_a_jump());
  ViewerProcess app({path.string()});
  const State checked = app.wait_for(
      [](const State& s) { return s.count("lint") != 0 && field(s.at("lint"), 4) == "ready"; }, "the clip checked");
  EXPECT_EQ(field(checked.at("lint"), 0), field(checked.at("clip_1"), 6));  // the active clip's id
  EXPECT_EQ(field(checked.at("lint"), 1), "0");                             // no error
  EXPECT_EQ(field(checked.at("lint"), 2), "1");                             // one warning: the jump
  const std::string key = finding_key(checked, "rotation-jump");
  ASSERT_FALSE(key.empty()) << "no rotation-jump finding";
  EXPECT_EQ(field(checked.at(key), 1), "warning");
  EXPECT_EQ(field(checked.at(key), 2), std::to_string(kJumpFrame));
  EXPECT_EQ(field(checked.at(key), 3), std::to_string(kHeadJoint));

  const unsigned long window = window_of(app);
  const std::string w = std::to_string(window);
  xdotool("key space");  // paused somewhere else than the jump
  xdotool("key Home");
  const State paused = app.wait_for([](const State& s) { return s.at("playing") == "0" && s.at("clip_frame") == "0"; },
                                    "paused on frame 0");
  EXPECT_EQ(paused.at("selected"), "-1");
  // The Problems tab: its header, then the finding's row once the tab shows it.
  xdotool("mousemove --window " + w + " " + centre_of(paused.at("problems_tab")) + " sleep 0.1 click 1");
  const State listed = app.wait_for(
      [&](const State& s) { return s.count(key) != 0 && field(s.at(key), 5) != "0,0,0,0"; }, "the finding listed");
  xdotool("mousemove --window " + w + " " + centre_of(field(listed.at(key), 5)) + " sleep 0.1 click 1");
  const State jumped = app.wait_for([](const State& s) { return s.at("selected") != "-1"; }, "a joint selected");
  EXPECT_EQ(jumped.at("selected"), std::to_string(kHeadJoint));
  EXPECT_EQ(jumped.at("selected_name"), "Head");
  EXPECT_EQ(jumped.at("clip_frame"), std::to_string(kJumpFrame));
  EXPECT_EQ(jumped.at("frame"), std::to_string(kJumpFrame));
  EXPECT_EQ(jumped.at("playing"), "0");
}

// Issue 34, item 2: a dialog opened by a click reaches the screen with no further input. The
// press and the release come at once and the pointer never moves again: the modal (Save as BVH,
// from a finding's Fix...) must be drawn, its dimming over the rest of the window, by the frames
// the click itself brings (a popup that sizes itself is hidden for its first frame).
TEST_F(ProblemsAppTest, AFixDialogOpenedByAClickIsDrawnWithNoFurtherInput) {
  TempDir dir;
  const auto path = dir.write("flip.bvh", clip_with_a_flip());
  ViewerProcess app({path.string()});
  const State checked = app.wait_for(
      [](const State& s) { return s.count("lint") != 0 && field(s.at("lint"), 4) == "ready"; }, "the clip checked");
  const std::string key = finding_key(checked, "euler-flip");
  ASSERT_FALSE(key.empty()) << "no euler-flip finding";
  const unsigned long window = window_of(app);
  const std::string w = std::to_string(window);
  xdotool("key space");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  xdotool("mousemove --window " + w + " " + centre_of(checked.at("problems_tab")) + " sleep 0.1 click 1");
  const State listed = app.wait_for(
      [&](const State& s) { return s.count(key) != 0 && field(s.at(key), 5) != "0,0,0,0"; }, "the finding listed");
  xdotool("mousemove --window " + w + " " + centre_of(field(listed.at(key), 5)) + " sleep 0.1 click 1");
  const State opened =
      app.wait_for([](const State& s) { return s.at("fix_button") != "0,0,0,0"; }, "the finding's Fix... button");
  xdotool("mousemove --window " + w + " " + centre_of(opened.at("fix_button")));
  const WindowImage before = settled_grab(window);
  xdotool("mousedown 1 mouseup 1");
  app.wait_for([](const State& s) { return s.at("save_bvh_dialog") == "1"; }, "the dialog open");
  // Points outside the dialog (where the last frame drew it), every 16 pixels, that were not black:
  // the modal's dimming darkens each to about half (the theme's 45 % black).
  const auto dimmed = [&](const WindowImage& image, const std::string& box) {
    int x = 0, y = 0, width = 0, height = 0;
    if (std::sscanf(box.c_str(), "%d,%d,%d,%d", &x, &y, &width, &height) != 4 || width == 0) return false;
    int points = 0;
    int darker = 0;
    for (int py = 8; py < before.height; py += 16) {
      for (int px = 8; px < before.width; px += 16) {
        if (px >= x && px < x + width && py >= y && py < y + height) continue;
        const auto was = before.at(px, py);
        if (was[0] + was[1] + was[2] < 60) continue;
        ++points;
        const auto now = image.at(px, py);
        darker += now[0] + now[1] + now[2] < (was[0] + was[1] + was[2]) * 3 / 4 ? 1 : 0;
      }
    }
    return points > 100 && darker * 100 >= points * 95;
  };
  const auto deadline = std::chrono::steady_clock::now() + kStateDeadline;
  WindowImage image = x11_->grab(window);
  std::string box = app.state().at("save_bvh_box");
  while (!dimmed(image, box) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    box = app.state().at("save_bvh_box");
    image = x11_->grab(window);
  }
  EXPECT_TRUE(dimmed(image, box)) << "the dialog is open (" << box << ") but the screen does not show it";
  EXPECT_EQ(app.state().at("save_bvh_options"), "--unwrap");
}

}  // namespace
}  // namespace bvhscope::test
