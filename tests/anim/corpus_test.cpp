// Every real file in ../shared/bvh parses and poses; exported positions match an independent evaluator.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <set>
#include <sstream>

#include "anim/bvh_writer.hpp"
#include "anim/convert.hpp"
#include "anim/csv_export.hpp"
#include "anim/file_loader.hpp"
#include "anim/measure.hpp"
#include "anim/position_mode.hpp"
#include "naive_quaternion.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

// ---- An independent evaluator: a naive reader and plain double matrices, walking to the root. ----

struct NaiveJoint {
  std::string name;
  int parent = -1;
  std::array<double, 3> offset{};
  std::vector<std::string> channels;
};

struct NaiveClip {
  std::vector<NaiveJoint> joints;
  std::size_t frames = 0;
  double frame_time = 0.0;
  std::vector<std::vector<double>> rows;
};

// Whitespace tokens only; good enough for the corpus, which has no names with spaces.
NaiveClip naive_read(const std::string& text) {
  NaiveClip clip;
  std::istringstream in(text);
  std::vector<int> open;
  std::string token;
  std::size_t channel_total = 0;
  while (in >> token && token != "MOTION") {
    if (token == "ROOT" || token == "JOINT") {
      NaiveJoint joint;
      in >> joint.name;
      joint.parent = open.empty() ? -1 : open.back();
      clip.joints.push_back(joint);
      open.push_back(static_cast<int>(clip.joints.size()) - 1);
    } else if (token == "End") {
      in >> token;  // Site
      NaiveJoint joint;
      joint.parent = open.back();
      joint.name = clip.joints[static_cast<std::size_t>(joint.parent)].name + "End";
      clip.joints.push_back(joint);
      open.push_back(static_cast<int>(clip.joints.size()) - 1);
    } else if (token == "}") {
      open.pop_back();
    } else if (token == "OFFSET") {
      for (double& v : clip.joints[static_cast<std::size_t>(open.back())].offset) {
        in >> token;
        v = std::strtod(token.c_str(), nullptr);
      }
    } else if (token == "CHANNELS") {
      int count = 0;
      in >> count;
      for (int i = 0; i < count; ++i) {
        in >> token;
        clip.joints[static_cast<std::size_t>(open.back())].channels.push_back(token);
      }
      channel_total += static_cast<std::size_t>(count);
    }
  }
  in >> token >> clip.frames;     // Frames: N
  in >> token >> token >> token;  // Frame Time: T
  clip.frame_time = std::strtod(token.c_str(), nullptr);
  for (std::size_t f = 0; f < clip.frames; ++f) {
    std::vector<double> row(channel_total);
    for (double& v : row) {
      in >> token;
      v = std::strtod(token.c_str(), nullptr);
    }
    clip.rows.push_back(std::move(row));
  }
  return clip;
}

using Matrix = std::array<std::array<double, 4>, 4>;  // row-major

Matrix identity() {
  Matrix m{};
  for (int i = 0; i < 4; ++i) m[i][i] = 1.0;
  return m;
}

Matrix multiply(const Matrix& a, const Matrix& b) {
  Matrix m{};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 4; ++k) m[r][c] += a[r][k] * b[k][c];
  return m;
}

Matrix rotation(char axis, double degrees) {
  const double t = degrees * 3.14159265358979323846 / 180.0;
  const double c = std::cos(t);
  const double s = std::sin(t);
  Matrix m = identity();
  const int i = axis == 'X' ? 1 : 0;
  const int j = axis == 'Z' ? 1 : 2;
  // X rotates (y,z), Y rotates (z,x), Z rotates (x,y), each counter-clockwise (right-handed).
  if (axis == 'Y') {
    m[2][2] = c, m[2][0] = -s, m[0][2] = s, m[0][0] = c;
  } else {
    m[i][i] = c, m[i][j] = -s, m[j][i] = s, m[j][j] = c;
  }
  return m;
}

std::vector<Matrix> naive_locals(const NaiveClip& clip, const std::vector<double>& row, bool replace) {
  std::vector<Matrix> locals;
  std::size_t column = 0;
  for (const NaiveJoint& joint : clip.joints) {
    std::array<double, 3> translation = joint.offset;
    Matrix rotations = identity();
    for (const std::string& channel : joint.channels) {
      const double value = row[column++];
      const int axis = channel[0] - 'X';
      if (channel.find("position") != std::string::npos) {
        translation[static_cast<std::size_t>(axis)] =
            replace ? value : translation[static_cast<std::size_t>(axis)] + value;
      } else {
        rotations = multiply(rotations, rotation(channel[0], value));
      }
    }
    Matrix local = rotations;
    for (int a = 0; a < 3; ++a) local[a][3] = translation[static_cast<std::size_t>(a)];
    locals.push_back(local);
  }
  return locals;
}

// World position of each joint: its local matrix pre-multiplied by every ancestor's, walking up.
std::vector<std::array<double, 3>> naive_positions(const NaiveClip& clip, const std::vector<double>& row,
                                                   bool replace) {
  const std::vector<Matrix> locals = naive_locals(clip, row, replace);
  std::vector<std::array<double, 3>> positions;
  for (std::size_t j = 0; j < clip.joints.size(); ++j) {
    Matrix world = locals[j];
    for (int p = clip.joints[j].parent; p != -1; p = clip.joints[static_cast<std::size_t>(p)].parent) {
      world = multiply(locals[static_cast<std::size_t>(p)], world);
    }
    positions.push_back({world[0][3], world[1][3], world[2][3]});
  }
  return positions;
}

// ---- The same clip interpolated between frames: slerp of each joint's rotation (test quaternions) ----

struct NaiveLocal {
  test::NaiveQuat rotation;
  test::NaiveVector translation{};
};

std::vector<NaiveLocal> naive_quat_locals(const NaiveClip& clip, const std::vector<double>& row, bool replace) {
  std::vector<NaiveLocal> locals;
  std::size_t column = 0;
  for (const NaiveJoint& joint : clip.joints) {
    NaiveLocal local;
    local.translation = joint.offset;
    for (const std::string& channel : joint.channels) {
      const double value = row[column++];
      const auto axis = static_cast<std::size_t>(channel[0] - 'X');
      if (channel.find("position") != std::string::npos) {
        local.translation[axis] = replace ? value : local.translation[axis] + value;
      } else {
        local.rotation = local.rotation * test::naive_axis_quat(channel[0], value);
      }
    }
    locals.push_back(local);
  }
  return locals;
}

// Every joint's world position at fractional frame `at`: each joint's rotation slerped between the
// two frames around it, its translation interpolated linearly, then composed down the tree.
std::vector<test::NaiveVector> naive_interpolated_positions(const NaiveClip& clip, double at, bool replace) {
  const auto first = static_cast<std::size_t>(std::floor(at));
  const double t = at - static_cast<double>(first);
  std::vector<NaiveLocal> locals = naive_quat_locals(clip, clip.rows[first], replace);
  if (t > 0.0) {
    const std::vector<NaiveLocal> next = naive_quat_locals(clip, clip.rows[first + 1], replace);
    for (std::size_t j = 0; j < locals.size(); ++j) {
      locals[j].rotation = test::naive_slerp(locals[j].rotation, next[j].rotation, t);
      for (std::size_t a = 0; a < 3; ++a)
        locals[j].translation[a] += (next[j].translation[a] - locals[j].translation[a]) * t;
    }
  }
  std::vector<test::NaiveQuat> world_rotation(locals.size());
  std::vector<test::NaiveVector> world_position(locals.size());
  for (std::size_t j = 0; j < locals.size(); ++j) {  // parents come before their children
    const int parent = clip.joints[j].parent;
    if (parent < 0) {
      world_rotation[j] = locals[j].rotation;
      world_position[j] = locals[j].translation;
      continue;
    }
    const auto p = static_cast<std::size_t>(parent);
    world_rotation[j] = world_rotation[p] * locals[j].rotation;
    const test::NaiveVector turned = test::naive_rotate(world_rotation[p], locals[j].translation);
    for (std::size_t a = 0; a < 3; ++a) world_position[j][a] = world_position[p][a] + turned[a];
  }
  return world_position;
}

// ---- The tests ----

const std::set<std::string> kReplaceFiles = {"bandai1__dataset-1_dash_normal_001.bvh",
                                             "bandai2__dataset-2_wave-left-hand_active_011.bvh",
                                             "rgbdacq__makehuman.bvh", "pymo__AV_8Walk_Meredith_HVHA_Rep1.bvh"};

std::vector<std::vector<double>> read_csv_rows(const std::string& csv, std::string& header) {
  std::istringstream in(csv);
  std::getline(in, header);
  std::vector<std::vector<double>> rows;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<double> row;
    const char* p = line.c_str();
    while (*p) {
      char* end = nullptr;
      row.push_back(std::strtod(p, &end));
      p = *end == ',' ? end + 1 : end;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

TEST(Corpus, HasTheSharedFiles) {
  const auto files = test::corpus_files();
  ASSERT_EQ(files.size(), 23u) << "expected the 23 files of " << test::corpus_dir()
                               << " (CI has ../shared beside the checkout; set BVHSCOPE_CORPUS_DIR otherwise)";
}

class CorpusFile : public testing::TestWithParam<std::string> {};

TEST_P(CorpusFile, ParsesPosesAndMatchesTheIndependentEvaluator) {
  const std::filesystem::path path = test::corpus_dir() / GetParam();
  Result<Clip> loaded = load_bvh_file(path.string());
  ASSERT_TRUE(loaded.ok()) << format_diagnostic(loaded.error(), Severity::Error);
  const Clip& clip = loaded.value();
  const NaiveClip naive = naive_read(test::read_file(path));
  ASSERT_EQ(static_cast<std::size_t>(clip.skeleton.joint_count()), naive.joints.size());
  ASSERT_EQ(clip.motion.frame_count, naive.frames);
  ASSERT_GT(clip.motion.frame_count, 0u);

  const bool replace_expected = kReplaceFiles.count(GetParam()) > 0;
  const PositionModeDecision decision = decide_position_mode(clip, PositionModeRequest::Auto);
  EXPECT_EQ(decision.mode, replace_expected ? PositionMode::Replace : PositionMode::Add) << decision.reason;

  std::ostringstream csv;
  write_positions_csv(clip, decision.mode, csv);
  std::string header;
  const auto rows = read_csv_rows(csv.str(), header);
  ASSERT_EQ(rows.size(), naive.frames);
  EXPECT_EQ(header.substr(0, header.find(',', header.find(',') + 1)), "Time," + naive.joints[0].name + ".X");

  double largest_coordinate = 1.0;
  double largest_error = 0.0;
  double largest_mode_difference = 0.0;
  for (std::size_t frame = 0; frame < naive.frames; ++frame) {
    const auto expected = naive_positions(naive, naive.rows[frame], replace_expected);
    const auto other_mode = naive_positions(naive, naive.rows[frame], !replace_expected);
    ASSERT_EQ(rows[frame].size(), 1 + 3 * expected.size());
    for (std::size_t joint = 0; joint < expected.size(); ++joint) {
      for (std::size_t axis = 0; axis < 3; ++axis) {
        const double want = expected[joint][axis];
        largest_coordinate = std::max(largest_coordinate, std::abs(want));
        largest_error = std::max(largest_error, std::abs(rows[frame][1 + 3 * joint + axis] - want));
        largest_mode_difference = std::max(largest_mode_difference, std::abs(other_mode[joint][axis] - want));
      }
    }
  }
  // Float storage and float posing against double evaluation: a few float ulps of the scene's size.
  EXPECT_LE(largest_error, 2e-6 * largest_coordinate) << "largest coordinate " << largest_coordinate;
  if (replace_expected) {
    EXPECT_GT(largest_mode_difference, 0.3 * static_cast<double>(skeleton_height(clip, decision.mode)))
        << "add would visibly break this file";
  } else {
    EXPECT_LE(largest_mode_difference, 2e-6 * largest_coordinate) << "add and replace must agree on this file";
  }
}

// convert --fps (24, 30, 50) on every corpus file: the written file (read by the naive reader, in
// the add rule) has a frame at every k / fps within the clip's duration (N frames at its rate R, a
// rate within 0.01 % of a whole number being that number), and each frame's joints are within
// 1e-3 of the figure's height of the source interpolated at that time by the test's own slerp.
TEST(Corpus, ResampledFilesFollowTheSourceInterpolatedIndependently) {
  const auto files = test::corpus_files();
  ASSERT_EQ(files.size(), 23u);
  std::size_t checked = 0;
  for (const auto& path : files) {
    SCOPED_TRACE(path.filename().string());
    Result<Clip> loaded = load_bvh_file(path.string());
    ASSERT_TRUE(loaded.ok());
    const NaiveClip source = naive_read(test::read_file(path));
    const bool replace = kReplaceFiles.count(path.filename().string()) > 0;
    const PositionMode mode = replace ? PositionMode::Replace : PositionMode::Add;
    const double tolerance = 1e-3 * static_cast<double>(skeleton_height(loaded.value(), mode));
    ASSERT_GT(tolerance, 0.0);
    const double exact_rate = 1.0 / source.frame_time;
    const double whole_rate = std::round(exact_rate);
    const double rate = std::abs(exact_rate - whole_rate) <= 1e-4 * whole_rate ? whole_rate : exact_rate;
    const auto frames = static_cast<double>(source.frames);
    for (const double fps : {24.0, 30.0, 50.0}) {
      SCOPED_TRACE(fps);
      ConvertOptions options;
      options.fps = fps;
      Result<Clip> converted = convert_clip(loaded.value(), options);
      ASSERT_TRUE(converted.ok()) << format_diagnostic(converted.error(), Severity::Error);
      std::ostringstream text;
      write_bvh(converted.value(), text);
      const NaiveClip output = naive_read(text.str());
      ASSERT_EQ(output.joints.size(), source.joints.size());
      ASSERT_EQ(output.frames, static_cast<std::size_t>(std::ceil(frames * fps / rate - 1e-9)));
      EXPECT_NEAR(output.frame_time, 1.0 / fps, 1e-15);
      double worst = 0.0;
      std::size_t worst_frame = 0;
      for (std::size_t k = 0; k < output.frames; ++k) {
        double at = std::min(static_cast<double>(k) * rate / fps, frames - 1.0);
        if (std::abs(at - std::round(at)) < 1e-6) at = std::round(at);
        const auto expected = naive_interpolated_positions(source, at, replace);
        const auto written = naive_positions(output, output.rows[k], false);
        for (std::size_t j = 0; j < expected.size(); ++j) {
          const double distance = test::naive_distance(written[j], {expected[j][0], expected[j][1], expected[j][2]});
          if (distance > worst) {
            worst = distance;
            worst_frame = k;
          }
        }
      }
      EXPECT_LE(worst, tolerance) << "output frame " << worst_frame;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 3 * files.size());
}

std::vector<std::string> corpus_names() {
  std::vector<std::string> names;
  for (const auto& path : test::corpus_files()) names.push_back(path.filename().string());
  return names;
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
  std::string name = info.param.substr(0, info.param.size() - 4);
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Shared, CorpusFile, testing::ValuesIn(corpus_names()), test_name);

}  // namespace
}  // namespace bvhscope
