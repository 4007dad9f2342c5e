// The real viewer as a child process for tests: started with its own settings directory and a
// state file (BVHSCOPE_STATE_FILE), driven with xdotool, watched through the state it reports.
#pragma once

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>
#include <csignal>
#include <cstdlib>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "model/clip_loader.hpp"
#include "test_pace.hpp"
#include "test_support.hpp"
#include "x11_client.hpp"

namespace bvhscope::test {

using State = std::map<std::string, std::string>;

// How long the viewer may take to reach a state before the test calls it hung: 60 s on a quiet
// machine (the software renderer and a sanitizer build can be slow), scaled by the run's pace
// (test_pace.hpp). A test fails only if the viewer never reaches the state, never because it was slow.
inline const std::chrono::steady_clock::duration kStateDeadline = hang_bound(std::chrono::seconds(60));

// The CPU time (clock ticks) used so far by the viewer's background threads: the loader's (named
// kLoaderThreadName, as are the parse workers it starts) and the parse and bake workers in
// SCHED_IDLE. It grows while a load works, however little CPU time a busy machine leaves it; it
// stops when the load is stuck.
inline long background_cpu_ticks(pid_t pid) {
  long ticks = 0;
  std::error_code ec;
  for (const auto& task : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec)) {
    const std::string text = read_file(task.path() / "stat");
    const std::size_t paren = text.rfind(')');
    if (paren == std::string::npos) continue;
    const std::size_t name_start = text.find('(');
    const std::string name = name_start < paren ? text.substr(name_start + 1, paren - name_start - 1) : "";
    std::istringstream fields(text.substr(paren + 2));  // from field 3, the state
    std::string field;
    long cpu = 0;
    long policy = 0;
    for (int i = 3; i <= 41 && fields >> field; ++i) {
      if (i == 14 || i == 15) cpu += std::stol(field);  // utime, stime
      if (i == 41) policy = std::stol(field);
    }
    if (name == kLoaderThreadName || policy == SCHED_IDLE) ticks += cpu;
  }
  return ticks;
}

class ViewerProcess {
 public:
  // `settings_file`: the bytes of a settings.ini to start with (none when empty). `prepare` runs on
  // the settings folder (config_dir()) before the viewer starts.
  explicit ViewerProcess(const std::vector<std::string>& args, const std::string& settings_file = {},
                         const std::function<void(const std::filesystem::path&)>& prepare = {}) {
    static int counter = 0;
    dir_ = std::filesystem::temp_directory_path() /
           ("bvhscope-app-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "config");
    if (!settings_file.empty()) {
      std::filesystem::create_directories(dir_ / "config" / "bvhscope");
      std::ofstream(dir_ / "config" / "bvhscope" / "settings.ini", std::ios::binary) << settings_file;
    }
    if (prepare) prepare(dir_ / "config" / "bvhscope");
    state_path_ = (dir_ / "state.txt").string();
    const std::string log = (dir_ / "log.txt").string();
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setenv("XDG_CONFIG_HOME", (dir_ / "config").c_str(), 1);
      ::setenv("BVHSCOPE_STATE_FILE", state_path_.c_str(), 1);
      const int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(out, 1);
      ::dup2(out, 2);
      std::vector<std::string> argv = {BVHSCOPE_EXECUTABLE};
      argv.insert(argv.end(), args.begin(), args.end());
      std::vector<char*> raw;
      for (std::string& arg : argv) raw.push_back(arg.data());
      raw.push_back(nullptr);
      ::execv(raw[0], raw.data());
      ::_exit(127);
    }
  }
  ~ViewerProcess() {
    if (pid_ > 0 && !reaped_) {
      // Test builds record GL errors (KHR_debug): a viewer that made one fails the test that ran it.
      const State last = state();
      const auto errors = last.find("gl_errors");
      if (errors != last.end()) {
        EXPECT_EQ(errors->second, "0") << "the viewer reported GL errors; log:\n" << read_file(dir_ / "log.txt");
      }
      // SIGTERM closes the viewer as the window's close does (settings saved); one that does not
      // end within the deadline is killed, so that a broken viewer fails its test, not the run.
      const int status = signal_and_wait(SIGTERM);
      if (status == -1) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
      }
    }
    std::filesystem::remove_all(dir_);
  }

  // Sends `signal_number` and waits for the viewer to end: its wait status (see <sys/wait.h>),
  // or -1 when it is still running at the deadline (0 when it had already ended and been reaped).
  int signal_and_wait(int signal_number) {
    if (reaped_) return 0;
    ::kill(pid_, signal_number);
    const auto deadline = std::chrono::steady_clock::now() + kStateDeadline;
    int status = 0;
    while (std::chrono::steady_clock::now() < deadline) {
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return status;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return -1;
  }
  ViewerProcess(const ViewerProcess&) = delete;
  ViewerProcess& operator=(const ViewerProcess&) = delete;

  [[nodiscard]] pid_t pid() const noexcept { return pid_; }
  [[nodiscard]] std::filesystem::path dir() const { return dir_; }
  [[nodiscard]] std::filesystem::path config_dir() const { return dir_ / "config" / "bvhscope"; }

  [[nodiscard]] State state() const {
    State state;
    std::istringstream in(read_file(state_path_));
    std::string line;
    while (std::getline(in, line)) {
      const std::size_t equals = line.find('=');
      if (equals != std::string::npos) state[line.substr(0, equals)] = line.substr(equals + 1);
    }
    return state;
  }

  // Waits until `predicate` holds for the reported state; returns the last state seen. Fails when
  // the viewer exits or has not got there after kStateDeadline.
  State wait_for(const std::function<bool(const State&)>& predicate, const std::string& what) const {
    return wait_until(predicate, what, false);
  }

  // The same for a state the viewer reaches by working in the background (loading a file, baking
  // it): the wait fails only when that work stops moving for kStateDeadline, that is when neither
  // the load's state (loading, clips, frames streamed, loads ended) nor the CPU time of the
  // viewer's background threads changes. A slow load on a busy machine, where those threads get a
  // few per cent of a core, is waited for; a stuck one fails.
  State wait_for_work(const std::function<bool(const State&)>& predicate, const std::string& what) const {
    return wait_until(predicate, what, true);
  }

  // What the viewer's background work (loads) has done so far, given its `state`: when it changes,
  // that work is still moving (wait_for_work).
  [[nodiscard]] std::string work_done(const State& state) const {
    std::string done = std::to_string(background_cpu_ticks(pid_));
    for (const char* key : {"loading", "clip", "clips", "streaming_frames", "loads_ended"}) {
      const auto value = state.find(key);
      done += ";" + (value != state.end() ? value->second : std::string());
    }
    return done;
  }

  // Quits with Ctrl+Q (the window must have the focus) and waits for the exit; the exit code.
  int quit_with_keys() {
    std::system("xdotool key ctrl+q");
    const auto deadline = std::chrono::steady_clock::now() + kStateDeadline;
    int status = 0;
    while (std::chrono::steady_clock::now() < deadline) {
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ADD_FAILURE() << "the viewer did not quit on Ctrl+Q";
    return -1;
  }

 private:
  State wait_until(const std::function<bool(const State&)>& predicate, const std::string& what,
                   bool while_working) const {
    const auto start = std::chrono::steady_clock::now();
    auto deadline = start + kStateDeadline;
    State last;
    std::string done;
    while (std::chrono::steady_clock::now() < deadline) {
      last = state();
      if (!last.empty() && predicate(last)) return last;
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        // Reaped: its pid may now be any other process's, never to be signalled or waited for again.
        reaped_ = true;
        ADD_FAILURE() << "the viewer exited while waiting for " << what << "; log:\n" << read_file(dir_ / "log.txt");
        return last;
      }
      if (while_working) {
        std::string now_done = work_done(last);
        // Moving work pushes the deadline back, up to ten times kStateDeadline in all (a load
        // that never ends).
        if (now_done != done)
          deadline = std::min(std::chrono::steady_clock::now(), start + 9 * kStateDeadline) + kStateDeadline;
        done = std::move(now_done);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    std::string seen;
    for (const auto& [key, value] : last) seen += key + "=" + value + "\n";
    ADD_FAILURE() << "the viewer never reached: " << what
                  << (while_working ? " (its background work stopped moving)" : "") << "\nlast state:\n"
                  << seen;
    return last;
  }

  std::filesystem::path dir_;
  std::string state_path_;
  pid_t pid_ = -1;
  mutable bool reaped_ = false;  // wait_until reaped the viewer, which exited while it was waited on
};

// A process's peak resident memory so far (VmHWM from /proc), KiB; 0 when it cannot be read.
inline long peak_rss_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return 0;
}

// Runs xdotool with `args`; true when it succeeded.
inline bool xdotool(const std::string& args) { return std::system(("xdotool " + args).c_str()) == 0; }

inline int as_int(const State& state, const std::string& key) { return std::stoi(state.at(key)); }

// "x,y,w,h" → four numbers.
inline std::array<float, 4> as_rect(const State& state, const std::string& key) {
  std::array<float, 4> rect{};
  std::istringstream in(state.at(key));
  char comma = 0;
  in >> rect[0] >> comma >> rect[1] >> comma >> rect[2] >> comma >> rect[3];
  return rect;
}

// Window pixels of every joint from "joint_pixels=x,y;x,y;...".
// `key` names another clip's list ("clip1_joint_pixels").
inline std::vector<std::pair<int, int>> joint_pixels(const State& state, const std::string& key = "joint_pixels") {
  std::vector<std::pair<int, int>> points;
  std::istringstream in(state.at(key));
  std::string item;
  while (std::getline(in, item, ';')) {
    const std::size_t comma = item.find(',');
    points.emplace_back(std::stoi(item.substr(0, comma)), std::stoi(item.substr(comma + 1)));
  }
  return points;
}

}  // namespace bvhscope::test
