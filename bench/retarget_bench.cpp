// Retargeting speed: a whole CMU clip (31 joints, 2752 frames at 120 fps) moved onto the Mixamo rig
// of the corpus, in source frames per second and as a multiple of real time, beside posing the same
// frames alone (pose_frame for each: the least any retargeting must do) in the same run.
//
//   bvhscope_bench_retarget [--smoke] [Google Benchmark flags]
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "anim/bvh_parser.hpp"
#include "anim/convert_timing.hpp"
#include "anim/pose.hpp"
#include "anim/position_mode.hpp"
#include "retarget/retarget.hpp"
#include "support/bench_data.hpp"
#include "support/bench_main.hpp"

namespace {

using namespace bvhscope;
using namespace bvhscope::bench;

Clip parsed(const SourceClip& text) {
  Result<Clip> clip = parse_bvh(text.text, text.origin);
  if (!clip) throw std::runtime_error(format_diagnostic(clip.error(), Severity::Error));
  return std::move(clip).value();
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const BenchOptions options = parse_bench_options(argc, argv);
    static Clip source = parsed(corpus_or_synthetic("assimp__01_01.bvh", "cmu_01_01", 31, 2752));
    static const Clip target = parsed(corpus_or_synthetic("20tab__test_freebvh.bvh", "mixamo", 31, 1));
    if (options.smoke) {
      Result<Clip> trimmed = trim_frames(source, 0, std::min<std::size_t>(source.motion.frame_count, 60) - 1);
      if (!trimmed) throw std::runtime_error(format_diagnostic(trimmed.error(), Severity::Error));
      source = std::move(trimmed).value();
    }
    const double fps = 1.0 / source.motion.frame_time;
    const auto frames = static_cast<double>(source.motion.frame_count);
    std::printf("retarget: %zu frames of %d joints at %.1f fps onto %d joints\n", source.motion.frame_count,
                source.skeleton.joint_count(), fps, target.skeleton.joint_count());
    benchmark::RegisterBenchmark("retarget/cmu_01_01_onto_mixamo", [=](benchmark::State& state) {
      for (auto _ : state) {
        Result<Clip> result = retarget(source, target, {});
        if (!result) {
          state.SkipWithError(result.error().message.c_str());
          return;
        }
        benchmark::DoNotOptimize(result.value().motion.values.data());
      }
      state.counters["frames_per_s"] = benchmark::Counter(frames, benchmark::Counter::kIsIterationInvariantRate);
      state.counters["x_real_time"] = benchmark::Counter(frames / fps, benchmark::Counter::kIsIterationInvariantRate);
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("pose_frames_baseline/cmu_01_01", [=](benchmark::State& state) {
      const PositionMode mode = decide_position_mode(source, PositionModeRequest::Auto).mode;
      Pose pose;
      for (auto _ : state) {
        for (std::size_t f = 0; f < source.motion.frame_count; ++f) {
          pose_frame(source, f, mode, pose);
          benchmark::DoNotOptimize(pose.world.data());
        }
      }
      state.counters["frames_per_s"] = benchmark::Counter(frames, benchmark::Counter::kIsIterationInvariantRate);
      state.counters["x_real_time"] = benchmark::Counter(frames / fps, benchmark::Counter::kIsIterationInvariantRate);
    })->Unit(benchmark::kMillisecond);
    return run_benchmarks(options, {{"retarget vs posing the source's frames alone", "retarget/cmu_01_01_onto_mixamo",
                                     "pose_frames_baseline/cmu_01_01"}});
  } catch (const std::exception& error) {
    std::fprintf(stderr, "bvhscope_bench_retarget: %s\n", error.what());
    return 1;
  }
}
