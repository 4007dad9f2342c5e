// Text made chunk by chunk on several threads and written in order: the CSV export and the BVH
// writer format their rows this way (the text does not depend on the thread count).
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "anim/thread_policy.hpp"

namespace bvhscope {

// Calls `format_chunk(chunk, text)` for chunks [0, chunk_count) on `threads` worker threads (0:
// available_threads(); 1: all on the calling thread) and writes each chunk's text to `out` in chunk
// order from the calling thread. The workers take chunks as they come, at most a few per worker
// ahead of the writer (bounded memory), so that no worker waits for another between chunks: on a
// busy machine a thread that is late delays only its own chunk. A chunk that throws (std::bad_alloc)
// stops the others and the writing; the exception is rethrown here once every worker has ended.
template <typename FormatChunk>
void write_chunks_in_order(std::size_t chunk_count, unsigned threads, FormatChunk format_chunk, std::ostream& out) {
  if (threads == 0) threads = available_threads();
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, chunk_count));
  if (threads <= 1) {
    std::string text;
    for (std::size_t chunk = 0; chunk < chunk_count; ++chunk) {
      format_chunk(chunk, text);
      out.write(text.data(), static_cast<std::streamsize>(text.size()));
    }
    return;
  }
  const std::size_t window = std::size_t{4} * threads;  // chunks formatted ahead of the writer
  std::vector<std::string> texts(window);
  std::vector<char> ready(window, 0);
  std::mutex mutex;
  std::condition_variable changed;
  std::size_t next_chunk = 0;  // the next chunk a worker takes
  std::size_t written = 0;     // chunks written so far
  std::exception_ptr failure;  // the first exception (out of memory) on any thread: everyone stops
  const auto work = [&] {
    for (;;) {
      std::size_t chunk = 0;
      {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return failure || next_chunk >= chunk_count || next_chunk < written + window; });
        if (failure || next_chunk >= chunk_count) return;
        chunk = next_chunk++;
      }
      try {
        format_chunk(chunk, texts[chunk % window]);
      } catch (...) {
        {
          const std::lock_guard lock(mutex);
          if (!failure) failure = std::current_exception();
        }
        changed.notify_all();
        return;
      }
      {
        const std::lock_guard lock(mutex);
        ready[chunk % window] = 1;
      }
      changed.notify_all();
    }
  };
  std::vector<std::thread> workers;
  try {
    workers.reserve(threads);
    for (unsigned i = 0; i < threads; ++i) workers.emplace_back(work);
  } catch (const std::exception&) {
    // No memory for another thread (its stack): the ones started do the work; with none, this thread does.
  }
  const auto stop_workers = [&] {
    {
      const std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
    }
    changed.notify_all();
    for (std::thread& worker : workers) worker.join();
  };
  if (workers.empty()) {
    std::string text;
    for (std::size_t chunk = 0; chunk < chunk_count; ++chunk) {
      format_chunk(chunk, text);
      out.write(text.data(), static_cast<std::streamsize>(text.size()));
    }
    return;
  }
  try {
    for (std::size_t chunk = 0; chunk < chunk_count; ++chunk) {
      const std::size_t slot = chunk % window;
      {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return failure || ready[slot] != 0; });
        if (failure) break;
      }
      // The slot is this thread's until it is marked free again: no worker touches it meanwhile.
      out.write(texts[slot].data(), static_cast<std::streamsize>(texts[slot].size()));
      {
        const std::lock_guard lock(mutex);
        ready[slot] = 0;
        written = chunk + 1;
      }
      changed.notify_all();
    }
  } catch (...) {
    stop_workers();
    throw;
  }
  for (std::thread& worker : workers) worker.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace bvhscope
