// File > Retarget onto Another Skeleton in the real viewer (Ctrl+Shift+T): with a CMU capture active
// and a Mixamo character loaded beside it, the dialog shows the character as the skeleton and the
// automatic map (21 driven joints), Enter writes beside the capture, and the result opens as a
// third clip whose file has the character's skeleton and every frame of the capture.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "anim/file_loader.hpp"
#include "app_test_fixture.hpp"
#include "test_support.hpp"

namespace bvhscope::test {
namespace retarget_app_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

namespace fs = std::filesystem;

class RetargetApp : public ViewerAppTest {
 protected:
  TempDir dir_;
};

TEST_F(RetargetApp, TheActiveClipsMotionGoesOntoAnotherClipsSkeletonAndOpensBesideIt) {
  const fs::path character = dir_.path() / "mixamo.bvh";
  const fs::path capture = dir_.path() / "cmu.bvh";
  fs::copy_file(corpus_dir() / "20tab__test_freebvh.bvh", character);
  fs::copy_file(corpus_dir() / "assimp__01_01.bvh", capture);
  ViewerProcess app({character.string(), capture.string()});
  wait_loaded(app, capture.string());
  window_of(app);
  xdotool("key ctrl+shift+t");
  const State opened =
      app.wait_for([](const State& s) { return s.at("retarget_dialog") == "1" && s.at("retarget_box") != "0,0,0,0"; },
                   "the Retarget dialog");
  EXPECT_EQ(opened.at("retarget_target"), "mixamo.bvh");
  EXPECT_EQ(opened.at("retarget_rows"), "21");
  const fs::path out = dir_.path() / "cmu_on_mixamo.bvh";
  EXPECT_EQ(opened.at("retarget_path"), out.string());
  // Enter (held until it is seen: ImGui reads keys as held at each frame) retargets: the output
  // path has the keyboard when the dialog opens.
  app.wait_for([](const State& s) { return s.at("ui_active") == "1"; }, "the path field taking keys");
  xdotool("keydown Return");
  app.wait_for([](const State& s) { return s.at("retarget") != "idle; "; }, "the retargeting started");
  xdotool("keyup Return");
  const State written = app.wait_for_work(
      [](const State& s) { return s.at("retarget").rfind("written;", 0) == 0 && s.at("clips") == "3"; },
      "the result written and opened");
  EXPECT_EQ(written.at("retarget"), "written; " + out.string());
  EXPECT_EQ(written.at("message").rfind("Wrote " + out.string() +
                                            ": 2752 frames on mixamo.bvh's skeleton, 21 joints "
                                            "driven, root path x",
                                        0),
            0u)
      << written.at("message");
  const Result<Clip> result = load_bvh_file(out.string());
  const Result<Clip> target = load_bvh_file(character.string());
  ASSERT_TRUE(result);
  ASSERT_TRUE(target);
  EXPECT_EQ(result.value().skeleton.names, target.value().skeleton.names);
  EXPECT_EQ(result.value().skeleton.offsets, target.value().skeleton.offsets);
  EXPECT_EQ(result.value().motion.frame_count, 2752u);
}

}  // namespace
}  // namespace retarget_app_test
}  // namespace bvhscope::test
