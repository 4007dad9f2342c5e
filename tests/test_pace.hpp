// How long a test may wait before it calls something hung: the one place that decides it. Every
// deadline in tests/ is a base bound for a quiet machine (far above a normal run) times pace(), the
// slowness of this machine for this run, times a sanitizer build's own factor:
//   const auto deadline = std::chrono::steady_clock::now() + test::hang_bound(std::chrono::seconds(60));
// A test never asserts that something was fast (bench/ measures speed); it waits for a state, and
// the bound only turns a freeze into a failure instead of a stuck run.
//
// pace() comes from BVHSCOPE_TEST_PACE (scripts/bvhscope-dev test measures it once before ctest
// with tests/pace_probe.cpp and exports it); unset (one test program run by hand), it is measured
// once per process, the first time it is asked for.
#pragma once

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>

#include "io/address_sanitizer.hpp"

namespace bvhscope::test {

#if defined(BVHSCOPE_ADDRESS_SANITIZER)
inline constexpr double kSanitizerSlowness = 3.0;  // AddressSanitizer: every allocation and access checked
#else
inline constexpr double kSanitizerSlowness = 1.0;
#endif

inline constexpr double kMaxPace = 20.0;  // past this a bound would stop catching hangs at all

// How contended this machine is now, measured over `window` (>= 1; 1 on a quiet machine): the
// larger of (a) a single-threaded CPU loop's wall time over the CPU time it got, and (b) the
// one-minute load average per core. Two busy loops on a 2-core machine give about 1.5 by (a) and,
// once they have run a minute, 2 by (b).
inline double measure_pace(std::chrono::milliseconds window) {
  const auto thread_cpu_seconds = [] {
    timespec now{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
  };
  const auto wall_start = std::chrono::steady_clock::now();
  const double cpu_start = thread_cpu_seconds();
  volatile unsigned long sink = 1;
  while (std::chrono::steady_clock::now() - wall_start < window) {
    for (int i = 0; i < 10000; ++i) sink = sink * 6364136223846793005ul + 1442695040888963407ul;
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  const double cpu = std::max(thread_cpu_seconds() - cpu_start, 1e-6);
  double load_per_core = 0.0;
  std::ifstream("/proc/loadavg") >> load_per_core;
  load_per_core /= static_cast<double>(std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN)));
  return std::clamp(std::max(wall / cpu, load_per_core), 1.0, kMaxPace);
}

// The slowness factor of this run (>= 1): BVHSCOPE_TEST_PACE when set, else measured once (0.2 s).
inline double pace() {
  static const double value = [] {
    if (const char* text = std::getenv("BVHSCOPE_TEST_PACE")) {
      char* end = nullptr;
      const double given = std::strtod(text, &end);
      if (end != text && given >= 1.0) return std::min(given, kMaxPace);
    }
    return measure_pace(std::chrono::milliseconds(200));
  }();
  return value;
}

// How long to wait before calling a call site's wait hung: `base` (its bound on a quiet machine,
// in a normal build) times pace() times the sanitizer build's slowness.
inline std::chrono::steady_clock::duration hang_bound(std::chrono::duration<double> base) {
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(base * (pace() * kSanitizerSlowness));
}

// The same in whole seconds (process time limits, messages).
inline int hang_bound_seconds(double base_seconds) {
  return static_cast<int>(std::ceil(base_seconds * pace() * kSanitizerSlowness));
}

}  // namespace bvhscope::test
