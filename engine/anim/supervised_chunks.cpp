#include "anim/supervised_chunks.hpp"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace bvhscope {

void run_supervised(std::size_t chunks, const SupervisedWorkers& workers,
                    const std::function<void(std::size_t chunk, unsigned slot)>& run_chunk) {
  std::atomic<std::size_t> next_chunk{0};
  std::mutex mutex;
  std::condition_variable chunk_done;
  std::size_t chunks_done = 0;
  const auto run_chunks = [&](unsigned slot) {
    for (std::size_t chunk = next_chunk++; chunk < chunks; chunk = next_chunk++) {
      run_chunk(chunk, slot);
      {
        const std::lock_guard lock(mutex);
        ++chunks_done;
      }
      chunk_done.notify_all();
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(workers.count);
  for (unsigned slot = 0; slot < workers.count; ++slot) {
    threads.emplace_back([&, slot] {
      if (workers.on_start) workers.on_start();
      run_chunks(slot);
    });
  }
  {
    std::unique_lock lock(mutex);
    std::size_t seen = 0;
    while (chunks_done < chunks) {
      if (workers.count == 0 || !chunk_done.wait_for(lock, workers.help_after, [&] { return chunks_done != seen; })) {
        lock.unlock();
        run_chunks(workers.count);
        lock.lock();
      }
      seen = chunks_done;
    }
  }
  for (std::thread& thread : threads) thread.join();
}

}  // namespace bvhscope
