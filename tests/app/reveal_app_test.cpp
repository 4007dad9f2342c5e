// What you just selected is not left under the curves strip (issue 34, item 4): the strip opens over
// the view's bottom without moving the figure, and when the selected joint ends up under it the view
// eases up until the joint clears the strip.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

// A standing figure 180 units tall: hips at 90, legs down to the feet at 0, a spine up to the head.
std::string standing_figure() {
  std::string text =
      "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
      "Yrotation\n";
  text +=
      "JOINT LeftLeg\n{\nOFFSET 10 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
      "JOINT LeftFoot\n{\nOFFSET 0 -85 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
      "End Site\n{\nOFFSET 0 -5 10\n}\n}\n}\n";
  text +=
      "JOINT RightLeg\n{\nOFFSET -10 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
      "JOINT RightFoot\n{\nOFFSET 0 -85 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
      "End Site\n{\nOFFSET 0 -5 10\n}\n}\n}\n";
  text +=
      "JOINT Spine\n{\nOFFSET 0 30 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
      "JOINT Neck\n{\nOFFSET 0 35 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
      "JOINT LeftArm\n{\nOFFSET 20 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
      "End Site\n{\nOFFSET 0 -55 0\n}\n}\n"
      "JOINT RightArm\n{\nOFFSET -20 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
      "End Site\n{\nOFFSET 0 -55 0\n}\n}\n"
      "JOINT Head\n{\nOFFSET 0 10 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n"
      "End Site\n{\nOFFSET 0 15 0\n}\n}\n}\n}\n}\n";
  text += "MOTION\nFrames: 20\nFrame Time: 0.04\n";
  for (int f = 0; f < 20; ++f) {
    text += std::to_string(f * 0.5) + " 90 0 0 0 0";
    for (int j = 0; j < 9; ++j) text += " 0 0 0";
    text += '\n';
  }
  return text;
}

class RevealApp : public ViewerAppTest {};

TEST_F(RevealApp, AJointSelectedUnderTheCurvesStripIsEasedUpAboveIt) {
  TempDir dir;
  const auto clip = dir.write("standing.bvh", standing_figure());
  ViewerProcess app({clip.string()}, "window_width=800\nwindow_height=600\n");
  const std::string w = std::to_string(window_of(app));
  xdotool("key space");
  const State paused = app.wait_for(
      [](const State& s) { return s.at("playing") == "0" && s.at("loading") == "0" && s.at("camera_glide") == "0"; },
      "paused");
  // The lowest joint on screen: a toe's End Site, at the view's bottom when nothing is selected.
  const auto points = joint_pixels(paused);
  ASSERT_FALSE(points.empty());
  std::size_t lowest = 0;
  for (std::size_t i = 1; i < points.size(); ++i)
    if (points[i].second > points[lowest].second) lowest = i;
  xdotool("mousemove --window " + w + " " + std::to_string(points[lowest].first) + " " +
          std::to_string(points[lowest].second) + " sleep 0.2 click 1");
  const State selected = app.wait_for(
      [](const State& s) { return s.at("selected") != "-1" && as_rect(s, "curves")[3] > 0.0f; }, "a joint selected");
  const auto curves = as_rect(selected, "curves");
  ASSERT_GT(static_cast<float>(points[lowest].second), curves[1]) << "the strip opened over the selected joint";
  const std::string joint = selected.at("selected");
  const State eased =
      app.wait_for([&](const State& s) { return s.at("camera") != paused.at("camera") && s.at("camera_glide") == "0"; },
                   "the view eased up");
  const auto after = joint_pixels(eased);
  const auto index = static_cast<std::size_t>(std::stoi(joint));
  ASSERT_LT(index, after.size());
  EXPECT_LT(static_cast<float>(after[index].second), curves[1] - 5.0f) << "the selected joint above the strip";
  EXPECT_GT(static_cast<float>(after[index].second), curves[1] - 40.0f) << "lifted just clear of it, not framed anew";
  EXPECT_EQ(as_rect(eased, "curves")[1], curves[1]) << "the strip stays where it is";
  // Only the camera's target moved: its distance, yaw and pitch (after the third comma) are kept.
  const auto orbit = [](const std::string& camera) {
    std::size_t at = 0;
    for (int i = 0; i < 3; ++i) at = camera.find(',', at) + 1;
    return camera.substr(at);
  };
  EXPECT_EQ(orbit(eased.at("camera")), orbit(paused.at("camera")));
}

}  // namespace
}  // namespace bvhscope::test
