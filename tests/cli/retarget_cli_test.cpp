// `bvhscope retarget` end to end: a file onto a target (BVH, glTF, joint arrays), the map it used
// saved and read back, a map naming joints that do not exist, a rig that is not a humanoid, a folder
// with one bad file among good ones, and outputs that would overwrite an input.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "anim/bvh_parser.hpp"
#include "npy_writer.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace retarget_cli_test {  // its own: the sanitizer build compiles test files together (unity)
namespace {

using test::run_bvhscope;

std::string corpus(const char* file) { return (test::corpus_dir() / file).string(); }

Clip read_bvh(const std::filesystem::path& path) {
  Result<Clip> clip = parse_bvh(test::read_file(path), path.string());
  EXPECT_TRUE(clip) << path;
  return clip ? std::move(clip).value() : Clip{};
}

TEST(RetargetCli, WritesTheSourcesFramesOnTheTargetsSkeleton) {
  test::TempDir dir;
  const std::string out = (dir.path() / "cmu_on_mixamo.bvh").string();
  const auto run = run_bvhscope({"retarget", corpus("assimp__01_01.bvh"), "--to", corpus("20tab__test_freebvh.bvh"),
                                 "-o", out, "--frames", "0:239"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.out.rfind("wrote " + out + ": 240 frames at 120.000 fps on " + corpus("20tab__test_freebvh.bvh") +
                              "'s skeleton (55 joints); 21 joints driven, root path x",
                          0),
            0u)
      << run.out;
  EXPECT_NE(run.out.find(" (the legs' ratio)\n"), std::string::npos) << run.out;
  const Clip result = read_bvh(out);
  const Clip target = read_bvh(corpus("20tab__test_freebvh.bvh"));
  EXPECT_EQ(result.skeleton.names, target.skeleton.names);
  EXPECT_EQ(result.skeleton.offsets, target.skeleton.offsets);
  EXPECT_EQ(result.motion.frame_count, 240u);
}

TEST(RetargetCli, SavesTheMapItUsesAndReadsItBack) {
  test::TempDir dir;
  const std::string map = (dir.path() / "map.csv").string();
  const auto saved = run_bvhscope(
      {"retarget", corpus("20tab__test_mocapbank.bvh"), "--to", corpus("assimp__01_01.bvh"), "--save-map", map});
  ASSERT_EQ(saved.exit_code, 0) << saved.err;
  const std::string text = test::read_file(map);
  // The pairs a person would write for these two rigs (the mocap bank's Shoulder is CMU's Arm).
  for (const char* line : {"\nHips,Hips\n", "\nLeftHip,LeftUpLeg\n", "\nLeftKnee,LeftLeg\n", "\nLeftAnkle,LeftFoot\n",
                           "\nChest2,Spine1\n", "\nNeck,Neck\n", "\nHead,Head\n", "\nLeftCollar,LeftShoulder\n",
                           "\nLeftShoulder,LeftArm\n", "\nLeftElbow,LeftForeArm\n", "\nRightWrist,RightHand\n"})
    EXPECT_NE(text.find(line), std::string::npos) << line << " in\n" << text;
  EXPECT_EQ(text.rfind("# bvhscope retarget map: source joint,target joint", 0), 0u);
  const std::string out = (dir.path() / "out.bvh").string();
  const auto used = run_bvhscope(
      {"retarget", corpus("20tab__test_mocapbank.bvh"), "--to", corpus("assimp__01_01.bvh"), "--map", map, "-o", out});
  ASSERT_EQ(used.exit_code, 0) << used.err;
  EXPECT_TRUE(std::filesystem::exists(out));
}

TEST(RetargetCli, AMapNamingMissingJointsIsALocatedErrorAndNothingIsWritten) {
  test::TempDir dir;
  const auto map = dir.write("map.csv", "# mine\nHips,Hips\nNoSuchJoint,Head\nHead,Skull\n");
  const std::string out = (dir.path() / "out.bvh").string();
  const auto run = run_bvhscope(
      {"retarget", corpus("assimp__01_01.bvh"), "--to", corpus("assimp__01_01.bvh"), "--map", map.string(), "-o", out});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, map.string() +
                         ":3:1: error: the source has no joint 'NoSuchJoint' (line 3); the target has no joint "
                         "'Skull' (line 4); nothing was written\n");
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(RetargetCli, ATargetThatIsNoHumanoidIsRefused) {
  test::TempDir dir;
  const std::string out = (dir.path() / "out.bvh").string();
  const auto run =
      run_bvhscope({"retarget", corpus("assimp__01_01.bvh"), "--to", corpus("rgbdacq__lhand.bvh"), "-o", out});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, corpus("rgbdacq__lhand.bvh") +
                         ": error: not a humanoid rig: no legs found (no joint has two branches reaching down and one "
                         "reaching up); nothing was written\n");
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(RetargetCli, AFolderGoesOnPastABadFileAndSaysWhichFailed) {
  test::TempDir dir;
  const std::filesystem::path sources = dir.path() / "sources";
  std::filesystem::create_directories(sources);
  for (const char* file : {"edin-m__walk1.bvh", "rgbdacq__lhand.bvh", "pymo__AV_8Walk_Meredith_HVHA_Rep1.bvh"})
    std::filesystem::copy_file(test::corpus_dir() / file, sources / file);
  // The same name in capitals: both would be written to edin-m__walk1.glb, the second is refused.
  std::filesystem::copy_file(test::corpus_dir() / "edin-m__walk1.bvh", sources / "edin-m__walk1.BVH");
  const std::filesystem::path outputs = dir.path() / "out";
  const auto run = run_bvhscope({"retarget", sources.string(), "--to", corpus("20tab__test_freebvh.bvh"), "-o",
                                 outputs.string(), "--format", "glb", "--jobs", "2"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_TRUE(std::filesystem::exists(outputs / "edin-m__walk1.glb"));
  EXPECT_TRUE(std::filesystem::exists(outputs / "pymo__AV_8Walk_Meredith_HVHA_Rep1.glb"));
  EXPECT_FALSE(std::filesystem::exists(outputs / "rgbdacq__lhand.glb"));
  EXPECT_EQ(test::read_file(outputs / "edin-m__walk1.glb").substr(0, 4), "glTF");
  EXPECT_NE(run.err.find((sources / "rgbdacq__lhand.bvh").string() + ": error: not a humanoid rig: no legs found"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.out.find("retarget"), std::string::npos);
  EXPECT_NE(
      run.err.find("bvhscope: retarget: " + (outputs / "edin-m__walk1.glb").string() + " is also the output of " +
                   (sources / "edin-m__walk1.BVH").string() + " (one output per file name); nothing was written\n"),
      std::string::npos)
      << run.err;
  EXPECT_NE(run.out.find("retargeted 2 of 4 files onto " + corpus("20tab__test_freebvh.bvh") + " into " +
                         outputs.string() + "; 2 failed (above)\n"),
            std::string::npos)
      << run.out;
  // In the folder's order: walk1 before pymo.
  EXPECT_LT(run.out.find("edin-m__walk1.glb"), run.out.find("pymo__AV_8Walk_Meredith_HVHA_Rep1.glb")) << run.out;
}

TEST(RetargetCli, JointArraysGoBothWays) {
  test::TempDir dir;
  // A HumanML3D-shaped array: 22 joints, 30 frames of a figure swinging its arms.
  std::vector<double> values;
  const float rest[22][3] = {{0, 0.95f, 0},     {0.1f, 0.9f, 0},    {-0.1f, 0.9f, 0},     {0, 1.05f, 0},
                             {0.1f, 0.5f, 0},   {-0.1f, 0.5f, 0},   {0, 1.2f, 0},         {0.1f, 0.08f, 0},
                             {-0.1f, 0.08f, 0}, {0, 1.3f, 0},       {0.1f, 0.02f, 0.12f}, {-0.1f, 0.02f, 0.12f},
                             {0, 1.5f, 0},      {0.08f, 1.42f, 0},  {-0.08f, 1.42f, 0},   {0, 1.62f, 0},
                             {0.18f, 1.42f, 0}, {-0.18f, 1.42f, 0}, {0.45f, 1.42f, 0},    {-0.45f, 1.42f, 0},
                             {0.7f, 1.42f, 0},  {-0.7f, 1.42f, 0}};
  for (int f = 0; f < 30; ++f)
    for (const auto& joint : rest)
      for (int c = 0; c < 3; ++c) values.push_back(static_cast<double>(joint[c]) + (c == 2 ? 0.01 * f : 0.0));
  const auto npy = dir.write("motion.npy", test::npy_bytes({"<f4", false, {30, 22, 3}}, values));
  const std::string out = (dir.path() / "on_cmu.bvh").string();
  const auto onto = run_bvhscope({"retarget", npy.string(), "--to", corpus("assimp__01_01.bvh"), "-o", out});
  ASSERT_EQ(onto.exit_code, 0) << onto.err;
  EXPECT_EQ(read_bvh(out).motion.frame_count, 30u);
  const std::string back = (dir.path() / "cmu_on_array.bvh").string();
  const auto from =
      run_bvhscope({"retarget", corpus("assimp__01_01.bvh"), "--to", npy.string(), "-o", back, "--frames", "0:9"});
  ASSERT_EQ(from.exit_code, 0) << from.err;
  EXPECT_NE(from.out.find("; the target's joint positions fitted with rotations first\n"), std::string::npos)
      << from.out;
  EXPECT_EQ(read_bvh(back).skeleton.names[1], "left_hip");
}

TEST(RetargetCli, InputsAreNeverOverwrittenAndBadOptionsAreUsageErrors) {
  test::TempDir dir;
  const auto source = dir.path() / "source.bvh";
  std::filesystem::copy_file(test::corpus_dir() / "assimp__01_01.bvh", source);
  const std::string before = test::read_file(source);
  const auto same =
      run_bvhscope({"retarget", source.string(), "--to", corpus("20tab__test_freebvh.bvh"), "-o", source.string()});
  EXPECT_EQ(same.exit_code, 2);
  EXPECT_NE(same.err.find("nothing was written (--force replaces it)"), std::string::npos) << same.err;
  EXPECT_EQ(test::read_file(source), before);
  const auto root = run_bvhscope({"retarget", source.string(), "--to", source.string(), "-o", "x.bvh", "--root", "up"});
  EXPECT_EQ(root.exit_code, 2);
  EXPECT_EQ(root.err.rfind("bvhscope: retarget: --root must be scale, keep or none, not 'up'\n", 0), 0u) << root.err;
  const auto no_target = run_bvhscope({"retarget", source.string(), "-o", "x.bvh"});
  EXPECT_EQ(no_target.exit_code, 2);
  EXPECT_EQ(no_target.err.rfind("bvhscope: retarget: --to TARGET", 0), 0u) << no_target.err;
}

}  // namespace
}  // namespace retarget_cli_test
}  // namespace bvhscope
