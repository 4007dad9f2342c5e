// test_pace_probe: measures how contended the machine is for scripts/bvhscope-dev test, which runs
// it before ctest and exports what it prints as BVHSCOPE_TEST_PACE (tests/test_pace.hpp).
//   test_pace_probe                  the pace factor, measured over 1 s ("2.7")
//   test_pace_probe --bound SECONDS  hang_bound_seconds(SECONDS) for this build and BVHSCOPE_TEST_PACE
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "test_pace.hpp"

int main(int argc, char** argv) {
  using namespace bvhscope::test;
  if (argc == 3 && std::strcmp(argv[1], "--bound") == 0) {
    std::printf("%d\n", hang_bound_seconds(std::atof(argv[2])));
    return 0;
  }
  if (argc != 1) {
    std::fprintf(stderr, "usage: test_pace_probe [--bound SECONDS]\n");
    return 2;
  }
  std::printf("%.2f\n", measure_pace(std::chrono::milliseconds(1000)));
  return 0;
}
