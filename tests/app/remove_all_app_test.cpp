// Remove all asks first (issue 34, item 8): a click opens the question and removes nothing; Esc
// (or Cancel) keeps every clip and the comparison; Enter (or Remove all) removes them all.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

class RemoveAllApp : public ViewerAppTest {};

TEST_F(RemoveAllApp, RemoveAllAsksFirstAndEscKeepsTheClips) {
  TempDir dir;
  const auto first = dir.write("first.bvh", walking_clip(20));
  const auto second = dir.write("second.bvh", walking_clip(30));
  ViewerProcess app({first.string(), second.string(), "--compare"});
  const unsigned long window = window_of(app);
  // The button where it is drawn in two frames in a row.
  const auto click_remove_all = [&] {
    std::string seen;
    const State state = app.wait_for(
        [&](const State& s) {
          if (s.at("clips") != "2") return false;
          const std::string rect = s.at("remove_all").substr(2);
          const bool settled = rect == seen && rect.rfind("0,0,0,0", 0) != 0;
          seen = rect;
          return settled;
        },
        "two clips and the Remove all button drawn in place");
    int x = 0, y = 0, w = 0, h = 0;
    ASSERT_EQ(std::sscanf(state.at("remove_all").substr(2).c_str(), "%d,%d,%d,%d", &x, &y, &w, &h), 4);
    xdotool("mousemove --window " + std::to_string(window) + " " + std::to_string(x + w / 2) + " " +
            std::to_string(y + h / 2) + " sleep 0.1 click 1");
  };
  click_remove_all();
  const State asking = app.wait_for([](const State& s) { return s.at("remove_all")[0] == '1'; }, "the question");
  EXPECT_EQ(asking.at("clips"), "2") << "a click alone removes nothing";
  xdotool("key Escape");
  const State kept = app.wait_for([](const State& s) { return s.at("remove_all")[0] == '0'; }, "the question closed");
  EXPECT_EQ(kept.at("clips"), "2");
  EXPECT_NE(field(kept.at("compare"), 0), "0") << "the comparison stays";

  click_remove_all();
  app.wait_for([](const State& s) { return s.at("remove_all")[0] == '1'; }, "the question again");
  xdotool("key Return");
  // (The frame that removes them drew the question: the state after it, the question closed.)
  const State removed =
      app.wait_for([](const State& s) { return s.at("clips") == "0" && s.at("remove_all")[0] == '0'; },
                   "every clip removed and the question closed");
  EXPECT_EQ(field(removed.at("compare"), 0), "0");
}

}  // namespace
}  // namespace bvhscope::test
