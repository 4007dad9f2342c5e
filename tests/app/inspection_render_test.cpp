// `bvhscope render` with inspection options: the selected joint in the highlight colour where the
// camera projects it, its trail along the baked trajectory, and two clips side by side in their
// own colours. Pixel checks; each compares with a render that lacks the feature, so they can fail.
#include <gtest/gtest.h>

#include <cstdlib>

#include "anim/baked_positions.hpp"
#include "anim/clip_analysis.hpp"
#include "anim/file_loader.hpp"
#include "model/orbit_camera.hpp"
#include "png_image.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope::test {
namespace {

constexpr int kWidth = 800;
constexpr int kHeight = 500;
constexpr std::array<int, 3> kHighlight = {77, 199, 255};  // Palette::highlight (and the trail)
constexpr std::array<int, 3> kAmber = {255, 158, 46};      // the first clip's line colour
constexpr std::array<int, 3> kGreen = {115, 217, 115};     // the second clip's line colour

int distance(std::array<int, 3> a, std::array<int, 3> b) {
  return std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
}

int nearest(const Png& png, glm::vec2 p, std::array<int, 3> colour, int r) {
  int best = 255;
  for (int dy = -r; dy <= r; ++dy) {
    for (int dx = -r; dx <= r; ++dx) {
      best = std::min(best, distance(png.at(static_cast<int>(p.x) + dx, static_cast<int>(p.y) + dy), colour));
    }
  }
  return best;
}

class InspectionRender : public ::testing::Test {
 protected:
  void SetUp() override {
    // CI runs GL tests under xvfb-run: no display is a failure here, not a reason to skip.
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "rendering needs an X server (run under xvfb-run)";
    dir_ = std::filesystem::temp_directory_path() / ("bvhscope-inspection-render-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  static std::string sample() { return (fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string(); }

  Png render(const std::string& name, std::vector<std::string> extra) {
    std::vector<std::string> args = {"render",  sample(),
                                     "-o",      (dir_ / name).string(),
                                     "--size",  std::to_string(kWidth) + "x" + std::to_string(kHeight),
                                     "--style", "lines"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto result = run_bvhscope(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return read_png(dir_ / name);
  }

  std::filesystem::path dir_;
};

// The viewer's first view of a single clip that walks further than 1.5 body heights: the clip
// stood on the floor (lowered by its contact level; the sample is Y-up already), and the default
// camera around the pose on screen, reaching down to the floor, with 6 % of its height around it.
struct Framing {
  BakedPositions baked;
  glm::vec3 lift{0.0f};
  glm::mat4 view_projection{1.0f};
  [[nodiscard]] glm::vec2 pixel(std::size_t frame, int joint) const {
    return glm::vec2(project_to_pixels(view_projection, baked.at(frame, joint) + lift, glm::vec2(kWidth, kHeight)));
  }
};

Framing sample_framing(const Clip& clip, std::size_t frame) {
  Framing framing;
  framing.baked = bake_positions(clip, PositionMode::Add);
  const ClipAnalysis analysis = analyse_clip(clip, PositionModeRequest::Auto, UpAxisRequest{});
  EXPECT_EQ(analysis.up.axis, UpAxis::PosY);
  framing.lift = glm::vec3(0.0f, -analysis.figure.floor, 0.0f);
  Bounds pose;
  for (int joint = 0; joint < clip.skeleton.joint_count(); ++joint)
    pose.add(framing.baked.at(frame, joint) + framing.lift);
  pose.add(glm::vec3(pose.center().x, std::min(pose.min.y, analysis.figure.bounds.min.y - analysis.figure.floor),
                     pose.center().z));
  const glm::vec3 margin(0.06f * pose.size().y);
  pose.add(pose.min - margin);
  pose.add(pose.max + margin);
  OrbitCamera camera;
  const float aspect = static_cast<float>(kWidth) / static_cast<float>(kHeight);
  camera.reset(pose, aspect);
  framing.view_projection = camera.projection(aspect) * camera.view();
  return framing;
}

int joint_named(const Skeleton& skeleton, const std::string& name) {
  const auto it = std::find(skeleton.names.begin(), skeleton.names.end(), name);
  return it == skeleton.names.end() ? -1 : static_cast<int>(it - skeleton.names.begin());
}

TEST_F(InspectionRender, SelectDrawsTheJointInTheHighlightColourAndItsTrailAlongTheBakedPath) {
  Result<Clip> loaded = load_bvh_file(sample());
  ASSERT_TRUE(loaded.ok());
  const Clip clip = std::move(loaded).value();
  const int joint = joint_named(clip.skeleton, "LeftWrist");
  ASSERT_GE(joint, 0);
  const std::size_t frame = 300;
  const Framing framing = sample_framing(clip, frame);

  const Png plain = render("plain.png", {"--frame", "300"});
  const Png selected = render("selected.png", {"--frame", "300", "--select", "LeftWrist"});
  ASSERT_EQ(selected.width, kWidth);

  const glm::vec2 at = framing.pixel(frame, joint);
  EXPECT_LE(nearest(selected, at, kHighlight, 1), 40) << "the selected joint at " << at.x << "," << at.y;
  EXPECT_GT(nearest(plain, at, kHighlight, 1), 60) << "nothing is highlighted without --select";

  // The trail: earlier frames of the joint's baked path (drawn opaque), far enough from the joint
  // itself not to be its highlight.
  int checked = 0;
  for (std::size_t back = 8; back <= 56; back += 4) {
    const glm::vec2 p = framing.pixel(frame - back, joint);
    if (glm::length(p - at) < 14.0f) continue;
    ++checked;
    EXPECT_LE(nearest(selected, p, kHighlight, 2), 40) << "trail at frame " << frame - back;
    EXPECT_GT(nearest(plain, p, kHighlight, 2), 60) << "no trail without a selection, frame " << frame - back;
  }
  EXPECT_GE(checked, 3) << "the wrist moves: several trail points lie away from it";

  const Png no_trail = render("no_trail.png", {"--frame", "300", "--select", "LeftWrist", "--no-trail"});
  EXPECT_NE(no_trail.rgb, selected.rgb);
}

// --trajectory: the root's path on the floor in the trajectory colour, at the root's place in
// frames before and after the one shown (the path is uploaded only when it is shown).
TEST_F(InspectionRender, TrajectoryDrawsTheRootsPathOnTheFloor) {
  Result<Clip> loaded = load_bvh_file(sample());
  ASSERT_TRUE(loaded.ok());
  const Clip clip = std::move(loaded).value();
  const std::size_t frame = 300;
  const Framing framing = sample_framing(clip, frame);
  const Png plain = render("plain.png", {"--frame", "300"});
  const Png path = render("trajectory.png", {"--frame", "300", "--trajectory"});
  constexpr std::array<int, 3> kTrajectory = {89, 204, 158};  // SceneStyle's palette.trajectory
  int checked = 0;
  for (std::size_t f = 100; f <= 500; f += 50) {
    glm::vec3 root = framing.baked.at(f, 0) + framing.lift;
    root.y = 0.0f;  // drawn on the floor
    const glm::vec2 p(project_to_pixels(framing.view_projection, root, glm::vec2(kWidth, kHeight)));
    if (p.x < 4 || p.y < 4 || p.x >= kWidth - 4 || p.y >= kHeight - 4) continue;
    ++checked;
    EXPECT_LE(nearest(path, p, kTrajectory, 2), 45) << "the path at frame " << f << ": " << p.x << "," << p.y;
    EXPECT_GT(nearest(plain, p, kTrajectory, 2), 60) << "no path without --trajectory, frame " << f;
  }
  EXPECT_GE(checked, 4) << "the sample walks: its path crosses the view";
}

TEST_F(InspectionRender, AnUnknownSelectNameIsAnError) {
  const auto result =
      run_bvhscope({"render", sample(), "-o", (dir_ / "x.png").string(), "--size", "64x64", "--select", "NoSuchJoint"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("no joint named 'NoSuchJoint'"), std::string::npos) << result.err;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "x.png"));
}

// Centroid of the pixels close to `colour`, and how many there are.
std::pair<glm::vec2, int> centroid(const Png& png, std::array<int, 3> colour) {
  glm::vec2 sum(0.0f);
  int count = 0;
  for (int y = 0; y < png.height; ++y) {
    for (int x = 0; x < png.width; ++x) {
      if (distance(png.at(x, y), colour) <= 30) {
        sum += glm::vec2(static_cast<float>(x), static_cast<float>(y));
        ++count;
      }
    }
  }
  return {count > 0 ? sum / static_cast<float>(count) : sum, count};
}

TEST_F(InspectionRender, TwoClipsStandSideBySideInTheirOwnColours) {
  const Png one = render("one.png", {"--frame", "100"});
  const Png two = render("two.png", {"--frame", "100", sample()});
  const auto [amber_one, amber_one_count] = centroid(one, kAmber);
  const auto [green_one, green_one_count] = centroid(one, kGreen);
  const auto [amber, amber_count] = centroid(two, kAmber);
  const auto [green, green_count] = centroid(two, kGreen);
  EXPECT_GT(amber_one_count, 200);
  EXPECT_EQ(green_one_count, 0) << "one clip: no second colour";
  EXPECT_GT(amber_count, 100);
  EXPECT_GT(green_count, 100);
  // The second clip stands to the right (+X, which the default camera shows to the right), apart.
  EXPECT_GT(green.x - amber.x, kWidth * 0.1f) << "amber at " << amber.x << ", green at " << green.x;
  EXPECT_LT(std::abs(green.y - amber.y), kHeight * 0.15f) << "same pose, same floor: same height on screen";
}

}  // namespace
}  // namespace bvhscope::test
