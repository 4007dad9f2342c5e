// `bvhscope render` stands every clip upright: a file turned into each up axis renders the same
// picture as the original (auto up axis), and --up turns it back by hand; a file lying along +Z
// is drawn standing on the floor.
#include <gtest/gtest.h>

#include <cstdlib>

#include "anim/up_axis.hpp"
#include "png_image.hpp"
#include "run_process.hpp"
#include "test_support.hpp"
#include "turned_bvh.hpp"

namespace bvhscope::test {
namespace {

// The share of pixels whose colour differs by more than `tolerance` in any channel.
double differing_share(const Png& a, const Png& b, int tolerance) {
  if (a.width != b.width || a.height != b.height || a.rgb.empty()) return 1.0;
  std::size_t differing = 0;
  for (std::size_t i = 0; i < a.rgb.size(); i += 3) {
    for (std::size_t c = 0; c < 3; ++c) {
      if (std::abs(int{a.rgb[i + c]} - int{b.rgb[i + c]}) > tolerance) {
        ++differing;
        break;
      }
    }
  }
  return static_cast<double>(differing) / static_cast<double>(a.rgb.size() / 3);
}

class UprightRender : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "no DISPLAY: rendering needs an X server (run under xvfb-run)";
  }
  Png render(const std::filesystem::path& file, const std::vector<std::string>& extra = {}) {
    const auto out = dir_.path() / (file.stem().string() + std::to_string(renders_++) + ".png");
    std::vector<std::string> args = {"render", file.string(), "-o", out.string(), "--frame", "40", "--size", "320x240"};
    args.insert(args.end(), extra.begin(), extra.end());
    const ProcessResult result = run_bvhscope(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return read_png(out);
  }
  TempDir dir_;
  int renders_ = 0;
};

TEST_F(UprightRender, AFileTurnedIntoAnyUpAxisLooksTheSame) {
  const auto original = corpus_dir() / "edin-m__walk1.bvh";
  const Clip clip = parse_ok(read_file(original));
  const Png reference = render(original);
  for (const UpAxis axis : kAllUpAxes) {
    const auto turned = dir_.write("turned" + std::to_string(static_cast<int>(axis)) + ".bvh",
                                   turned_bvh(clip, glm::transpose(rotation_to_y_up(axis))));
    const double share = differing_share(reference, render(turned), 24);
    EXPECT_LT(share, 0.002) << up_axis_name(axis);
  }
}

TEST_F(UprightRender, TheUsersUpAxisTurnsTheFigure) {
  const auto file = corpus_dir() / "edin-m__walk1.bvh";
  const Png automatic = render(file);
  EXPECT_LT(differing_share(automatic, render(file, {"--up", "+y"}), 24), 0.002);
  EXPECT_GT(differing_share(automatic, render(file, {"--up", "+z"}), 24), 0.02);  // now it lies down
}

// pybvh__bvh_example lies along +Z: upright, the figure is taller than it is wide on screen.
TEST_F(UprightRender, AZUpFileStands) {
  const Png image = render(corpus_dir() / "pybvh__bvh_example.bvh");
  const Png lying = render(corpus_dir() / "pybvh__bvh_example.bvh", {"--up", "+y"});
  // The figure's pixels: warm (red well above blue), unlike the grey floor and background.
  const auto extent = [](const Png& im) {
    int min_x = im.width, max_x = -1, min_y = im.height, max_y = -1;
    for (int y = 0; y < im.height; ++y) {
      for (int x = 0; x < im.width; ++x) {
        const std::size_t i =
            (static_cast<std::size_t>(y) * static_cast<std::size_t>(im.width) + static_cast<std::size_t>(x)) * 3;
        if (im.rgb[i] > im.rgb[i + 2] + 60) {
          min_x = std::min(min_x, x);
          max_x = std::max(max_x, x);
          min_y = std::min(min_y, y);
          max_y = std::max(max_y, y);
        }
      }
    }
    return std::pair<int, int>(max_x - min_x, max_y - min_y);
  };
  const auto [width, height] = extent(image);
  EXPECT_GT(height, 3 * width / 2) << width << "x" << height;
  const auto [lying_width, lying_height] = extent(lying);
  EXPECT_GT(lying_width, lying_height) << lying_width << "x" << lying_height;
}

}  // namespace
}  // namespace bvhscope::test
