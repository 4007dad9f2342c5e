// File > Save as BVH in the real viewer (Ctrl+Shift+S): the dialog opens with the path beside the
// clip, typing replaces it and Enter saves in the background; what is saved reopens with the same
// joint positions in every frame; the loop range and a ticked Unwrap give that many frames,
// continuous; the file the clip was loaded from is refused unless Replace the original is ticked,
// and then it is replaced and reloaded without an error on screen.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "anim/file_loader.hpp"
#include "anim/measure.hpp"
#include "anim/pose.hpp"
#include "app_test_fixture.hpp"
#include "bvh_builder.hpp"

namespace bvhscope::test {
namespace {

namespace fs = std::filesystem;

std::string bytes_of(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Clip load_ok(const fs::path& file) {
  Result<Clip> clip = load_bvh_file(file.string());
  EXPECT_TRUE(clip) << file << ": " << (clip ? std::string() : clip.error().message);
  return clip ? std::move(clip).value() : Clip{};
}

std::size_t files_in(const fs::path& dir) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

// Enter held until `done`: ImGui 1.86 reads keys as held down at each frame, and xdotool's press
// and release can fall between two frames.
State press_enter_until(const ViewerProcess& app, const std::function<bool(const State&)>& done) {
  xdotool("keydown Return");
  const State state = app.wait_for(done, "the dialog confirmed");
  xdotool("keyup Return");
  return state;
}

bool save_ended(const State& s) {
  const std::string& phase = s.at("save_bvh");
  return phase.rfind("written;", 0) == 0 || phase.rfind("failed;", 0) == 0 || phase.rfind("refused;", 0) == 0;
}

// A left click at the middle of the box "x,y,w,h" the state reports under `key`.
void click_box(unsigned long window, const State& state, const std::string& key) {
  const auto box = as_rect(state, key);
  ASSERT_GT(box[2], 0.0f) << key << " not shown";
  const int x = static_cast<int>(box[0] + box[3] * 0.5f);  // the square at the label's left
  const int y = static_cast<int>(box[1] + box[3] * 0.5f);
  xdotool("mousemove --window " + std::to_string(window) + " " + std::to_string(x) + " " + std::to_string(y) +
          " click 1");
}

// 60 frames at 25 fps of a root turning 20 degrees a frame about Y, written wrapped to
// (-180, 180] as many exporters do.
std::string turning_clip() {
  return BvhBuilder()
      .root("Hips", {0, 0, 0}, kPositionsZXY)
      .joint("Head", "Hips", {0, 10, 0}, kRotationsZXY)
      .end_site("Head", {0, 5, 0})
      .frame_time(0.04)
      .frames(60,
              [](int f) { return BvhBuilder::Row{f * 0.2, 90, 0, 0, 0, std::remainder(20.0 * f, 360.0), 0, 10, 0}; })
      .text();
}

class SaveBvhApp : public ViewerAppTest {
 protected:
  // Ctrl+Shift+S until the dialog is up, its path field taking keys.
  static State open_dialog(const ViewerProcess& app) {
    xdotool("key ctrl+shift+s");
    return app.wait_for([](const State& s) { return s.at("save_bvh_dialog") == "1" && s.at("ui_active") == "1"; },
                        "the dialog, its path field taking keys");
  }

  TempDir dir_;
};

TEST_F(SaveBvhApp, WithNoOptionsTheSavedFileHasTheSamePositionsInEveryFrame) {
  const fs::path clip = dir_.path() / "sample.bvh";
  fs::copy_file(fixtures_dir() / ".." / ".." / "assets" / "sample.bvh", clip);
  ViewerProcess app({clip.string()});
  wait_loaded(app, clip.string());
  window_of(app);
  const State opened = open_dialog(app);
  EXPECT_EQ(opened.at("save_bvh_options"), "");  // every frame, no option
  // The path field's text is selected: typing replaces it.
  const fs::path out = dir_.path() / "saved.bvh";
  xdotool("type --delay 5 '" + out.string() + "'");
  app.wait_for([&](const State& s) { return s.at("save_bvh_path") == out.string(); }, "the path typed");
  const State ended = press_enter_until(app, save_ended);
  ASSERT_EQ(ended.at("save_bvh"), "written; " + out.string()) << ended.at("message");

  const Clip original = load_ok(clip);
  const Clip saved = load_ok(out);
  EXPECT_TRUE(saved.warnings.empty());
  const int joints = original.skeleton.joint_count() - original.skeleton.end_site_count();
  EXPECT_EQ(ended.at("message"), "Saved " + out.string() + ": " + std::to_string(original.motion.frame_count) +
                                     " frames, " + std::to_string(joints) + " joints");
  ASSERT_EQ(saved.motion.frame_count, original.motion.frame_count);
  ASSERT_EQ(saved.skeleton.joint_count(), original.skeleton.joint_count());
  const PositionMode mode = ended.at("position_mode") == "replace" ? PositionMode::Replace : PositionMode::Add;
  const float tolerance = 1e-4f * skeleton_height(original, mode);
  ASSERT_GT(tolerance, 0.0f);
  Pose expected;
  Pose got;
  float worst = 0.0f;
  for (std::size_t frame = 0; frame < original.motion.frame_count; ++frame) {
    pose_frame(original, frame, mode, expected);
    pose_frame(saved, frame, PositionMode::Add, got);
    for (int joint = 0; joint < original.skeleton.joint_count(); ++joint)
      worst = std::max(worst, glm::distance(expected.position(joint), got.position(joint)));
  }
  EXPECT_LE(worst, tolerance);
  EXPECT_EQ(files_in(dir_.path()), 2U);  // no temporary file left beside them
  EXPECT_EQ(ended.at("clips"), "1");
}

TEST_F(SaveBvhApp, TheLoopRangeAndUnwrapGiveThatManyContinuousFrames) {
  const fs::path clip = dir_.path() / "turn.bvh";
  std::ofstream(clip) << turning_clip();
  ViewerProcess app({clip.string()});
  wait_loaded(app, clip.string());
  const unsigned long window = window_of(app);
  xdotool("key space");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  xdotool("key Home");
  app.wait_for([](const State& s) { return s.at("clip_frame") == "0"; }, "frame 0");
  xdotool("key --delay 30 Right Right Right Right Right Right Right Right Right Right i");
  app.wait_for([](const State& s) { return s.at("range").rfind("10,", 0) == 0; }, "the range starting at 10");
  for (int i = 0; i < 19; ++i) xdotool("key Right");
  app.wait_for([](const State& s) { return s.at("clip_frame") == "29"; }, "frame 29");
  xdotool("key o");
  app.wait_for([](const State& s) { return s.at("range") == "10,29"; }, "the range 10..29");

  const State opened = open_dialog(app);
  EXPECT_EQ(opened.at("save_bvh_options"), "--frames 10:29");
  const fs::path out = dir_.path() / "turn_unwrapped.bvh";
  xdotool("type --delay 5 '" + out.string() + "'");
  app.wait_for([&](const State& s) { return s.at("save_bvh_path") == out.string(); }, "the path typed");
  click_box(window, opened, "save_bvh_unwrap_box");
  app.wait_for([](const State& s) { return s.at("save_bvh_options") == "--frames 10:29 --unwrap"; }, "Unwrap ticked");
  const State ended = press_enter_until(app, save_ended);
  ASSERT_EQ(ended.at("save_bvh"), "written; " + out.string()) << ended.at("message");
  EXPECT_EQ(ended.at("message"), "Saved " + out.string() + ": 20 frames, 2 joints");

  const Clip saved = load_ok(out);
  ASSERT_EQ(saved.motion.frame_count, 20U);
  const std::size_t columns = static_cast<std::size_t>(saved.motion.channel_count);
  ASSERT_EQ(columns, 9U);
  // Frame 10 turned 200 degrees, written as -160; unwrapped, every frame 20 degrees on.
  const float first = saved.motion.values[5];
  EXPECT_NEAR(std::remainder(first - 200.0f, 360.0f), 0.0f, 1e-3f);
  for (std::size_t frame = 1; frame < 20; ++frame) {
    EXPECT_NEAR(saved.motion.values[frame * columns + 5] - saved.motion.values[(frame - 1) * columns + 5], 20.0f, 1e-3f)
        << "frame " << frame;
  }
}

TEST_F(SaveBvhApp, TheLoadedFileIsRefusedUnlessReplaceTheOriginalIsTicked) {
  const fs::path clip = dir_.path() / "walk.bvh";
  std::ofstream(clip) << walking_clip(40);
  const std::string before = bytes_of(clip);
  ViewerProcess app({clip.string()});
  wait_loaded(app, clip.string());
  const unsigned long window = window_of(app);
  open_dialog(app);
  xdotool("type --delay 5 '" + clip.string() + "'");
  app.wait_for([&](const State& s) { return s.at("save_bvh_path") == clip.string(); }, "the path typed");
  const State refused = press_enter_until(app, save_ended);
  EXPECT_EQ(refused.at("save_bvh"), "refused; " + clip.string());
  EXPECT_EQ(refused.at("message"), clip.string() +
                                       " is the file this clip was loaded from; nothing was written (tick Replace "
                                       "the original to write over it)");
  EXPECT_EQ(bytes_of(clip), before);
  EXPECT_EQ(files_in(dir_.path()), 1U);

  // Ticked: replaced through a temporary file, then reloaded; the clip stays on screen throughout.
  const State shown = app.wait_for([](const State& s) { return as_rect(s, "save_bvh_replace_box")[2] > 0.0f; },
                                   "the Replace the original box");
  const int loads = std::stoi(shown.at("loads_ended"));
  click_box(window, shown, "save_bvh_replace_box");
  std::string trouble;  // the first state showing an error or another clip
  const auto watch = [&](const State& s) {
    const bool error = s.at("message_kind") == "error" && s.at("save_bvh").rfind("refused", 0) != 0;
    if (trouble.empty() && (error || s.at("clip") != clip.string() || s.at("clips") != "1"))
      trouble = s.at("save_bvh") + " | " + s.at("message") + " | " + s.at("clip");
  };
  xdotool("keydown Return");
  const State written = app.wait_for(
      [&](const State& s) {
        watch(s);
        return s.at("save_bvh").rfind("written;", 0) == 0;
      },
      "the original replaced");
  xdotool("keyup Return");
  app.wait_for_work(
      [&](const State& s) {
        watch(s);
        return std::stoi(s.at("loads_ended")) > loads && s.at("loading") == "0";
      },
      "the clip reloaded");
  EXPECT_EQ(trouble, "");
  EXPECT_EQ(written.at("message"), "Saved " + clip.string() + ": 40 frames, 2 joints");
  EXPECT_NE(bytes_of(clip), before);  // canonical BVH: tabs, End Site blocks
  EXPECT_EQ(files_in(dir_.path()), 1U);
  const Clip replaced = load_ok(clip);
  EXPECT_EQ(replaced.motion.frame_count, 40U);
  EXPECT_NEAR(replaced.motion.values[39 * 3], 7.8f, 1e-5f);
}

// Issue 34, item 9: Open It Beside the Original compares the copy with its original, whatever
// the comparison's reference was (here another clip): the original becomes the reference.
TEST_F(SaveBvhApp, TheCopyOpenedBesideTheOriginalIsComparedWithIt) {
  const fs::path other = dir_.path() / "other.bvh";
  const fs::path original = dir_.path() / "turn.bvh";
  std::ofstream(other) << turning_clip();
  std::ofstream(original) << turning_clip();
  ViewerProcess app({other.string(), original.string(), "--compare"});
  wait_loaded(app, original.string());
  window_of(app);
  const State compared = app.wait_for(
      [](const State& s) { return s.at("clips") == "2" && field(s.at("compare"), 0) != "0"; }, "the comparison");
  const std::string other_id = field(compared.at("clip_1"), 6);
  const std::string original_id = field(compared.at("clip_2"), 6);
  EXPECT_EQ(field(compared.at("compare"), 0), other_id);  // the first file is the reference
  EXPECT_EQ(compared.at("clip"), original.string());      // the last is active
  open_dialog(app);
  const fs::path out = dir_.path() / "turn_fixed.bvh";
  xdotool("type --delay 5 '" + out.string() + "'");
  app.wait_for([&](const State& s) { return s.at("save_bvh_path") == out.string(); }, "the path typed");
  const State ended = press_enter_until(app, save_ended);
  ASSERT_EQ(ended.at("save_bvh"), "written; " + out.string()) << ended.at("message");
  const State saved =
      app.wait_for([](const State& s) { return s.at("save_bvh_beside_box") != "0,0,0,0"; }, "Open It Beside");
  click_box(window_of(app), saved, "save_bvh_beside_box");
  const State beside = app.wait_for(
      [&](const State& s) {
        return s.at("clips") == "3" && s.at("loading") == "0" && field(s.at("compare"), 0) == original_id &&
               s.count("compared_2") != 0;
      },
      "the copy compared with its original");
  // Compared with the original: the other clip and the copy.
  std::string copy_line;
  for (const char* key : {"compared_1", "compared_2"}) {
    if (field(beside.at(key), 0) != other_id) copy_line = beside.at(key);
  }
  ASSERT_FALSE(copy_line.empty()) << beside.at("compared_1") << " / " << beside.at("compared_2");
  EXPECT_EQ(field(copy_line, 0), field(beside.at("clip_3"), 6)) << "the copy";
}

}  // namespace
}  // namespace bvhscope::test
