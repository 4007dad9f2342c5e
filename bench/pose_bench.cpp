// Forward kinematics in joints per second: the engine's pose_frame, forward_kinematics and
// sample_pose next to flat-array baselines (plain float arrays and 3x4 affine matrices) in the same run.
//
//   bvhscope_bench_pose [--smoke] [Google Benchmark flags]
//
// Joints are every entry of the skeleton arrays (ROOT/JOINT nodes and End Sites): all are posed.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "anim/bvh_parser.hpp"
#include "anim/pose.hpp"
#include "anim/position_mode.hpp"
#include "support/bench_data.hpp"
#include "support/bench_main.hpp"

namespace {

using namespace bvhscope;
using namespace bvhscope::bench;

// A rigid transform as 3x4 floats: column-major rotation, then translation.
struct Affine {
  std::array<float, 9> r;
  std::array<float, 3> t;
};

inline Affine multiply(const Affine& a, const Affine& b) noexcept {
  Affine m;
  for (int j = 0; j < 3; ++j) {
    for (int i = 0; i < 3; ++i) {
      m.r[j * 3 + i] = a.r[i] * b.r[j * 3] + a.r[3 + i] * b.r[j * 3 + 1] + a.r[6 + i] * b.r[j * 3 + 2];
    }
  }
  for (int i = 0; i < 3; ++i) m.t[i] = a.r[i] * b.t[0] + a.r[3 + i] * b.t[1] + a.r[6 + i] * b.t[2] + a.t[i];
  return m;
}

// The rotation part times a rotation about one axis (0 X, 1 Y, 2 Z), as the engine composes them.
inline void rotate_by(std::array<float, 9>& r, int axis, float degrees) noexcept {
  const float radians = degrees * (std::numbers::pi_v<float> / 180.0f);
  const float c = std::cos(radians);
  const float s = std::sin(radians);
  std::array<float, 9> a{};
  switch (axis) {
    case 0:
      a = {1, 0, 0, 0, c, s, 0, -s, c};
      break;
    case 1:
      a = {c, 0, -s, 0, 1, 0, s, 0, c};
      break;
    default:
      a = {c, s, 0, -s, c, 0, 0, 0, 1};
      break;
  }
  std::array<float, 9> m{};
  for (int j = 0; j < 3; ++j) {
    for (int i = 0; i < 3; ++i) m[j * 3 + i] = r[i] * a[j * 3] + r[3 + i] * a[j * 3 + 1] + r[6 + i] * a[j * 3 + 2];
  }
  r = m;
}

// The skeleton as plain arrays, for the baselines.
struct FlatSkeleton {
  std::vector<int> parents;
  std::vector<float> offsets;  // 3 per joint
  std::vector<int> first_channel;
  std::vector<int> channel_count;
  std::vector<std::uint8_t> kinds;  // per channel: 0..2 position X..Z, 3..5 rotation X..Z
  bool replace = false;

  // Channels to local transforms (sin/cos included), then one forward pass.
  void pose(const float* frame, Affine* local, Affine* world) const noexcept {
    const std::size_t joints = parents.size();
    for (std::size_t j = 0; j < joints; ++j) {
      Affine& l = local[j];
      l.r = {1, 0, 0, 0, 1, 0, 0, 0, 1};
      l.t = {offsets[3 * j], offsets[3 * j + 1], offsets[3 * j + 2]};
      const int first = first_channel[j];
      for (int c = first; c < first + channel_count[j]; ++c) {
        const int kind = kinds[static_cast<std::size_t>(c)];
        const float value = frame[c];
        if (kind < 3) {
          l.t[static_cast<std::size_t>(kind)] = replace ? value : l.t[static_cast<std::size_t>(kind)] + value;
        } else {
          rotate_by(l.r, kind - 3, value);
        }
      }
    }
    forward(local, world);
  }

  // world[i] = world[parent[i]] * local[i].
  void forward(const Affine* local, Affine* world) const noexcept {
    const std::size_t joints = parents.size();
    for (std::size_t j = 0; j < joints; ++j) {
      const int parent = parents[j];
      world[j] = parent < 0 ? local[j] : multiply(world[static_cast<std::size_t>(parent)], local[j]);
    }
  }
};

struct PoseInput {
  std::string label;
  Clip clip;
  PositionMode mode = PositionMode::Add;
  FlatSkeleton flat;
  std::size_t cached_frames = 0;      // frames with precomputed local transforms
  std::vector<Affine> flat_locals;    // cached_frames x joints
  std::vector<glm::mat4> glm_locals;  // cached_frames x joints
  [[nodiscard]] std::size_t joints() const { return static_cast<std::size_t>(clip.skeleton.joint_count()); }
};

FlatSkeleton flatten(const Skeleton& skeleton, PositionMode mode) {
  FlatSkeleton flat;
  flat.parents = skeleton.parents;
  for (const glm::vec3& offset : skeleton.offsets)
    flat.offsets.insert(flat.offsets.end(), {offset.x, offset.y, offset.z});
  flat.first_channel = skeleton.first_channels;
  flat.channel_count = skeleton.channel_counts;
  for (const ChannelKind kind : skeleton.channel_kinds) flat.kinds.push_back(static_cast<std::uint8_t>(kind));
  flat.replace = mode == PositionMode::Replace;
  return flat;
}

void set_joint_rate(benchmark::State& state, const PoseInput& input) {
  const auto joints = static_cast<double>(input.joints());
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(input.joints()));
  state.counters["joints/s"] = benchmark::Counter(joints, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["s/joint"] =
      benchmark::Counter(joints, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void bm_pose_frame(benchmark::State& state, const PoseInput* input) {
  Pose pose;
  std::size_t frame = 0;
  for (auto _ : state) {
    pose_frame(input->clip, frame, input->mode, pose);
    benchmark::DoNotOptimize(pose.world.data());
    benchmark::ClobberMemory();
    if (++frame == input->clip.motion.frame_count) frame = 0;
  }
  set_joint_rate(state, *input);
}

void bm_sample_pose_linear(benchmark::State& state, const PoseInput* input) {
  Pose pose;
  const std::size_t spans = std::max<std::size_t>(input->clip.motion.frame_count, 2) - 1;
  std::size_t frame = 0;
  for (auto _ : state) {
    sample_pose(input->clip, static_cast<double>(frame) + 0.37, Sampling::Linear, input->mode, pose);
    benchmark::DoNotOptimize(pose.world.data());
    benchmark::ClobberMemory();
    if (++frame == spans) frame = 0;
  }
  set_joint_rate(state, *input);
}

// The engine's forward pass alone, on precomputed local matrices.
void bm_engine_forward_kinematics(benchmark::State& state, const PoseInput* input) {
  const std::size_t joints = input->joints();
  std::vector<glm::mat4> world(joints);
  std::size_t frame = 0;
  for (auto _ : state) {
    const std::span<const glm::mat4> local(input->glm_locals.data() + frame * joints, joints);
    forward_kinematics(input->clip.skeleton.parents, local, world);
    benchmark::DoNotOptimize(world.data());
    benchmark::ClobberMemory();
    if (++frame == input->cached_frames) frame = 0;
  }
  set_joint_rate(state, *input);
}

// THE baseline: precomputed local 3x4 matrices, one pass world[i] = world[parent[i]] * local[i].
void bm_flat_forward_baseline(benchmark::State& state, const PoseInput* input) {
  const std::size_t joints = input->joints();
  std::vector<Affine> world(joints);
  std::size_t frame = 0;
  for (auto _ : state) {
    input->flat.forward(input->flat_locals.data() + frame * joints, world.data());
    benchmark::DoNotOptimize(world.data());
    benchmark::ClobberMemory();
    if (++frame == input->cached_frames) frame = 0;
  }
  set_joint_rate(state, *input);
}

// The whole job on plain arrays: channel values -> local 3x4 (sin/cos) -> world.
void bm_flat_pose_baseline(benchmark::State& state, const PoseInput* input) {
  const std::size_t joints = input->joints();
  std::vector<Affine> local(joints);
  std::vector<Affine> world(joints);
  std::size_t frame = 0;
  const auto channels = static_cast<std::size_t>(input->clip.motion.channel_count);
  for (auto _ : state) {
    input->flat.pose(input->clip.motion.values.data() + frame * channels, local.data(), world.data());
    benchmark::DoNotOptimize(world.data());
    benchmark::ClobberMemory();
    if (++frame == input->clip.motion.frame_count) frame = 0;
  }
  set_joint_rate(state, *input);
}

// The baselines must compute the engine's poses, or the comparison means nothing.
float largest_difference(const PoseInput& input) {
  const std::size_t joints = input.joints();
  std::vector<Affine> local(joints);
  std::vector<Affine> world(joints);
  Pose pose;
  float worst = 0.0f;
  const auto channels = static_cast<std::size_t>(input.clip.motion.channel_count);
  for (std::size_t frame = 0; frame < input.clip.motion.frame_count; frame += 97) {
    pose_frame(input.clip, frame, input.mode, pose);
    input.flat.pose(input.clip.motion.values.data() + frame * channels, local.data(), world.data());
    for (std::size_t j = 0; j < joints; ++j) {
      for (std::size_t axis = 0; axis < 3; ++axis) {
        const auto index = static_cast<glm::length_t>(axis);
        worst = std::max(worst, std::abs(pose.world[j][3][index] - world[j].t[axis]));
      }
    }
  }
  return worst;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const BenchOptions options = parse_bench_options(argc, argv);
    struct Source {
      const char* file;
      const char* label;
      int synthetic_joints;
      std::size_t synthetic_frames;
    };
    const std::vector<Source> sources = {{"assimp__01_01.bvh", "cmu_01_01", 31, 2752},
                                         {"rgbdacq__02_03.bvh", "rgbdacq_02_03", 165, 174}};
    std::deque<PoseInput> inputs;
    std::vector<RatioSpec> ratios;
    for (const Source& source : sources) {
      SourceClip text =
          corpus_or_synthetic(source.file, source.label, source.synthetic_joints, source.synthetic_frames);
      Result<Clip> clip = parse_bvh(text.text, text.origin);
      if (!clip) throw std::runtime_error(format_diagnostic(clip.error(), Severity::Error));
      PoseInput& input = inputs.emplace_back();
      input.label = text.label;
      input.clip = std::move(clip).value();
      input.mode = decide_position_mode(input.clip, PositionModeRequest::Auto).mode;
      input.flat = flatten(input.clip.skeleton, input.mode);
      const std::size_t joints = input.joints();
      input.cached_frames = std::min<std::size_t>(input.clip.motion.frame_count, 16);
      input.flat_locals.resize(input.cached_frames * joints);
      input.glm_locals.resize(input.cached_frames * joints);
      std::vector<Affine> scratch(joints);
      for (std::size_t f = 0; f < input.cached_frames; ++f) {
        input.flat.pose(input.clip.motion.frame(f).data(), input.flat_locals.data() + f * joints, scratch.data());
        compute_local_transforms(input.clip.skeleton, input.clip.motion.frame(f), input.mode,
                                 std::span<glm::mat4>(input.glm_locals.data() + f * joints, joints));
      }
      std::printf(
          "%s: %s, %d joints + %d End Sites = %zu posed, %d channels, %zu frames, position mode %s; "
          "largest baseline vs engine difference %.3g\n",
          input.label.c_str(), text.origin.c_str(),
          input.clip.skeleton.joint_count() - input.clip.skeleton.end_site_count(),
          input.clip.skeleton.end_site_count(), joints, input.clip.skeleton.channel_count(),
          input.clip.motion.frame_count, std::string(position_mode_name(input.mode)).c_str(),
          static_cast<double>(largest_difference(input)));

      const PoseInput* in = &input;
      const std::string& l = input.label;
      for (const auto& [name, function] :
           std::initializer_list<std::pair<std::string, void (*)(benchmark::State&, const PoseInput*)>>{
               {"pose_frame/" + l, bm_pose_frame},
               {"sample_pose_linear/" + l, bm_sample_pose_linear},
               {"engine_forward_kinematics/" + l, bm_engine_forward_kinematics},
               {"flat_forward_baseline/" + l, bm_flat_forward_baseline},
               {"flat_pose_baseline/" + l, bm_flat_pose_baseline}}) {
        benchmark::RegisterBenchmark(name.c_str(), function, in);
      }
      ratios.push_back(
          {"pose_frame / flat forward baseline [" + l + "]", "pose_frame/" + l, "flat_forward_baseline/" + l});
      ratios.push_back({"engine forward_kinematics / flat forward baseline [" + l + "]",
                        "engine_forward_kinematics/" + l, "flat_forward_baseline/" + l});
      ratios.push_back(
          {"pose_frame / flat pose baseline (with sin/cos) [" + l + "]", "pose_frame/" + l, "flat_pose_baseline/" + l});
      ratios.push_back({"sample_pose Linear / flat pose baseline [" + l + "]", "sample_pose_linear/" + l,
                        "flat_pose_baseline/" + l});
    }
    return run_benchmarks(options, ratios);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "bvhscope_bench_pose: %s\n", error.what());
    return 1;
  }
}
