// AtomicFile: an output that never leaves a half file or destroys what it replaces. It is written
// to a temporary file beside its target (same folder, so the rename is atomic), every write is
// checked, and commit() flushes, fsyncs, closes and renames it over the target (then fsyncs the
// folder). Without a commit (an error, an exception, a destructor) the temporary file is removed;
// on SIGINT, SIGTERM, SIGHUP or SIGPIPE it is removed before the process dies of the signal.
// Errors name the system's reason ("Permission denied", "No space left on device").
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>

namespace bvhscope::io {

class AtomicFile {
 public:
  // The temporary file "<folder>/.<name>.<pid>.<n>.part" is created (0666 less the umask; an
  // existing target's permissions are kept). A target that is a symbolic link is written through
  // (the file it points to is replaced, or created when the link dangles; the link stays). An existing target that is
  // not a regular file (a device such as /dev/stdout, a pipe) is written directly, every write still checked; a folder
  // is refused. nullopt with `error` set ("cannot create a file in FOLDER: REASON") when it cannot be.
  static std::optional<AtomicFile> create(const std::string& target, std::string& error);

  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&& other) noexcept;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();  // removes the temporary file unless committed

  // Buffered; the first failed write sets the stream's badbit and keeps its reason for commit().
  [[nodiscard]] std::ostream& stream() noexcept;
  // Writes bytes (for callbacks such as a PNG encoder's).
  void write(const void* data, std::size_t size) noexcept;
  // Flush, fsync, close, rename over the target. false with `error` (the reason) when anything
  // failed; the target is then untouched and the temporary file gone.
  bool commit(std::string& error);

  [[nodiscard]] const std::string& temporary_path() const noexcept;

 private:
  struct State;
  explicit AtomicFile(std::unique_ptr<State> state) noexcept;
  std::unique_ptr<State> state_;
};

// Signals. With the first AtomicFile, SIGINT, SIGTERM, SIGHUP and SIGPIPE (those the process
// neither ignores nor handles) get a handler that removes the temporary files, then lets the
// signal end the process. A program with a loop of its own (the viewer) calls
// defer_interrupt_signals() first: then the first SIGINT, SIGTERM or SIGHUP is only recorded, for
// the loop to see (interrupt_signal()) and shut down in its own time, committing or discarding its
// files (settings saved); a second one, if the program did not stop, removes the temporary files
// and ends the process at once, as before. SIGPIPE is never deferred.
void defer_interrupt_signals();
// The deferred signal's number; 0 while none came.
[[nodiscard]] int interrupt_signal() noexcept;
// While one lives, a signal that would end the process waits for its end (one may live in each of
// several threads; the last to end delivers the signal); once a signal has begun ending the
// process, making one does not return (its thread ends with the process). For the few system
// calls that must all happen or none (frames renamed into their folder) or that make something the
// removal of the temporary files must find (a temporary file created and its slot claimed, a child
// that writes one started and registered below), not for long work.
class SignalsHeld {
 public:
  SignalsHeld() noexcept;
  ~SignalsHeld();
  SignalsHeld(const SignalsHeld&) = delete;
  SignalsHeld& operator=(const SignalsHeld&) = delete;
};
// A child process that must end before the temporary files are removed: while `pid` is
// registered, a signal that ends this process kills it (SIGKILL) and waits for it first, so that a
// child writing one of those files (ffmpeg writing a video) cannot create or write it after it was
// removed. Returns the slot to forget it by (before it is reaped: a reaped pid may be reused), or
// -1 when every slot is taken (the child then dies with this process, but may outlive the removal).
int end_child_on_signal(int pid);
void forget_child_on_signal(int slot) noexcept;
// After a shutdown on a deferred signal: ends the process by that signal, so that its parent (a
// shell, a service manager) sees it was interrupted (a shell reports 128 + the number). Returns
// when no signal was deferred.
void end_by_interrupt_signal();

}  // namespace bvhscope::io
