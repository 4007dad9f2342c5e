// Runs numbered chunks of work on worker threads that may be starved (put at a low priority by
// the caller), while the calling thread watches: whenever no chunk has finished for `help_after`,
// the caller runs the chunks left itself. The work always finishes at the caller's priority or
// better, and when the workers keep up the caller only waits.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>

namespace bvhscope {

struct SupervisedWorkers {
  unsigned count = 1;
  // Runs first on each worker thread (the viewer puts them in the background there).
  std::function<void()> on_start;
  std::chrono::milliseconds help_after{200};
};

// Calls run_chunk(chunk, worker_slot) once for every chunk in [0, chunks), each on one thread:
// worker_slot is 0..count-1 on the workers and `count` on the caller (for per-thread scratch).
// Returns after every chunk has run and every worker has ended. A chunk that throws (std::bad_alloc)
// stops the others from starting any more, and its exception is rethrown here once every worker has
// ended; workers that cannot be started (no memory for their stacks) leave their chunks to the rest.
void run_supervised(std::size_t chunks, const SupervisedWorkers& workers,
                    const std::function<void(std::size_t chunk, unsigned slot)>& run_chunk);

// Calls per_item(i, slot) once for every i in [0, count): on the threads the policy allows
// (available_threads) when `work`, a rough count of the whole job's small steps, reaches
// kWorthThreads, else in order on the caller. `slot` is below kMaxThreads + 1, one per thread at a
// time (for per-thread scratch). The calls must not write to the same places. `on_worker_start`
// runs first on each worker thread (SupervisedWorkers::on_start).
inline constexpr std::size_t kWorthThreads = 50000;
void for_each_item(std::size_t count, std::size_t work,
                   const std::function<void(std::size_t item, unsigned slot)>& per_item,
                   const std::function<void()>& on_worker_start = {});

}  // namespace bvhscope
