#include "anim/supervised_chunks.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "anim/thread_policy.hpp"

namespace bvhscope {

void run_supervised(std::size_t chunks, const SupervisedWorkers& workers,
                    const std::function<void(std::size_t chunk, unsigned slot)>& run_chunk) {
  std::atomic<std::size_t> next_chunk{0};
  std::mutex mutex;
  std::condition_variable chunk_done;
  std::size_t chunks_done = 0;
  std::exception_ptr failure;  // the first chunk that threw (out of memory): no chunk starts after it
  const auto run_chunks = [&](unsigned slot) {
    for (std::size_t chunk = next_chunk++; chunk < chunks; chunk = next_chunk++) {
      try {
        run_chunk(chunk, slot);
      } catch (...) {
        next_chunk = chunks;  // the others stop after their current chunk
        const std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
      }
      {
        const std::lock_guard lock(mutex);
        ++chunks_done;
      }
      chunk_done.notify_all();
    }
  };
  std::vector<std::thread> threads;
  try {
    threads.reserve(workers.count);
    for (unsigned slot = 0; slot < workers.count; ++slot) {
      threads.emplace_back([&, slot] {
        try {
          if (workers.on_start) workers.on_start();
        } catch (...) {  // a worker that cannot start leaves its chunks to the others
        }
        run_chunks(slot);
      });
    }
  } catch (const std::exception&) {
    // No memory for another thread (its stack): the ones started and the caller do the work.
  }
  {
    std::unique_lock lock(mutex);
    std::size_t seen = 0;
    // A failed chunk ends the wait: the chunks never started are not waited for.
    while (chunks_done < chunks && !failure) {
      if (threads.empty() || !chunk_done.wait_for(lock, workers.help_after, [&] { return chunks_done != seen; })) {
        lock.unlock();
        run_chunks(static_cast<unsigned>(workers.count));
        lock.lock();
      }
      seen = chunks_done;
    }
  }
  for (std::thread& thread : threads) thread.join();
  if (failure) std::rethrow_exception(failure);
}

void for_each_item(std::size_t count, std::size_t work,
                   const std::function<void(std::size_t item, unsigned slot)>& per_item,
                   const std::function<void()>& on_worker_start) {
  const unsigned threads = available_threads();
  if (threads < 2 || count < 2 || work < kWorthThreads) {
    for (std::size_t i = 0; i < count; ++i) per_item(i, 0);
    return;
  }
  SupervisedWorkers workers;
  workers.count = static_cast<unsigned>(std::min<std::size_t>(threads, count));
  workers.on_start = on_worker_start;
  run_supervised(count, workers, per_item);
}

}  // namespace bvhscope
