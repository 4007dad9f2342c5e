#include "cli/render_each.hpp"

#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <list>
#include <map>
#include <sstream>

#include "anim/printable.hpp"
#include "anim/thread_policy.hpp"
#include "cli/progress_line.hpp"
#include "io/atomic_file.hpp"
#include "video/child_process.hpp"

namespace bvhscope::cli {
namespace {

const char* extension_of(EachFormat format) noexcept {
  switch (format) {
    case EachFormat::Mp4:
      return ".mp4";
    case EachFormat::WebM:
      return ".webm";
    case EachFormat::Gif:
      return ".gif";
    case EachFormat::Png:
      return ".png";
    case EachFormat::Frames:
      return "/";
  }
  return ".mp4";
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

// A worker's stderr as lines naming the input: its own located errors (`FILE:LINE:COL: error:`)
// stay; `OUT: error: R` and `bvhscope: render: R` become `FILE: error: R`; the --help hint goes.
std::string name_the_input(const std::string& worker_err, const EachJob& job) {
  const std::string input = printable(job.input);
  const std::string output = printable(job.output);
  std::ostringstream lines;
  std::istringstream in(worker_err);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line == "Try 'bvhscope --help'.") continue;
    if (starts_with(line, input + ":")) {
      lines << line << '\n';
    } else if (starts_with(line, output + ": error: ")) {
      lines << input << ": error: " << line.substr(output.size() + 9) << '\n';
    } else if (starts_with(line, "bvhscope: render: ")) {
      lines << input << ": error: " << line.substr(18) << '\n';
    } else if (starts_with(line, "bvhscope: ")) {
      lines << input << ": error: " << line.substr(10) << '\n';
    } else {
      lines << input << ": " << line << '\n';
    }
  }
  return lines.str();
}

std::string own_executable() {
  std::error_code ignored;
  const std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", ignored);
  return path.empty() ? std::string("/proc/self/exe") : path.string();
}

}  // namespace

std::optional<EachFormat> parse_each_format(std::string_view text) noexcept {
  if (text == "mp4") return EachFormat::Mp4;
  if (text == "webm") return EachFormat::WebM;
  if (text == "gif") return EachFormat::Gif;
  if (text == "png") return EachFormat::Png;
  if (text == "frames") return EachFormat::Frames;
  return std::nullopt;
}

std::optional<std::vector<EachJob>> plan_each(const std::vector<std::string>& inputs, const std::string& directory,
                                              EachFormat format, std::string& error) {
  std::vector<EachJob> jobs;
  std::map<std::string, std::string> input_of_stem;
  for (const std::string& input : inputs) {
    const std::string stem = std::filesystem::path(input).stem().string();
    const auto [known, fresh] = input_of_stem.emplace(stem, input);
    if (!fresh) {
      error = "'" + known->second + "' and '" + input + "' would both be written to " + directory + stem +
              extension_of(format) + " (one output per file name; rename one or render them into separate folders)";
      return std::nullopt;
    }
    jobs.push_back({input, directory + stem + extension_of(format)});
  }
  return jobs;
}

std::size_t available_cores() { return available_threads(); }

int run_each(const std::vector<EachJob>& jobs, const std::vector<std::string>& shared_args, std::size_t workers,
             std::ostream& err) {
  // The first SIGINT, SIGTERM or SIGHUP is only recorded: the loop stops the workers itself.
  io::defer_interrupt_signals();
  const std::string program = own_executable();
  const bool terminal = stderr_is_terminal();
  struct Running {
    std::size_t job;
    video::ChildProcess child;
  };
  std::list<Running> running;  // ChildProcess moves but does not assign: a list erases without either
  std::size_t next = 0;
  std::size_t finished = 0;
  std::size_t failed = 0;
  const auto report = [&](const std::string& text) {
    if (text.empty()) return;
    if (terminal) clear_progress(err);
    err << text << std::flush;
  };
  if (terminal) draw_progress(err, 0, jobs.size(), 0, "rendering");
  while ((next < jobs.size() || !running.empty()) && io::interrupt_signal() == 0) {
    bool changed = false;
    while (running.size() < workers && next < jobs.size()) {
      const EachJob& job = jobs[next];
      std::vector<std::string> args = {"render", "-o", job.output};
      args.insert(args.end(), shared_args.begin(), shared_args.end());
      args.push_back("--");
      args.push_back(job.input);
      std::string error;
      std::optional<video::ChildProcess> child = video::ChildProcess::start(program, args, error);
      if (child) {
        child->close_stdin();
        running.push_back({next, std::move(*child)});
      } else {
        report(printable(job.input) + ": error: " + printable(error) + '\n');
        ++finished;
        ++failed;
      }
      ++next;
      changed = true;
    }
    for (auto it = running.begin(); it != running.end();) {
      int signal_number = 0;
      const std::optional<int> code = it->child.try_wait(&signal_number);
      if (!code) {
        ++it;
        continue;
      }
      const EachJob& job = jobs[it->job];
      std::string text = name_the_input(it->child.stderr_tail(64 * 1024), job);
      if (*code != 0) {
        ++failed;
        if (text.find(": error: ") == std::string::npos) {
          text += printable(job.input) + ": error: " +
                  (signal_number != 0 ? "the render died of signal " + std::to_string(signal_number)
                                      : "the render failed (exit status " + std::to_string(*code) + ")") +
                  '\n';
        }
      }
      report(text);
      ++finished;
      changed = true;
      it = running.erase(it);
    }
    if (terminal && changed) draw_progress(err, finished, jobs.size(), running.size(), "rendering");
    if (!changed) {
      const timespec pause{0, 20'000'000};  // 20 ms; a signal ends it early
      ::nanosleep(&pause, nullptr);
    }
  }
  const std::size_t rendered = finished - failed;
  if (io::interrupt_signal() != 0) {
    for (Running& worker : running) worker.child.terminate();
    for (Running& worker : running) worker.child.wait();
    if (terminal) clear_progress(err);
    err << "interrupted: rendered " << rendered << " of " << jobs.size() << "; " << running.size()
        << " render(s) in progress stopped, their outputs not written\n"
        << std::flush;
    io::end_by_interrupt_signal();
  }
  if (terminal) clear_progress(err);
  err << "rendered " << rendered << " of " << jobs.size();
  if (failed > 0) err << "; " << failed << " failed";
  err << '\n' << std::flush;
  return failed == 0 ? 0 : 1;
}

}  // namespace bvhscope::cli
