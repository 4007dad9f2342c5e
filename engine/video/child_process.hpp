// A child program (ffmpeg) fed through a pipe on its stdin, its stderr kept in memory (a memfd) with
// its stdout (or, when asked, its stdout on a pipe of its own: `render --each`'s workers report so),
// in its own process group (a terminal's Ctrl-C reaches only us: we decide its end) and killed
// by the kernel if the thread that started it dies (PR_SET_PDEATHSIG), so that a render killed
// outright never leaves it writing. Linux, POSIX; errors as values.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace bvhscope::video {

// The executable file `name` in the folders of `search_path` (a PATH value, ':'-separated; an
// empty entry is the current folder); `name` with a '/' is taken as it is. nullopt when none.
std::optional<std::string> find_program(const std::string& name, const std::string& search_path);

class ChildProcess {
 public:
  // Starts `program` (a path) with `args` (argv[1] on). nullopt with `error` when it cannot. With
  // `pipe_stdout`, its stdout is a pipe read through stdout_fd(); else it goes with its stderr.
  static std::optional<ChildProcess> start(const std::string& program, const std::vector<std::string>& args,
                                           std::string& error, bool pipe_stdout = false);
  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&&) = delete;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();  // kills it (SIGKILL) and reaps it unless it was waited for

  // The write end of its stdin (O_CLOEXEC); -1 after close_stdin().
  [[nodiscard]] int stdin_fd() const noexcept { return stdin_fd_; }
  void close_stdin() noexcept;
  // Its process id; -1 once it was waited for.
  [[nodiscard]] pid_t pid() const noexcept { return pid_; }
  // The read end of its stdout pipe (non-blocking, O_CLOEXEC; at its end once the child and its
  // children closed it), or -1 without `pipe_stdout`.
  [[nodiscard]] int stdout_fd() const noexcept { return stdout_fd_; }
  // Waits for its end: the exit code, or -1 when a signal ended it (`signal_number` set).
  int wait(int* signal_number = nullptr) noexcept;
  // Without blocking: nullopt while it runs, else what wait() returns (it is then reaped).
  std::optional<int> try_wait(int* signal_number = nullptr) noexcept;
  void kill() noexcept;
  // Asks it to stop (SIGTERM): a bvhscope child removes its temporary files and dies of it.
  void terminate() noexcept;
  // The last `max_bytes` of what it wrote to stderr from byte `start` on (at a line start when one
  // is near).
  [[nodiscard]] std::string stderr_tail(std::size_t max_bytes = 2048, std::size_t start = 0) const;
  // The bytes it wrote to stderr so far.
  [[nodiscard]] std::size_t stderr_size() const noexcept;

 private:
  ChildProcess() = default;
  // Forgets the signal handler's registration (io::end_child_on_signal), before the child is reaped.
  void forget_on_signal() noexcept;
  pid_t pid_ = -1;
  int signal_slot_ = -1;  // io::end_child_on_signal's
  int stdin_fd_ = -1;
  int stdout_fd_ = -1;
  int stderr_fd_ = -1;
};

}  // namespace bvhscope::video
