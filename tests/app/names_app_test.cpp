// Names that tell clips and joints apart (issue 34, items 6 and 7): a long name is cut in the
// middle with its extension or the filter's match kept; side panels widen on wide windows; a
// new clip's joint tree starts at its top.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

// A chain of `links` joints named "Character1_Skeleton_Rig_Spine<i>_bind", the last one's
// "Character1_Skeleton_Rig_LeftHandThumb_bind".
std::string long_chain_clip(int links) {
  std::string text =
      "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
      "Yrotation\n";
  for (int i = 0; i < links; ++i) {
    const std::string name = i + 1 < links ? "Spine" + std::to_string(i) : std::string("LeftHandThumb");
    text +=
        "JOINT Character1_Skeleton_Rig_" + name + "_bind\n{\nOFFSET 0 4 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
  }
  text += "End Site\n{\nOFFSET 0 4 0\n}\n";
  for (int i = 0; i < links; ++i) text += "}\n";
  text += "}\nMOTION\nFrames: 20\nFrame Time: 0.04\n";
  for (int f = 0; f < 20; ++f) {
    text += std::to_string(f * 0.5) + " 0 0 0 0 0";
    for (int i = 0; i < links; ++i) text += " 0 0 0";
    text += '\n';
  }
  return text;
}

std::string window_of_size(int width, int height) {
  return "window_width=" + std::to_string(width) + "\nwindow_height=" + std::to_string(height) + "\n";
}

// The labels the tree drew cut, one by one.
std::vector<std::string> cut_labels(const State& state) {
  std::vector<std::string> labels;
  const std::string& all = state.at("tree_cut");
  for (std::size_t start = 0; start < all.size();) {
    const std::size_t end = std::min(all.find('|', start), all.size());
    labels.push_back(all.substr(start, end - start));
    start = end + 1;
  }
  return labels;
}

class NamesApp : public ViewerAppTest {};

TEST_F(NamesApp, AFileAndItsFixedCopyStayApartAndKeepTheirExtension) {
  TempDir dir;
  // Both names too long for a row of the 270-pixel panel at 1280 (by 20 pixels and more, whatever
  // the row's note): cut at their ends they read alike, "bvh11__131_01_walk_an...".
  const auto original = dir.write("bvh11__131_01_walk_and_turn.bvh", walking_clip(20));
  const auto fixed = dir.write("bvh11__131_01_walk_and_turn_fixed.bvh", walking_clip(20));
  // Up given: walking_clip's two joints leave it a guess, whose badge would take a row's room.
  ViewerProcess app({"--up", "+y", original.string(), fixed.string(), "--compare"}, window_of_size(1280, 800));
  window_of(app);
  // (The state once the comparison is ready, at the window's own size: its notes in the rows.)
  const State state = app.wait_for(
      [](const State& s) {
        return s.at("clips") == "2" && s.count("clip_name_2") != 0 && s.at("loading") == "0" &&
               s.at("window_size") == "1280,800" && s.count("compared_1") != 0 &&
               field(s.at("compared_1"), 1) == "ready";
      },
      "both rows drawn, the comparison ready");
  const std::string& first = state.at("clip_name_1");
  const std::string& second = state.at("clip_name_2");
  for (const std::string& cut : {first, second}) {
    EXPECT_NE(cut.find("..."), std::string::npos) << cut;
    EXPECT_TRUE(cut.starts_with("bvh11__")) << cut;
  }
  EXPECT_TRUE(first.ends_with("turn.bvh")) << first;
  EXPECT_TRUE(second.ends_with("fixed.bvh")) << second;  // not "bvh11__131_01_walk_an..." as both read cut at the end
}

TEST_F(NamesApp, AFilteredJointKeepsTheMatchedTextInItsCutLabel) {
  TempDir dir;
  const auto clip = dir.write("long_chain.bvh", long_chain_clip(10));
  ViewerProcess app({clip.string()}, window_of_size(1280, 800));
  const unsigned long window = window_of(app);
  const State loaded =
      app.wait_for([](const State& s) { return s.at("loading") == "0" && s.at("clips") == "1"; }, "the clip loaded");
  const auto box = as_rect(loaded, "joint_filter_box");
  xdotool("mousemove --window " + std::to_string(window) + " " + std::to_string(static_cast<int>(box[0] + 20.0f)) +
          " " + std::to_string(static_cast<int>(box[1] + box[3] / 2.0f)) + " sleep 0.1 click 1");
  app.wait_for([](const State& s) { return s.at("ui_active") != "0"; }, "the filter field active");
  xdotool("type thumb");
  const State filtered = app.wait_for(
      [](const State& s) { return s.at("joint_filter") == "thumb" && !s.at("tree_cut").empty(); }, "the tree filtered");
  const std::vector<std::string> labels = cut_labels(filtered);
  // Hips (whole), nine spines, the thumb and its End Site are listed; every other name is too long
  // for its row: each cut keeps the name's end, and the two that match keep "Thumb".
  ASSERT_EQ(labels.size(), 11u) << filtered.at("tree_cut");
  int with_match = 0;
  for (const std::string& label : labels) {
    EXPECT_NE(label.find("..."), std::string::npos) << label;
    if (label.find("Thumb") != std::string::npos) ++with_match;
  }
  EXPECT_EQ(with_match, 2) << filtered.at("tree_cut");
  EXPECT_TRUE(labels[0].ends_with("Spine0_bind")) << labels[0];
}

TEST_F(NamesApp, SidePanelsWidenOnAWideWindowUntilDragged) {
  TempDir dir;
  const auto clip = dir.write("walk.bvh", walking_clip(20));
  {
    ViewerProcess app({clip.string()}, window_of_size(1920, 1080));
    window_of(app);
    const State state = app.wait_for(
        [](const State& s) { return s.at("window_size") == "1920,1080" && s.at("loading") == "0"; }, "1920 x 1080");
    EXPECT_NEAR(as_rect(state, "left_panel")[2], 326.4f, 1.0f);   // 17 % of the width (270 at 1280)
    EXPECT_NEAR(as_rect(state, "right_panel")[2], 403.2f, 1.0f);  // 21 % (330 at 1280)
  }
  ViewerProcess app({clip.string()}, window_of_size(1920, 1080) + "left_panel_width=250\n");
  window_of(app);
  const State state = app.wait_for(
      [](const State& s) { return s.at("window_size") == "1920,1080" && s.at("loading") == "0"; }, "1920 x 1080");
  EXPECT_NEAR(as_rect(state, "left_panel")[2], 250.0f, 1.0f);  // a dragged width stays
}

TEST_F(NamesApp, AnotherClipsTreeStartsAtItsTop) {
  TempDir dir;
  const auto first = dir.write("first.bvh", long_chain_clip(60));
  const auto second = dir.write("second.bvh", long_chain_clip(60));
  ViewerProcess app({first.string(), second.string()}, window_of_size(1280, 800));
  const unsigned long window = window_of(app);
  const State loaded = app.wait_for(
      [](const State& s) { return s.at("loading") == "0" && s.at("clips") == "2" && s.count("lane_2") != 0; },
      "both clips loaded");
  const std::string w = std::to_string(window);
  const auto tree = as_rect(loaded, "tree_rows");
  xdotool("mousemove --window " + w + " " + std::to_string(static_cast<int>(tree[0] + tree[2] / 2.0f)) + " " +
          std::to_string(static_cast<int>(tree[1] + tree[3] / 2.0f)) + " click --repeat 8 --delay 30 5");
  const State scrolled =
      app.wait_for([](const State& s) { return std::stof(s.at("tree_scroll")) > 100.0f; }, "the tree scrolled down");
  const std::string active = scrolled.at("active");
  const std::string other_lane = active == "0" ? "lane_2" : "lane_1";
  const auto lane = as_rect(scrolled, other_lane);
  xdotool("mousemove --window " + w + " " + std::to_string(static_cast<int>(lane[0] + 40.0f)) + " " +
          std::to_string(static_cast<int>(lane[1] + lane[3] / 2.0f)) + " sleep 0.1 click 1");
  app.wait_for([&](const State& s) { return s.at("active") != active; }, "the other clip active");
  const State top = app.wait_for([](const State& s) { return s.at("tree_scroll") == "0"; }, "its tree at the top");
  EXPECT_NE(top.at("active"), active);
}

}  // namespace
}  // namespace bvhscope::test
