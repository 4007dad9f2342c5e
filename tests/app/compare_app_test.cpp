// The comparison in the real viewer (`bvhscope REF OTHER --compare`): the numbers it shows are the
// command line's, they follow the compared clip when it is reloaded (F5 after it changed on disk),
// and removing the reference ends the comparison.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "app_test_fixture.hpp"
#include "run_process.hpp"

namespace bvhscope::test {
namespace {

// walking_clip with its root `dx` units further along X in every frame.
std::string shifted_walk(int frames, double dx) {
  std::string text = walking_clip(frames);
  std::string out;
  std::size_t start = text.find("Frame Time:");
  start = text.find('\n', start) + 1;
  out = text.substr(0, start);
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end - start);
    const std::size_t space = line.find(' ');
    out += std::to_string(std::stod(line.substr(0, space)) + dx) + line.substr(space) + '\n';
    start = end + 1;
  }
  return out;
}

// The "mpjpe" number of compare's JSON.
double json_number(const std::string& json, const std::string& key) {
  const std::size_t at = json.find("\"" + key + "\":");
  EXPECT_NE(at, std::string::npos) << json;
  return std::stod(json.substr(at + key.size() + 3));
}

class CompareAppTest : public ViewerAppTest {};

// The state once the first other clip is compared and the Compare tab is drawn in the same place in
// two different frames (the first frames lay the panels out: the tab is not drawn yet, or moves).
State compared_with_tab_in_place(ViewerProcess& app) {
  std::string seen_tab;
  std::string seen_frame;
  return app.wait_for(
      [&](const State& s) {
        if (s.count("compared_1") == 0 || field(s.at("compared_1"), 1) != "ready") return false;
        const std::string& tab = s.at("compare_tab");
        const bool settled = tab == seen_tab && s.at("frames_drawn") != seen_frame && tab.rfind("0,0,0,0", 0) != 0;
        seen_tab = tab;
        seen_frame = s.at("frames_drawn");
        return settled;
      },
      "the other clip compared and the Compare tab drawn in place");
}

TEST_F(CompareAppTest, TheViewerMeasuresAsTheCommandLineAndFollowsAReload) {
  TempDir dir;
  const auto reference = dir.write("reference.bvh", walking_clip(40));
  const auto other = dir.write("other.bvh", shifted_walk(40, 3.0));
  ViewerProcess app({reference.string(), other.string(), "--compare"});
  const State state =
      app.wait_for([](const State& s) { return s.count("compared_1") != 0 && field(s.at("compared_1"), 1) == "ready"; },
                   "the other clip compared");
  // The reference is the first file; the other clip is 3 units away at every joint and frame.
  EXPECT_EQ(field(state.at("compare"), 0), field(state.at("clip_1"), 6));
  EXPECT_EQ(field(state.at("compare"), 1), "none");
  const std::string& compared = state.at("compared_1");
  EXPECT_EQ(field(compared, 0), field(state.at("clip_2"), 6));
  const double mpjpe = std::stod(field(compared, 2));
  EXPECT_NEAR(mpjpe, 3.0, 1e-5);
  EXPECT_EQ(field(compared, 5), "40");  // frames compared
  const auto cli = run_bvhscope({"compare", reference.string(), other.string(), "--json"});
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_EQ(mpjpe, json_number(cli.out, "mpjpe"));
  EXPECT_EQ(std::stod(field(compared, 3)), json_number(cli.out, "max_error"));

  // The other file changes on disk; F5 reloads the active clip (the last opened): measured again.
  ASSERT_EQ(dir.write("other.bvh", shifted_walk(40, 5.0)), other);
  window_of(app);
  xdotool("key F5");
  const State reloaded = app.wait_for(
      [](const State& s) {
        return s.count("compared_1") != 0 && field(s.at("compared_1"), 1) == "ready" &&
               std::abs(std::stod(field(s.at("compared_1"), 2)) - 5.0) < 1e-5;
      },
      "the reloaded clip compared again");
  EXPECT_EQ(field(reloaded.at("compare"), 0), field(state.at("compare"), 0));

  // Delete removes the active clip: first other.bvh (nothing left to compare, the reference
  // stays), then the reference itself (the comparison ends).
  xdotool("key Delete");
  const State removed = app.wait_for([](const State& s) { return s.at("clips") == "1"; }, "one clip left");
  EXPECT_EQ(removed.count("compared_1"), 0u);
  EXPECT_EQ(field(removed.at("compare"), 0), field(state.at("compare"), 0));
  xdotool("key Delete");
  const State none = app.wait_for([](const State& s) { return s.at("clips") == "0"; }, "no clip left");
  EXPECT_EQ(field(none.at("compare"), 0), "0");
}

TEST_F(CompareAppTest, CompareOptionsOfTheViewerAreCheckedBeforeAWindowOpens) {
  const auto one = run_bvhscope({"--compare", "only.bvh"});
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_NE(one.err.find("--compare needs two or more FILEs (the first is the reference)"), std::string::npos)
      << one.err;
  const auto align = run_bvhscope({"a.bvh", "b.bvh", "--align", "sideways"});
  EXPECT_EQ(align.exit_code, 2);
  EXPECT_NE(align.err.find("--align must be none, root, rigid or procrustes, not 'sideways'"), std::string::npos)
      << align.err;
}

// The Compare tab's per-joint table in a narrow window (issue 34, item 3): one unit for the table,
// named in its title, numbers that fit their cells (no "0.202 m" cut from "0.202 mm"), and the Now
// column left out where the panel is too narrow for four.
TEST_F(CompareAppTest, ThePerJointTableNamesItsUnitAndItsNumbersFit) {
  TempDir dir;
  const auto reference = dir.write("reference.bvh", walking_clip(40));
  const auto other = dir.write("other.bvh", shifted_walk(40, 0.02));  // 0.02 units: millimetres
  ViewerProcess app({reference.string(), other.string(), "--compare"}, "window_width=800\nwindow_height=600\n");
  const unsigned long window = window_of(app);
  const State compared = compared_with_tab_in_place(app);
  int x = 0, y = 0, w = 0, h = 0;
  ASSERT_EQ(std::sscanf(compared.at("compare_tab").c_str(), "%d,%d,%d,%d", &x, &y, &w, &h), 4);
  ASSERT_GT(w, 0) << compared.at("compare_tab");
  // Near the tab's left edge: at 800 px its right part lies under the tab bar's scroll buttons.
  xdotool("mousemove --window " + std::to_string(window) + " " + std::to_string(x + 6) + " " +
          std::to_string(y + h / 2) + " sleep 0.1 click 1");
  // Every readout, the table's cells among them, fits its space (count;shortened;overflowing;worst)
  // once the table has settled: a table's first frame has no column widths yet.
  const State shown =
      app.wait_for([](const State& s) { return s.at("compare_table")[0] != ';' && field(s.at("readouts"), 2) == "0"; },
                   "the per-joint table drawn, no number wider than its cell");
  const std::string unit = field(shown.at("compare_table"), 0);
  // walking_clip's units are a guess; the table is in the unit its largest error reads best in.
  EXPECT_TRUE(unit == "mm" || unit == "units") << shown.at("compare_table");
  EXPECT_EQ(field(shown.at("compare_table"), 1), "3");
}

// The Compare tab's Find offset (issue 33): a click searches the offset with the least MPJPE off the
// UI thread, sets the clip's time offset to it, and the comparison follows (here the other clip is
// the reference without its first 7 frames: -7, where every joint meets its partner).
TEST_F(CompareAppTest, FindOffsetSetsTheOffsetWithTheLeastError) {
  TempDir dir;
  const auto reference = dir.write("reference.bvh", walking_clip(60));
  std::string cut = walking_clip(53);  // frame j at x = (j + 7) * 0.2
  std::string rows;
  for (int f = 0; f < 53; ++f) rows += std::to_string((f + 7) * 0.2) + " 0 0\n";
  cut = cut.substr(0, cut.find("Frame Time: 0.04\n") + 17) + rows;
  const auto other = dir.write("other.bvh", cut);
  ViewerProcess app({reference.string(), other.string(), "--compare"});
  const unsigned long window = window_of(app);
  const State compared = compared_with_tab_in_place(app);
  EXPECT_EQ(compared.at("offset_search_1"), "none");
  EXPECT_NEAR(std::stod(field(compared.at("compared_1"), 2)), 1.4, 1e-5);  // 7 frames apart at 0.2 a frame
  int x = 0, y = 0, w = 0, h = 0;
  ASSERT_EQ(std::sscanf(compared.at("compare_tab").c_str(), "%d,%d,%d,%d", &x, &y, &w, &h), 4);
  xdotool("mousemove --window " + std::to_string(window) + " " + std::to_string(x + 6) + " " +
          std::to_string(y + h / 2) + " sleep 0.1 click 1");
  std::string seen_button;
  const State shown = app.wait_for(
      [&](const State& s) {
        const std::string& button = s.at("find_offset_button");
        const bool settled = button == seen_button && button.rfind("0,0,0,0", 0) != 0;
        seen_button = button;
        return settled;
      },
      "the Find offset button drawn in place");
  ASSERT_EQ(std::sscanf(shown.at("find_offset_button").c_str(), "%d,%d,%d,%d", &x, &y, &w, &h), 4);
  xdotool("mousemove --window " + std::to_string(window) + " " + std::to_string(x + w / 2) + " " +
          std::to_string(y + h / 2) + " sleep 0.1 click 1");
  const State found = app.wait_for(
      [](const State& s) {
        return s.at("offset_search_1").rfind("found;", 0) == 0 && field(s.at("compared_1"), 1) == "ready" &&
               std::abs(std::stod(field(s.at("compared_1"), 6)) + 7.0) < 1e-6;
      },
      "the offset found, set and compared again");
  EXPECT_EQ(found.at("offset_search_1"), "found;-7;0");
  EXPECT_EQ(std::stod(field(found.at("compared_1"), 2)), 0.0);  // MPJPE at -7
  // The command line finds the same.
  const auto cli = run_bvhscope({"compare", reference.string(), other.string(), "--offset", "auto", "--json"});
  EXPECT_NE(cli.out.find("\"offset\":-7,"), std::string::npos) << cli.out;
}

// Issue 34, item 9: a dropped clip whose errors are larger moves the automatic colour scale's top,
// which lightens every other clip's colours: the viewer says so.
TEST_F(CompareAppTest, ADroppedClipThatRescalesTheColoursIsSaid) {
  TempDir dir;
  const auto reference = dir.write("reference.bvh", walking_clip(40));
  const auto near = dir.write("near.bvh", shifted_walk(40, 0.02));
  const auto far = dir.write("far.bvh", shifted_walk(40, 2.0));
  ViewerProcess app({reference.string(), near.string(), "--compare"});
  const unsigned long window = window_of(app);
  const State before =
      app.wait_for([](const State& s) { return s.count("compared_1") != 0 && field(s.at("compared_1"), 1) == "ready"; },
                   "near.bvh compared");
  EXPECT_EQ(before.at("message"), "");
  std::string error;
  ASSERT_TRUE(x11_->drop_files(window, {far.string()}, 300, 300, error)) << error;
  const State after = app.wait_for(
      [](const State& s) {
        return s.at("clips") == "3" && s.count("compared_2") != 0 && field(s.at("compared_2"), 1) == "ready" &&
               !s.at("message").empty();
      },
      "far.bvh compared and a message");
  EXPECT_EQ(after.at("message_kind"), "info");
  EXPECT_NE(after.at("message").find("Error colours now reach "), std::string::npos) << after.at("message");
  EXPECT_NE(after.at("message").find("since far.bvh joined the comparison: the other clips look lighter"),
            std::string::npos)
      << after.at("message");
  EXPECT_GT(std::stod(field(after.at("compare"), 4)), std::stod(field(before.at("compare"), 4)));
}

}  // namespace
}  // namespace bvhscope::test
