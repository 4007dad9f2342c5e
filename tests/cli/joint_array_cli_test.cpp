// Joint arrays (.npy) through the commands: a batch's motions picked by --motion (out of range: the
// count named), a warning when a batch is read without it, --source-fps setting the rate, and
// the usage errors of both options; convert to BVH with the fit's report.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace bvhscope
