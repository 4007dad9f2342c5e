// `bvhscope render` and `thumbnail` against reference pictures (tests/baselines/NAME.png): the
// claim of each case is the whole picture (figure, floor, camera, colours), compared within a
// tolerance for rasteriser noise (tests/image_baseline.hpp). No case draws text, or its text is
// left out of the comparison. Cases whose feature could be missing also check that the render
// without it does not pass for the baseline, so that the tolerance cannot hide it.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "image_baseline.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope::test {
namespace {

namespace fs = std::filesystem;

std::string sample() { return (fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string(); }

// The sample with `degrees` added to one channel (0-based column of the motion) in every frame.
std::string bent_sample(const TempDir& dir, std::size_t column, double degrees) {
  std::istringstream text(read_file(sample()));
  std::string out;
  std::string line;
  bool motion = false;
  while (std::getline(text, line)) {
    if (motion && !line.empty()) {
      std::istringstream values(line);
      std::vector<std::string> fields;
      std::string field;
      while (values >> field) fields.push_back(field);
      EXPECT_GT(fields.size(), column);
      fields[column] = std::to_string(std::stod(fields[column]) + degrees);
      line.clear();
      for (const std::string& value : fields) line += (line.empty() ? "" : " ") + value;
    }
    if (line.rfind("Frame Time", 0) == 0) motion = true;
    out += line + '\n';
  }
  return dir.write("bent.bvh", out).string();
}

constexpr std::size_t kLeftShoulderZ = 57;  // LeftShoulder's Zrotation in the sample's motion

// The render without the case's feature (`without`) differs from the baseline NAME in more than
// three times the pixels the tolerance allows: the tolerance cannot hide the feature.
void expect_far_from_baseline(const fs::path& without, const std::string& name) {
  const BaselineTolerance tolerance;
  const ImageDifference difference =
      image_difference(read_png(without), read_png(baselines_dir() / (name + ".png")), tolerance);
  ASSERT_TRUE(difference.same_size) << without;
  EXPECT_GT(static_cast<double>(difference.differing),
            3.0 * tolerance.max_fraction * static_cast<double>(difference.compared))
      << name << ": the render without the feature differs in only " << difference.differing << " of "
      << difference.compared << " pixels";
}

class RenderBaseline : public ::testing::Test {
 protected:
  // Runs bvhscope with `args` (OUT is the path of NAME.png in the scratch folder) and returns it.
  fs::path run(const std::string& name, std::vector<std::string> args) {
    const fs::path out = dir_.path() / (name + ".png");
    for (std::string& arg : args) {
      if (arg == "OUT") arg = out.string();
    }
    const ProcessResult result = run_bvhscope(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return out;
  }

  TempDir dir_;
};

TEST_F(RenderBaseline, SampleStill) {
  const fs::path still = run("sample_still", {"render", sample(), "-o", "OUT", "--size", "400x300", "--frame", "120"});
  EXPECT_TRUE(matches_baseline(still, "sample_still"));
}

// At 640x360 the soft shadow goes into a mask of half the resolution, read back filtered
// (gfx/shadow_mask_grid). The reference was drawn at a7b9d1b, a texel a pixel: the two agree to a
// few levels (the largest difference seen 7 of 255), where a shadow a texel off or missing differs
// by far more (in hundreds of pixels). Beyond that, a few pixels of the figure where two of its
// capsules meet may differ: which one is nearer there can turn with the last bit of the ray
// through the pixel (one did when the capsules' rectangles were made tight).
TEST_F(RenderBaseline, ShadowAtHalfResolutionLooksAsAtFull) {
  const fs::path still = run("sample_wide", {"render", sample(), "-o", "OUT", "--size", "640x360", "--frame", "120"});
  EXPECT_TRUE(matches_baseline(still, "sample_wide", BaselineTolerance{12, 2e-5}));  // 4 pixels of 230 400
  // And it is not the full resolution's picture: the half-resolution mask drew it.
  const ImageDifference difference =
      image_difference(read_png(still), read_png(baselines_dir() / "sample_wide.png"), BaselineTolerance{});
  EXPECT_GT(difference.largest, 0);
}

// LeftWrist selected at frame 300: the joint and its bone in the highlight colour, its trail
// behind it; no labels (--labels none).
TEST_F(RenderBaseline, SelectedJointWithItsTrail) {
  const std::vector<std::string> common = {"render",  sample(),  "-o",  "OUT",      "--size",
                                           "400x300", "--frame", "300", "--labels", "none"};
  std::vector<std::string> select = common;
  select.insert(select.end(), {"--select", "LeftWrist"});
  EXPECT_TRUE(matches_baseline(run("select_trail", select), "select_trail"));

  expect_far_from_baseline(run("select_plain", common), "select_trail");
}

// The sample against itself with the left shoulder turned 40 degrees, frame 120, a 15 cm scale: the
// compared clip's left arm in the error colours, from white at the shoulder to red at the hand, the
// rest of it near white; the reference in its own colour.
TEST_F(RenderBaseline, ComparisonErrorColours) {
  const std::string bent = bent_sample(dir_, kLeftShoulderZ, 40.0);
  const std::vector<std::string> common = {"render",  sample(),  bent,  "-o",       "OUT", "--size",
                                           "400x300", "--frame", "120", "--labels", "none"};
  std::vector<std::string> compare = common;
  compare.insert(compare.end(), {"--compare", "--error-scale", "15"});  // --error-scale alone compares too
  EXPECT_TRUE(matches_baseline(run("compare_error", compare), "compare_error"));

  expect_far_from_baseline(run("compare_plain", common), "compare_error");
}

// Two clips in a 2x1 grid, each tile framed on its own clip. The captions (file names, top left of
// each tile) are left out: their drawing is not the claim here.
TEST_F(RenderBaseline, GridOfTwoClips) {
  const std::string bent = bent_sample(dir_, kLeftShoulderZ, 40.0);
  const fs::path grid =
      run("grid_two", {"render", sample(), bent, "-o", "OUT", "--size", "480x240", "--grid", "2x1", "--frame", "120"});
  EXPECT_TRUE(matches_baseline(grid, "grid_two", {}, {IgnoredArea{0, 0, 480, 32}}));
}

TEST_F(RenderBaseline, Thumbnail) {
  const fs::path thumbnail = run("thumbnail", {"thumbnail", sample(), "OUT", "--size", "128"});
  EXPECT_TRUE(matches_baseline(thumbnail, "thumbnail"));
}

}  // namespace
}  // namespace bvhscope::test
