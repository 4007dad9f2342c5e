// Joint arrays (.npy) through the commands: a batch's motions picked by --motion (out of range: the
// count named), a warning when a batch is read without it, --source-fps setting the rate, and
// the usage errors of both options; --skeleton, --mean/--std and --key files refused with their
// own located messages; convert to BVH with the fit's report.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "npy_writer.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;

// (motions, frames, 22, 3): motion m, frame f, joint j, coordinate c holds m + f/10 + j/100 + c/1000.
std::string batch_bytes(std::size_t motions, std::size_t frames) {
  std::vector<double> values;
  for (std::size_t m = 0; m < motions; ++m)
    for (std::size_t f = 0; f < frames; ++f)
      for (std::size_t j = 0; j < 22; ++j)
        for (std::size_t c = 0; c < 3; ++c)
          values.push_back(static_cast<double>(m) + static_cast<double>(f) / 10 + static_cast<double>(j) / 100 +
                           static_cast<double>(c) / 1000);
  return test::npy_bytes({"<f8", false, {motions, frames, 22, 3}}, values);
}

// The first data row of `export`'s CSV: Time, then pelvis x y z.
std::string first_row_start(const std::string& csv, std::size_t cells) {
  const std::size_t row = csv.find('\n') + 1;
  std::size_t end = row;
  for (std::size_t i = 0; i < cells && end != std::string::npos; ++i) end = csv.find(',', end + 1);
  return csv.substr(row, end - row);
}

TEST(JointArrayCli, MotionPicksOneOfABatchAndABatchWithoutItSaysHowManyItHolds) {
  test::TempDir dir;
  const std::string path = dir.write("batch.npy", batch_bytes(3, 4)).string();
  const auto first = run_bvhscope({"export", path});
  EXPECT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.err, path + ": warning: the file holds 3 motions; the first is used (--motion K picks another)\n");
  EXPECT_EQ(first_row_start(first.out, 4), "0,0,0.001,0.002");
  const auto third = run_bvhscope({"export", path, "--motion", "2"});
  EXPECT_EQ(third.exit_code, 0) << third.err;
  EXPECT_EQ(third.err, "");
  EXPECT_EQ(first_row_start(third.out, 4), "0,2,2.001,2.002");
  const auto beyond = run_bvhscope({"info", path, "--motion", "3"});
  EXPECT_EQ(beyond.exit_code, 1);
  EXPECT_EQ(beyond.err, path + ": error: --motion 3: the file holds 3 motions (0 to 2)\n");
  const std::string single = dir.write("one.npy", batch_bytes(1, 2)).string();
  const auto one = run_bvhscope({"metrics", single, "--motion", "1"});
  EXPECT_EQ(one.exit_code, 1);
  EXPECT_EQ(one.err, single + ": error: --motion 1: the file holds one motion (0)\n");
}

TEST(JointArrayCli, SourceFpsSetsTheRateAnArrayDoesNotStore) {
  test::TempDir dir;
  const std::string path = dir.write("walk.npy", batch_bytes(1, 3)).string();
  const auto default_rate = run_bvhscope({"export", path});
  ASSERT_EQ(default_rate.exit_code, 0) << default_rate.err;
  // 22 joints: HumanML3D's 20 fps; the third row's time is 2 / 20.
  EXPECT_NE(default_rate.out.find("\n0.1,"), std::string::npos) << default_rate.out.substr(0, 200);
  const auto forty = run_bvhscope({"export", path, "--source-fps", "40"});
  ASSERT_EQ(forty.exit_code, 0) << forty.err;
  EXPECT_NE(forty.out.find("\n0.05,"), std::string::npos) << forty.out.substr(0, 200);
  EXPECT_EQ(forty.out.find("\n0.1,"), std::string::npos);
}

TEST(JointArrayCli, BadMotionAndSourceFpsValuesAreUsageErrors) {
  test::TempDir dir;
  const std::string path = dir.write("walk.npy", batch_bytes(1, 2)).string();
  const auto motion = run_bvhscope({"info", path, "--motion", "-1"});
  EXPECT_EQ(motion.exit_code, 2);
  EXPECT_EQ(motion.err,
            "bvhscope: info: --motion must be a motion's number (0 for the first), not '-1'\nTry "
            "'bvhscope --help'.\n");
  for (const std::string bad : {"0", "-5", "fast", "1e9"}) {
    const auto fps = run_bvhscope({"compare", path, path, "--source-fps", bad});
    EXPECT_EQ(fps.exit_code, 2) << bad;
    EXPECT_EQ(fps.err, "bvhscope: compare: --source-fps must be frames a second above 0 (at most 100000), not '" + bad +
                           "'\nTry 'bvhscope --help'.\n");
  }
}

TEST(JointArrayCli, SkeletonMeanStdAndKeyFilesAreReadOrTheirErrorsLocated) {
  test::TempDir dir;
  const std::string path = dir.write("walk.npy", batch_bytes(1, 2)).string();
  // A skeleton file of another joint count, a malformed one, and a missing one.
  const std::string three = dir.write("three.txt", "a -\nb a\nc b\n").string();
  const auto counted = run_bvhscope({"info", path, "--skeleton", three});
  EXPECT_EQ(counted.exit_code, 1);
  EXPECT_EQ(counted.err, path + ": error: the skeleton file three.txt names 3 joints; the array has 22\n");
  const std::string bad = dir.write("bad.txt", "a -\nb\n").string();
  const auto malformed = run_bvhscope({"export", path, "--skeleton", bad});
  EXPECT_EQ(malformed.exit_code, 1);
  EXPECT_EQ(malformed.err,
            bad + ":2:1: error: expected a joint's name and its parent ('-' for a root), found only 'b'\n");
  EXPECT_EQ(malformed.out, "");
  const auto missing = run_bvhscope({"lint", path, "--mean", (dir.path() / "Mean.npy").string()});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find((dir.path() / "Mean.npy").string() + ": error: "), std::string::npos) << missing.err;
  // A mean that is not one row of numbers.
  const auto table = run_bvhscope({"metrics", path, "--std", path});
  EXPECT_EQ(table.exit_code, 1);
  EXPECT_EQ(table.err, path +
                           ": error: shape (1, 2, 22, 3) of '<f8' is not one row of numbers; expected floats of "
                           "the shape (N,)\n");
  // The viewer reads them before its window opens: a file that cannot be read stops it there.
  const auto viewer = run_bvhscope({"--skeleton", bad, path});
  EXPECT_EQ(viewer.exit_code, 1);
  EXPECT_EQ(viewer.err, bad + ":2:1: error: expected a joint's name and its parent ('-' for a root), found only 'b'\n");
  EXPECT_EQ(run_bvhscope({"--motion", "1", path}).exit_code, 2);  // the viewer opens every motion
  // --key names an array of an archive; on another file it is not needed, and an empty one is a usage error.
  const auto empty = run_bvhscope({"info", path, "--key="});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_EQ(empty.err,
            "bvhscope: info: --key needs the name of an array of the .npz archive\nTry 'bvhscope --help'.\n");
}

TEST(JointArrayCli, ConvertWritesABvhThatPutsEveryJointWhereTheArrayHasIt) {
  test::TempDir dir;
  const std::string path = dir.write("walk.npy", batch_bytes(1, 3)).string();
  const std::string bvh = (dir.path() / "walk.bvh").string();
  const auto converted = run_bvhscope({"convert", path, "-o", bvh});
  ASSERT_EQ(converted.exit_code, 0) << converted.err;
  EXPECT_EQ(converted.err, "");
  const std::string wrote = "wrote " + bvh + ": 3 frames, 22 joints, 69 channels; positions read in add mode\n";
  ASSERT_EQ(converted.out.substr(0, wrote.size()), wrote);
  const std::string fit = converted.out.substr(wrote.size());
  // Metres (HumanML3D-sized figure, guessed): the error in mm; the bones never change length.
  const std::string start = "rotations fitted to the joint positions: error max 0.00";
  const std::string end = "; every bone keeps its length (within 0.01 %)\n";
  EXPECT_EQ(fit.substr(0, start.size()), start) << fit;
  EXPECT_NE(fit.find(" mm ("), std::string::npos) << fit;
  ASSERT_GT(fit.size(), end.size());
  EXPECT_EQ(fit.substr(fit.size() - end.size()), end) << fit;
  // The BVH's joints, posed by `export`, where the array has them: frame 2, joint 21 (right_wrist).
  const auto positions = run_bvhscope({"export", bvh});
  ASSERT_EQ(positions.exit_code, 0) << positions.err;
  const std::size_t header_end = positions.out.find('\n');
  const std::string header = positions.out.substr(0, header_end);
  EXPECT_NE(header.find("right_wrist.X"), std::string::npos);
  const auto array = run_bvhscope({"export", path});
  ASSERT_EQ(array.exit_code, 0);
  const auto column_values = [](const std::string& csv, const std::string& column) {
    const std::string head = csv.substr(0, csv.find('\n'));
    std::size_t index = 0;
    for (std::size_t at = 0; at < head.find(column); ++at) index += head[at] == ',' ? 1 : 0;
    std::vector<double> values;
    std::size_t row = csv.find('\n') + 1;
    while (row < csv.size()) {
      std::size_t cell = row;
      for (std::size_t i = 0; i < index; ++i) cell = csv.find(',', cell) + 1;
      values.push_back(std::stod(csv.substr(cell, csv.find_first_of(",\n", cell) - cell)));
      row = csv.find('\n', row) + 1;
      if (row == 0) break;
    }
    return values;
  };
  for (const std::string column : {"pelvis.X", "right_wrist.Y", "left_foot.Z", "head.X"}) {
    const std::vector<double> want = column_values(array.out, column);
    const std::vector<double> got = column_values(positions.out, column);
    ASSERT_EQ(got.size(), 3u) << column;
    ASSERT_EQ(want.size(), 3u) << column;
    for (std::size_t f = 0; f < 3; ++f) EXPECT_NEAR(got[f], want[f], 1e-5) << column << " frame " << f;
  }
  // To stdout: the BVH alone on stdout, the fit's report on stderr.
  const auto piped = run_bvhscope({"convert", path, "-o", "-"});
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.out.substr(0, 21), "HIERARCHY\nROOT pelvis");
  EXPECT_EQ(piped.err.substr(0, 40), "rotations fitted to the joint positions:");
}

TEST(JointArrayCli, SkeletonNamesGiveTheFittedBvhAConventionsJointNames) {
  test::TempDir dir;
  const std::string path = dir.write("walk.npy", batch_bytes(1, 3)).string();
  const auto hierarchy_names = [](const std::string& bvh) {
    std::vector<std::string> names;
    std::size_t at = 0;
    while ((at = bvh.find("JOINT ", at)) != std::string::npos) {
      at += 6;
      names.push_back(bvh.substr(at, bvh.find_first_of("\r\n", at) - at));
    }
    const std::size_t root = bvh.find("ROOT ") + 5;
    names.insert(names.begin(), bvh.substr(root, bvh.find_first_of("\r\n", root) - root));
    return names;
  };
  const auto mixamo = run_bvhscope({"convert", path, "-o", "-", "--skeleton-names", "mixamo"});
  ASSERT_EQ(mixamo.exit_code, 0) << mixamo.err;
  const std::vector<std::string> names = hierarchy_names(mixamo.out);
  ASSERT_EQ(names.size(), 22u);
  EXPECT_EQ(names[0], "Hips");
  for (const std::string expected : {"LeftUpLeg", "RightToeBase", "Spine", "Spine1", "Spine2", "LeftShoulder",
                                     "LeftArm", "RightForeArm", "RightHand", "Head", "Neck"})
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
  const auto cmu = run_bvhscope({"convert", path, "-o", "-", "--skeleton-names", "CMU", "--rename", "Head=Skull"});
  ASSERT_EQ(cmu.exit_code, 0) << cmu.err;
  const std::vector<std::string> cmu_names = hierarchy_names(cmu.out);
  EXPECT_EQ(cmu_names[0], "Hips");
  for (const std::string expected : {"LowerBack", "Spine", "Spine1", "LeftFoot", "LeftToeBase", "Skull"})
    EXPECT_NE(std::find(cmu_names.begin(), cmu_names.end(), expected), cmu_names.end()) << expected;
  const auto smpl = run_bvhscope({"convert", path, "-o", "-", "--skeleton-names", "smpl"});
  ASSERT_EQ(smpl.exit_code, 0) << smpl.err;
  EXPECT_EQ(hierarchy_names(smpl.out)[1], "L_Hip");
  // A wrong convention is a usage error; a skeleton outside the SMPL family is refused.
  const auto wrong = run_bvhscope({"convert", path, "-o", "-", "--skeleton-names", "unreal"});
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_EQ(wrong.err,
            "bvhscope: convert: --skeleton-names must be smpl, cmu or mixamo, not 'unreal'\nTry "
            "'bvhscope --help'.\n");
  std::vector<double> kit(2 * 21 * 3, 0.0);
  for (std::size_t k = 0; k < kit.size(); ++k) kit[k] = static_cast<double>(k % 7) * 100.0;
  const std::string kit_path = dir.write("kit.npy", test::npy_bytes({"<f4", false, {2, 21, 3}}, kit)).string();
  const auto refused = run_bvhscope({"convert", kit_path, "-o", "-", "--skeleton-names", "mixamo"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(refused.err, kit_path +
                             ": error: --skeleton-names: the joints are not the SMPL family's (pelvis, left_hip, "
                             "spine1... as HumanML3D, SMPL and SMPL-H arrays name them); found 'root', 'pelvis', "
                             "'chest', 'neck'; nothing was written\n");
  EXPECT_EQ(refused.out, "");
}

}  // namespace
}  // namespace bvhscope
