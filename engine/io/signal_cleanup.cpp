#include "io/signal_cleanup.hpp"

#include <dirent.h>
#include <fcntl.h>
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
// defer_interrupt_signals(): the first SIGINT, SIGTERM or SIGHUP is only recorded here.
std::atomic<bool> g_defer_interrupts{false};
std::atomic<int> g_deferred_signal{0};
// SignalsWait: sections open, and the signal that came meanwhile.
std::atomic<int> g_waiting_sections{0};
std::atomic<int> g_waited_signal{0};

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

void remove_temporaries() noexcept {
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

// In the handler the signal is blocked: it ends the process as the handler returns.
void die_of(int signal_number) noexcept {
  remove_temporaries();
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

extern "C" void remove_temporaries_and_die(int signal_number) {
  if (signal_number != SIGPIPE && g_defer_interrupts.load()) {
    int none = 0;
    if (g_deferred_signal.compare_exchange_strong(none, signal_number)) return;  // the program shuts down
  }
  if (signal_number != SIGPIPE && g_waiting_sections.load() > 0) {
    int none = 0;
    g_waited_signal.compare_exchange_strong(none, signal_number);
    return;  // delivered when the section ends
  }
  die_of(signal_number);
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

SignalsWait::SignalsWait() noexcept { g_waiting_sections.fetch_add(1); }

SignalsWait::~SignalsWait() {
  if (g_waiting_sections.fetch_sub(1) != 1) return;
  const int signal_number = g_waited_signal.exchange(0);
  if (signal_number != 0) die_of(signal_number);
}

}  // namespace detail

void defer_interrupt_signals() {
  g_defer_interrupts.store(true);
  detail::install_cleanup_handlers();
}

int interrupt_signal() noexcept { return g_deferred_signal.load(); }

void end_by_interrupt_signal() {
  const int signal_number = g_deferred_signal.load();
  if (signal_number == 0) return;
  die_of(signal_number);
}

}  // namespace bvhscope::io
