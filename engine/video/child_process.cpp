#include "video/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "io/atomic_file.hpp"

namespace bvhscope::video {

std::optional<std::string> find_program(const std::string& name, const std::string& search_path) {
  const auto runnable = [](const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && ::access(path.c_str(), X_OK) == 0;
  };
  if (name.find('/') != std::string::npos) return runnable(name) ? std::optional(name) : std::nullopt;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = search_path.find(':', start);
    std::string candidate =
        end == start ? std::string(".") : search_path.substr(start, end == std::string::npos ? end : end - start);
    candidate.push_back('/');
    candidate.append(name);
    if (runnable(candidate)) return candidate;
    if (end == std::string::npos) return std::nullopt;
    start = end + 1;
  }
}

std::optional<ChildProcess> ChildProcess::start(const std::string& program, const std::vector<std::string>& args,
                                                std::string& error, bool pipe_stdout) {
  int in[2] = {-1, -1};
  int out[2] = {-1, -1};
  int report[2] = {-1, -1};  // exec failures: the child writes errno, closed on a successful exec
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(report, O_CLOEXEC) != 0 || (pipe_stdout && ::pipe2(out, O_CLOEXEC) != 0)) {
    error = std::string("cannot create a pipe: ") + std::strerror(errno);
    for (const int fd : {in[0], in[1], report[0], report[1], out[0], out[1]}) {
      if (fd >= 0) ::close(fd);
    }
    return std::nullopt;
  }
  const int err = ::memfd_create("child-stderr", MFD_CLOEXEC);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  const pid_t parent = ::getpid();
  // Started and registered together (io::end_child_on_signal): a signal handled on another thread
  // meanwhile waits, then ends the child before the temporary files it may write are removed.
  std::optional<io::SignalsHeld> starting;
  starting.emplace();
  const pid_t pid = ::fork();
  if (pid == 0) {  // the child: async-signal-safe calls only
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // the parent died before prctl
    ::setpgid(0, 0);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::signal(SIGPIPE, SIG_DFL);  // a parent may ignore it (render --each); the child expects the default
    ::dup2(in[0], 0);
    if (err >= 0) {
      ::dup2(err, 1);
      ::dup2(err, 2);
    }
    if (out[1] >= 0) ::dup2(out[1], 1);
    ::execv(program.c_str(), argv.data());
    const int code = errno;
    [[maybe_unused]] const auto written = ::write(report[1], &code, sizeof code);
    ::_exit(127);
  }
  const int fork_error = errno;
  const int signal_slot = pid > 0 ? io::end_child_on_signal(pid) : -1;
  starting.reset();
  ::close(in[0]);
  ::close(report[1]);
  if (out[1] >= 0) ::close(out[1]);
  if (out[0] >= 0) ::fcntl(out[0], F_SETFL, ::fcntl(out[0], F_GETFL) | O_NONBLOCK);
  if (pid < 0) {
    error = std::string("cannot start ") + program + ": " + std::strerror(fork_error);
    ::close(in[1]);
    if (out[0] >= 0) ::close(out[0]);
    ::close(report[0]);
    if (err >= 0) ::close(err);
    return std::nullopt;
  }
  int exec_error = 0;
  ssize_t got = 0;
  do {
    got = ::read(report[0], &exec_error, sizeof exec_error);
  } while (got < 0 && errno == EINTR);
  ::close(report[0]);
  ChildProcess child;
  child.pid_ = pid;
  child.signal_slot_ = signal_slot;
  child.stdin_fd_ = in[1];
  child.stdout_fd_ = out[0];
  child.stderr_fd_ = err;
  if (got == static_cast<ssize_t>(sizeof exec_error)) {
    error = "cannot run " + program + ": " + std::strerror(exec_error);
    return std::nullopt;  // the destructor reaps it
  }
  return child;
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept
    : pid_(other.pid_),
      signal_slot_(other.signal_slot_),
      stdin_fd_(other.stdin_fd_),
      stdout_fd_(other.stdout_fd_),
      stderr_fd_(other.stderr_fd_) {
  other.pid_ = -1;
  other.signal_slot_ = -1;
  other.stdin_fd_ = -1;
  other.stdout_fd_ = -1;
  other.stderr_fd_ = -1;
}

ChildProcess::~ChildProcess() {
  close_stdin();
  if (pid_ > 0) {
    kill();
    wait();
  }
  if (stdout_fd_ >= 0) ::close(stdout_fd_);
  if (stderr_fd_ >= 0) ::close(stderr_fd_);
}

void ChildProcess::close_stdin() noexcept {
  if (stdin_fd_ >= 0) ::close(stdin_fd_);
  stdin_fd_ = -1;
}

void ChildProcess::kill() noexcept {
  if (pid_ > 0) ::kill(pid_, SIGKILL);
}

void ChildProcess::terminate() noexcept {
  if (pid_ > 0) ::kill(pid_, SIGTERM);
}

void ChildProcess::forget_on_signal() noexcept {
  io::forget_child_on_signal(signal_slot_);
  signal_slot_ = -1;
}

std::optional<int> ChildProcess::try_wait(int* signal_number) noexcept {
  if (signal_number != nullptr) *signal_number = 0;
  if (pid_ <= 0) return -1;
  // Whether it ended, without reaping it yet: the signal handler's registration goes first.
  siginfo_t info{};
  int looked = 0;
  do {
    looked = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
  } while (looked < 0 && errno == EINTR);
  if (looked == 0 && info.si_pid == 0) return std::nullopt;
  forget_on_signal();
  int status = 0;
  pid_t done = 0;
  do {
    done = ::waitpid(pid_, &status, WNOHANG);
  } while (done < 0 && errno == EINTR);
  if (done == 0) return std::nullopt;
  pid_ = -1;
  if (done < 0) return -1;
  if (WIFSIGNALED(status) && signal_number != nullptr) *signal_number = WTERMSIG(status);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int ChildProcess::wait(int* signal_number) noexcept {
  if (signal_number != nullptr) *signal_number = 0;
  if (pid_ <= 0) return -1;
  forget_on_signal();  // before the reap: a reaped pid may be reused
  int status = 0;
  pid_t done = 0;
  do {
    done = ::waitpid(pid_, &status, 0);
  } while (done < 0 && errno == EINTR);
  pid_ = -1;
  if (done < 0) return -1;
  if (WIFSIGNALED(status) && signal_number != nullptr) *signal_number = WTERMSIG(status);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::size_t ChildProcess::stderr_size() const noexcept {
  struct stat info {};
  if (stderr_fd_ < 0 || ::fstat(stderr_fd_, &info) != 0) return 0;
  return static_cast<std::size_t>(info.st_size);
}

std::string ChildProcess::stderr_tail(std::size_t max_bytes, std::size_t start) const {
  const std::size_t size = stderr_size();
  if (start >= size) return {};
  const std::size_t from = size - start > max_bytes ? size - max_bytes : start;
  std::string text(size - from, '\0');
  std::size_t have = 0;
  while (have < text.size()) {
    const ssize_t got = ::pread(stderr_fd_, text.data() + have, text.size() - have, static_cast<off_t>(from + have));
    if (got <= 0) break;
    have += static_cast<std::size_t>(got);
  }
  text.resize(have);
  if (from > start) {
    const std::size_t line = text.find('\n');
    if (line != std::string::npos && line + 1 < text.size()) text.erase(0, line + 1);
  }
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

}  // namespace bvhscope::video
