// Progressive loading, measured on the real viewer (issue 6): a big BVH file is dropped on the
// window (XDND, as a file manager does) while the bundled sample plays; the viewer's state file
// reports how long the dropped clip's first frame took to appear, and the time between frames on
// screen during the load against the same figure while idle (the baseline, same run).
//
// usage: bvhscope_bench_progressive FILE.bvh [--runs=N] [--viewer=PATH] [--summary=FILE]
// (needs an X display; --summary writes the medians as "key value" lines for bench/run-all.sh)
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/x11_client.hpp"

namespace {

using State = std::map<std::string, std::string>;
using Clock = std::chrono::steady_clock;

State read_state(const std::filesystem::path& path) {
  State state;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t equals = line.find('=');
    if (equals != std::string::npos) state[line.substr(0, equals)] = line.substr(equals + 1);
  }
  return state;
}

double number(const State& state, const std::string& key) {
  const auto found = state.find(key);
  return found == state.end() || found->second.empty() ? 0.0 : std::stod(found->second);
}

struct Run {
  double first_frame_ms = 0.0;  // request to the UI frame showing the clip's first frame
  double load_seconds = 0.0;    // as the frame loop saw it
  double load_p95_ms = 0.0;
  double load_max_ms = 0.0;
  double load_frames = 0.0;
  double idle_p95_ms = 0.0;  // the sample playing, nothing loading: the baseline
  double idle_frames = 0.0;
};

class Viewer {
 public:
  Viewer(const std::string& executable, const std::filesystem::path& dir) : state_(dir / "state.txt") {
    std::filesystem::create_directories(dir / "config");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setenv("XDG_CONFIG_HOME", (dir / "config").c_str(), 1);
      ::setenv("BVHSCOPE_STATE_FILE", state_.c_str(), 1);
      std::freopen((dir / "log.txt").c_str(), "w", stdout);
      std::freopen((dir / "log.txt").c_str(), "a", stderr);
      ::execl(executable.c_str(), executable.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
  }
  ~Viewer() {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
  Viewer(const Viewer&) = delete;
  Viewer& operator=(const Viewer&) = delete;

  // The state once `done` holds (polled every millisecond); empty after 120 s.
  template <typename Predicate>
  State wait(Predicate done) const {
    const auto deadline = Clock::now() + std::chrono::seconds(120);
    while (Clock::now() < deadline) {
      State state = read_state(state_);
      if (!state.empty() && done(state)) return state;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return {};
  }
  [[nodiscard]] pid_t pid() const { return pid_; }

 private:
  std::filesystem::path state_;
  pid_t pid_ = -1;
};

bool measure(const std::string& executable, const std::string& file, Run& run) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("bvhscope-progressive-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  bool ok = false;
  {
    Viewer viewer(executable, dir);
    const std::unique_ptr<bvhscope::test::X11Client> x11 = bvhscope::test::X11Client::open();
    if (!x11) {
      std::fprintf(stderr, "cannot open the X display (DISPLAY=%s)\n",
                   std::getenv("DISPLAY") ? std::getenv("DISPLAY") : "");
      return false;
    }
    // The sample playing for a while: the idle baseline fills (512 frames at most).
    const State ready =
        viewer.wait([](const State& s) { return s.at("clip") == "sample.bvh" && s.at("loading") == "0"; });
    unsigned long window = 0;
    for (int i = 0; i < 5000 && window == 0; ++i) {
      window = x11->find_window(viewer.pid());
      if (window == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (ready.empty() || window == 0) {
      std::fprintf(stderr, "the viewer did not start\n");
    } else {
      std::this_thread::sleep_for(std::chrono::seconds(3));
      const double loads_before = number(read_state(dir / "state.txt"), "loads_ended");
      std::string error;
      if (!x11->drop_files(window, {file}, 300, 300, error)) {
        std::fprintf(stderr, "drop failed: %s\n", error.c_str());
      } else {
        const State done = viewer.wait([&](const State& s) {
          return s.at("clip") == file && s.at("loading") == "0" && number(s, "loads_ended") > loads_before;
        });
        if (done.empty() || done.at("message_kind") == "error") {
          std::fprintf(stderr, "the load did not finish: %s\n", done.empty() ? "timeout" : done.at("message").c_str());
        } else {
          run.first_frame_ms = number(done, "first_streamed_frame_ms");
          run.load_seconds = number(done, "load_seconds");
          run.load_p95_ms = number(done, "load_frame_p95_ms");
          run.load_max_ms = number(done, "load_frame_max_ms");
          run.load_frames = number(done, "load_frames");
          run.idle_p95_ms = number(ready.empty() ? done : read_state(dir / "state.txt"), "idle_frame_p95_ms");
          ok = true;
        }
      }
    }
  }
  std::filesystem::remove_all(dir);
  return ok;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values.empty() ? 0.0 : values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  std::string file;
  int runs = 3;
  std::string executable = BVHSCOPE_EXECUTABLE;
  std::string summary;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--runs=", 0) == 0) {
      runs = std::max(1, std::atoi(arg.c_str() + 7));
    } else if (arg.rfind("--viewer=", 0) == 0) {
      executable = arg.substr(9);
    } else if (arg.rfind("--summary=", 0) == 0) {
      summary = arg.substr(10);
    } else if (arg == "--help" || arg == "-h") {
      std::printf("usage: %s FILE.bvh [--runs=N] [--viewer=PATH] [--summary=FILE]   (needs an X display)\n", argv[0]);
      return 0;
    } else {
      file = std::filesystem::absolute(arg).string();
    }
  }
  if (file.empty()) {
    std::fprintf(stderr, "usage: %s FILE.bvh [--runs=N] [--viewer=PATH]\n", argv[0]);
    return 2;
  }
  std::vector<Run> measured;
  for (int r = 0; r < runs; ++r) {
    Run run;
    if (!measure(executable, file, run)) return 1;
    std::printf(
        "run %d: first frame %.0f ms, load %.2f s, frame interval p95 %.1f ms (max %.1f, %.0f frames); idle p95 %.1f "
        "ms\n",
        r + 1, run.first_frame_ms, run.load_seconds, run.load_p95_ms, run.load_max_ms, run.load_frames,
        run.idle_p95_ms);
    std::fflush(stdout);
    measured.push_back(run);
  }
  const auto pick = [&](double Run::*field) {
    std::vector<double> values;
    for (const Run& run : measured) values.push_back(run.*field);
    return median(values);
  };
  const double first = pick(&Run::first_frame_ms);
  const double p95 = pick(&Run::load_p95_ms);
  const double idle = pick(&Run::idle_p95_ms);
  std::printf("\nmedian of %d runs, %s (%.0f MB)\n", runs, file.c_str(),
              static_cast<double>(std::filesystem::file_size(file)) / 1e6);
  std::printf("  first frame on screen     %7.0f ms   target <= 300 ms   ratio %.2f\n", first, first / 300.0);
  std::printf("  frame interval p95, load  %7.1f ms   target <  33 ms   ratio %.2f; %.2fx the idle p95 (%.1f ms)\n",
              p95, p95 / 33.0, idle > 0.0 ? p95 / idle : 0.0, idle);
  std::printf("  load (as the UI saw it)   %7.2f s\n", pick(&Run::load_seconds));
  if (!summary.empty()) {
    std::ofstream out(summary);
    out << "runs " << runs << "\nfirst_frame_ms " << first << "\nload_p95_ms " << p95 << "\nload_max_ms "
        << pick(&Run::load_max_ms) << "\nidle_p95_ms " << idle << "\nload_seconds " << pick(&Run::load_seconds) << '\n';
    if (!out) return 1;
  }
  return 0;
}
