// `bvhscope render`: one frame offscreen to PNG, exit codes and located errors like the other
// subcommands, and the pixels of what it draws.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "png_image.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope::test {
namespace {

class RenderCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("bvhscope-render-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  static void need_display() {
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "no DISPLAY: rendering needs an X server (run under xvfb-run)";
  }
  static std::string sample() { return (fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string(); }
  std::filesystem::path dir_;
};

TEST_F(RenderCommand, WritesAPngOfTheRequestedSize) {
  need_display();
  const auto out = dir_ / "frame.png";
  const auto result = run_bvhscope({"render", sample(), "-o", out.string(), "--frame", "120", "--size", "320x200"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "");
  const Png png = read_png(out);
  EXPECT_EQ(png.width, 320);
  EXPECT_EQ(png.height, 200);
}

TEST_F(RenderCommand, DifferentFramesGiveDifferentImagesAndTheSameFrameTheSame) {
  need_display();
  for (const char* frame : {"0", "700"}) {
    ASSERT_EQ(run_bvhscope({"render", sample(), "-o", (dir_ / (std::string(frame) + ".png")).string(), "--frame", frame,
                            "--size", "256x160"})
                  .exit_code,
              0);
  }
  ASSERT_EQ(run_bvhscope({"render", sample(), "-o", (dir_ / "0again.png").string(), "--size", "256x160"}).exit_code, 0);
  EXPECT_NE(read_png(dir_ / "0.png").rgb, read_png(dir_ / "700.png").rgb);
  EXPECT_EQ(read_png(dir_ / "0.png").rgb, read_png(dir_ / "0again.png").rgb);
}

TEST_F(RenderCommand, UiAddsThePanelsAroundTheView) {
  need_display();
  ASSERT_EQ(run_bvhscope({"render", sample(), "-o", (dir_ / "bare.png").string(), "--size", "800x500"}).exit_code, 0);
  ASSERT_EQ(run_bvhscope({"render", sample(), "-o", (dir_ / "ui.png").string(), "--size", "800x500", "--ui"}).exit_code,
            0);
  const Png bare = read_png(dir_ / "bare.png");
  const Png ui = read_png(dir_ / "ui.png");
  // Top left: the menu bar's flat dark grey with --ui, the lighter top of the sky without.
  const auto menu = ui.at(400, 4);
  const auto sky = bare.at(400, 4);
  EXPECT_LT(menu[0], 40);
  EXPECT_GT(sky[0], 45);
  // Bottom: the timeline panel, whose track has the playhead in the accent colour at frame 0.
  EXPECT_NE(ui.at(400, 490), bare.at(400, 490));
}

TEST_F(RenderCommand, ABrokenFileIsALocatedErrorWithExitCodeOne) {
  const auto broken = dir_ / "broken.bvh";
  std::ofstream(broken) << kBrokenBvh;
  const auto result = run_bvhscope({"render", broken.string(), "-o", (dir_ / "x.png").string()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err.rfind(broken.string() + ":4:3: error: malformed OFFSET", 0), 0u) << result.err;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "x.png"));
}

TEST_F(RenderCommand, SelectingANameTwoJointsShareIsAnErrorListingBoth) {
  need_display();
  // Joints 1 and 3 (2 is the first one's End Site) are both "Chest": --select Chest could mean either.
  const auto twins = dir_ / "twins.bvh";
  std::ofstream(twins) << "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n  CHANNELS 3 Zrotation Xrotation Yrotation\n"
                          "  JOINT Chest\n  {\n    OFFSET 0 10 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
                          "    End Site\n    {\n      OFFSET 0 10 0\n    }\n  }\n"
                          "  JOINT Chest\n  {\n    OFFSET 5 10 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
                          "    End Site\n    {\n      OFFSET 0 10 0\n    }\n  }\n}\n"
                          "MOTION\nFrames: 1\nFrame Time: 0.04\n0 0 0 0 0 0 0 0 0\n";
  const auto out = dir_ / "x.png";
  const auto ambiguous = run_bvhscope({"render", twins.string(), "-o", out.string(), "--select", "Chest"});
  EXPECT_EQ(ambiguous.exit_code, 1);
  EXPECT_NE(ambiguous.err.find("2 joints are named 'Chest' in " + twins.string() +
                               ": 'Chest #1', 'Chest #3'; select one of them by that label"),
            std::string::npos)
      << ambiguous.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  const auto missing = run_bvhscope({"render", twins.string(), "-o", out.string(), "--select", "Neck"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("no joint named 'Neck' in " + twins.string()), std::string::npos) << missing.err;
  const auto chosen = run_bvhscope({"render", twins.string(), "-o", out.string(), "--select", "Chest #3"});
  EXPECT_EQ(chosen.exit_code, 0) << chosen.err;
  EXPECT_TRUE(std::filesystem::exists(out));
}

TEST_F(RenderCommand, BadUsageIsExitCodeTwo) {
  const std::string out = (dir_ / "x.png").string();
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"render", sample()},
                                             {"render", "-o", out},
                                             {"render", sample(), "-o", out, "--size", "big"},
                                             {"render", sample(), "-o", out, "--size", "10x10"},
                                             {"render", sample(), "-o", out, "--frame", "-1"},
                                             {"render", sample(), "-o", out, "--frame", "994"},
                                             {"render", sample(), "-o", out, "--style", "fancy"},
                                             {"render", sample(), "-o", out, "--bogus"}}) {
    const auto result = run_bvhscope(args);
    EXPECT_EQ(result.exit_code, 2) << args.back() << ": " << result.err;
    EXPECT_EQ(result.err.rfind("bvhscope: render: ", 0), 0u) << result.err;
  }
}

TEST_F(RenderCommand, AnUnwritableOutputIsExitCodeOne) {
  need_display();
  const std::string out = (dir_ / "no" / "such" / "dir.png").string();
  const auto result = run_bvhscope({"render", sample(), "-o", out, "--size", "64x64"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, out + ": error: cannot create a file in " + (dir_ / "no" / "such").string() +
                            ": No such file or directory\n");
  // A full device: every write is checked, the failure says why (the PNG writer's were ignored).
  const auto full = run_bvhscope({"render", sample(), "-o", "/dev/full", "--size", "64x64"});
  EXPECT_EQ(full.exit_code, 1);
  EXPECT_EQ(full.err, "/dev/full: error: cannot write /dev/full: No space left on device\n");
}

}  // namespace
}  // namespace bvhscope::test
