// Parse throughput on a ~100 MB BVH text generated at start-up from a corpus clip, next to the
// single-threaded std::from_chars<float> baseline on the same numbers.
//
//   bvhscope_bench_parse [--size-mb=N] [--smoke] [Google Benchmark flags]
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "anim/bvh_parser.hpp"
#include "anim/file_loader.hpp"
#include "support/bench_data.hpp"
#include "support/bench_main.hpp"

namespace {

using namespace bvhscope;
using namespace bvhscope::bench;

struct ParseInput {
  std::string label;
  std::string origin;
  BigBvh big;
  std::filesystem::path path;  // the same text on disk
  std::size_t motion_begin = 0;
};

// A directory of our own under the system's temp directory, removed at exit.
class TempDir {
 public:
  TempDir() {
    path_ = std::filesystem::temp_directory_path() / ("bvhscope-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(path_);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }

 private:
  std::filesystem::path path_;
};

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

void set_throughput(benchmark::State& state, const ParseInput& input) {
  const auto bytes = static_cast<double>(input.big.text.size());
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(input.big.text.size()));
  state.counters["MB/s"] = benchmark::Counter(bytes / 1e6, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["floats/s"] =
      benchmark::Counter(static_cast<double>(input.big.values()), benchmark::Counter::kIsIterationInvariantRate);
}

void check_clip(benchmark::State& state, const Result<Clip>& clip, const ParseInput& input) {
  if (!clip) {
    state.SkipWithError(format_diagnostic(clip.error(), Severity::Error).c_str());
  } else if (clip.value().motion.frame_count != input.big.frames) {
    state.SkipWithError("wrong frame count");
  }
}

void bm_parse_bvh(benchmark::State& state, const ParseInput* input) {
  for (auto _ : state) {
    Result<Clip> clip = parse_bvh(input->big.text, input->label);
    check_clip(state, clip, *input);
    benchmark::DoNotOptimize(clip);
  }
  set_throughput(state, *input);
}

void bm_load_bvh_file(benchmark::State& state, const ParseInput* input) {
  const std::string path = input->path.string();
  for (auto _ : state) {
    Result<Clip> clip = load_bvh_file(path);
    check_clip(state, clip, *input);
    benchmark::DoNotOptimize(clip);
  }
  set_throughput(state, *input);
}

void bm_read_text_file(benchmark::State& state, const ParseInput* input) {
  const std::string path = input->path.string();
  for (auto _ : state) {
    Result<std::string> text = read_text_file(path);
    if (!text || text.value().size() != input->big.text.size()) state.SkipWithError("read_text_file failed");
    benchmark::DoNotOptimize(text);
  }
  set_throughput(state, *input);
}

// The baseline: the same numbers through std::from_chars<float> into an array allocated once.
void bm_from_chars(benchmark::State& state, const ParseInput* input) {
  std::vector<float> values(input->big.values());
  const std::string_view text = input->big.text;
  for (auto _ : state) {
    const std::size_t begin = motion_offset(text);
    const auto count = from_chars_floats(text.substr(begin), values.data(), values.size());
    if (!count || *count != values.size()) state.SkipWithError("from_chars baseline failed");
    benchmark::DoNotOptimize(values.data());
    benchmark::ClobberMemory();
  }
  set_throughput(state, *input);
}

// The baseline again, with a new (uninitialised) array per pass, as a parser that returns its
// result must allocate: the difference to bm_from_chars is the cost of fresh pages.
void bm_from_chars_fresh(benchmark::State& state, const ParseInput* input) {
  const std::string_view text = input->big.text;
  for (auto _ : state) {
    const auto values = std::make_unique_for_overwrite<float[]>(input->big.values());
    const std::size_t begin = motion_offset(text);
    const auto count = from_chars_floats(text.substr(begin), values.get(), input->big.values());
    if (!count || *count != input->big.values()) state.SkipWithError("from_chars baseline failed");
    benchmark::DoNotOptimize(values.get());
    benchmark::ClobberMemory();
  }
  set_throughput(state, *input);
}

// The engine must produce exactly what from_chars produces (both round correctly).
std::size_t count_mismatches(const ParseInput& input) {
  const Result<Clip> clip = parse_bvh(input.big.text, input.label);
  if (!clip) throw std::runtime_error(format_diagnostic(clip.error(), Severity::Error));
  std::vector<float> expected(input.big.values());
  const auto count =
      from_chars_floats(std::string_view(input.big.text).substr(input.motion_begin), expected.data(), expected.size());
  if (!count || *count != expected.size() || clip.value().motion.values.size() != expected.size()) {
    throw std::runtime_error("the baseline and the engine disagree on the number of values");
  }
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (std::memcmp(&expected[i], &clip.value().motion.values[i], sizeof(float)) != 0) ++mismatches;
  }
  return mismatches;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const BenchOptions options = parse_bench_options(argc, argv);
    const std::size_t target = options.target_bytes(100.0);
    const TempDir temp;

    struct Source {
      const char* file;
      const char* label;
      int synthetic_joints;
      std::size_t synthetic_frames;
    };
    std::vector<Source> sources = {{"assimp__01_01.bvh", "cmu_01_01", 31, 2752},
                                   {"edin-m__0008_ChaCha001.bvh", "chacha", 25, 6503}};
    if (options.smoke) sources.resize(1);

    std::deque<ParseInput> inputs;  // stable addresses for the registered benchmarks
    std::vector<RatioSpec> ratios;
    for (const Source& source : sources) {
      SourceClip clip =
          corpus_or_synthetic(source.file, source.label, source.synthetic_joints, source.synthetic_frames);
      ParseInput& input = inputs.emplace_back();
      input.label = clip.label;
      input.origin = clip.origin;
      input.big = make_big_bvh(clip.text, target);
      input.path = temp.path() / (input.label + ".bvh");
      input.motion_begin = motion_offset(input.big.text);
      write_file(input.path, input.big.text);
      const std::size_t mismatches = count_mismatches(input);
      std::printf(
          "%s: %s repeated to %.1f MB (%zu frames x %zu channels = %zu floats); engine vs from_chars: %zu "
          "values differ\n",
          input.label.c_str(), input.origin.c_str(), static_cast<double>(input.big.text.size()) / 1e6, input.big.frames,
          input.big.channels, input.big.values(), mismatches);

      const ParseInput* in = &input;
      const std::string& l = input.label;
      for (const auto& [name, function] :
           std::initializer_list<std::pair<std::string, void (*)(benchmark::State&, const ParseInput*)>>{
               {"parse_bvh/" + l, bm_parse_bvh},
               {"load_bvh_file/" + l, bm_load_bvh_file},
               {"read_text_file/" + l, bm_read_text_file},
               {"from_chars_baseline/" + l, bm_from_chars},
               {"from_chars_fresh_array/" + l, bm_from_chars_fresh}}) {
        benchmark::RegisterBenchmark(name.c_str(), function, in)->Unit(benchmark::kMillisecond)->UseRealTime();
      }
      ratios.push_back(
          {"parse_bvh (in memory) / from_chars baseline [" + l + "]", "parse_bvh/" + l, "from_chars_baseline/" + l});
      ratios.push_back(
          {"load_bvh_file (disk) / from_chars baseline [" + l + "]", "load_bvh_file/" + l, "from_chars_baseline/" + l});
      ratios.push_back(
          {"parse_bvh / from_chars with a fresh array [" + l + "]", "parse_bvh/" + l, "from_chars_fresh_array/" + l});
      ratios.push_back({"read_text_file alone / from_chars baseline [" + l + "]", "read_text_file/" + l,
                        "from_chars_baseline/" + l});
    }
    return run_benchmarks(options, ratios);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "bvhscope_bench_parse: %s\n", error.what());
    return 1;
  }
}
