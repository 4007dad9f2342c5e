// `bvhscope render` with no display (issue 15): through EGL into the same framebuffer object, the
// same picture as on the X display (both Mesa llvmpipe here), with and without --ui, and a clear
// error naming what is missing when there is neither a display nor EGL.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "png_image.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope::test {
namespace {

// `bvhscope ARGS` with the environment changed by `env` arguments ("-u", "DISPLAY", "NAME=value").
ProcessResult run_with_env(const std::vector<std::string>& env, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"/usr/bin/env"};
  argv.insert(argv.end(), env.begin(), env.end());
  argv.push_back(BVHSCOPE_EXECUTABLE);
  argv.insert(argv.end(), args.begin(), args.end());
  return run_process(argv);
}

const std::vector<std::string> kNoDisplay = {"-u", "DISPLAY", "-u", "WAYLAND_DISPLAY"};

struct Difference {
  long pixels = 0;  // pixels with any channel different
  int largest = 0;  // the largest difference of one channel
};

Difference compare(const Png& a, const Png& b) {
  Difference d;
  for (std::size_t i = 0; i + 2 < a.rgb.size() && i + 2 < b.rgb.size(); i += 3) {
    int largest = 0;
    for (std::size_t c = 0; c < 3; ++c) largest = std::max(largest, std::abs(a.rgb[i + c] - b.rgb[i + c]));
    if (largest > 0) ++d.pixels;
    d.largest = std::max(d.largest, largest);
  }
  return d;
}

class HeadlessRender : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("bvhscope-headless-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  static std::string sample() { return (fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string(); }
  static void need_display() {
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "no DISPLAY: the comparison needs an X server (run under xvfb-run)";
  }
  // The same render on the X display and without one: both succeed, quietly, at the size asked.
  void render_both(const std::vector<std::string>& options, Png& x, Png& headless) {
    std::vector<std::string> args = {"render", sample(), "-o", (dir_ / "x.png").string()};
    args.insert(args.end(), options.begin(), options.end());
    const ProcessResult on_x = run_process([&] {
      std::vector<std::string> argv = {BVHSCOPE_EXECUTABLE};
      argv.insert(argv.end(), args.begin(), args.end());
      return argv;
    }());
    ASSERT_EQ(on_x.exit_code, 0) << on_x.err;
    args[3] = (dir_ / "headless.png").string();
    const ProcessResult off = run_with_env(kNoDisplay, args);
    ASSERT_EQ(off.exit_code, 0) << off.err;
    EXPECT_EQ(off.err, "");
    std::printf("render %s: %.2f s on the X display, %.2f s headless (EGL)\n", options.back().c_str(), on_x.seconds,
                off.seconds);
    x = read_png(dir_ / "x.png");
    headless = read_png(dir_ / "headless.png");
  }
  std::filesystem::path dir_;
};

TEST_F(HeadlessRender, WithoutADisplayWritesAPngOfTheRequestedSize) {
  const auto out = dir_ / "frame.png";
  const ProcessResult result =
      run_with_env(kNoDisplay, {"render", sample(), "-o", out.string(), "--frame", "120", "--size", "320x200"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "");
  const Png png = read_png(out);
  EXPECT_EQ(png.width, 320);
  EXPECT_EQ(png.height, 200);
}

// Both are Mesa llvmpipe drawing into the same 4x multisampled framebuffer object: the same pixels.
TEST_F(HeadlessRender, MatchesTheRenderOnTheXDisplay) {
  need_display();
  Png x;
  Png headless;
  render_both({"--frame", "120", "--size", "640x400"}, x, headless);
  ASSERT_EQ(headless.width, 640);
  ASSERT_EQ(headless.height, 400);
  const Difference d = compare(x, headless);
  EXPECT_EQ(d.pixels, 0) << "largest channel difference " << d.largest;
}

TEST_F(HeadlessRender, UiMatchesTheRenderOnTheXDisplay) {
  need_display();
  Png x;
  Png headless;
  render_both({"--frame", "120", "--size", "800x500", "--ui"}, x, headless);
  ASSERT_EQ(headless.width, 800);
  ASSERT_EQ(headless.height, 500);
  // The panels are there: the menu bar's flat dark grey on top (the sky is lighter).
  EXPECT_LT(headless.at(400, 4)[0], 40);
  const Difference d = compare(x, headless);
  EXPECT_EQ(d.pixels, 0) << "largest channel difference " << d.largest;
}

// A display that cannot be opened: the window fails, EGL draws.
TEST_F(HeadlessRender, ADisplayThatCannotBeOpenedFallsBackToEgl) {
  const auto out = dir_ / "frame.png";
  const ProcessResult result = run_with_env({"-u", "WAYLAND_DISPLAY", "DISPLAY=:4242"},
                                            {"render", sample(), "-o", out.string(), "--size", "160x100"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(read_png(out).width, 160);
}

// No display and no EGL vendor (libglvnd finds no driver): the error says what is missing.
TEST_F(HeadlessRender, NeitherADisplayNorEglIsAClearError) {
  const auto out = dir_ / "frame.png";
  std::vector<std::string> env = kNoDisplay;
  env.push_back("__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent");
  const ProcessResult result = run_with_env(env, {"render", sample(), "-o", out.string(), "--size", "160x100"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err.rfind("bvhscope: render: no display (DISPLAY and WAYLAND_DISPLAY are not set) and no EGL: ", 0),
            0u)
      << result.err;
  EXPECT_NE(result.err.find("install libegl-mesa0 (Debian) to render without a display, or set DISPLAY"),
            std::string::npos)
      << result.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace bvhscope::test
