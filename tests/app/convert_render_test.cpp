// `bvhscope convert` output looks identical to its input when rendered: corpus files from several
// exporters, frame 10 of each drawn by `bvhscope render`, compared pixel by pixel (and a
// mirrored conversion, which must look different, proves the comparison sees a change).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "png_image.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope::test {
namespace {

// Share of pixels whose colour differs by more than 24 in a channel.
double differing_share(const Png& a, const Png& b) {
  EXPECT_EQ(a.rgb.size(), b.rgb.size());
  if (a.rgb.empty() || a.rgb.size() != b.rgb.size()) return 1.0;
  std::size_t differing = 0;
  for (std::size_t i = 0; i < a.rgb.size(); i += 3) {
    for (std::size_t c = 0; c < 3; ++c) {
      if (std::abs(static_cast<int>(a.rgb[i + c]) - static_cast<int>(b.rgb[i + c])) > 24) {
        ++differing;
        break;
      }
    }
  }
  return static_cast<double>(differing) / static_cast<double>(a.rgb.size() / 3);
}

Png render(const std::string& file, const std::string& frame, const std::filesystem::path& png) {
  const auto result = run_bvhscope({"render", file, "-o", png.string(), "--frame", frame, "--size", "320x240"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return read_png(png);
}

TEST(ConvertRender, ConvertedFilesLookIdentical) {
  ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "no DISPLAY: rendering needs an X server (run under xvfb-run)";
  TempDir dir;
  for (const char* name : {"assimp__01_01.bvh", "bandai1__dataset-1_dash_normal_001.bvh",
                           "creativeinquiry__05_20-daz.bvh", "pymo__AV_8Walk_Meredith_HVHA_Rep1.bvh"}) {
    SCOPED_TRACE(name);
    const std::string input = (corpus_dir() / name).string();
    const std::string converted = (dir.path() / "converted.bvh").string();
    const std::string reordered = (dir.path() / "reordered.bvh").string();
    const std::string mirrored = (dir.path() / "mirrored.bvh").string();
    ASSERT_EQ(run_bvhscope({"convert", input, "-o", converted}).exit_code, 0);
    ASSERT_EQ(run_bvhscope({"convert", input, "-o", reordered, "--rotation-order", "XYZ"}).exit_code, 0);
    ASSERT_EQ(run_bvhscope({"convert", input, "-o", mirrored, "--mirror"}).exit_code, 0);
    const Png original = render(input, "10", dir.path() / "original.png");
    EXPECT_LE(differing_share(original, render(converted, "10", dir.path() / "converted.png")), 0.001);
    EXPECT_LE(differing_share(original, render(reordered, "10", dir.path() / "reordered.png")), 0.001);
    EXPECT_GE(differing_share(original, render(mirrored, "10", dir.path() / "mirrored.png")), 0.002)
        << "the mirrored figure should look different";
  }
}

// 40 frames of a two-joint figure at `frame_time` (as files write it).
std::string forty_frames(const char* frame_time) {
  std::string text =
      "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
      "Yrotation\nJOINT Chest\n{\nOFFSET 0 50 0\nCHANNELS 3 Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 "
      "50 0\n}\n}\n}\nMOTION\nFrames: 40\nFrame Time: ";
  text += frame_time;
  text += "\n";
  for (int f = 0; f < 40; ++f) text += std::to_string(f) + " 90 0 0 " + std::to_string(3 * f) + " 0 10 0 0\n";
  return text;
}

// `convert --fps N` and `render -o DIR/ --fps N` time frames by the same rule, so they give the same
// frame count: 40 frames at 30 or 120 fps (frame times written with a few digits) to 24, 30 and 50
// fps. 40 frames at "0.033333" to 30 fps are 40 frames (convert dropped the last one).
TEST(ConvertRender, ConvertAndRenderGiveTheSameFrameCount) {
  TempDir dir;
  struct Case {
    const char* frame_time;
    double rate;
  };
  for (const Case& clip_case :
       {Case{"0.033333", 30.0}, Case{"0.0333333", 30.0}, Case{"0.0083333", 120.0}, Case{"0.008333", 120.0}}) {
    const std::filesystem::path input = dir.path() / "clip.bvh";
    std::ofstream(input) << forty_frames(clip_case.frame_time);
    for (const char* fps : {"24", "30", "50"}) {
      SCOPED_TRACE(std::string(clip_case.frame_time) + " to " + fps);
      const auto expected = static_cast<std::size_t>(std::ceil(40.0 * std::stod(fps) / clip_case.rate - 1e-9));
      const std::string out = (dir.path() / "out.bvh").string();
      const auto converted = run_bvhscope({"convert", input.string(), "-o", out, "--fps", fps});
      ASSERT_EQ(converted.exit_code, 0) << converted.err;
      EXPECT_EQ(converted.out.rfind("wrote " + out + ": " + std::to_string(expected) + " frames,", 0), 0u)
          << converted.out;
      const std::filesystem::path frames = dir.path() / "frames";
      std::filesystem::remove_all(frames);
      const auto rendered =
          run_bvhscope({"render", input.string(), "-o", frames.string() + "/", "--fps", fps, "--size", "64x48"});
      ASSERT_EQ(rendered.exit_code, 0) << rendered.err;
      std::size_t pngs = 0;
      for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(frames)) ++pngs;
      EXPECT_EQ(pngs, expected) << "render's frames";
    }
  }
}

}  // namespace
}  // namespace bvhscope::test
