// The real viewer driven through the X server: clicking where a joint is drawn selects it, and
// the inspector shows exactly what the engine computes for that joint at that frame; Escape
// clears the selection; a second file dropped on the command line stands beside the first.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

#include "anim/file_loader.hpp"
#include "anim/joint_details.hpp"
#include "viewer_process.hpp"
#include "x11_client.hpp"

namespace bvhscope::test {
namespace {

class InspectionApp : public ::testing::Test {
 protected:
  void SetUp() override {
    // CI runs GL tests under xvfb-run: a missing display or tool is a failure, not a skip.
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "no DISPLAY: run under xvfb-run";
    ASSERT_EQ(std::system("command -v xdotool > /dev/null"), 0) << "xdotool is not installed";
    x11_ = X11Client::open();
    ASSERT_TRUE(x11_) << "cannot open the X display";
  }

  unsigned long focus(const ViewerProcess& app) {
    app.wait_for([&](const State&) { return x11_->find_window(app.pid()) != 0; }, "a mapped window");
    const unsigned long window = x11_->find_window(app.pid());
    xdotool("windowfocus --sync " + std::to_string(window));
    return window;
  }

  std::unique_ptr<X11Client> x11_;
};

std::vector<float> numbers(const std::string& text, char separator) {
  std::vector<float> values;
  std::istringstream in(text);
  std::string item;
  while (std::getline(in, item, separator)) values.push_back(std::stof(item));
  return values;
}

// The joint drawn farthest from every other joint on screen (so a click there can only mean it).
int isolated_joint(const std::vector<std::pair<int, int>>& pixels, const std::array<float, 4>& view) {
  int best = -1;
  double best_gap = 0.0;
  for (std::size_t i = 0; i < pixels.size(); ++i) {
    const auto x = static_cast<float>(pixels[i].first);
    const auto y = static_cast<float>(pixels[i].second);
    if (x < view[0] + 20.0f || y < view[1] + 20.0f || x > view[0] + view[2] - 20.0f || y > view[1] + view[3] - 20.0f)
      continue;
    double gap = 1e9;
    for (std::size_t j = 0; j < pixels.size(); ++j) {
      if (j == i) continue;
      gap = std::min(gap, static_cast<double>(std::hypot(static_cast<float>(pixels[j].first) - x,
                                                         static_cast<float>(pixels[j].second) - y)));
    }
    if (gap > best_gap) {
      best_gap = gap;
      best = static_cast<int>(i);
    }
  }
  return best_gap >= 14.0 ? best : -1;
}

TEST_F(InspectionApp, ClickingAJointSelectsItAndTheInspectorShowsTheEnginesValues) {
  const std::string clip_path = (fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string();
  ViewerProcess app({clip_path});
  app.wait_for_work([&](const State& s) { return s.at("clip") == clip_path && s.at("loading") == "0"; }, "the clip");
  const unsigned long window = focus(app);
  xdotool("key space");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  xdotool("key Home");
  app.wait_for([](const State& s) { return s.at("frame") == "0" && s.at("clip_frame") == "0"; }, "frame 0");
  xdotool("key Right Right Right Right Right");
  const State shown = app.wait_for([](const State& s) { return s.at("clip_frame") == "5"; }, "frame 5");
  EXPECT_EQ(shown.at("selected"), "-1");

  const auto view = as_rect(shown, "view");
  const auto pixels = joint_pixels(shown);
  const int joint = isolated_joint(pixels, view);
  ASSERT_GE(joint, 0) << "no joint stands apart on screen";
  const auto [x, y] = pixels[static_cast<std::size_t>(joint)];
  xdotool("mousemove --window " + std::to_string(window) + " " + std::to_string(x) + " " + std::to_string(y) +
          " sleep 0.1 click 1");
  const State picked = app.wait_for([&](const State& s) { return s.at("inspected") == std::to_string(joint); },
                                    "joint " + std::to_string(joint) + " selected and inspected");
  EXPECT_EQ(picked.at("selected"), std::to_string(joint));
  EXPECT_EQ(picked.at("clip_frame"), "5");

  // What the engine says about that joint at that frame, in the position mode the viewer chose.
  Result<Clip> loaded = load_bvh_file(clip_path);
  ASSERT_TRUE(loaded.ok());
  const Clip clip = std::move(loaded).value();
  const PositionMode mode = picked.at("position_mode") == "replace" ? PositionMode::Replace : PositionMode::Add;
  Pose pose;
  pose_frame(clip, 5, mode, pose);
  const JointDetails expected = describe_joint(clip, pose, 5, mode, joint);
  EXPECT_EQ(picked.at("selected_name"), clip.skeleton.names[static_cast<std::size_t>(joint)]);
  EXPECT_EQ(as_int(picked, "inspected_parent"), expected.parent);
  EXPECT_EQ(as_int(picked, "inspected_depth"), expected.depth);
  std::vector<std::string> channels;
  {
    std::istringstream in(picked.at("inspected_channels"));
    std::string item;
    while (std::getline(in, item, ';')) channels.push_back(item);
  }
  ASSERT_EQ(channels.size(), expected.channels.size());
  for (std::size_t i = 0; i < channels.size(); ++i) {
    const std::size_t colon = channels[i].find(':');
    EXPECT_EQ(std::stoi(channels[i].substr(0, colon)), expected.channels[i].column);
    EXPECT_EQ(std::stof(channels[i].substr(colon + 1)), expected.channels[i].value) << "raw values are exact";
  }
  const auto near = [](const std::vector<float>& got, std::initializer_list<float> want, const char* what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    std::size_t i = 0;
    for (const float w : want) {
      EXPECT_NEAR(got[i], w, 1e-4f * std::max(1.0f, std::abs(w))) << what << " component " << i;
      ++i;
    }
  };
  const glm::vec3& wp = expected.world_position;
  near(numbers(picked.at("inspected_world_position"), ','), {wp.x, wp.y, wp.z}, "world position");
  const glm::vec3& lt = expected.local_translation;
  near(numbers(picked.at("inspected_local_translation"), ','), {lt.x, lt.y, lt.z}, "local translation");
  const glm::quat& lr = expected.local_rotation;
  near(numbers(picked.at("inspected_local_rotation"), ','), {lr.w, lr.x, lr.y, lr.z}, "local rotation");
  const glm::quat& wr = expected.world_rotation;
  near(numbers(picked.at("inspected_world_rotation"), ','), {wr.w, wr.x, wr.y, wr.z}, "world rotation");

  // Stepping on keeps the inspector on the same joint with the next frame's values.
  xdotool("key Right");
  const State next = app.wait_for([](const State& s) { return s.at("clip_frame") == "6"; }, "frame 6");
  EXPECT_EQ(next.at("inspected"), std::to_string(joint));
  pose_frame(clip, 6, mode, pose);
  const glm::vec3 wp6 = describe_joint(clip, pose, 6, mode, joint).world_position;
  near(numbers(next.at("inspected_world_position"), ','), {wp6.x, wp6.y, wp6.z}, "world position at frame 6");

  xdotool("key Escape");
  app.wait_for([](const State& s) { return s.at("selected") == "-1" && s.at("inspected") == "none"; }, "Escape clears");
}

TEST_F(InspectionApp, SeveralFilesBecomeClipsSideBySideAndTheLastIsActive) {
  const std::string sample = (fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string();
  const std::string other = (fixtures_dir() / "two_joints.bvh").string();
  ViewerProcess app({sample, other});
  const State state =
      app.wait_for_work([&](const State& s) { return s.at("clips") == "2" && s.at("loading") == "0"; }, "two clips");
  EXPECT_EQ(state.at("clip"), other);
  EXPECT_EQ(state.at("active"), "1");
}

}  // namespace
}  // namespace bvhscope::test
