// A weak guess is visible where you look (issue 34, item 12): a clip whose up axis the motion
// cannot tell (two joints: +y assumed) carries an amber badge on its name tag in the view (shown
// for a single clip too) and on its list row; a click on either offers the axes, and the one
// chosen applies to that clip and settles the guess.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

// The centre of a "x,y,w,h" rectangle, as xdotool's "X Y".
std::string middle_of(const std::string& rect) {
  int x = 0, y = 0, w = 0, h = 0;
  EXPECT_EQ(std::sscanf(rect.c_str(), "%d,%d,%d,%d", &x, &y, &w, &h), 4) << rect;
  EXPECT_GT(w, 0) << rect;
  return std::to_string(x + w / 2) + " " + std::to_string(y + h / 2);
}

// Where the menu drew the choice labelled `label` ("" when it is not drawn).
std::string choice_rect(const State& state, const std::string& label) {
  const std::string& menu = state.at("weak_guess_menu");
  const std::size_t at = menu.find(label + "@");
  if (at == std::string::npos) return {};
  const std::size_t start = at + label.size() + 1;
  return menu.substr(start, menu.find(';', start) - start);
}

class WeakGuessApp : public ViewerAppTest {};

TEST_F(WeakGuessApp, ABadgeOnTheTagAndTheRowOffersTheAxesAndTheChoiceSettlesIt) {
  TempDir dir;
  const auto first = dir.write("first.bvh", walking_clip(20));
  const auto second = dir.write("second.bvh", walking_clip(20));
  {
    // One clip: its name tag is shown for its badge.
    ViewerProcess app({first.string()});
    const unsigned long window = window_of(app);
    const std::string w = std::to_string(window);
    xdotool("key space");
    const State shown = app.wait_for(
        [](const State& s) {
          return s.at("playing") == "0" && s.at("loading") == "0" && field(s.at("weak_guess_1"), 2) != "0,0,0,0";
        },
        "the badge on the name tag");
    EXPECT_EQ(field(shown.at("weak_guess_1"), 0), "+y up?");
    EXPECT_NE(field(shown.at("weak_guess_1"), 1), "0,0,0,0") << "the row's badge";
    // Amber where the state says the tag's badge is (its text, dark, covers less than half).
    int x = 0, y = 0, bw = 0, bh = 0;
    ASSERT_EQ(std::sscanf(field(shown.at("weak_guess_1"), 2).c_str(), "%d,%d,%d,%d", &x, &y, &bw, &bh), 4);
    const WindowImage image = settled_grab(window);
    int amber = 0, pixels = 0;
    for (int py = y + 1; py < y + bh - 1; ++py) {
      for (int px = x + 1; px < x + bw - 1; ++px, ++pixels) {
        const auto c = image.at(px, py);
        if (c[0] > 200 && c[1] > 140 && c[1] < 200 && c[2] < 100) ++amber;
      }
    }
    EXPECT_GT(amber * 2, pixels) << amber << " amber of " << pixels;
    // A click on the tag's badge opens the axes (the view does not take it), and +z up settles it.
    const std::string camera = shown.at("camera");
    xdotool("mousemove --window " + w + " " + middle_of(field(shown.at("weak_guess_1"), 2)) + " sleep 0.1 click 1");
    const State menu = app.wait_for([](const State& s) { return !choice_rect(s, "+z up").empty(); }, "the axes");
    EXPECT_FALSE(choice_rect(menu, "+y up  (keep)").empty()) << menu.at("weak_guess_menu");
    EXPECT_EQ(menu.at("selected"), "-1");
    EXPECT_EQ(menu.at("camera"), camera) << "a click on the badge is no orbit";
    xdotool("mousemove --window " + w + " " + middle_of(choice_rect(menu, "+z up")) + " sleep 0.1 click 1");
    const State settled =
        app.wait_for([](const State& s) { return field(s.at("weak_guess_1"), 0).empty() && s.at("up_axis") == "+z"; },
                     "the guess settled: +z up");
    EXPECT_EQ(field(settled.at("weak_guess_1"), 1), "0,0,0,0");
    EXPECT_EQ(settled.at("weak_guess_menu"), "");
  }
  // Two clips, the second active: the first's row badge sets the first clip's axis only.
  ViewerProcess app({first.string(), second.string()});
  const std::string w = std::to_string(window_of(app));
  const State both = app.wait_for(
      [](const State& s) {
        return s.at("loading") == "0" && s.at("clips") == "2" && field(s.at("weak_guess_1"), 1) != "0,0,0,0";
      },
      "both rows with their badge");
  EXPECT_EQ(both.at("active"), "1");
  xdotool("mousemove --window " + w + " " + middle_of(field(both.at("weak_guess_1"), 1)) + " sleep 0.1 click 1");
  const State menu = app.wait_for([](const State& s) { return !choice_rect(s, "-x up").empty(); }, "the axes");
  xdotool("mousemove --window " + w + " " + middle_of(choice_rect(menu, "-x up")) + " sleep 0.1 click 1");
  const State settled = app.wait_for([](const State& s) { return field(s.at("weak_guess_1"), 0).empty(); },
                                     "the first clip's guess settled");
  EXPECT_EQ(field(settled.at("weak_guess_2"), 0), "+y up?") << "the other clip keeps its guess";
  EXPECT_EQ(settled.at("active"), "1");
  EXPECT_EQ(settled.at("up_axis"), "+y");  // the active (second) clip's
}

}  // namespace
}  // namespace bvhscope::test
