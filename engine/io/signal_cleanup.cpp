#include "io/signal_cleanup.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstring>

#include "io/atomic_file.hpp"

namespace bvhscope::io {
namespace {

// Fixed slots, filled before the file or folder is created and freed after it is renamed or
// removed, read by the handler. A slot is free, then claimed (its path being written: the handler
// skips it), then ready.
constexpr std::size_t kSlots = 32;
constexpr std::size_t kPathMax = 4096;
enum SlotState : int { kFree = 0, kClaimed = 1, kReady = 2 };
std::array<std::atomic<int>, kSlots> g_slot_state{};
std::array<std::atomic<bool>, kSlots> g_slot_is_folder{};
std::array<std::atomic<int>, kSlots> g_slot_folder_fd{};
std::array<std::array<char, kPathMax>, kSlots> g_slot_path{};
std::atomic<bool> g_handlers_installed{false};
// Children to end before the temporaries go (end_child_on_signal): their pids, 0 when free.
constexpr std::size_t kChildSlots = 16;
std::array<std::atomic<int>, kChildSlots> g_child_pid{};
// defer_interrupt_signals(): the first SIGINT, SIGTERM or SIGHUP is only recorded here.
std::atomic<bool> g_defer_interrupts{false};
std::atomic<int> g_deferred_signal{0};
// SignalsHeld: sections open, and the signal that came meanwhile.
std::atomic<int> g_waiting_sections{0};
std::atomic<int> g_waited_signal{0};
// Set when a signal starts ending the process: a section that begins after it never runs (its
// thread waits to be ended), so nothing is created after the temporaries were removed.
std::atomic<bool> g_dying{false};

// Every entry of an open folder unlinked (getdents64 and unlinkat are system calls: no allocation,
// no lock). Entries are read again from the start after each pass, as removing them moves the rest.
void empty_folder(int folder_fd) noexcept {
  alignas(8) char buffer[4096];
  for (;;) {
    if (::lseek(folder_fd, 0, SEEK_SET) != 0) return;
    const ssize_t size = ::getdents64(folder_fd, buffer, sizeof buffer);
    if (size <= 0) return;
    bool removed = false;
    for (ssize_t at = 0; at < size;) {
      const auto* entry = reinterpret_cast<const struct dirent64*>(buffer + at);
      at += entry->d_reclen;
      const char* name = entry->d_name;
      if (std::strcmp(name, ".") == 0 || std::strcmp(name, "..") == 0) continue;
      if (::unlinkat(folder_fd, name, 0) == 0) removed = true;
    }
    if (!removed) return;
  }
}

// Each registered child killed and waited for (kill and waitpid are async-signal-safe): once it is
// gone it can no longer create a temporary file the loops below removed.
void end_children() noexcept {
  for (std::atomic<int>& slot : g_child_pid) {
    const int pid = slot.load();
    if (pid <= 0) continue;
    ::kill(pid, SIGKILL);
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
}

void remove_temporaries() noexcept {
  end_children();
  for (std::size_t i = 0; i < kSlots; ++i) {  // files first: some live in the folders
    if (g_slot_state[i].load() == kReady && !g_slot_is_folder[i].load()) ::unlink(g_slot_path[i].data());
  }
  for (std::size_t i = 0; i < kSlots; ++i) {
    if (g_slot_state[i].load() != kReady || !g_slot_is_folder[i].load()) continue;
    const int folder_fd = g_slot_folder_fd[i].load();
    // Other threads run on while the handler does (a frame writer may add a file between the
    // emptying and the rmdir): emptied again until the folder goes, a bounded number of times.
    for (int attempt = 0; attempt < 64; ++attempt) {
      if (folder_fd >= 0) empty_folder(folder_fd);
      if (::rmdir(g_slot_path[i].data()) == 0 || errno != ENOTEMPTY) break;
    }
  }
}

// The temporaries removed, then the process ended by the signal, from the handler or from a
// section's end on whichever thread held it.
void die_of(int signal_number) noexcept {
  g_dying.store(true);
  remove_temporaries();
  std::signal(signal_number, SIG_DFL);
  // This thread may block the signal (a frame writer blocks them, and a section's end delivers a
  // signal on the thread that held it): unblocked here, so that the raise ends the process now.
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, signal_number);
  ::sigprocmask(SIG_UNBLOCK, &only, nullptr);
  std::raise(signal_number);
}

// The signal handler runs on any thread of the process while the others go on: another thread may
// be creating a temporary file or starting a child that writes one. Creating them happens in
// sections (SignalsHeld, held by AtomicFile, TemporaryFolder and ChildProcess): the handler marks
// the process dying, then, with a section open, leaves the signal for the section's end; a
// section that begins once the process is dying does not run. So the removal always comes after
// the last creation.
extern "C" void remove_temporaries_and_die(int signal_number) {
  if (signal_number != SIGPIPE && g_defer_interrupts.load()) {
    int none = 0;
    if (g_deferred_signal.compare_exchange_strong(none, signal_number)) return;  // the program shuts down
  }
  g_dying.store(true);
  int none = 0;
  g_waited_signal.compare_exchange_strong(none, signal_number);
  if (g_waiting_sections.load() > 0) return;  // delivered when the section ends
  // No section open: this thread delivers it, unless a section that just ended took it.
  const int waited = g_waited_signal.exchange(0);
  if (waited != 0) die_of(waited);
}

// A thread that finds the process dying as it would open a section: the signal is delivered now
// if no other thread will, else it waits to be ended with the process.
[[noreturn]] void end_with_the_process() noexcept {
  const int waited = g_waited_signal.exchange(0);
  if (waited != 0) die_of(waited);
  for (;;) ::pause();
}

void enter_section() noexcept {
  g_waiting_sections.fetch_add(1);
  if (g_dying.load()) {
    if (g_waiting_sections.fetch_sub(1) == 1) end_with_the_process();
    for (;;) ::pause();  // another section's end delivers the signal
  }
}

void leave_section() noexcept {
  if (g_waiting_sections.fetch_sub(1) != 1) return;
  const int signal_number = g_waited_signal.exchange(0);
  if (signal_number != 0) die_of(signal_number);
}

int claim_slot(const std::string& path, bool folder) {
  if (path.size() >= kPathMax) return -1;
  for (std::size_t i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!g_slot_state[i].compare_exchange_strong(expected, kClaimed)) continue;
    std::memcpy(g_slot_path[i].data(), path.c_str(), path.size() + 1);
    g_slot_is_folder[i].store(folder);
    g_slot_folder_fd[i].store(-1);
    g_slot_state[i].store(kReady);
    return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

namespace detail {

void install_cleanup_handlers() {
  if (g_handlers_installed.exchange(true)) return;
  for (const int signal_number : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
    struct sigaction current {};
    if (sigaction(signal_number, nullptr, &current) != 0) continue;
    // A signal the process ignores (nohup, a shell's background job) stays ignored; one it
    // handles itself keeps its handler.
    if (current.sa_handler != SIG_DFL) continue;
    struct sigaction action {};
    action.sa_handler = remove_temporaries_and_die;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, nullptr);
  }
}

int claim_file_slot(const std::string& path) { return claim_slot(path, false); }
int claim_folder_slot(const std::string& path) { return claim_slot(path, true); }

void set_folder_fd(int slot, int folder_fd) noexcept {
  if (slot >= 0) g_slot_folder_fd[static_cast<std::size_t>(slot)].store(folder_fd);
}

void release_slot(int slot) noexcept {
  if (slot >= 0) g_slot_state[static_cast<std::size_t>(slot)].store(kFree);
}

}  // namespace detail

void defer_interrupt_signals() {
  g_defer_interrupts.store(true);
  detail::install_cleanup_handlers();
}

int interrupt_signal() noexcept { return g_deferred_signal.load(); }

SignalsHeld::SignalsHeld() noexcept { enter_section(); }
SignalsHeld::~SignalsHeld() { leave_section(); }

int end_child_on_signal(int pid) {
  if (pid <= 0) return -1;
  detail::install_cleanup_handlers();
  for (std::size_t i = 0; i < kChildSlots; ++i) {
    int expected = 0;
    if (g_child_pid[i].compare_exchange_strong(expected, pid)) return static_cast<int>(i);
  }
  return -1;
}

void forget_child_on_signal(int slot) noexcept {
  if (slot >= 0 && static_cast<std::size_t>(slot) < kChildSlots) g_child_pid[static_cast<std::size_t>(slot)].store(0);
}

void end_by_interrupt_signal() {
  const int signal_number = g_deferred_signal.load();
  if (signal_number == 0) return;
  die_of(signal_number);
}

}  // namespace bvhscope::io
