// Dropping files on the running viewer through the X server's XDND protocol, as a file manager
// does: the drop callback queues, the loader thread loads, errors keep the previous clip. And the
// command line's reading options (--key, --source-fps, --skeleton) reaching every load.
#include <gtest/gtest.h>

#include <fstream>

#include "app_test_fixture.hpp"
#include "npy_writer.hpp"
#include "zip_writer.hpp"

namespace bvhscope::test {
namespace {

class DropTest : public ViewerAppTest {
 protected:
  // Starts the viewer on the sample and returns its window.
  unsigned long start(ViewerProcess& app) {
    wait_loaded(app, "sample.bvh");
    return window_of(app);
  }
  void drop(unsigned long window, const std::vector<std::string>& paths) {
    std::string error;
    ASSERT_TRUE(x11_->drop_files(window, paths, 300, 300, error)) << error;
  }
};

TEST_F(DropTest, ADroppedBvhFileIsLoadedAndShown) {
  ViewerProcess app({});
  const unsigned long window = start(app);
  const std::string clip = (fixtures_dir() / "two_joints.bvh").string();
  drop(window, {clip});
  const State state = wait_loaded(app, clip);
  EXPECT_EQ(state.at("frames"), "2");
  EXPECT_EQ(state.at("title"), "bvhscope \xE2\x80\x94 two_joints.bvh");
  EXPECT_EQ(state.at("message_kind"), "none");
}

TEST_F(DropTest, PathsWithSpacesAndNonAsciiSurviveTheUriList) {
  ViewerProcess app({});
  const unsigned long window = start(app);
  const auto dir = app.dir() / "mocap takes é";
  std::filesystem::create_directories(dir);
  const auto clip = dir / "walk #2.bvh";
  std::filesystem::copy_file(fixtures_dir() / "two_joints.bvh", clip);
  drop(window, {clip.string()});
  wait_loaded(app, clip.string());
}

TEST_F(DropTest, ABrokenFileShowsItsLocatedErrorAndThePreviousClipStays) {
  ViewerProcess app({});
  const unsigned long window = start(app);
  const auto broken = app.dir() / "broken.bvh";
  std::ofstream(broken) << kBrokenBvh;
  drop(window, {broken.string()});
  const State state = app.wait_for(
      [](const State& s) { return s.at("message_kind") == "error" && s.at("loading") == "0"; }, "an error message");
  EXPECT_EQ(state.at("message").rfind(broken.string() + ":4:3: error: malformed OFFSET", 0), 0u) << state.at("message");
  EXPECT_EQ(state.at("clip"), "sample.bvh");
  EXPECT_EQ(state.at("frames"), "994");
  // The title follows: no "(loading broken.bvh…)" once the load has failed (issue 34, item 1).
  EXPECT_EQ(state.at("title"), "bvhscope \xE2\x80\x94 sample.bvh (bundled CMU 131_01)");
}

TEST_F(DropTest, ARefusedFileInTheSameDropKeepsItsMessageWhileTheGoodOneLoads) {
  ViewerProcess app({});
  const unsigned long window = start(app);
  const auto notes = app.dir() / "notes.txt";
  std::ofstream(notes) << "not motion\n";
  const std::string clip = (fixtures_dir() / "two_joints.bvh").string();
  drop(window, {notes.string(), clip});
  const State state = wait_loaded(app, clip);
  EXPECT_EQ(state.at("message_kind"), "error");
  EXPECT_NE(state.at("message").find("notes.txt: not a BVH file"), std::string::npos) << state.at("message");
}

TEST_F(DropTest, FoldersAndOtherFilesGetAClearMessage) {
  ViewerProcess app({});
  const unsigned long window = start(app);
  const auto notes = app.dir() / "notes.txt";
  std::ofstream(notes) << "not motion\n";
  drop(window, {notes.string(), app.dir().string()});
  const State state = app.wait_for([](const State& s) { return s.at("message_kind") == "error"; }, "a message");
  // Both kept, in order; the banner lists them.
  EXPECT_EQ(state.at("problems"), "2");
  EXPECT_EQ(state.at("problem_1"), notes.string() + ": not a BVH file (bvhscope opens .bvh motion-capture files)");
  EXPECT_EQ(state.at("problem_2"),
            app.dir().string() + ": no motion files (.bvh, .npy, .npz, .glb, .gltf, .fbx) in this folder");
  EXPECT_EQ(state.at("clip"), "sample.bvh");
}

TEST_F(DropTest, AFolderOpensEveryBvhFileInsideInNaturalOrder) {
  ViewerProcess app({});
  const unsigned long window = start(app);
  const auto folder = app.dir() / "takes";
  std::filesystem::create_directories(folder);
  const std::string clip = read_file(fixtures_dir() / "two_joints.bvh");
  for (const char* name : {"take10.bvh", "take2.bvh", "take1.bvh"}) std::ofstream(folder / name) << clip;
  std::ofstream(folder / "notes.txt") << "not motion\n";
  drop(window, {folder.string()});
  // The last in natural order is active, after the three loaded one by one.
  const State state = app.wait_for_work([&](const State& s) { return s.at("clips") == "3" && s.at("loading") == "0"; },
                                        "three clips from the folder");
  EXPECT_EQ(state.at("clip"), (folder / "take10.bvh").string());
  EXPECT_EQ(state.at("message_kind"), "none");
}

TEST_F(DropTest, EveryFailureOfADropIsKeptUntilDismissed) {
  ViewerProcess app({});
  const unsigned long window = start(app);
  const auto folder = app.dir() / "mixed";
  std::filesystem::create_directories(folder);
  const std::string good = read_file(fixtures_dir() / "two_joints.bvh");
  std::ofstream(folder / "a_good.bvh") << good;
  std::ofstream(folder / "b_broken.bvh") << kBrokenBvh;
  std::ofstream(folder / "c_good.bvh") << good;
  std::ofstream(folder / "d_empty.bvh") << "";
  std::ofstream(folder / "e_text.bvh") << "just words\n";
  drop(window, {folder.string()});
  const State state = app.wait_for(
      [&](const State& s) { return s.at("loads_ended") != "" && s.at("problems") == "3" && s.at("loading") == "0"; },
      "three failures kept");
  EXPECT_EQ(state.at("clips"), "2");
  EXPECT_EQ(state.at("problem_1").rfind((folder / "b_broken.bvh").string() + ":4:", 0), 0u) << state.at("problem_1");
  EXPECT_EQ(state.at("problem_2").rfind((folder / "d_empty.bvh").string() + ":", 0), 0u) << state.at("problem_2");
  EXPECT_EQ(state.at("problem_3").rfind((folder / "e_text.bvh").string() + ":1:1:", 0), 0u) << state.at("problem_3");
  // The failures went to stderr too.
  const std::string log = read_file(app.dir() / "log.txt");
  EXPECT_NE(log.find((folder / "b_broken.bvh").string() + ":4:"), std::string::npos) << log;
  EXPECT_NE(log.find((folder / "e_text.bvh").string() + ":1:1:"), std::string::npos) << log;
  xdotool("key Escape");
  app.wait_for([](const State& s) { return s.at("problems") == "0" && s.at("message_kind") == "none"; }, "dismissed");
}

// (frames, 5, 3) joint positions, all 0.5 apart: five unconnected points.
std::string five_points(std::size_t frames) {
  std::vector<double> values(frames * 5 * 3);
  for (std::size_t k = 0; k < values.size(); ++k) values[k] = 0.5 * static_cast<double>(k % 15);
  return npy_bytes({"<f4", false, {frames, 5, 3}}, values);
}

TEST_F(DropTest, TheCommandLinesReadingOptionsReachEveryLoad) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / "bvhscope_reading_options";
  std::filesystem::create_directories(dir);
  const auto archive = dir / "takes.npz";
  std::ofstream(archive, std::ios::binary) << zip_bytes({{"walk.npy", five_points(4)}, {"run.npy", five_points(7)}});
  const auto three = dir / "three.txt";
  std::ofstream(three) << "a -\nb a\nc b\n";
  {  // --key picks one array of the archive; --source-fps sets the rate the array does not store.
    ViewerProcess app({"--key", "run", "--source-fps", "60", archive.string()});
    const State state = wait_loaded(app, archive.string());
    EXPECT_EQ(state.at("clips"), "1");
    EXPECT_EQ(state.at("frames"), "7");
    EXPECT_EQ(field(state.at("clip_1"), 3), "60");
  }
  {  // --skeleton reaches a dropped file too: one of another joint count is refused, saying so.
    ViewerProcess app({"--skeleton", three.string()});
    const unsigned long window = start(app);
    drop(window, {archive.string()});
    const State state = app.wait_for(
        [](const State& s) { return s.at("message_kind") == "error" && s.at("loading") == "0"; }, "an error message");
    EXPECT_NE(state.at("message").find("the skeleton file three.txt names 3 joints; the array has 5"),
              std::string::npos)
        << state.at("message");
    EXPECT_EQ(state.at("clip"), "sample.bvh");
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace bvhscope::test
