#include "anim/thread_policy.hpp"

#include <sched.h>

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace bvhscope {
namespace {

unsigned affinity_cpus() noexcept {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return 0;
  const int count = CPU_COUNT(&set);
  return count > 0 ? static_cast<unsigned>(count) : 0;
}

}  // namespace

unsigned choose_thread_count(const char* override_text, unsigned affinity, unsigned hardware) noexcept {
  if (override_text != nullptr) {
    const char* end = override_text + std::strlen(override_text);
    unsigned value = 0;
    const auto [stop, error] = std::from_chars(override_text, end, value);
    if (error == std::errc{} && stop == end && value >= 1 && value <= kMaxThreads) return value;
  }
  if (affinity > 0) return affinity;
  return hardware > 0 ? hardware : 1;
}

void run_in_background() noexcept {
  sched_param none{};
  ::sched_setscheduler(0, SCHED_IDLE, &none);
}

unsigned available_threads() noexcept {
  return choose_thread_count(std::getenv(kThreadsVariable), affinity_cpus(), std::thread::hardware_concurrency());
}

}  // namespace bvhscope
