// `bvhscope convert` output looks identical to its input when rendered: corpus files from several
// exporters, frame 10 of each drawn by `bvhscope render`, compared pixel by pixel (and a
// mirrored conversion, which must look different, proves the comparison sees a change).
#include <gtest/gtest.h>

#include <cstdlib>

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

}  // namespace
}  // namespace bvhscope::test
