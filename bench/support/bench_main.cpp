#include "support/bench_main.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string_view>

#include <benchmark/benchmark.h>

namespace bvhscope::bench {
namespace {

// The console output as usual, plus every repetition's time per iteration, kept by benchmark name.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  explicit RatioReporter(OutputOptions options) : ConsoleReporter(options) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred || run.iterations == 0) continue;
      // The clock the benchmark reports with: wall time after UseRealTime(), CPU time otherwise.
      const double seconds = (run.run_name.time_type.empty() ? run.cpu_accumulated_time : run.real_accumulated_time) /
                             static_cast<double>(run.iterations);
      if (run.run_type == Run::RT_Iteration) {
        seconds_[run.run_name.function_name].push_back(seconds);
      } else if (run.aggregate_name == "median") {  // all we get with --benchmark_report_aggregates_only
        medians_[run.run_name.function_name] = seconds;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }

  // Every repetition's time per iteration or, when only aggregates were reported, the median alone.
  [[nodiscard]] std::vector<double> seconds(const std::string& name) const {
    if (const auto it = seconds_.find(name); it != seconds_.end()) return it->second;
    if (const auto it = medians_.find(name); it != medians_.end()) return {it->second};
    return {};
  }

 private:
  std::map<std::string, std::vector<double>> seconds_;
  std::map<std::string, double> medians_;
};

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

}  // namespace

std::size_t BenchOptions::target_bytes(double default_mb) const {
  const double mb = size_mb ? *size_mb : (smoke ? 1.0 : default_mb);
  return static_cast<std::size_t>(std::max(mb, 0.001) * 1e6);
}

BenchOptions parse_bench_options(int argc, char** argv) {
  BenchOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--smoke") {
      options.smoke = true;
    } else if (arg.starts_with("--size-mb=")) {
      options.size_mb = std::stod(std::string(arg.substr(10)));
    } else {
      options.benchmark_args.emplace_back(arg);
    }
  }
  return options;
}

int run_benchmarks(const BenchOptions& options, const std::vector<RatioSpec>& ratios) {
  std::vector<std::string> args = {"bench"};
  if (options.smoke) {
    args.insert(args.end(), {"--benchmark_min_time=0", "--benchmark_repetitions=1"});
  } else {
    args.insert(args.end(), {"--benchmark_repetitions=5", "--benchmark_enable_random_interleaving=true"});
  }
  args.insert(args.end(), options.benchmark_args.begin(), options.benchmark_args.end());
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  int argc = static_cast<int>(argv.size());
  benchmark::Initialize(&argc, argv.data());
  if (benchmark::ReportUnrecognizedArguments(argc, argv.data())) return 2;

  const bool tty = ::isatty(STDOUT_FILENO) != 0;
  RatioReporter reporter(tty ? benchmark::ConsoleReporter::OO_ColorTabular : benchmark::ConsoleReporter::OO_Tabular);
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();

  bool printed_title = false;
  for (const RatioSpec& ratio : ratios) {
    const std::vector<double> numerator = reporter.seconds(ratio.numerator);
    const std::vector<double> denominator =
        ratio.budget_seconds > 0.0 ? std::vector<double>{ratio.budget_seconds} : reporter.seconds(ratio.denominator);
    if (numerator.empty() || denominator.empty()) continue;
    if (!printed_title) {
      std::printf(
          "\nRatios against the baselines of this run (time per iteration on the benchmark's clock, "
          "wall or CPU; the median of the repetitions, and fastest vs fastest):\n");
      printed_title = true;
    }
    const double by_median = median(numerator) / median(denominator);
    const double by_best = *std::min_element(numerator.begin(), numerator.end()) /
                           *std::min_element(denominator.begin(), denominator.end());
    if (ratio.budget_seconds > 0.0) {
      std::printf("  %-66s time %.3fx (best %.3fx)  median %.3f ms vs %.3f ms  [%zu runs]\n", ratio.label.c_str(),
                  by_median, by_best, median(numerator) * 1e3, ratio.budget_seconds * 1e3, numerator.size());
      continue;
    }
    std::printf("  %-66s time %.3fx (best %.3fx)  throughput %.3fx  [%zu vs %zu runs]\n", ratio.label.c_str(),
                by_median, by_best, 1.0 / by_median, numerator.size(), denominator.size());
  }
  std::fflush(stdout);
  return 0;
}

}  // namespace bvhscope::bench
