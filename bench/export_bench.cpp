// CSV export throughput in MB/s: write_positions_csv into a stream that discards (and counts) the
// bytes, next to a std::to_chars baseline writing the same text from precomputed positions.
//
//   bvhscope_bench_export [--smoke] [Google Benchmark flags]
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <ostream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "anim/bvh_parser.hpp"
#include "anim/csv_export.hpp"
#include "anim/pose.hpp"
#include "anim/position_mode.hpp"
#include "support/bench_data.hpp"
#include "support/bench_main.hpp"

namespace {

using namespace bvhscope;
using namespace bvhscope::bench;

// A stream buffer that keeps nothing and counts what it was given.
class CountingBuffer : public std::streambuf {
 public:
  [[nodiscard]] std::uint64_t bytes() const noexcept { return bytes_; }

 protected:
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof())) ++bytes_;
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* /*text*/, std::streamsize count) override {
    bytes_ += static_cast<std::uint64_t>(count);
    return count;
  }

 private:
  std::uint64_t bytes_ = 0;
};

struct ExportInput {
  std::string label;
  Clip clip;
  PositionMode mode = PositionMode::Add;
  std::vector<float> positions;  // frames x joints x 3, as write_positions_csv computes them
  std::uint64_t csv_bytes = 0;   // size of one export
};

void set_rate(benchmark::State& state, const ExportInput& input) {
  const auto bytes = static_cast<double>(input.csv_bytes);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(input.csv_bytes));
  state.counters["MB/s"] = benchmark::Counter(bytes / 1e6, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["rows/s"] = benchmark::Counter(static_cast<double>(input.clip.motion.frame_count),
                                                benchmark::Counter::kIsIterationInvariantRate);
}

void export_with_threads(benchmark::State& state, const ExportInput* input, unsigned threads) {
  for (auto _ : state) {
    CountingBuffer buffer;
    std::ostream out(&buffer);
    write_positions_csv(input->clip, input->mode, out, threads);
    if (buffer.bytes() != input->csv_bytes) state.SkipWithError("unexpected CSV size");
  }
  set_rate(state, *input);
}

// The default: one thread per hardware thread.
void bm_write_positions_csv(benchmark::State& state, const ExportInput* input) { export_with_threads(state, input, 0); }
// The same on one thread: the ratio of the two is how export scales with cores.
void bm_write_positions_csv_one_thread(benchmark::State& state, const ExportInput* input) {
  export_with_threads(state, input, 1);
}

// Posing every frame alone (no text): the share of the export that is forward kinematics.
void bm_pose_all_frames(benchmark::State& state, const ExportInput* input) {
  Pose pose;
  for (auto _ : state) {
    for (std::size_t frame = 0; frame < input->clip.motion.frame_count; ++frame) {
      pose_frame(input->clip, frame, input->mode, pose);
      benchmark::DoNotOptimize(pose.world.data());
      benchmark::ClobberMemory();
    }
  }
  set_rate(state, *input);
}

// The baseline: the same CSV text from precomputed positions, std::to_chars into a 1 MB buffer that
// is "flushed" (dropped) when full.
void bm_to_chars_baseline(benchmark::State& state, const ExportInput* input) {
  constexpr std::size_t kBuffer = 1 << 20;
  std::vector<char> buffer(kBuffer + 4096);
  const std::size_t joints = static_cast<std::size_t>(input->clip.skeleton.joint_count());
  for (auto _ : state) {
    std::uint64_t written = 0;
    char* p = buffer.data();
    const auto flush = [&] {
      benchmark::DoNotOptimize(buffer.data());
      written += static_cast<std::uint64_t>(p - buffer.data());
      p = buffer.data();
    };
    p = std::copy_n("Time", 4, p);  // the header
    for (int joint = 0; joint < input->clip.skeleton.joint_count(); ++joint) {
      const std::string& name = input->clip.skeleton.names[joint];
      for (const char* axis : {".X", ".Y", ".Z"}) {
        *p++ = ',';
        p = std::copy(name.begin(), name.end(), p);
        p = std::copy_n(axis, 2, p);
      }
    }
    *p++ = '\n';
    const float* value = input->positions.data();
    char* const limit = buffer.data() + kBuffer;
    for (std::size_t frame = 0; frame < input->clip.motion.frame_count; ++frame) {
      p = std::to_chars(p, limit + 64, static_cast<double>(frame) * input->clip.motion.frame_time,
                        std::chars_format::general, 10)
              .ptr;
      for (std::size_t i = 0; i < 3 * joints; ++i) {
        *p++ = ',';
        p = std::to_chars(p, limit + 4096, *value++).ptr;
      }
      *p++ = '\n';
      if (p >= limit - 4096) flush();
    }
    flush();
    if (written != input->csv_bytes) state.SkipWithError("to_chars baseline wrote a different size");
  }
  set_rate(state, *input);
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
    std::vector<Source> sources = {{"assimp__01_01.bvh", "cmu_01_01", 31, 2752},
                                   {"rgbdacq__02_03.bvh", "rgbdacq_02_03", 165, 174}};
    std::deque<ExportInput> inputs;
    std::vector<RatioSpec> ratios;
    for (const Source& source : sources) {
      SourceClip text =
          corpus_or_synthetic(source.file, source.label, source.synthetic_joints, source.synthetic_frames);
      Result<Clip> clip = parse_bvh(text.text, text.origin);
      if (!clip) throw std::runtime_error(format_diagnostic(clip.error(), Severity::Error));
      ExportInput& input = inputs.emplace_back();
      input.label = text.label;
      input.clip = std::move(clip).value();
      if (options.smoke) {  // a few frames are enough to run every line once
        input.clip.motion.frame_count = std::min<std::size_t>(input.clip.motion.frame_count, 20);
        input.clip.motion.values.resize(input.clip.motion.frame_count *
                                        static_cast<std::size_t>(input.clip.motion.channel_count));
      }
      input.mode = decide_position_mode(input.clip, PositionModeRequest::Auto).mode;
      Pose pose;
      for (std::size_t frame = 0; frame < input.clip.motion.frame_count; ++frame) {
        pose_frame(input.clip, frame, input.mode, pose);
        for (int joint = 0; joint < input.clip.skeleton.joint_count(); ++joint) {
          const glm::vec3 position = pose.position(joint);
          input.positions.insert(input.positions.end(), {position.x, position.y, position.z});
        }
      }
      CountingBuffer counter;
      std::ostream out(&counter);
      write_positions_csv(input.clip, input.mode, out);
      input.csv_bytes = counter.bytes();
      std::printf("%s: %s, %zu frames x %d joints -> %.2f MB of CSV per export\n", input.label.c_str(),
                  text.origin.c_str(), input.clip.motion.frame_count, input.clip.skeleton.joint_count(),
                  static_cast<double>(input.csv_bytes) / 1e6);

      const ExportInput* in = &input;
      const std::string& l = input.label;
      for (const auto& [name, function] :
           std::initializer_list<std::pair<std::string, void (*)(benchmark::State&, const ExportInput*)>>{
               {"write_positions_csv/" + l, bm_write_positions_csv},
               {"write_positions_csv_one_thread/" + l, bm_write_positions_csv_one_thread},
               {"pose_all_frames/" + l, bm_pose_all_frames},
               {"to_chars_baseline/" + l, bm_to_chars_baseline}}) {
        benchmark::RegisterBenchmark(name.c_str(), function, in)->Unit(benchmark::kMillisecond)->UseRealTime();
      }
      ratios.push_back({"write_positions_csv / to_chars baseline [" + l + "]", "write_positions_csv/" + l,
                        "to_chars_baseline/" + l});
      ratios.push_back({"write_positions_csv all threads / one thread [" + l + "]", "write_positions_csv/" + l,
                        "write_positions_csv_one_thread/" + l});
      ratios.push_back(
          {"pose_all_frames / to_chars baseline [" + l + "]", "pose_all_frames/" + l, "to_chars_baseline/" + l});
    }
    return run_benchmarks(options, ratios);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "bvhscope_bench_export: %s\n", error.what());
    return 1;
  }
}
