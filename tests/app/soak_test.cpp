// Soak: the real viewer driven cycle after cycle (BVHSCOPE_SOAK_CYCLES, default 6) through loads of good
// and bad files, playback, stepping, orbiting, extreme resizes and minimizing.
// It must never crash, keep its clip when a load fails, quit cleanly (under the sanitizer build that
// means no sanitizer report), and its memory must stop growing after the first cycles.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <limits>
#include <thread>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

long resident_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  while (status >> key) {
    if (key == "VmRSS:") {
      long kib = 0;
      status >> kib;
      return kib;
    }
    status.ignore(1 << 12, '\n');
  }
  return -1;
}

// A count of cycles, not a duration: the same work on any machine (a cycle took 7.5 s under
// AddressSanitizer on the 2-core CI machine). Longer soaks: BVHSCOPE_SOAK_CYCLES=100.
int soak_cycles() {
  const char* text = std::getenv("BVHSCOPE_SOAK_CYCLES");
  return text != nullptr ? std::max(5, std::atoi(text)) : 6;
}

class SoakTest : public ViewerAppTest {
 protected:
  void drop(unsigned long window, const std::vector<std::string>& paths) {
    std::string error;
    ASSERT_TRUE(x11_->drop_files(window, paths, 300, 300, error)) << error;
  }
  static void pause_briefly(int milliseconds) { std::this_thread::sleep_for(std::chrono::milliseconds(milliseconds)); }
};

TEST_F(SoakTest, CyclesOfLoadsPlaybackAndResizesNeitherCrashNorGrow) {
  // Under AddressSanitizer, freed memory waits in a quarantine (256 MiB by default) that would
  // look like growth while it fills: the viewer gets a small one (the variable is read by the
  // child at start; this test process is unaffected).
  const char* asan = std::getenv("ASAN_OPTIONS");
  ::setenv("ASAN_OPTIONS", (std::string(asan != nullptr ? asan : "") + ":quarantine_size_mb=8").c_str(), 1);
  // glibc raises its mmap threshold after a big block is freed, after which the renderer's big
  // buffers come from the heap and stay resident at random: a fixed threshold keeps them mapped
  // and returned on free, so the samples measure the viewer, not the allocator's history.
  ::setenv("MALLOC_MMAP_THRESHOLD_", "131072", 1);
  ViewerProcess app({});
  wait_loaded(app, "sample.bvh");
  const unsigned long window = window_of(app);
  const std::string id = std::to_string(window);

  const std::vector<std::string> good = {
      (corpus_dir() / "rgbdacq__02_03.bvh").string(), (corpus_dir() / "bvh11__131_01.bvh").string(),
      (corpus_dir() / "pybvh__bvh_example.bvh").string(), (fixtures_dir() / "two_joints.bvh").string()};
  const auto broken = app.dir() / "broken.bvh";
  std::ofstream(broken) << kBrokenBvh;
  const auto notes = app.dir() / "notes.txt";
  std::ofstream(notes) << "not motion\n";
  const std::vector<std::pair<int, int>> sizes = {{1600, 1000}, {320, 200}, {1, 1}, {3000, 2000}, {900, 600}};

  // Every cycle does the same work (every file, every window size), so cycles compare like for like.
  std::vector<long> rss;
  const auto started = std::chrono::steady_clock::now();
  int cycle = 0;
  while (cycle < soak_cycles()) {
    long cycle_floor = std::numeric_limits<long>::max();  // the lowest of the cycle's samples
    for (std::size_t step = 0; step < sizes.size(); ++step) {
      const std::string& clip = good[step % good.size()];
      drop(window, {clip});
      wait_loaded(app, clip);

      // A failed load keeps the clip; a refused file and a folder get messages.
      drop(window, {broken.string(), notes.string(), app.dir().string()});
      const State after_error = app.wait_for(
          [](const State& s) { return s.at("message_kind") == "error" && s.at("loading") == "0"; }, "an error message");
      EXPECT_EQ(after_error.at("clip"), clip) << "cycle " << cycle;

      xdotool("windowfocus --sync " + id);
      xdotool("key space");
      pause_briefly(100);
      xdotool("key Right Right Right Left End Home space");
      xdotool("mousemove --window " + id + " 300 300 mousedown 1 mousemove --window " + id +
              " 380 330 mousemove --window " + id + " 420 360 mouseup 1");
      xdotool("key f r");

      // Extreme sizes, and hidden and shown again (Xvfb has no window manager to minimize with).
      const auto [width, height] = sizes[step];
      xdotool("windowsize --sync " + id + " " + std::to_string(width) + " " + std::to_string(height));
      pause_briefly(100);
      xdotool("windowunmap --sync " + id);
      pause_briefly(100);
      xdotool("windowmap --sync " + id);
      xdotool("windowsize --sync " + id + " 1200 800");
      // Alive and answering. On a loaded machine the drag's press and release can reach the viewer
      // at one spot, a click that picks (and so activates) another clip's joint: any clip will do.
      const State alive = app.wait_for([&](const State& s) { return s.at("clips") != "0" && !s.at("clip").empty(); },
                                       "the viewer after a step");
      EXPECT_EQ(alive.at("loading"), "0");
      cycle_floor = std::min(cycle_floor, resident_kib(app.pid()));
    }
    rss.push_back(cycle_floor);
    ++cycle;
  }

  std::string history;
  for (const long kib : rss) history += std::to_string(kib / 1024) + " ";
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started);
  std::printf("soak: %d cycles in %d s; lowest resident MiB of each cycle: %s\n", cycle,
              static_cast<int>(seconds.count()), history.c_str());
  ASSERT_GE(rss.size(), 5u);
  // Resident memory swings within a cycle (the software renderer's buffers for a 3000x2000 window
  // come and go), so each cycle counts by its lowest sample. The first two cycles warm up (every
  // clip's data and every buffer reach their working size). After that a leak lifts every cycle's
  // floor: the lowest floor of the last half may be at most 10 % + 32 MiB above the highest floor
  // of the cycles before it, so one cycle's spike cannot fail the test but steady growth does.
  const auto warm = rss.begin() + 2;
  const auto late = warm + static_cast<std::ptrdiff_t>((rss.size() - 2) / 2);
  const long early_ceiling = *std::max_element(warm, late);
  const long late_floor = *std::min_element(late, rss.end());
  EXPECT_LE(late_floor, early_ceiling + early_ceiling / 10 + 32 * 1024) << history;
  EXPECT_EQ(app.quit_with_keys(), 0) << "the viewer must quit cleanly (a sanitizer report makes it fail)";
}

}  // namespace
}  // namespace bvhscope::test
