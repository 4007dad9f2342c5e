#include "cli/render_each.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <list>
#include <map>
#include <sstream>

#include "anim/printable.hpp"
#include "anim/thread_policy.hpp"
#include "cli/progress_line.hpp"
#include "cli/render_worker.hpp"
#include "io/atomic_file.hpp"
#include "io/stale_parts.hpp"
#include "io/write_all.hpp"
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

// A worker process and the job it renders (an index into the batch's jobs).
struct Worker {
  video::ChildProcess child;
  std::optional<std::size_t> job;
  std::size_t stderr_mark = 0;  // its stderr's size when the job was sent: what it said since is the job's
  std::string received;         // its stdout not yet taken as reports
};

// Until a worker's stdout has something (a report, its end) or 200 ms pass; a signal ends it early.
void wait_for_reports(const std::list<Worker>& pool) {
  std::vector<pollfd> fds;
  for (const Worker& worker : pool) fds.push_back(pollfd{worker.child.stdout_fd(), POLLIN, 0});
  if (fds.empty()) return;
  (void)::poll(fds.data(), fds.size(), 200);
}

// What the worker wrote to its stdout since, appended to worker.received; false at its end.
bool read_reports(Worker& worker) {
  char buffer[64 * 1024];
  for (;;) {
    const ssize_t got = ::read(worker.child.stdout_fd(), buffer, sizeof buffer);
    if (got > 0) {
      worker.received.append(buffer, static_cast<std::size_t>(got));
      continue;
    }
    if (got < 0 && errno == EINTR) continue;
    return got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
}

// The temporary file or folder a worker (`pid`, gone) left for `output` ("DIR/NAME" or, for
// frames, "DIR/NAME/").
void remove_unfinished_output(const std::string& output, pid_t pid) {
  std::filesystem::path path(output);
  if (!output.empty() && output.back() == '/') path = std::filesystem::path(output.substr(0, output.size() - 1));
  io::remove_parts_of_process(path.parent_path(), path.filename().string(), static_cast<long>(pid));
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
  // The first SIGINT, SIGTERM or SIGHUP is only recorded: the loop stops the workers itself. A
  // worker that dies makes writing its next job fail (EPIPE), not end the batch.
  io::defer_interrupt_signals();
  ::signal(SIGPIPE, SIG_IGN);
  const std::string program = own_executable();
  const bool terminal = stderr_is_terminal();
  std::vector<std::string> worker_args = {"render", std::string(kEachWorkerFlag)};
  worker_args.insert(worker_args.end(), shared_args.begin(), shared_args.end());
  std::list<Worker> pool;  // ChildProcess moves but does not assign: a list erases without either
  std::size_t next = 0;
  std::size_t finished = 0;
  std::size_t failed = 0;
  const auto report = [&](const std::string& text) {
    if (text.empty()) return;
    if (terminal) clear_progress(err);
    err << text << std::flush;
  };
  const auto busy = [&pool] {
    return static_cast<std::size_t>(std::count_if(pool.begin(), pool.end(), [](const Worker& w) { return w.job; }));
  };
  if (terminal) draw_progress(err, 0, jobs.size(), 0, "rendering");
  while ((next < jobs.size() || busy() > 0) && io::interrupt_signal() == 0) {
    bool changed = false;
    // Workers for the files not yet sent (never more than `workers`), each given one job at a time.
    while (pool.size() < std::min(workers, busy() + jobs.size() - next) && next < jobs.size()) {
      std::string error;
      std::optional<video::ChildProcess> child = video::ChildProcess::start(program, worker_args, error, true);
      if (!child) {
        report(printable(jobs[next].input) + ": error: " + printable(error) + '\n');
        ++next;
        ++finished;
        ++failed;
        changed = true;
        continue;
      }
      pool.push_back(Worker{std::move(*child), std::nullopt, 0, {}});
    }
    for (Worker& worker : pool) {
      if (worker.job) continue;
      if (next == jobs.size()) {
        worker.child.close_stdin();  // no more files: it ends
        continue;
      }
      worker.job = next;
      worker.stderr_mark = worker.child.stderr_size();
      // A worker that died cannot take it: its end, seen below, fails the job.
      (void)io::write_all(worker.child.stdin_fd(), job_record(jobs[next].output, jobs[next].input));
      ++next;
      changed = true;
    }
    wait_for_reports(pool);
    for (auto it = pool.begin(); it != pool.end();) {
      Worker& worker = *it;
      const bool open = read_reports(worker);
      bool broken = false;
      while (std::optional<WorkerReport> done = take_report(worker.received, broken)) {
        if (!worker.job) {  // a report nobody asked for: the worker is out of step, stopped below
          broken = true;
          break;
        }
        const EachJob& job = jobs[*worker.job];
        if (done->status != 0) {
          ++failed;
          if (done->text.find(": error: ") == std::string::npos)
            done->text += "bvhscope: the render failed (exit status " + std::to_string(done->status) + ")\n";
        }
        report(name_the_input(done->text, job));
        ++finished;
        changed = true;
        worker.job.reset();
      }
      if (open && !broken) {
        ++it;
        continue;
      }
      // Its stdout ended (it exited, or died) or it said something unreadable: the file in hand fails,
      // and what the worker had begun to write for it (a temporary file or folder) is removed.
      worker.child.close_stdin();
      if (broken) worker.child.kill();
      const pid_t pid = worker.child.pid();
      int signal_number = 0;
      const int code = worker.child.wait(&signal_number);
      if (worker.job) {
        const EachJob& job = jobs[*worker.job];
        remove_unfinished_output(job.output, pid);
        std::string text = name_the_input(worker.child.stderr_tail(64 * 1024, worker.stderr_mark), job);
        text += printable(job.input) + ": error: " +
                (signal_number != 0 ? "the render died of signal " + std::to_string(signal_number)
                                    : "the render ended without finishing (exit status " + std::to_string(code) + ")") +
                '\n';
        report(text);
        ++finished;
        ++failed;
        changed = true;
      }
      it = pool.erase(it);
    }
    if (terminal && changed) draw_progress(err, finished, jobs.size(), busy(), "rendering");
  }
  const std::size_t rendered = finished - failed;
  if (io::interrupt_signal() != 0) {
    const std::size_t stopped = busy();
    for (Worker& worker : pool) worker.child.terminate();
    for (Worker& worker : pool) worker.child.wait();
    if (terminal) clear_progress(err);
    err << "interrupted: rendered " << rendered << " of " << jobs.size() << "; " << stopped
        << " render(s) in progress stopped, their outputs not written\n"
        << std::flush;
    io::end_by_interrupt_signal();
  }
  for (Worker& worker : pool) {  // every file done: the idle workers end at the end of their input
    worker.child.close_stdin();
    worker.child.wait();
  }
  if (terminal) clear_progress(err);
  err << "rendered " << rendered << " of " << jobs.size();
  if (failed > 0) err << "; " << failed << " failed";
  err << '\n' << std::flush;
  return failed == 0 ? 0 : 1;
}

}  // namespace bvhscope::cli
