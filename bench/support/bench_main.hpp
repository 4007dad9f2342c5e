// Shared main() plumbing for the benchmark programs: our own flags, sensible Google Benchmark
// defaults (repetitions, random interleaving) and ratios against the baselines printed at the end.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::bench {

struct BenchOptions {
  bool smoke = false;                       // --smoke: small inputs, every benchmark once (for ctest)
  std::optional<double> size_mb;            // --size-mb=N: size of the generated BVH text
  std::vector<std::string> benchmark_args;  // argv without our flags, for benchmark::Initialize

  // The generated text's size: --size-mb, else 1 MB in smoke mode, else `default_mb`.
  [[nodiscard]] std::size_t target_bytes(double default_mb) const;
};

// Reads and removes --smoke and --size-mb=N; everything else goes to Google Benchmark.
BenchOptions parse_bench_options(int argc, char** argv);

// "numerator vs denominator": both benchmarks do the same work per iteration, so the ratio of their
// times per iteration is the ratio of their throughputs, inverted.
// With `budget_seconds` > 0 the numerator is compared with that fixed time per iteration instead
// (a target such as "a frame in 2 ms"), and `denominator` is not used.
struct RatioSpec {
  std::string label;
  std::string numerator;    // a registered benchmark name
  std::string denominator;  // the baseline's registered name
  double budget_seconds = 0.0;
};

// Runs the registered benchmarks with defaults (5 repetitions, randomly interleaved, so that a
// noisy neighbour hits the measured code and its baseline alike; one quick pass with --smoke;
// flags on the command line win), then prints every ratio. Returns main()'s exit status.
int run_benchmarks(const BenchOptions& options, const std::vector<RatioSpec>& ratios);

}  // namespace bvhscope::bench
