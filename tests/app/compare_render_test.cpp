// `bvhscope render REF OTHER --compare` and `--ghost`: the compared clip's joints and bones in the
// colour of their error (near white for none, red at the top of the scale and beyond), and the
// ghost drawn translucent over the reference where it is measured. Lines style, whose colours are
// exact: each check compares with a render without the feature, so it can fail.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "png_image.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope::test {
namespace {

constexpr int kWidth = 800;
constexpr int kHeight = 500;
constexpr std::array<int, 3> kAmber = {255, 158, 46};     // the reference's (first clip's) line colour
constexpr std::array<int, 3> kGreen = {115, 217, 115};    // the second clip's line colour
constexpr std::array<int, 3> kNoError = {237, 240, 230};  // error_colour(0): (0.93, 0.94, 0.90)
constexpr std::array<int, 3> kTopError = {219, 31, 31};   // error_colour(top): (0.86, 0.12, 0.12)

int distance(std::array<int, 3> a, std::array<int, 3> b) {
  return std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
}

int count(const Png& png, std::array<int, 3> colour, int tolerance) {
  int n = 0;
  for (int y = 0; y < png.height; ++y)
    for (int x = 0; x < png.width; ++x) n += distance(png.at(x, y), colour) <= tolerance ? 1 : 0;
  return n;
}

class CompareRender : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "rendering needs an X server (run under xvfb-run)";
    dir_ = std::filesystem::temp_directory_path() / ("bvhscope-compare-render-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  static std::string sample() { return (fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string(); }

  // The sample with its root moved `dx` units along X in every frame (its first channel).
  std::string shifted_sample(double dx) {
    std::ifstream in(sample());
    std::stringstream text;
    text << in.rdbuf();
    std::string line;
    std::string out;
    bool motion = false;
    while (std::getline(text, line)) {
      if (motion && !line.empty()) {
        const std::size_t space = line.find(' ');
        line = std::to_string(std::stod(line.substr(0, space)) + dx) + line.substr(space);
      }
      if (line.rfind("Frame Time", 0) == 0) motion = true;
      out += line + '\n';
    }
    const auto path = dir_ / ("shifted" + std::to_string(dx) + ".bvh");
    std::ofstream(path) << out;
    return path.string();
  }

  // The sample and `other` (none: the sample alone), frame 400, lines style.
  Png render(const std::string& name, const std::string& other, std::vector<std::string> extra) {
    std::vector<std::string> args = {"render",  sample(),
                                     "-o",      (dir_ / name).string(),
                                     "--size",  std::to_string(kWidth) + "x" + std::to_string(kHeight),
                                     "--style", "lines",
                                     "--frame", "400"};
    if (!other.empty()) args.insert(args.begin() + 2, other);
    args.insert(args.end(), extra.begin(), extra.end());
    const auto result = run_bvhscope(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return read_png(dir_ / name);
  }

  std::filesystem::path dir_;
};

TEST_F(CompareRender, AnIdenticalClipIsNearWhiteAndAFarOneIsRed) {
  const std::string copy = shifted_sample(0.0);
  const Png plain = render("plain.png", copy, {});
  const Png same = render("same.png", copy, {"--compare"});
  // Without a comparison the second clip is green; compared with an identical clip, every joint's
  // error is 0: near white. The reference keeps its amber.
  EXPECT_GT(count(plain, kGreen, 6), 200);
  EXPECT_LT(count(plain, kNoError, 6), 20);
  EXPECT_LT(count(same, kGreen, 6), 20);
  EXPECT_GT(count(same, kNoError, 6), 200);
  EXPECT_GT(count(same, kAmber, 6), 200);
  EXPECT_LT(count(same, kTopError, 6), 20);
  // 10 units away in every frame, on a scale whose top is 1 mm: red, every bone.
  const Png far = render("far.png", shifted_sample(10.0), {"--compare", "--error-scale", "0.1"});
  EXPECT_GT(count(far, kTopError, 6), 200);
  EXPECT_LT(count(far, kNoError, 6), 20);
  EXPECT_LT(count(far, kGreen, 6), 20);
}

TEST_F(CompareRender, AGhostIsBlendedOverTheReferenceWhereItIsMeasured) {
  // 10 units to the side: aligned on the reference's root (--align root) the error is 0 and the
  // ghost lies exactly on the reference: its near-white lines at 45 % over the amber ones. A ghost
  // stands over the reference, so the view frames the reference alone, as without the other clip.
  const std::string other = shifted_sample(10.0);
  const Png beside = render("beside.png", other, {"--compare", "--align", "root"});
  const Png alone = render("alone.png", "", {});
  const Png ghost = render("ghost.png", other, {"--ghost", "--align", "root"});
  EXPECT_GT(count(beside, kNoError, 2), 200);  // side by side: the compared clip stands on its own
  EXPECT_LT(count(ghost, kNoError, 2), 20);    // as a ghost it is no longer beside the reference
  // Each pixel that is pure amber without the other clip (the reference's line centres) shows
  // 0.55 amber + 0.45 near white where the ghost covers it.
  const std::array<int, 3> blend = {static_cast<int>(0.55 * 255 + 0.45 * 237 + 0.5),
                                    static_cast<int>(0.55 * 158 + 0.45 * 240 + 0.5),
                                    static_cast<int>(0.55 * 46 + 0.45 * 230 + 0.5)};
  int amber = 0;
  int blended = 0;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      if (distance(alone.at(x, y), kAmber) > 2) continue;
      ++amber;
      blended += distance(ghost.at(x, y), blend) <= 12 ? 1 : 0;
    }
  }
  ASSERT_GT(amber, 200);
  EXPECT_GT(blended, amber * 6 / 10) << blended << " of " << amber;
  EXPECT_LT(count(ghost, kAmber, 2), amber / 3);
}

TEST_F(CompareRender, CompareOptionsAreCheckedAndNeedTwoFiles) {
  const auto one = run_bvhscope({"render", sample(), "-o", (dir_ / "x.png").string(), "--compare"});
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_NE(one.err.find("render: --compare needs two or more FILEs (the first is the reference)"), std::string::npos)
      << one.err;
  const auto align = run_bvhscope({"render", sample(), sample(), "-o", (dir_ / "x.png").string(), "--align", "pa"});
  EXPECT_EQ(align.exit_code, 2);
  EXPECT_NE(align.err.find("render: --align must be none, root, rigid or procrustes, not 'pa'"), std::string::npos)
      << align.err;
  const auto scale =
      run_bvhscope({"render", sample(), sample(), "-o", (dir_ / "x.png").string(), "--error-scale", "0"});
  EXPECT_EQ(scale.exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(dir_ / "x.png"));
}

}  // namespace
}  // namespace bvhscope::test
